import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import Testing

/// Over the real `booknotes lsp`, a hover shows the card the prompts make there, with
/// that card's range and its review line: on a pair of list items, a pair across two
/// lists, a quote in an item and a highlight; and no quotation on a quote whose lists ask.
@Suite struct CardHoverServerTests {
  static let note = """
    # Dune

    - Q: Who rules Arrakis?
    * A: House *Atreides*.

    - x
      > The spice must flow. (p. 12)

    > Said by the Guild
    > - Q: What must flow?
    > - A: The spice.

    ==Fear is the mind-killer.==

    """

  @Test func theHoverShowsTheCardThePromptsMake() async throws {
    let binary = try #require(BinaryLocator.booknotes(), "booknotes binary not found; build it or set BOOKNOTES_BINARY")
    let client = try LSPTestClient.launch(executable: binary, arguments: ["lsp", "--log-level", "error"])
    defer { client.terminate() }
    try await client.initialize(capabilities: capabilities(encodings: ["utf-16"]))
    let uri = "file:///dune.md"
    client.open(uri, text: Self.note)
    func hover(_ line: Int, _ character: Int) async throws -> (markdown: String?, range: JSONValue?) {
      let answer = try await client.request("textDocument/hover", uri: uri, ["position": position(line, character)])
      return (answer["contents"]?["value"]?.stringValue, answer["range"])
    }
    let review = "\n\n*Review:* new, not reviewed yet"

    // A pair across two lists, from the question's list and from the answer's.
    for line in [2, 3] {
      let pair = try await hover(line, 8)
      #expect(pair.markdown == "**Q:** Who rules Arrakis?\n\n**A:** House Atreides." + review)
      #expect(pair.range == range((2, 0), (3, 22)))
    }
    // A quote in a list item.
    let quote = try await hover(6, 10)
    #expect(quote.markdown == "> The spice must flow.\n\n— p. 12" + review)
    #expect(quote.range == range((6, 2), (6, 32)))
    // A quote whose list asks is no quotation; its pair is a card.
    #expect(try await hover(8, 5).markdown == nil)
    let asked = try await hover(9, 8)
    #expect(asked.markdown == "**Q:** What must flow?\n\n**A:** The spice." + review)
    #expect(asked.range == range((9, 0), (10, 17)))
    // A highlight that is its paragraph.
    let highlight = try await hover(12, 6)
    #expect(highlight.markdown == "> Fear is the mind-killer." + review)
    #expect(highlight.range == range((12, 0), (12, 28)))
    try await client.shutdownAndExit()
  }
}
