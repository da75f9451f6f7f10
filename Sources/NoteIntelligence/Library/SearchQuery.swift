/// A full-text query, parsed: words, phrases and tag filters.
///
/// - Words are folded and cut as ``TextFolding/words(in:_:)`` cuts a note's text, so
///   `Café` finds `cafe` and each CJK character is a word.
/// - `"exact words"` in double quotes is a phrase: its words must follow each other in
///   the note (an unclosed quote runs to the end of the query). A bare token that holds
///   several words (`fast-and-slow`, `東京`) is a phrase too.
/// - `#tag` keeps notes that use the tag or a tag inside it (`#books` keeps
///   `#books/2021`).
/// - The last bare word matches as a prefix (`slo` finds `slow`) unless the query
///   ends with a space.
///
/// Every word, phrase words included, must occur in a note for it to match.
public struct SearchQuery: Sendable, Hashable, CustomStringConvertible {
  /// A word the notes must contain.
  public struct Word: Sendable, Hashable {
    /// Folded.
    public var bytes: [UInt8]
    /// Whether words starting with it count.
    public var isPrefix: Bool

    public init(_ bytes: [UInt8], isPrefix: Bool = false) {
      self.bytes = bytes
      self.isPrefix = isPrefix
    }

    /// Whether the folded word `candidate` matches.
    func matches(_ candidate: [UInt8]) -> Bool {
      isPrefix ? candidate.starts(with: bytes) : candidate == bytes
    }
  }

  /// The words in the order they were typed, each once (phrase words included).
  public private(set) var words: [Word] = []
  /// The phrases (two words or more), in order.
  public private(set) var phrases: [[[UInt8]]] = []
  /// Every pair of adjacent words of the phrases (``WordPairs``).
  private(set) var phrasePairs: [UInt64] = []
  /// The tag filters, folded, without `#`.
  public private(set) var tags: [String] = []
  /// The words typed outside quotes, in order (the last one a prefix when it is
  /// one): when they follow each other in a note, that note ranks higher.
  public private(set) var sequence: [Word] = []

  public init(_ text: String) {
    var tokens: [(text: Substring, quoted: Bool)] = []
    var rest = Substring(text)
    while let first = rest.firstIndex(where: { !$0.isWhitespace }) {
      rest = rest[first...]
      if rest.first == "\"" {
        let body = rest.dropFirst()
        let close = body.firstIndex(of: "\"") ?? body.endIndex
        tokens.append((body[..<close], true))
        rest = close == body.endIndex ? body[close...] : body[body.index(after: close)...]
      } else {
        let end = rest.firstIndex { $0.isWhitespace || $0 == "\"" } ?? rest.endIndex
        tokens.append((rest[..<end], false))
        rest = rest[end...]
      }
    }
    let endsOpen = text.last.map { !$0.isWhitespace && $0 != "\"" } ?? false
    for (index, token) in tokens.enumerated() {
      var name = token.text.dropFirst()
      // Punctuation after a tag ends it: `#books,`.
      while let last = name.last, ".,;:!?)]}'".contains(last) { name.removeLast() }
      if !token.quoted, token.text.hasPrefix("#"), Hashtag.isValidName(String(name)) {
        let folded = TextFolding.folded(name)
        if !tags.contains(folded) { tags.append(folded) }
        continue
      }
      let tokenWords = TextFolding.words(of: String(token.text))
      if tokenWords.count > 1 || token.quoted {
        if tokenWords.count > 1 { phrases.append(tokenWords) }
        for word in tokenWords { add(Word(word)) }
        if !token.quoted { sequence += tokenWords.map { Word($0) } }
      } else if let word = tokenWords.first {
        let isPrefix = index == tokens.count - 1 && endsOpen
        add(Word(word, isPrefix: isPrefix))
        sequence.append(Word(word, isPrefix: isPrefix))
      }
    }
    phrasePairs = phrases.flatMap { phrase in
      let hashes = phrase.map { word in word.withUnsafeBufferPointer { WordPairs.hash($0) } }
      return zip(hashes, hashes.dropFirst()).map { WordPairs.pair($0, $1) }
    }
  }

  /// Adds a word unless it is there already; an exact word replaces the same prefix.
  private mutating func add(_ word: Word) {
    if let index = words.firstIndex(where: { $0.bytes == word.bytes }) {
      words[index].isPrefix = words[index].isPrefix && word.isPrefix
    } else {
      words.append(word)
    }
  }

  /// Whether the query asks for nothing (no word and no tag).
  public var isEmpty: Bool { words.isEmpty && tags.isEmpty }

  /// The query in a canonical form: words (a prefix with `*`), phrases in quotes,
  /// tags with `#`, separated by spaces.
  public var description: String {
    var parts = words.map { String(decoding: $0.bytes, as: UTF8.self) + ($0.isPrefix ? "*" : "") }
    parts += phrases.map { "\"" + $0.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ") + "\"" }
    parts += tags.map { "#" + $0 }
    return parts.joined(separator: " ")
  }
}
