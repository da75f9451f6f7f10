import NoteSyntax

/// Short names for outline entries, computed from a bounded part of the text.
enum OutlineText {
  /// The most words a prompt's name shows.
  static let maxWords = 12
  /// The most UTF-8 bytes a name or detail shows, the ellipsis left out.
  static let maxBytes = 80
  /// The most UTF-8 bytes a cloze's name shows on each side of its placeholder (less
  /// where the name would pass ``maxNameBytes``).
  static let windowBytes = 48
  /// The most UTF-8 bytes (so characters too) any outline name shows.
  static let maxNameBytes = 100

  /// The plain text of inline `nodes` (as `NoteDocument.plainText` renders it), at most
  /// `limit` bytes of it, and whether there was more.
  static func plainText(of nodes: [SyntaxNode], _ doc: NoteDocument, limit: Int) -> (text: String, truncated: Bool) {
    var renderer = InlineText(doc: doc)
    renderer.limit = limit
    let text = renderer.render(nodes)
    return (InlineText.trimmed(text), renderer.truncated)
  }

  /// The first `maxWords` words of the plain text of `nodes`, at most `maxBytes` bytes,
  /// with ` …` when there is more.
  static func firstWords(
    of nodes: [SyntaxNode], _ doc: NoteDocument, maxWords: Int = maxWords, maxBytes: Int = maxBytes
  ) -> String {
    var renderer = InlineText(doc: doc)
    renderer.limit = maxBytes + 1
    renderer.renderBytes(nodes)
    return firstWords(rendered: renderer, maxWords: maxWords, maxBytes: maxBytes)
  }

  /// The first words of what `renderer` rendered with a limit of `maxBytes + 1`.
  static func firstWords(rendered renderer: InlineText, maxWords: Int, maxBytes: Int) -> String {
    let truncated = renderer.truncated
    let rendered = renderer.bytes
    // Read as `plainText` gives it: trailing spaces trimmed.
    var end = rendered.count
    while end > 0 && rendered[end - 1] == 0x20 { end -= 1 }
    return rendered.withUnsafeBufferPointer { bytes in
      firstWords(
        of: UnsafeBufferPointer(rebasing: bytes[..<end]), truncated: truncated, maxWords: maxWords, maxBytes: maxBytes)
    }
  }

  /// `text` bounded to `maxBytes` bytes (whole words where it has several), with ` …`
  /// when there is more.
  static func bounded(_ text: String, maxBytes: Int = maxBytes) -> String {
    guard text.utf8.count > maxBytes else { return text }
    return firstWords(of: text, truncated: false, maxWords: .max, maxBytes: maxBytes)
  }

  /// The first words of `text` that fit `maxWords` and `maxBytes`, with ` …` when any
  /// are left out or `truncated` says the text went on.
  static func firstWords(of text: String, truncated: Bool, maxWords: Int, maxBytes: Int) -> String {
    var text = text
    return text.withUTF8 { firstWords(of: $0, truncated: truncated, maxWords: maxWords, maxBytes: maxBytes) }
  }

