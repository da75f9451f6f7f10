/// How many terminal columns text takes, so that tables line up whatever the script:
/// East Asian wide and fullwidth characters and emoji take two columns, combining
/// marks and other zero-width scalars none, everything else one.
enum DisplayWidth {
  /// The columns `text` takes.
  static func of(_ text: String) -> Int {
    var width = 0
    for character in text { width += of(character) }
    return width
  }

  /// The columns one character (a grapheme cluster) takes: its first scalar's width,
  /// two when any of its scalars asks for emoji presentation (`❤️`, flags, families);
  /// the marks and joiners after the first scalar add nothing.
  static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if scalars.count > 1 {
      for scalar in scalars where scalar.value == 0xFE0F || scalar.properties.isEmojiPresentation { return 2 }
    }
    return of(first)
  }

  /// The columns one scalar takes on its own.
  static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
    if value < 0x300 { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if value == 0x200B { return 0 }
    if scalar.properties.isEmojiPresentation || isWide(value) { return 2 }
    return 1
  }

  /// Whether `value` is East Asian Wide or Fullwidth (Unicode's EastAsianWidth.txt, by
  /// block: Hangul, CJK, kana, fullwidth forms, Tangut, Khitan and the ideograph planes).
  static func isWide(_ value: UInt32) -> Bool {
    for range in wide where range.contains(value) { return true }
    return false
  }

  private static let wide: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initial consonants
    0x2329...0x232A,  // angle brackets
    0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
    0x3041...0x33FF,  // kana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK compatibility
    0x3400...0x4DBF,  // CJK extension A
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xA000...0xA4CF,  // Yi
    0xA960...0xA97F,  // Hangul Jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
    0xFF00...0xFF60,  // fullwidth forms
    0xFFE0...0xFFE6,  // fullwidth signs
    0x16FE0...0x16FE4,  // ideographic symbols
    0x17000...0x18CFF,  // Tangut, Khitan
    0x1AFF0...0x1B2FF,  // kana supplement and extensions, Nüshu
    0x1F200...0x1F2FF,  // enclosed ideographic supplement
    0x20000...0x2FFFD,  // CJK extensions B–F, compatibility supplement
    0x30000...0x3FFFD,  // CJK extensions G and H
  ]
}

extension String {
  /// The columns the string takes in a terminal (see ``DisplayWidth``).
  var displayWidth: Int { DisplayWidth.of(self) }
}
