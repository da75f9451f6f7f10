import BookNotesTestSupport
import JSONCore
import LanguageServerProtocol
import Testing

/// After edits, the previous integers with the delta's edits applied equal a fresh full
/// answer for the same text.
@Suite struct SemanticTokenDeltaTests {
  static let uri = "file:///delta.md"
  static let check = "file:///check.md"
  static let base = """
    # Book 😀 title #tag

    ## Chapter one

    > A quote with ?[hint](answer) inside. (p. 3)

    Q: What?\r
    A: That.

    Some *emphasis* and **strong** and `code` #a/b.

    - item one
    - item ?[two](2)

    """

  /// Applies `steps` one didChange each, requesting a delta after each, and checks the
  /// patched integers against a full request on a freshly opened copy.
  func checkDeltas(encoding: String, steps: [[JSONValue]]) async throws {
    let harness = InProcessServer()
    try await harness.initialize(capabilities: capabilities(encodings: [encoding]))
    let client = harness.client
    client.open(Self.uri, text: Self.base)
    let first = try await client.request("textDocument/semanticTokens/full", uri: Self.uri)
    var data = SemanticTokenDump.integers(first["data"])
    var resultID = try #require(first["resultId"])
    for (index, changes) in steps.enumerated() {
      client.change(Self.uri, version: index + 2, changes)
      let delta = try await client.request(
        "textDocument/semanticTokens/full/delta", uri: Self.uri, ["previousResultId": resultID])
      let edits = try #require(delta["edits"]?.arrayValue, "step \(index) answered all tokens")
      #expect(edits.count <= 1)
      data = SemanticTokenDump.apply(edits, to: data)
      resultID = try #require(delta["resultId"])

      let text = try await harness.text(of: Self.uri)
      client.open(Self.check, text: text, version: index + 2)
      let fresh = try await client.request("textDocument/semanticTokens/full", uri: Self.check)
      let expected = SemanticTokenDump.integers(fresh["data"])
      #expect(data == expected, "step \(index): \(changes)")
      if data != expected {
        let kind = PositionEncodingKind(rawValue: encoding)
        let got = SemanticTokenDump.decode(data, legend: legend, document: text, encoding: kind)
        let want = SemanticTokenDump.decode(expected, legend: legend, document: text, encoding: kind)
        Issue.record("got:\n\(got)\nwant:\n\(want)")
        break
      }
    }
    _ = try await harness.finish()
  }

  @Test(arguments: ["utf-8", "utf-16", "utf-32"])
  func scriptedEdits(encoding: String) async throws {
    try await checkDeltas(
      encoding: encoding,
      steps: [
        [LSPTestClient.change((0, 2), (0, 2), "My ")],  // in the title
        [LSPTestClient.change((4, 2), (4, 2), "#new ")],  // a tag inside the quote
        [LSPTestClient.change((6, 8), (6, 8), "\n")],  // splits Q: from A:, between \r and \n
        [LSPTestClient.change((6, 8), (7, 0), "")],  // and joins them again
        [LSPTestClient.change((9, 5), (9, 6), "")],  // breaks the emphasis
        [LSPTestClient.change((0, 0), (2, 0), "")],  // removes the title
        [LSPTestClient.change((0, 0), (0, 0), "---\ntitle: X\n---\n")],  // front matter
        [LSPTestClient.change((4, 0), (4, 0), "?[unclosed ")],  // malformed, two tokens on one line
        [  // several ranges at once
          LSPTestClient.change((0, 0), (0, 0), "😀"), LSPTestClient.change((12, 0), (12, 0), "* more\n"),
          LSPTestClient.change((3, 0), (3, 0), "plain "),
        ],
        [["text": "# Replaced\n\nQ: a\nA: b\n"]],  // the whole text
        [LSPTestClient.change((4, 0), (4, 0), "")],  // nothing changes
      ])
  }

  @Test func randomEdits() async throws {
    var random = SplitMix(seed: 42)
    let pieces = ["#t ", "?[", "](", ")", "\n", "\r\n", "Q: ", "A: ", "> ", "*", "**", "`", "😀", "漢", "x", "# ", "- "]
    var steps: [[JSONValue]] = []
    var lineCount = Self.base.split(separator: "\n", omittingEmptySubsequences: false).count
    for _ in 0..<60 {
      let line = Int(random.next() % UInt64(lineCount))
      let column = Int(random.next() % 12)
      let piece = pieces[Int(random.next() % UInt64(pieces.count))]
      if random.next() % 4 == 0 {
        steps.append([LSPTestClient.change((line, column), (line, column + 3), "")])
      } else {
        steps.append([LSPTestClient.change((line, column), (line, column), piece)])
        if piece.contains("\n") { lineCount += 1 }
      }
    }
    try await checkDeltas(encoding: "utf-16", steps: steps)
  }
}
