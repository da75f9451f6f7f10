/// A prompt's id as the index and review keep it: the FNV-1a 64 hash of its kind and
/// text (``Prompts/id(kind:front:back:)``) and which of the note's identical cards it
/// is. Written out (``description``) only at the edge: 16 lowercase hex digits, then
/// `-2`, `-3`, … for the second, third, … identical card of a note.
public struct PromptID: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var hash: UInt64
  /// 1 for the first card with this text in its note, 2 for the second, …
  public var occurrence: UInt32

  public init(hash: UInt64, occurrence: UInt32 = 1) {
    self.hash = hash
    self.occurrence = occurrence
  }

  /// The id `text` writes, when it is one as ``description`` writes it (16 lowercase
  /// hex digits, perhaps `-N` with N from 2, no leading zero); `nil` otherwise.
  public init?(_ text: some StringProtocol) {
    var text = String(text)
    guard let id = text.withUTF8({ Self(utf8: $0) }) else { return nil }
    self = id
  }

  /// The id in the UTF-8 `bytes`, as ``init(_:)`` reads text.
  public init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count >= 16 else { return nil }
    var hash: UInt64 = 0
    for index in 0..<16 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte - 0x30
      case 0x61...0x66: digit = byte - 0x61 + 10
      default: return nil
      }
      hash = hash << 4 | UInt64(digit)
    }
    var occurrence: UInt32 = 1
    if bytes.count > 16 {
      // `-N`: N from 2, without a leading zero, at most 9 digits.
      guard bytes[16] == 0x2D, bytes.count > 17, bytes.count <= 26, bytes[17] != 0x30 else { return nil }
      var value: UInt32 = 0
      for byte in bytes[17...] {
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + UInt32(byte - 0x30)
      }
      guard value >= 2 else { return nil }
      occurrence = value
    }
    self.init(hash: hash, occurrence: occurrence)
  }

  /// `0123456789abcdef`, or `0123456789abcdef-2` for a second identical card.
  public var description: String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(occurrence == 1 ? 16 : 20)
    for shift in stride(from: 60, through: 0, by: -4) {
      let digit = UInt8(truncatingIfNeeded: hash >> UInt64(shift)) & 0xF
      bytes.append(digit < 10 ? 0x30 + digit : 0x61 + digit - 10)
    }
    if occurrence != 1 {
      bytes.append(0x2D)
      bytes += Array(String(occurrence).utf8)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  public static func < (a: PromptID, b: PromptID) -> Bool { (a.hash, a.occurrence) < (b.hash, b.occurrence) }
}
