/// Frames outgoing message bodies with a `Content-Length` header.
public enum MessageWriter {
  /// The header and body of one message, ready to be written to the stream.
  public static func frame(_ body: some Collection<UInt8>) -> [UInt8] {
    var bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
    bytes.reserveCapacity(bytes.count + body.count)
    bytes.append(contentsOf: body)
    return bytes
  }
}