  /// ``firstWords(of:truncated:maxWords:maxBytes:)`` of UTF-8 `bytes`.
  static func firstWords(of bytes: UnsafeBufferPointer<UInt8>, truncated: Bool, maxWords: Int, maxBytes: Int)
    -> String
  {
    if let name = asciiFirstWords(of: bytes, truncated: truncated, maxWords: maxWords, maxBytes: maxBytes) {
      return name
    }
    if let name = singleSpacedFirstWords(of: bytes, truncated: truncated, maxWords: maxWords, maxBytes: maxBytes) {
      return name
    }
    guard let words = asciiSpacedWords(bytes) else {
      return firstWordsOfCharacters(
        of: String(decoding: bytes, as: UTF8.self), truncated: truncated, maxWords: maxWords, maxBytes: maxBytes)
    }
    var taken = 0
    var length = 0
    for word in words {
      guard taken < maxWords else { break }
      let added = word.count + (taken == 0 ? 0 : 1)
      guard length + added <= maxBytes else { break }
      taken += 1
      length += added
    }
    // The last word of a cut text may be cut too.
    if truncated && taken == words.count && taken > 1 { taken -= 1 }
    if taken == 0, let word = words.first {
      return prefix(of: Array(bytes[word]), maxBytes: maxBytes) + " …"
    }
    let more = truncated || taken < words.count
    var name: [UInt8] = []
    name.reserveCapacity(length + 4)
    if taken > 0 && words[taken - 1].upperBound - words[0].lowerBound == length {
      // One space between the words taken (a rendered text's always): a slice.
      name += UnsafeBufferPointer(rebasing: bytes[words[0].lowerBound..<words[taken - 1].upperBound])
    } else {
      for word in words[..<taken] {
        if !name.isEmpty { name.append(0x20) }
        name += UnsafeBufferPointer(rebasing: bytes[word])
      }
    }
    // ` …`
    if more { name += [0x20, 0xE2, 0x80, 0xA6] }
    return String(decoding: name, as: UTF8.self)
  }

  /// ``firstWords(of:truncated:maxWords:maxBytes:)`` in one pass over `bytes`, where the
  /// words taken stand one space apart (a rendered text's always do), so the name is a
  /// slice of the bytes; `nil` for any other text, and where a space may be part of a
  /// larger character (see ``spaceStandsAlone(in:at:)``).
  static func singleSpacedFirstWords(
    of bytes: UnsafeBufferPointer<UInt8>, truncated: Bool, maxWords: Int, maxBytes: Int
  ) -> String? {
    singleSpacedFirstWordsCut(of: bytes, truncated: truncated, maxWords: maxWords, maxBytes: maxBytes).map {
      name(UnsafeBufferPointer(rebasing: bytes[$0.words]), more: $0.more)
    }
  }

  /// Where ``singleSpacedFirstWords(of:truncated:maxWords:maxBytes:)`` cuts `bytes`.
  static func singleSpacedFirstWordsCut(
    of bytes: UnsafeBufferPointer<UInt8>, truncated: Bool, maxWords: Int, maxBytes: Int
  ) -> (words: Range<Int>, more: Bool)? {
    let count = bytes.count
    var words = 0
    var taken = 0
    var length = 0
    var takenStart = 0
    var takenEnd = 0
    var previousEnd = 0
    var index = 0
    while index < count {
      if bytes[index] == 0x20 {
        // Between ASCII bytes a space stands alone.
        if (index + 1 < count && bytes[index + 1] >= 0x80) || (index > 0 && bytes[index - 1] >= 0x80),
          !spaceStandsAlone(in: bytes, at: index)
        {
          return nil
        }
        index += 1
        continue
      }
      let start = index
      index = nextSpace(in: bytes, from: index)
      words += 1
      let added = index - start + (taken == 0 ? 0 : 1)
      // The words after the first one left out change nothing but that there are more.
      guard taken < maxWords && length + added <= maxBytes else { break }
      if taken == 0 {
        takenStart = start
      } else if start != takenEnd + 1 {
        return nil
      }
      taken += 1
      length += added
      previousEnd = takenEnd
      takenEnd = index
    }
    // The last word of a cut text may be cut too.
    if truncated && taken == words && taken > 1 {
      taken -= 1
      takenEnd = previousEnd
    }
    // A first word longer than the limit is cut by the other path.
    guard taken > 0 || words == 0 else { return nil }
    return (takenStart..<takenEnd, truncated || taken < words)
  }

