import JSONCore
import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax
import NoteText
import Testing

@testable import BookNotesServer

/// Names and details that JSON must escape (quotes, backslashes, control characters)
/// are written as the converted tree writes them, beside names that need no escaping.
@Suite struct DocumentSymbolEscapingTests {
  static let note = """
    # Say "hi" to the \\ backslash

    > He said "no" and left \u{1} at once.
    > — "Anon", p. 3

    Q: Is a "quoted" word escaped?
    A: Yes, and a \\ too.

    Q: Plain question?
    A: Plain "answer".

    ## Plain heading

    A ?[hint "h"](answer with "quotes") cloze and ?[plain](words).

    tl;dr: A summary with a tab\tinside and "quotes".
    """

  @Test(arguments: PositionEncoding.allCases)
  func escapedNamesAreWrittenAsTheConvertedTreeWritesThem(encoding: PositionEncoding) throws {
    let note = NoteDocument(Self.note)
    var writer = DocumentSymbolWriter(note: note, encoding: encoding)
    OutlineCache().walk(note, visitor: &writer)
    let bytes = writer.finish()
    let streamed = try JSONParser.parse(bytes)
    var expected = JSONWriter()
    Outline.symbols(for: note).map { DocumentSymbolTests.reference($0, note, encoding) }.writeJSON(to: &expected)
    #expect(streamed == (try JSONParser.parse(expected.bytes)))
    // The answer holds every name that needed escaping.
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains(#"Say \"hi\" to the \\ backslash"#))
    #expect(text.contains(#"\u0001"#))
  }
}
