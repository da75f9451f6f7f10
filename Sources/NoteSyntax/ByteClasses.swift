/// Byte and scalar classification used by the grammar. Works on UTF-8 bytes; decodes a
/// scalar only where a non-ASCII byte could matter (tag characters, emoji).
enum ByteClass {
  static var space: UInt8 { 0x20 }
  static var tab: UInt8 { 0x09 }
  static var lf: UInt8 { 0x0A }
  static var cr: UInt8 { 0x0D }

  @inline(__always)
  static func isSpaceOrTab(_ b: UInt8) -> Bool { b == space || b == tab }

  @inline(__always)
  static func isLineBreak(_ b: UInt8) -> Bool { b == lf || b == cr }

  @inline(__always)
  static func isWhitespace(_ b: UInt8) -> Bool { b == space || b == tab || b == lf || b == cr }

  @inline(__always)
  static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

  @inline(__always)
  static func isASCIIAlphanumeric(_ b: UInt8) -> Bool {
    (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
  }

  /// Whether `b` is one of CommonMark's ASCII punctuation characters (`!` to `/`, `:`
  /// to `@`, `[` to `` ` ``, `{` to `~`).
  @inline(__always)
  static func isASCIIPunctuation(_ b: UInt8) -> Bool {
    (b >= 0x21 && b <= 0x2F) || (b >= 0x3A && b <= 0x40) || (b >= 0x5B && b <= 0x60) || (b >= 0x7B && b <= 0x7E)
  }

  @inline(__always)
  static func isASCIILetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }

  @inline(__always)
  static func lowercased(_ b: UInt8) -> UInt8 { (b >= 0x41 && b <= 0x5A) ? b | 0x20 : b }

  /// Decodes the scalar starting at `i` (the buffer is valid UTF-8). Returns the scalar
  /// and its length in bytes; a stray continuation byte reads as U+FFFD of length 1.
  @inline(__always)
  static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> (Unicode.Scalar, Int) {
    let b0 = UInt32(bytes[i])
    if b0 < 0x80 { return (Unicode.Scalar(UInt8(b0)), 1) }
    var length = 1
    var value: UInt32 = 0xFFFD
    if b0 >= 0xF0, i + 3 < end {
      value =
        (b0 & 0x07) << 18 | (UInt32(bytes[i + 1]) & 0x3F) << 12 | (UInt32(bytes[i + 2]) & 0x3F) << 6
        | (UInt32(bytes[i + 3]) & 0x3F)
      length = 4
    } else if b0 >= 0xE0, b0 < 0xF0, i + 2 < end {
      value = (b0 & 0x0F) << 12 | (UInt32(bytes[i + 1]) & 0x3F) << 6 | (UInt32(bytes[i + 2]) & 0x3F)
      length = 3
    } else if b0 >= 0xC0, b0 < 0xE0, i + 1 < end {
      value = (b0 & 0x1F) << 6 | (UInt32(bytes[i + 1]) & 0x3F)
      length = 2
    }
    return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
  }

  /// Whether a scalar starts or continues a run of emoji. The emoji below U+1F000 lie
  /// between U+2122 and U+3299: the scripts around them are answered without Unicode's
  /// property tables (some 40 ns a scalar). `ByteClassTests` checks every scalar.
  static func isEmoji(_ s: Unicode.Scalar) -> Bool {
    let v = s.value
    if v < 0x2122 { return v == 0x203C || v == 0x2049 }
    if v >= 0x329A && v < 0x1F000 { return false }
    // CJK Symbols and Punctuation (、。「」): only 〰 and 〽.
    if v >= 0x3000 && v < 0x3297 { return v == 0x3030 || v == 0x303D }
    return hasEmojiProperty(s)
  }

  // The lookups of Unicode's properties are out of line: the properties are a type of
  // the standard library whose size is known at run time only, and a function that makes
  // one sets up stack for it on every call (which AddressSanitizer poisons and unpoisons),
  // though most scalars are answered without it.

  /// Whether Unicode says `s` is an emoji, or shown as one.
  @inline(never)
  private static func hasEmojiProperty(_ s: Unicode.Scalar) -> Bool {
    let properties = s.properties
    return properties.isEmojiPresentation || properties.isEmoji
  }

  @inline(never)
  private static func isEmojiModifier(_ s: Unicode.Scalar) -> Bool { s.properties.isEmojiModifier }

  /// Whether `s` is a decimal digit of any script.
  @inline(never)
  static func isDecimalNumber(_ s: Unicode.Scalar) -> Bool { s.properties.generalCategory == .decimalNumber }

  /// Scalars that join or modify emoji inside a run: ZWJ, variation selectors, keycap, tags.
  static func isEmojiContinuation(_ s: Unicode.Scalar) -> Bool {
    switch s.value {
    case 0x200D, 0xFE0E, 0xFE0F, 0x20E3, 0xE0020...0xE007F: true
    default: isEmojiModifier(s)
    }
  }

  /// Whether a non-ASCII scalar may be part of a hashtag: letters, digits, marks, emoji.
  @inline(never)
  static func isTagScalar(_ s: Unicode.Scalar) -> Bool {
    switch s.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
      return true
    default:
      return isEmoji(s) || isEmojiContinuation(s)
    }
  }

  /// Whether the bytes at `i` are a UTF-8 em dash (—) or horizontal bar (―).
  @inline(__always)
  static func isLongDash(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> Bool {
    i + 2 < end && bytes[i] == 0xE2 && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0x94 || bytes[i + 2] == 0x95)
  }
}

/// The characters a hashtag is made of, as the inline grammar reads them.
public enum TagCharacters {
  /// Whether `scalar` may appear in a hashtag after its `#`: letters, digits, `_`,
  /// `-`, `/`, marks and emoji.
  public static func contains(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      let byte = UInt8(scalar.value)
      return ByteClass.isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        || byte == UInt8(ascii: "/")
    }
    return ByteClass.isTagScalar(scalar)
  }
}
