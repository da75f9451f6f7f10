import NoteIntelligence

/// Conversions between `file://` URIs and file-system paths.
enum FileURI {
  /// The path of a `file://` URI, percent-decoded; `nil` for other schemes.
  static func path(of uri: String) -> String? {
    guard uri.hasPrefix("file://") else { return nil }
    var rest = Substring(uri.dropFirst("file://".count))
    // `file://host/path`: keep the path, which starts at the first `/`.
    if !rest.hasPrefix("/") {
      guard let slash = rest.firstIndex(of: "/") else { return nil }
      rest = rest[slash...]
    }
    return LinkTarget.percentDecoded(rest)
  }

  /// The `file://` URI of an absolute path, percent-encoding all but unreserved
  /// characters and `/`.
  static func uri(ofPath path: String) -> String {
    var result = "file://"
    let digits = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"), UInt8(ascii: "/"):
        bytes.append(byte)
      default:
        bytes += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
      }
    }
    result += String(decoding: bytes, as: UTF8.self)
    return result
  }

}
