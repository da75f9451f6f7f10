import BookNotesTestSupport
import Testing

@testable import NoteSyntax

/// A quote reads its text as the top level reads the same text: random notes made of
/// lines that open every leaf block (tables, setext underlines, definitions, footnotes,
/// fences, `$$` blocks, HTML, pairs), each parsed as it is and with `> ` before every line,
/// give the same leaf blocks (their nodes' kinds and text) and the same findings. What a
/// quote holds by design apart from the top level is left out: its lines and markers, the
/// per-line nodes of its paragraphs, code and HTML, inline constructs (which do not span a
/// quote's lines), and the summary and front matter it never reads.
@Suite(.onThreadsOfItsOwn) struct QuoteAgreementTests {
  static let lines = [
    "Q: a", "A: b", "text here", "more text", "", "===", "---", "| a | b |", "| - | - |", "| 1 | 2 |", "[k]: /url",
    "[^1]: foot", "# Head", "```", "~~~", "code line", "    indented", "<div>", "</div>", "<!-- c -->", "<span>",
    "- item", "1. one", "  - nested", "- Q: x", "- A: y", "  A: z", "$$", "a $$", "#tag line", "***", "[k", "]: /x",
    "\"title\"",
  ]

  /// The leaf blocks and their parts, which a quote writes as the top level does.
  static let leafKinds: Set<NodeKind> = [
    .heading, .headingMarker, .thematicBreak, .table, .tableRow, .tableCell, .codeBlockStart, .codeBlockEnd, .codeFence,
    .codeInfo, .linkReferenceDefinition, .linkText, .linkTarget, .footnoteDefinition, .footnoteLabel, .questionAnswer,
    .questionMarker, .answerMarker, .referenceLink,
  ]

  /// Each leaf node's kind and text (a label's line breaks and spaces left out), and each finding's code.
  static func leaves(_ text: String) -> [String] {
    let doc = NoteDocument(text)
    var found: [String] = []
    func add(_ node: SyntaxNode) {
      guard leafKinds.contains(node.kind) else { return }
      let words = doc.text.string(in: node.range).filter { $0 != "\n" && $0 != " " && $0 != ">" }
      found.append("\(node.kind) \(node.children.first { _ in true } == nil ? words : "")")
    }
    doc.tree.forEachBlock { $0.forEachDescendant(add) }
    return found.sorted() + doc.tree.findings.map(\.code.rawValue).sorted()
  }

  /// The notes of `lines` that disagree with the top level once `container` rewrites them.
  static func disagreeing(_ container: ([String]) -> String, seed: UInt64) -> [String] {
    var random = SplitMix(seed: seed)
    var disagreeing: [String] = []
    for _ in 0..<3000 {
      // A first line of text: front matter is the top level's alone.
      let lines =
        ["Start.", ""]
        + (0..<Int.random(in: 1...5, using: &random)).map { _ in
          Self.lines.randomElement(using: &random)!
        }
      let top = lines.joined(separator: "\n") + "\n"
      if Self.leaves(top) != Self.leaves(container(lines)) { disagreeing.append(top) }
    }
    return disagreeing
  }

  @Test func aQuoteReadsItsTextAsTheTopLevelDoes() {
    let found = Self.disagreeing({ $0.map { $0.isEmpty ? ">" : "> " + $0 }.joined(separator: "\n") + "\n" }, seed: 27)
    #expect(found.isEmpty, "\(found.prefix(5).map(\.debugDescription))")
  }

  /// A list item's text after its first line, indented to its content column, is read as
  /// the top level reads it: lazy lines too, which a list nested in the item reads from the
  /// item's column.
  @Test func aListItemReadsItsLaterTextAsTheTopLevelDoes() {
    let found = Self.disagreeing(
      { "- " + $0.map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n").dropFirst(2) + "\n" }, seed: 28)
    #expect(found.isEmpty, "\(found.prefix(5).map(\.debugDescription))")
  }
}
