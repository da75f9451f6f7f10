import NoteSyntax

/// Renders inline nodes as a single line of text: plain (markup dropped) or Markdown
/// (markup kept), with clozes showing their answers except one hidden cloze, which
/// shows a placeholder.
struct InlineText {
  let doc: NoteDocument
  /// Keep strong, emphasis, code and link syntax as written.
  var keepsMarkup = false
  /// The range of the cloze to hide.
  var hiddenCloze: Range<Int>?
  /// The text shown in place of the hidden cloze, given its hint and answer.
  var placeholder: (_ hint: String, _ answer: String) -> String = { hint, _ in "[\(hint.isEmpty ? "..." : hint)]" }

  /// The most bytes to render; the rendering stops there (at a character's start).
  var limit = Int.max

  /// The rendering so far, as UTF-8.
  private(set) var bytes: [UInt8] = []
  /// Where the placeholder is in the output, in UTF-8 bytes.
  private(set) var placeholderRange: Range<Int>?
  /// Whether the rendering stopped at `limit` with more to come.
  private(set) var truncated = false
  /// Where each shown cloze's answer is in the output, in UTF-8 bytes, in order.
  private(set) var clozeOutputs: [Range<Int>] = []

  init(doc: NoteDocument, keepsMarkup: Bool = false, hiddenCloze: Range<Int>? = nil) {
    self.doc = doc
    self.keepsMarkup = keepsMarkup
    self.hiddenCloze = hiddenCloze
  }

  /// The rendering of `nodes`, joined by spaces, with runs of whitespace collapsed.
  mutating func render(_ regions: [SyntaxNode]) -> String {
    bytes = []
    placeholderRange = nil
    truncated = false
    clozeOutputs = []
    for (i, node) in regions.enumerated() {
      if truncated { break }
      if i > 0 { appendSpace() }
      add(node)
    }
    if truncated { dropIncompleteCharacter() }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// One space, unless the output is empty or already ends with one.
  private mutating func appendSpace() {
    guard let last = bytes.last, last != 0x20 else { return }
    guard bytes.count < limit else {
      truncated = true
      return
    }
    bytes.append(0x20)
  }

  /// Appends UTF-8 text, each run of spaces, tabs and line breaks as one space.
  private mutating func append(_ text: some Sequence<UInt8>) {
    for byte in text {
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        appendSpace()
      } else if bytes.count < limit {
        bytes.append(byte)
      } else {
        truncated = true
      }
      if truncated { return }
    }
  }

  /// Appends a node's text, reading no more of it than the limit needs.
  private mutating func append(_ node: SyntaxNode) {
    guard limit != .max else { return append(doc.text.bytes(in: node.range)) }
    var start = node.startOffset
    let end = node.endOffset
    while start < end && !truncated {
      let step = min(end - start, max(64, 2 * (limit - bytes.count)))
      append(doc.text.bytes(in: start..<(start + step)))
      start += step
    }
  }

  /// Removes the bytes of a character cut by the limit.
  private mutating func dropIncompleteCharacter() {
    guard let lead = bytes.lastIndex(where: { $0 & 0xC0 != 0x80 }) else { return bytes.removeAll() }
    let byte = bytes[lead]
    let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
    if lead + length > bytes.count { bytes.removeSubrange(lead...) }
  }

  private func source(_ node: SyntaxNode) -> String { doc.text.string(in: node.range) }

  private mutating func add(_ node: SyntaxNode) {
    guard !truncated else { return }
    switch node.kind {
    case .text, .emoji, .hashtag, .questionMarker, .answerMarker, .malformedCloze:
      append(node)
    case .lineBreak:
      appendSpace()
    case .delimiter:
      if keepsMarkup { append(node) }
    case .citation, .quoteMarker:
      break
    case .cloze:
      let answer = node.child(.clozeAnswer)
      if node.range == hiddenCloze {
        let hint = node.child(.clozeHint).map(source) ?? ""
        let start = bytes.count
        bytes.append(contentsOf: placeholder(hint, answer.map(source) ?? "").utf8)
        placeholderRange = start..<bytes.count
      } else if let answer {
        let start = bytes.count
        append(answer)
        clozeOutputs.append(start..<bytes.count)
      }
    case .link, .image:
      if keepsMarkup {
        append(node)
      } else if let shown = node.child(.linkText) ?? node.child(.linkTarget) {
        append(shown)
      }
    default:
      for child in node.children {
        if truncated { break }
        add(child)
      }
    }
  }

  /// Trims trailing whitespace from the output.
  static func trimmed(_ text: String) -> String {
    var result = Substring(text)
    while let last = result.last, last == " " { result.removeLast() }
    return String(result)
  }
}

extension NoteDocument {
  /// The plain text of inline `nodes`, joined by spaces, clozes showing their answers.
  func plainText(_ nodes: [SyntaxNode]) -> String {
    var renderer = InlineText(doc: self)
    return InlineText.trimmed(renderer.render(nodes))
  }

  /// A citation's text without its parentheses or leading dashes: `(p. 42)` → `p. 42`.
  func citationText(_ citation: SyntaxNode) -> String {
    var text = Substring(self.text.string(in: citation.range))
    if text.hasPrefix("(") && text.hasSuffix(")") {
      text = text.dropFirst().dropLast()
    } else {
      while let first = text.first, first == "-" || first == "—" || first == "–" || first == " " { text.removeFirst() }
    }
    return String(text).trimmingSpaces
  }
}

extension String {
  /// Without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    var s = Substring(self)
    while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
    while let c = s.last, c == " " || c == "\t" { s.removeLast() }
    return String(s)
  }

  /// With every run of whitespace turned into one space, trimmed.
  var collapsingWhitespace: String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count)
    var pendingSpace = false
    for byte in utf8 {
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        pendingSpace = !bytes.isEmpty
      } else {
        if pendingSpace { bytes.append(0x20) }
        pendingSpace = false
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
