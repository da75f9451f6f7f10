import NoteSyntax
import Testing

@testable import NoteSyntaxFuzzing

/// The parser fuzzer's property of link reference definitions: an edited note's are a
/// fresh parse's, and their stamp changes exactly when a label or destination does.
@Suite struct ParserFuzzingDefinitionTests {
  /// `text` edited by replacing `range` with `insert`, and the definitions before the edit.
  static func edited(_ text: String, _ range: Range<Int>, _ insert: String) -> (NoteDocument, LinkReferences) {
    var document = NoteDocument(text)
    let previous = document.linkReferences
    document.replace(range, with: insert)
    return (document, previous)
  }

  @Test(arguments: [
    // Text before the definition moves it; a destination, a label and a definition change.
    (0..<0, "Intro\n\n"), (6..<7, "y"), (1..<2, "b"), (0..<9, ""), (9..<9, "[b]: /z\n"), (11..<11, "more "),
  ])
  func anEditedNoteHasTheFreshDefinitionsAndStamp(_ range: Range<Int>, _ insert: String) {
    let (document, previous) = Self.edited("[a]: /x\n\n[a] and more\n", range, insert)
    let fresh = NoteDocument(document.string)
    #expect(ParserFuzzing.definitionProblem(document.linkReferences, previous: previous, fresh: fresh) == nil)
  }

  @Test(arguments: [
    // A destination, a position (a shift missed), a label, a definition gone or come.
    ("[a]: /x\n", "[a]: /y\n"), ("[a]: /x\n", "\n[a]: /x\n"), ("[a]: /x\n", "[b]: /x\n"),
    ("[a]: /x\n", "[a] /x\n"), ("", "[a]: /x\n"), ("[a]: /x\n[b]: /y\n", "[a]: /x\n"),
  ])
  func differingDefinitionsAreAProblem(_ incremental: String, _ freshText: String) throws {
    let references = NoteDocument(incremental).linkReferences
    let problem = ParserFuzzing.definitionProblem(references, previous: references, fresh: NoteDocument(freshText))
    #expect(try #require(problem).contains("differ from a fresh parse"))
  }

  @Test func aNewStampForTheSameDefinitionsIsAProblem() throws {
    let fresh = NoteDocument("[a]: /x\n")
    let previous = NoteDocument("[a]: /x\n").linkReferences
    let problem = ParserFuzzing.definitionProblem(fresh.linkReferences, previous: previous, fresh: fresh)
    #expect(try #require(problem).contains("stamp changed"))
    // With no definition before or after, the stamp is the one every table of no labels
    // has, whichever note it comes from.
    let empty = NoteDocument("text\n")
    #expect(
      ParserFuzzing.definitionProblem(
        empty.linkReferences, previous: NoteDocument("other\n").linkReferences, fresh: empty) == nil)
    #expect(ParserFuzzing.definitionProblem(empty.linkReferences, previous: empty.linkReferences, fresh: empty) == nil)
  }

  @Test func destinationsCompareLabelsAsTheyMatch() {
    let previous = NoteDocument("[A  b]: /x\n[c]: /y\n").linkReferences
    // A label over a quote's lines, another case and spacing, other positions: the same.
    #expect(ParserFuzzing.sameDestinations(previous, NoteDocument("text\n\n> [a\n> B]: /x\n\n[C]: /y\n")))
    #expect(!ParserFuzzing.sameDestinations(previous, NoteDocument("[a b]: /x\n[c]: /z\n")))
    #expect(!ParserFuzzing.sameDestinations(previous, NoteDocument("[a b]: /x\n[d]: /y\n")))
    #expect(!ParserFuzzing.sameDestinations(previous, NoteDocument("[a b]: /x\n")))
    #expect(!ParserFuzzing.sameDestinations(previous, NoteDocument("[a b]: /x\n[c]: /y\n[d]: /y\n")))
  }
}
