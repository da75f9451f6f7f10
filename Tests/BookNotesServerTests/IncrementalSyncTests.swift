import BookNotesTestSupport
import JSONCore
import LanguageServerProtocol
import Testing

@Suite struct IncrementalSyncTests {
  static let uri = "file:///sync.md"

  /// Opens `text`, applies one didChange with `changes`, and returns the server's text.
  func edit(
    _ text: String, encoding: String = "utf-16", _ changes: [JSONValue]
  ) async throws -> (String, Bool) {
    let harness = InProcessServer()
    try await harness.initialize(capabilities: capabilities(encodings: [encoding]))
    harness.client.open(Self.uri, text: text)
    harness.client.change(Self.uri, version: 2, changes)
    let result = try await harness.text(of: Self.uri)
    let fresh = try harness.treeMatchesFreshParse(Self.uri)
    _ = try await harness.finish()
    return (result, fresh)
  }

  @Test func insertionDeletionAndReplacement() async throws {
    let (text, fresh) = try await edit(
      "# Title\n\nQ: one\nA: two\n",
      [
        LSPTestClient.change((0, 2), (0, 2), "My "),
        LSPTestClient.change((2, 3), (2, 6), "three?"),
        LSPTestClient.change((3, 0), (3, 6), ""),
      ])
    #expect(text == "# My Title\n\nQ: three?\n\n")
    #expect(fresh)
  }

  @Test func changesInOneNotificationApplyInOrder() async throws {
    // The second change's positions refer to the text after the first.
    let (text, fresh) = try await edit(
      "abc\ndef\n",
      [
        LSPTestClient.change((0, 0), (0, 0), "Q: "),
        LSPTestClient.change((0, 6), (1, 0), " "),
        LSPTestClient.change((0, 10), (0, 10), "\nA: x"),
      ])
    #expect(text == "Q: abc def\nA: x\n")
    #expect(fresh)
  }

  @Test func anEditBetweenCRAndLF() async throws {
    // Line 0 ends with \r\n; (1, 0) is after the \n. An insertion between \r and \n
    // lands at the end of line 0's content, as the document clamps columns.
    let (split, fresh) = try await edit(
      "Q: one\r\nA: two\r\n", [LSPTestClient.change((0, 7), (0, 7), "x")])
    #expect(split == "Q: onex\r\nA: two\r\n")
    #expect(fresh)
    // Deleting the \r\n pair across the line boundary joins the lines.
    let (joined, fresh2) = try await edit(
      "Q: one\r\nA: two\r\n", [LSPTestClient.change((0, 6), (1, 0), " ")])
    #expect(joined == "Q: one A: two\r\n")
    #expect(fresh2)
  }

  @Test func aLineFeedAfterALoneCRJoinsThemIntoOneLineBreak() async throws {
    // "\r" alone ends line 0; a "\n" inserted at the start of line 1 sits between the
    // \r and the next line and makes "\r\n": still two lines.
    let (text, fresh) = try await edit("Q: one\rA: two\n", [LSPTestClient.change((1, 0), (1, 0), "\n")])
    #expect(text == "Q: one\r\nA: two\n")
    #expect(fresh)
    // And a character typed there splits the pair again: the \r ends line 0, the \n line 1.
    let (split, fresh2) = try await edit("Q: one\rA: two\n", [LSPTestClient.change((1, 0), (1, 0), "\nx")])
    #expect(split == "Q: one\r\nxA: two\n")
    #expect(fresh2)
  }

  @Test func insertingALineBreakInsideACRLFLineMakesTheRightLines() async throws {
    let (text, fresh) = try await edit(
      "# A\r\n\r\nQ: b\r\nA: c\r\n", [LSPTestClient.change((2, 4), (2, 4), "\r\n\r\nplain")])
    #expect(text == "# A\r\n\r\nQ: b\r\n\r\nplain\r\nA: c\r\n")
    #expect(fresh)
  }

  @Test(arguments: ["utf-8", "utf-16", "utf-32"])
  func anEditInsideAnEmojiStartsAtTheEmoji(encoding: String) async throws {
    // Column 1 is inside 😀 in UTF-8 and UTF-16; in UTF-32 it is after it.
    let (text, fresh) = try await edit(
      "😀 #tag\n", encoding: encoding, [LSPTestClient.change((0, 1), (0, 1), "!")])
    #expect(text == (encoding == "utf-32" ? "😀! #tag\n" : "!😀 #tag\n"))
    #expect(fresh)
  }

  @Test func replacingAnEmojiAcrossItsSurrogatePair() async throws {
    let (text, fresh) = try await edit("a😀b\n", [LSPTestClient.change((0, 1), (0, 3), "é")])
    #expect(text == "aéb\n")
    #expect(fresh)
  }

  @Test func aChangeWithoutRangeReplacesTheNote() async throws {
    let (text, fresh) = try await edit("old\n", [["text": "# new\n"], LSPTestClient.change((0, 2), (0, 2), "the ")])
    #expect(text == "# the new\n")
    #expect(fresh)
  }

  @Test func closeForgetsTheNote() async throws {
    let harness = InProcessServer()
    try await harness.initialize()
    harness.client.open(Self.uri, text: "x\n")
    harness.client.notify("textDocument/didClose", params: ["textDocument": ["uri": .string(Self.uri)]])
    let response = try await harness.client.requestMessage(
      "textDocument/documentSymbol", params: ["textDocument": ["uri": .string(Self.uri)]])
    #expect(response["error"]?["code"] == -32602)
    _ = try await harness.finish()
  }
}
