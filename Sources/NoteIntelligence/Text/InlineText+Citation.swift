import NoteSyntax

extension NoteDocument {
  /// A citation's text without its parentheses or leading dashes: `(p. 42)` → `p. 42`.
  func citationText(_ citation: SyntaxNode) -> String { citationText(in: citation.range) }

  /// ``citationText(_:)`` of the citation at `range`.
  func citationText(in range: Range<Int>) -> String {
    let bytes = self.text.bytes(in: range)
    if let text = Self.citationText(bytes) { return text }
    var text = Substring(String(decoding: bytes, as: UTF8.self))
    if text.hasPrefix("(") && text.hasSuffix(")") {
      text = text.dropFirst().dropLast()
    } else {
      while let first = text.first, first == "-" || first == "—" || first == "–" || first == " " { text.removeFirst() }
    }
    return String(text).trimmingSpaces
  }

  /// ``citationText(_:)`` read from the citation's UTF-8 `bytes`, or `nil` when a
  /// character it drops might carry a combining mark (a byte outside ASCII follows
  /// it): only then can bytes and characters disagree.
  static func citationText(_ bytes: [UInt8]) -> String? {
    bytes.withUnsafeBufferPointer { bytes in
      citationTextRange(bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
    }
  }

  /// Where ``citationText(_:)-([UInt8])`` is in the citation's UTF-8 `bytes`, or `nil`
  /// where it gives `nil`.
  static func citationTextRange(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
    var start = 0
    var end = bytes.count
    // Whether the character before `offset` ends there: the next byte is ASCII.
    func endsCharacter(_ offset: Int) -> Bool { offset >= end || bytes[offset] < 0x80 }
    func isSpaceOrTab(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    // Whether the byte before `offset` is a character of its own: it and the byte before
    // it are ASCII (a character outside ASCII can join the next one to itself).
    func startsCharacter(_ offset: Int) -> Bool { offset - 2 < start || bytes[offset - 2] < 0x80 }
    if end >= 2 && bytes[0] == UInt8(ascii: "(") && bytes[end - 1] == UInt8(ascii: ")") {
      guard endsCharacter(1), startsCharacter(end) else { return nil }
      start = 1
      end -= 1
    } else {
      while start < end {
        // `-`, a space, `—` (E2 80 94) or `–` (E2 80 93).
        let length: Int
        if bytes[start] == UInt8(ascii: "-") || bytes[start] == 0x20 {
          length = 1
        } else if start + 2 < end && bytes[start] == 0xE2 && bytes[start + 1] == 0x80
          && (bytes[start + 2] == 0x94 || bytes[start + 2] == 0x93)
        {
          length = 3
        } else {
          break
        }
        guard endsCharacter(start + length) else { return nil }
        start += length
      }
    }
    while start < end && isSpaceOrTab(bytes[start]) {
      guard endsCharacter(start + 1) else { return nil }
      start += 1
    }
    while end > start && isSpaceOrTab(bytes[end - 1]) {
      guard startsCharacter(end) else { return nil }
      end -= 1
    }
    return start..<end
  }
}
