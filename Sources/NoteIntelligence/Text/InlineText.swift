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

  /// The rendering so far, as UTF-8.
  private var bytes: [UInt8] = []
  /// Where the placeholder is in the output, in UTF-8 bytes.
  private(set) var placeholderRange: Range<Int>?

  init(doc: NoteDocument, keepsMarkup: Bool = false, hiddenCloze: Range<Int>? = nil) {
    self.doc = doc
    self.keepsMarkup = keepsMarkup
    self.hiddenCloze = hiddenCloze
  }

  /// The rendering of `nodes`, joined by spaces, with runs of whitespace collapsed.
  mutating func render(_ regions: [SyntaxNode]) -> String {
    bytes = []
    placeholderRange = nil
    for (i, node) in regions.enumerated() {
      if i > 0 { appendSpace() }
      add(node)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// One space, unless the output is empty or already ends with one.
  private mutating func appendSpace() {
    if let last = bytes.last, last != 0x20 { bytes.append(0x20) }
  }

  /// Appends UTF-8 text, each run of spaces, tabs and line breaks as one space.
  private mutating func append(_ text: some Sequence<UInt8>) {
    for byte in text {
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        appendSpace()
      } else {
        bytes.append(byte)
      }
    }
  }

  private mutating func append(_ node: SyntaxNode) { append(doc.text.bytes(in: node.range)) }

  private func source(_ node: SyntaxNode) -> String { doc.text.string(in: node.range) }

  private mutating func add(_ node: SyntaxNode) {
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
        append(answer)
      }
    case .link, .image:
      if keepsMarkup {
        append(node)
      } else if let shown = node.child(.linkText) ?? node.child(.linkTarget) {
        append(shown)
      }
    default:
      for child in node.children { add(child) }
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
