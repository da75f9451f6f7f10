public import JSONCore

/// Library answers written with ``JSONWriter``: a symbol search or a tag completion
/// answers with up to hundreds of items, which `JSONEncoder`'s generic machinery writes
/// several times slower. Members in declaration order, `nil` ones left out, as
/// `JSONEncoder` does.
extension Location: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("uri")
    writer.write(uri)
    writer.key("range")
    range.writeJSON(to: &writer)
    writer.endObject()
  }
}

extension TextEdit: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("range")
    range.writeJSON(to: &writer)
    writer.key("newText")
    writer.write(newText)
    writer.endObject()
  }
}

extension SymbolInformation: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("name")
    writer.write(name)
    writer.key("kind")
    writer.write(kind.rawValue)
    writer.key("location")
    location.writeJSON(to: &writer)
    writer.member("containerName", containerName)
    writer.endObject()
  }
}

extension CompletionItem: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("label")
    writer.write(label)
    writer.member("kind", kind?.rawValue)
    writer.member("detail", detail)
    if let documentation {
      writer.key("documentation")
      documentation.writeJSON(to: &writer)
    }
    writer.member("sortText", sortText)
    writer.member("filterText", filterText)
    writer.member("insertTextFormat", insertTextFormat?.rawValue)
    writer.member("insertTextMode", insertTextMode?.rawValue)
    writer.member("textEdit", textEdit)
    writer.member("additionalTextEdits", additionalTextEdits)
    writer.member("data", data)
    writer.endObject()
  }
}

extension MarkupContent: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("kind")
    writer.write(kind.rawValue)
    writer.key("value")
    writer.write(value)
    writer.endObject()
  }
}

extension CompletionList: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("isIncomplete")
    writer.write(isIncomplete)
    writer.key("items")
    items.writeJSON(to: &writer)
    writer.endObject()
  }
}