  /// The words of `bytes` (runs of bytes other than a space), or `nil` when a space
  /// may be part of a larger character (a combining mark after it; see
  /// ``spaceStandsAlone(in:at:)``), which the character split below keeps as part of a
  /// word. Byte ranges cost a tenth of splitting the string's characters.
  private static func asciiSpacedWords(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
    var words: [Range<Int>] = []
    var start = 0
    for index in bytes.indices where bytes[index] == 0x20 {
      if !spaceStandsAlone(in: bytes, at: index) { return nil }
      if start < index { words.append(start..<index) }
      start = index + 1
    }
    if start < bytes.count { words.append(start..<bytes.count) }
    return words
  }

  /// Whether the space at `index` is a character of its own, read from the characters
  /// next to it: it is unless a combining mark (or another character that joins the one
  /// before it) follows, or a character that joins the next one (a prepended mark such
  /// as U+0600) comes before. ASCII neighbours, and the letters, punctuation, CJK
  /// ideographs and emoji listed below, do neither; any other character is taken as one
  /// that may (the characters' own split decides then).
  static func spaceStandsAlone(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    if index + 1 < bytes.count && bytes[index + 1] >= 0x80 {
      // Latin letters and spacing modifiers, dashes and quotes, CJK ideographs, emoji
      // (the skin tones U+1F3FB–1F3FF, which join, come before U+1F400).
      switch scalar(in: bytes, startingAt: index + 1) {
      case 0xA0...0x2FF, 0x2010...0x2027, 0x2030...0x205E, 0x4E00...0x9FFF, 0x1F400...0x1FAFF: break
      default: return false
      }
    }
    if index > 0 && bytes[index - 1] >= 0x80 {
      var start = index - 1
      while start > 0 && index - start < 4 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
      // No prepended mark among Latin to Hebrew, general punctuation to symbols, CJK, emoji.
      switch scalar(in: bytes, startingAt: start) {
      case 0xA0...0x5FF, 0x2000...0x2BFF, 0x3000...0x9FFF, 0x1F000...0x1FAFF: break
      default: return false
      }
    }
    return true
  }

