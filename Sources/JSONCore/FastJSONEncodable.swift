/// A type that writes itself with ``JSONWriter`` instead of `JSONEncoder`.
///
/// Outgoing messages whose payload adopts it skip `JSONEncoder` entirely; large
/// results such as semantic tokens adopt it.
public protocol FastJSONEncodable: Encodable {
  func writeJSON(to writer: inout JSONWriter)
}

extension JSONValue: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) { writer.write(self) }
}

extension String: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) { writer.write(self) }
}

extension Int: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) { writer.write(self) }
}

extension Bool: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) { writer.write(self) }
}

extension Optional: FastJSONEncodable where Wrapped: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) {
    if let self { self.writeJSON(to: &writer) } else { writer.writeNull() }
  }
}

extension Array: FastJSONEncodable where Element: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginArray()
    for element in self { element.writeJSON(to: &writer) }
    writer.endArray()
  }
}
