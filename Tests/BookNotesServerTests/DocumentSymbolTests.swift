import JSONCore
import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax
import NoteText
import Testing

@testable import BookNotesServer

/// The outline written as a stream (``DocumentSymbolWriter``) is the outline's tree of
/// symbols, converted entry by entry, in every position encoding.
@Suite struct DocumentSymbolTests {
  static let note = """
    ---\r
    title: Thinking, Fast and Slow 😀\r
    ---\r
    # Thinking, Fast and Slow 😀

    Intro with ?[a cloze](answer) before any chapter.

    ## Chapter 1 🧠

    > A quote by ?[who](Kahneman) and ?[](Tversky). (p. 42)

    ###  

    Q: What is *ego depletion*? 😀
    A: A **limited** pool.

    #### Deep section

    tl;dr: Lazy System 2.

    # Second part
    Text ?[h](x).
    """

  /// The straightforward conversion of one outline entry: each position on its own.
  static func reference(_ symbol: OutlineSymbol, _ note: NoteDocument, _ encoding: PositionEncoding)
    -> DocumentSymbol
  {
    let range = note.lspRange(of: symbol.range, in: encoding)
    let inside =
      symbol.selectionRange.lowerBound >= symbol.range.lowerBound
      && symbol.selectionRange.upperBound <= symbol.range.upperBound
    let blank = symbol.name.allSatisfy(\.isWhitespace)
    return DocumentSymbol(
      name: blank ? "(\(symbol.kind.rawValue))" : symbol.name, detail: symbol.detail,
      kind: BookNotesServer.symbolKind(symbol.kind), range: range,
      selectionRange: inside
        ? note.lspRange(of: symbol.selectionRange, in: encoding) : LSPRange(start: range.start, end: range.start),
      children: symbol.children.isEmpty ? nil : symbol.children.map { reference($0, note, encoding) })
  }

  @Test(arguments: PositionEncoding.allCases)
  func streamedOutlineEqualsTheConvertedTree(encoding: PositionEncoding) throws {
    // A file name that starts with a space names a note without a title: not a blank name.
    for text in [Self.note, "No title here.\n\n> ?[q](a) quote\n", "", "# Only a heading"] {
      for path in [nil, "/notes/ spaced name.md", "/notes/  .md"] {
        let note = NoteDocument(text)
        var writer = DocumentSymbolWriter(note: note, encoding: encoding)
        OutlineCache().walk(note, path: path, visitor: &writer)
        let streamed = try JSONParser.parse(writer.finish())
        var expected = JSONWriter()
        Outline.symbols(for: note, path: path).map { Self.reference($0, note, encoding) }.writeJSON(to: &expected)
        #expect(streamed == (try JSONParser.parse(expected.bytes)), "\(text.debugDescription), \(path ?? "")")
      }
    }
  }
}