  /// The scalar whose UTF-8 encoding starts at `index` (valid UTF-8), or `UInt32.max`.
  private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, startingAt index: Int) -> UInt32 {
    let lead = UInt32(bytes[index])
    let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
    guard length > 0, index + length <= bytes.count else { return .max }
    var value = length == 1 ? lead : lead & (0xFF >> (length + 1))
    for offset in 1..<max(1, length) { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
    return value
  }

  /// ``firstWords(of:truncated:maxWords:maxBytes:)`` for any text: words split at
  /// characters that are a space.
  private static func firstWordsOfCharacters(of text: String, truncated: Bool, maxWords: Int, maxBytes: Int)
    -> String
  {
    let words = text.split(separator: " ", omittingEmptySubsequences: true)
    var taken: [Substring] = []
    var length = 0
    for word in words {
      guard taken.count < maxWords else { break }
      let added = word.utf8.count + (taken.isEmpty ? 0 : 1)
      guard length + added <= maxBytes else { break }
      taken.append(word)
      length += added
    }
    // The last word of a cut text may be cut too.
    if truncated && taken.count == words.count && taken.count > 1 { taken.removeLast() }
    if taken.isEmpty, let word = words.first {
      return prefix(of: Array(word.utf8), maxBytes: maxBytes) + " …"
    }
    let more = truncated || taken.count < words.count
    return taken.joined(separator: " ") + (more ? " …" : "")
  }

  /// At most `maxBytes` of `bytes`, cut at a character's start.
  private static func prefix(of bytes: [UInt8], maxBytes: Int) -> String {
    var end = min(maxBytes, bytes.count)
    while end > 0 && end < bytes.count && bytes[end] & 0xC0 == 0x80 { end -= 1 }
    return String(decoding: bytes[..<end], as: UTF8.self)
  }

  /// Appends to `names` the sentence of `text` around the UTF-8 range `shown` (a
  /// cloze's rendered answer), with `placeholder` in place of that range: from after the
  /// previous `.`, `!` or `?` followed by a space through the next one, at most
  /// `windowBytes` on each side (cut at a word, with `…` where the sentence goes on).
  static func appendSentenceWindow(
    in text: [UInt8], around shown: Range<Int>, placeholder: [UInt8], to names: inout [UInt8]
  ) {
    let start = names.count
    appendSentenceWindow(in: text, around: shown, placeholder: placeholder, windowBytes: windowBytes, to: &names)
    if names.count - start > maxNameBytes {
      names.removeSubrange(start...)
      // The placeholder and the ellipses, then what is left shared by both sides.
      let window = max(0, (maxNameBytes - placeholder.count - 8) / 2)
      appendSentenceWindow(in: text, around: shown, placeholder: placeholder, windowBytes: window, to: &names)
    }
  }

  /// The name's UTF-8 bytes, appended to `name`.
  private static func appendSentenceWindow(
    in text: [UInt8], around shown: Range<Int>, placeholder: [UInt8], windowBytes: Int, to name: inout [UInt8]
  ) {
    func isPunctuation(_ byte: UInt8) -> Bool { byte == 0x2E || byte == 0x21 || byte == 0x3F }
    // Before: the placeholder follows, so a mark right before it ends no sentence.
    var start = shown.lowerBound
    while start > 0 && shown.lowerBound - start < windowBytes {
      let i = start - 1
      if isPunctuation(text[i]) && i + 1 < shown.lowerBound && text[i + 1] == 0x20 { break }
      start -= 1
    }
    var cutBefore = false
    if start > 0 && shown.lowerBound - start >= windowBytes
      && !(isPunctuation(text[start - 1]) && text[start] == 0x20)
    {
      cutBefore = true
      if let space = text[start..<shown.lowerBound].firstIndex(of: 0x20) {
        start = space + 1
      } else {
        while start < shown.lowerBound && text[start] & 0xC0 == 0x80 { start += 1 }
      }
    }
    // After: through the next mark followed by a space or the end.
    var end = shown.upperBound
    var found = false
    while end < text.count && end - shown.upperBound < windowBytes {
      if isPunctuation(text[end]) && (end + 1 == text.count || text[end + 1] == 0x20) {
        found = true
        break
      }
      end += 1
    }
    var cutAfter = false
    if found {
      end += 1
    } else if end < text.count {
      cutAfter = true
      if let space = text[shown.upperBound..<end].lastIndex(of: 0x20) {
        end = space
      } else {
        while end > shown.upperBound && text[end] & 0xC0 == 0x80 { end -= 1 }
      }
    }
    // Assembled as bytes, ellipses included (joining strings cost most of a cloze's entry).
    name.reserveCapacity(name.count + end - start + placeholder.count + 8)
    // `… `
    if cutBefore { name += [0xE2, 0x80, 0xA6, 0x20] }
    let sentenceStart = name.count
    name += text[start..<shown.lowerBound]
    name += placeholder
    name += text[shown.upperBound..<end]
    let kept = name.withUnsafeBufferPointer { trimmedSpaces(UnsafeBufferPointer(rebasing: $0[sentenceStart...])) }
    name.removeSubrange((sentenceStart + kept.upperBound)...)
    name.removeSubrange(sentenceStart..<(sentenceStart + kept.lowerBound))
    // ` …`
    if cutAfter { name += [0x20, 0xE2, 0x80, 0xA6] }
  }

  /// The range of `bytes` without the spaces and tabs at its ends, as
  /// `String.trimmingSpaces` trims them: a space or tab that a combining mark follows
  /// is part of a larger character and stays.
  static func trimmedSpaces(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    var lower = 0
    var upper = bytes.count
    while lower < upper && isSpace(bytes[lower]) && (lower + 1 == upper || bytes[lower + 1] < 0x80) { lower += 1 }
    while upper > lower && isSpace(bytes[upper - 1]) { upper -= 1 }
    return lower..<upper
  }
}
