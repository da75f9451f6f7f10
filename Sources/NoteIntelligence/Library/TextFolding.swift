/// Case and diacritic folding for matching names and words: `Café` and `cafe` fold to
/// the same bytes. Works on Unicode scalars, so CJK text and emoji pass through whole
/// (never split inside a character).
public enum TextFolding {
  /// `text` lowercased, with the accents of Latin letters removed and combining
  /// marks dropped, as UTF-8.
  public static func fold(_ text: some StringProtocol) -> [UInt8] {
    // Nearly every name is ASCII: read in place, lowered byte by byte.
    if let ascii = text.utf8.withContiguousStorageIfAvailable({ foldASCII($0) }), let ascii { return ascii }
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count)
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      for byte in text.utf8 { output.append(lowerASCII(byte)) }
      return output
    }
    for scalar in text.unicodeScalars { append(scalar, to: &output) }
    return output
  }

  /// Appends the folding of `text` to `output`: ASCII (nearly every name) without a
  /// copy in between.
  static func fold(_ text: some StringProtocol, into output: inout [UInt8]) {
    let appended = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
      guard !bytes.contains(where: { $0 >= 0x80 }) else { return false }
      for byte in bytes { output.append(lowerASCII(byte)) }
      return true
    }
    if appended != true { output += fold(text) }
  }

  /// `bytes` lowered, when they are all ASCII; `nil` otherwise.
  private static func foldASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    for byte in bytes where byte >= 0x80 { return nil }
    // An empty array made with `unsafeUninitializedCapacity` writes its count into the
    // storage all empty arrays share: a race with any thread reading one
    // (ThreadSanitizer reports it).
    guard !bytes.isEmpty else { return [] }
    return [UInt8](unsafeUninitializedCapacity: bytes.count) { output, count in
      for index in bytes.indices { output[index] = lowerASCII(bytes[index]) }
      count = bytes.count
    }
  }

  /// `text` folded, as a string.
  public static func folded(_ text: some StringProtocol) -> String {
    // A name folded already (lowercase ASCII, as most tags are) is itself: no copy.
    let isFolded = text.utf8.withContiguousStorageIfAvailable { bytes in
      !bytes.contains { $0 >= 0x80 || ($0 >= 0x41 && $0 <= 0x5A) }
    }
    if isFolded == true { return String(text) }
    return String(decoding: fold(text), as: UTF8.self)
  }

  /// Appends the folding of one scalar.
  static func append(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
    let value = scalar.value
    if value < 0x80 {
      output.append(lowerASCII(UInt8(value)))
      return
    }
    if (0x300...0x36F).contains(value) { return }  // combining diacritical marks
    if value == 0xDF {  // ß
      output += [0x73, 0x73]
      return
    }
    if let base = latinBase(value) {
      output.append(base)
      return
    }
    var lowered = scalar
    if scalar.properties.changesWhenLowercased, let first = scalar.properties.lowercaseMapping.unicodeScalars.first {
      lowered = first
    }
    output.append(contentsOf: String(lowered).utf8)
  }

  /// Whether `bytes` are `lowercase` (lowercase ASCII) in any ASCII case.
  static func isCaseless(_ bytes: some Collection<UInt8>, _ lowercase: StaticString) -> Bool {
    guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
    return lowercase.withUTF8Buffer { zip(bytes, $0).allSatisfy { lowerASCII($0) == $1 } }
  }

  static func lowerASCII(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
  }

  /// Base letters of U+00C0…U+00FF (`*` for × and ÷) and of U+0100…U+017F.
  private static let latin1 = Array("aaaaaaaceeeeiiiidnooooo*ouuuuytsaaaaaaaceeeeiiiidnooooo*ouuuuyty".utf8)
  private static let latinExtendedA = Array(
    "aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiiiijjkkkllllllllllnnnnnnnnnoooooooorrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs"
      .utf8)

  /// The unaccented lowercase ASCII letter of a Latin-1 or Latin Extended-A letter.
  private static func latinBase(_ value: UInt32) -> UInt8? {
    switch value {
    case 0xC0...0xFF:
      let base = latin1[Int(value - 0xC0)]
      return base == UInt8(ascii: "*") ? nil : base
    case 0x100...0x17F:
      return latinExtendedA[Int(value - 0x100)]
    default:
      return nil
    }
  }

  /// Per ASCII byte: its lowercase form when it belongs to a word (a letter or a
  /// digit), else 0.
  private static let asciiWordBytes: [UInt8] = (0..<128).map { byte in
    switch byte {
    case 0x30...0x39, 0x61...0x7A: UInt8(byte)
    case 0x41...0x5A: UInt8(byte + 0x20)
    default: 0
    }
  }

  /// Whether a scalar is written without spaces between words (CJK ideographs, kana,
  /// Hangul): each one is a word of its own for search.
  static func isWordOfItsOwn(_ value: UInt32) -> Bool {
    (0x3040...0x30FF).contains(value) || (0x3400...0x4DBF).contains(value) || (0x4E00...0x9FFF).contains(value)
      || (0xAC00...0xD7AF).contains(value) || (0xF900...0xFAFF).contains(value)
      || (0x20000...0x2FA1F).contains(value)
  }

  /// The words of `bytes` (valid UTF-8) for search, folded, with their byte ranges:
  /// runs of letters and digits; a CJK character is a word by itself; emoji,
  /// punctuation and spaces separate words.
  public static func words(in bytes: UnsafeBufferPointer<UInt8>, _ body: (_ word: [UInt8], _ range: Range<Int>) -> Void)
  {
    forEachWord(in: bytes) { word, range in body(Array(word), range) }
  }

  /// The words of `bytes` as ``words(in:_:)`` cuts them, each handed over in a buffer
  /// that is valid only during the call (no array per word).
  static func forEachWord(
    in bytes: UnsafeBufferPointer<UInt8>, _ body: (_ word: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Void
  ) {
    var word = WordScratch()
    defer { word.free() }
    let table = asciiWordBytes
    var start = 0
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte < 0x80 {
        let folded = table[Int(byte)]
        if folded != 0 {
          if word.length == 0 { start = index }
          word.append(folded)
        } else if word.length > 0 {
          body(word.buffer, start..<index)
          word.length = 0
        }
        index += 1
        continue
      }
      let size = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
      let end = min(index + size, count)
      var value = UInt32(byte) & (size == 4 ? 0x07 : size == 3 ? 0x0F : 0x1F)
      var next = index + 1
      while next < end {
        value = value << 6 | UInt32(bytes[next] & 0x3F)
        next += 1
      }
      guard let scalar = Unicode.Scalar(value) else {
        if word.length > 0 { body(word.buffer, start..<index) }
        word.length = 0
        index = end
        continue
      }
      if isWordOfItsOwn(value) {
        if word.length > 0 { body(word.buffer, start..<index) }
        word.length = 0
        word.append(scalar)
        body(word.buffer, index..<end)
        word.length = 0
      } else if (0x300...0x36F).contains(value) {
        // A combining mark continues the word it follows.
      } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
        if word.length == 0 { start = index }
        word.append(scalar)
      } else if word.length > 0 {
        body(word.buffer, start..<index)
        word.length = 0
      }
      index = end
    }
    if word.length > 0 { body(word.buffer, start..<count) }
  }

  /// The folded word being built: one buffer, grown when a word is longer.
  private struct WordScratch {
    var pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
    var capacity = 64
    var length = 0
    var scalarBytes: [UInt8] = []

    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: pointer, count: length) }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
      if length == capacity { grow() }
      pointer[length] = byte
      length += 1
    }

    mutating func append(_ scalar: Unicode.Scalar) {
      scalarBytes.removeAll(keepingCapacity: true)
      TextFolding.append(scalar, to: &scalarBytes)
      for byte in scalarBytes { append(byte) }
    }

    mutating func grow() {
      let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
      grown.update(from: pointer, count: length)
      pointer.deallocate()
      pointer = grown
      capacity *= 2
    }

    func free() { pointer.deallocate() }
  }

  /// The words of `text`, folded.
  public static func words(of text: String) -> [[UInt8]] {
    var result: [[UInt8]] = []
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBufferPointer { buffer in
      words(in: UnsafeBufferPointer(buffer)) { word, _ in result.append(word) }
    }
    return result
  }
}
