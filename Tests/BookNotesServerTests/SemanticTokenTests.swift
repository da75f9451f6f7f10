import BookNotesTestSupport
import LanguageServerProtocol
import NoteIntelligence
import Testing

@testable import BookNotesServer

@Suite struct SemanticTokenTests {
  static let uri = "file:///tokens.md"

  @Test func everyKindHasItsOwnPlaceInTheLegend() {
    let types = SemanticTokenType.allCases.map { SemanticTokenLegend.wire($0) }
    #expect(Set(types).count == SemanticTokenType.allCases.count)
    #expect(types.sorted() == (0..<UInt32(SemanticTokenLegend.tokenTypes.count)).map { $0 })
    for type in SemanticTokenType.allCases {
      #expect(SemanticTokenLegend.tokenTypes[Int(SemanticTokenLegend.wire(type))] == "\(type)")
    }
    let modifiers = SemanticTokenModifier.allCases.map { SemanticTokenLegend.wireIndex($0) }
    #expect(modifiers.sorted() == (0..<UInt32(SemanticTokenLegend.tokenModifiers.count)).map { $0 })
    for modifier in SemanticTokenModifier.allCases {
      #expect(SemanticTokenLegend.tokenModifiers[Int(SemanticTokenLegend.wireIndex(modifier))] == "\(modifier)")
      #expect(
        SemanticTokenLegend.wire(SemanticTokenModifiers(modifier)) == 1 << SemanticTokenLegend.wireIndex(modifier))
    }
    #expect(SemanticTokenLegend.wire([.level3, .invalid]) == 0b100_0100)
    #expect(SemanticTokenLegend.wire(SemanticTokenModifiers.empty) == 0)
  }

  static let fixtures: [(name: String, text: String)] = [
    (
      "example",
      """
      ---
      title: Thinking, Fast and Slow
      status: reading
      ---
      # Thinking, Fast and Slow

      ## Part 1 #psychology/biases

      > Nothing in life is as important as you think it is. (p. 402)

      The ?[effect](anchoring effect) makes **first** numbers *stick*, see `code` and [link](https://x.org).

      Q: What is System 1?
      A: Fast, automatic thinking.

      Summary: two systems.

      - a list item with #tag

      """
    ),
    ("malformed", "Q: no answer\n\nSome ?[hint without end\n\nA:orphan\n\n---\n"),
    ("crlf-emoji", "# 😀 Title\r\n\r\nQ: 漢字?\r\nA: e\u{301}\r\n\r\n> quote 😀 #tag (ch. 2)\r\n"),
    (
      "citations",
      "> Nothing is as important as you think — Kahneman, p. 6\n\n> Ego 😀 -- ch. 3\n\n"
        + "> A dash — mid-sentence\n> and – loc. 12\n\n> A dash – in the middle, p. 6 of it\n\n> Kept (p. 42)\n"
    ),
  ]

  @Test(arguments: fixtures.map(\.name))
  func fullTokensMatchTheGoldenFile(name: String) async throws {
    let text = try #require(Self.fixtures.first { $0.name == name }).text
    let harness = InProcessServer()
    try await harness.initialize(capabilities: capabilities(encodings: ["utf-16"]))
    harness.client.open(Self.uri, text: text)
    let result = try await harness.client.request("textDocument/semanticTokens/full", uri: Self.uri)
    #expect(result["resultId"]?.stringValue != nil)
    let decoded = SemanticTokenDump.decode(SemanticTokenDump.integers(result["data"]), legend: legend, document: text)
    try Golden.check(decoded, named: "\(name).tokens")
    _ = try await harness.finish()
  }

  @Test func rangeTokensAreTheFullTokensOfThoseLines() async throws {
    let text = try #require(Self.fixtures.first).text
    let harness = InProcessServer()
    try await harness.initialize()
    harness.client.open(Self.uri, text: text)
    let full = try await harness.client.request("textDocument/semanticTokens/full", uri: Self.uri)
    let part = try await harness.client.request(
      "textDocument/semanticTokens/range", uri: Self.uri, ["range": range((8, 0), (10, 0))])
    let all = SemanticTokenDump.decode(SemanticTokenDump.integers(full["data"]), legend: legend, document: text)
    let some = SemanticTokenDump.decode(SemanticTokenDump.integers(part["data"]), legend: legend, document: text)
    let expected = all.split(separator: "\n").filter { $0.hasPrefix("8:") || $0.hasPrefix("9:") }
    #expect(some.split(separator: "\n") == expected)
    #expect(!expected.isEmpty)
    _ = try await harness.finish()
  }

  @Test func deltaWithAnUnknownResultIdAnswersAllTokens() async throws {
    let harness = InProcessServer()
    try await harness.initialize()
    harness.client.open(Self.uri, text: "# Hi #tag\n")
    let result = try await harness.client.request(
      "textDocument/semanticTokens/full/delta", uri: Self.uri, ["previousResultId": "nope"])
    #expect(result["edits"] == nil)
    #expect(SemanticTokenDump.integers(result["data"]).count == 15)
    _ = try await harness.finish()
  }

  @Test func deltaWithoutChangesHasNoEdits() async throws {
    let harness = InProcessServer()
    try await harness.initialize()
    harness.client.open(Self.uri, text: "# Hi #tag\n")
    let full = try await harness.client.request("textDocument/semanticTokens/full", uri: Self.uri)
    let delta = try await harness.client.request(
      "textDocument/semanticTokens/full/delta", uri: Self.uri, ["previousResultId": full["resultId"]!])
    #expect(delta["edits"] == [])
    #expect(delta["resultId"] != full["resultId"])
    _ = try await harness.finish()
  }
}
