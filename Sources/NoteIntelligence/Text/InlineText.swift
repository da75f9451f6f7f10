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

  private(set) var output = ""
  /// Where the placeholder is in `output`, in UTF-8 bytes.
  private(set) var placeholderRange: Range<Int>?

  init(doc: NoteDocument, keepsMarkup: Bool = false, hiddenCloze: Range<Int>? = nil) {
    self.doc = doc
    self.keepsMarkup = keepsMarkup
    self.hiddenCloze = hiddenCloze
  }

  /// The rendering of `nodes`, joined by spaces, with runs of whitespace collapsed.
  mutating func render(_ regions: [SyntaxNode]) -> String {
    output = ""
    placeholderRange = nil
    for (i, node) in regions.enumerated() {
      if i > 0 { append(" ") }
      add(node)
    }
    return output
  }

  private mutating func append(_ text: String) {
    for scalar in text.unicodeScalars {
      let isSpace = scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
      if isSpace {
        if output.isEmpty || output.hasSuffix(" ") { continue }
        output.append(" ")
      } else {
        output.unicodeScalars.append(scalar)
      }
    }
  }

  private func source(_ node: SyntaxNode) -> String { doc.text.string(in: node.range) }

  private mutating func add(_ node: SyntaxNode) {
    switch node.kind {
    case .text, .emoji, .hashtag, .questionMarker, .answerMarker, .malformedCloze:
      append(source(node))
    case .lineBreak:
      append(" ")
    case .delimiter:
      if keepsMarkup { append(source(node)) }
    case .citation, .quoteMarker:
      break
    case .cloze:
      let answer = node.child(.clozeAnswer).map(source) ?? ""
      if node.range == hiddenCloze {
        let hint = node.child(.clozeHint).map(source) ?? ""
        let start = output.utf8.count
        output += placeholder(hint, answer)
        placeholderRange = start..<output.utf8.count
      } else {
        append(answer)
      }
    case .link, .image:
      if keepsMarkup {
        append(source(node))
      } else {
        append(node.child(.linkText).map(source) ?? node.child(.linkTarget).map(source) ?? "")
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
    split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
      .joined(separator: " ")
  }
}
