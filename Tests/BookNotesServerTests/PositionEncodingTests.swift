import BookNotesTestSupport
import LanguageServerProtocol
import Testing

/// Emoji (outside the BMP), CJK and a combining accent before the constructs, so every
/// encoding counts differently: 😀 is 4 UTF-8 bytes, 2 UTF-16 units, 1 scalar; 漢 is
/// 3, 1, 1; e + U+0301 is 3 bytes, 2 units, 2 scalars.
@Suite struct PositionEncodingTests {
  static let uri = "file:///encodings.md"
  static let text = "😀 漢字 e\u{301} #tag\n😀 ?[漢](字) x\n😀 ?[hint\n"

  struct Expectation: Sendable, CustomStringConvertible {
    let encoding: String
    /// The column of `#tag` on line 0, of the cloze on line 1 and of the unclosed hint on line 2.
    let hashtag: Int
    let cloze: Int
    let unclosed: Int
    /// The cloze's length on line 1.
    let clozeLength: Int
    var description: String { encoding }
  }

  static let expectations = [
    Expectation(encoding: "utf-8", hashtag: 16, cloze: 5, unclosed: 5, clozeLength: 11),
    Expectation(encoding: "utf-16", hashtag: 9, cloze: 3, unclosed: 3, clozeLength: 7),
    Expectation(encoding: "utf-32", hashtag: 8, cloze: 2, unclosed: 2, clozeLength: 7),
  ]

  @Test(arguments: expectations)
  func tokensAreInTheNegotiatedEncoding(_ expected: Expectation) async throws {
    let harness = InProcessServer()
    try await harness.initialize(capabilities: capabilities(encodings: [expected.encoding]))
    harness.client.open(Self.uri, text: Self.text)
    let result = try await harness.client.request("textDocument/semanticTokens/full", uri: Self.uri)
    let data = SemanticTokenDump.integers(result["data"])
    let decoded = SemanticTokenDump.decode(
      data, legend: legend, document: Self.text, encoding: PositionEncodingKind(rawValue: expected.encoding))
    let lines = decoded.split(separator: "\n").map(String.init)
    #expect(lines.first == "0:\(expected.hashtag) 4 hashtag \"#tag\"")
    #expect(lines.contains("1:\(expected.cloze + 2) \(expected.encoding == "utf-8" ? 3 : 1) clozeHint \"漢\""))
    #expect(lines.contains { $0.hasPrefix("1:\(expected.cloze) 2 marker \"?[\"") })
    try Golden.check(decoded, named: "encodings-\(expected.encoding).tokens")
    _ = try await harness.finish()
  }

  @Test(arguments: expectations)
  func diagnosticsHoverAndRangesAreInTheNegotiatedEncoding(_ expected: Expectation) async throws {
    let harness = InProcessServer()
    try await harness.initialize(capabilities: capabilities(encodings: [expected.encoding]))
    harness.client.open(Self.uri, text: Self.text)
    let published = try await harness.client.waitForNotification("textDocument/publishDiagnostics")
    let diagnostic = try #require(published["diagnostics"]?[0])
    #expect(diagnostic["code"] == "cloze-unclosed-hint")
    #expect(diagnostic["range"]?["start"] == position(2, expected.unclosed))

    // Inside the cloze's answer, just after the emoji.
    let hover = try await harness.client.request(
      "textDocument/hover", uri: Self.uri, ["position": position(1, expected.cloze + 4)])
    #expect(hover["contents"]?["kind"] == "markdown")
    #expect(hover["range"] == range((1, expected.cloze), (1, expected.cloze + expected.clozeLength)))
    _ = try await harness.finish()
  }

  @Test func aPositionInsideASurrogatePairMovesToTheCharactersStart() async throws {
    let harness = InProcessServer()
    try await harness.initialize(capabilities: capabilities(encodings: ["utf-16"]))
    harness.client.open(Self.uri, text: "😀x\n")
    // Character 1 is between the halves of 😀: inserting there inserts before the emoji.
    harness.client.change(Self.uri, version: 2, [LSPTestClient.change((0, 1), (0, 1), "a")])
    #expect(try await harness.text(of: Self.uri) == "a😀x\n")
    _ = try await harness.finish()
  }
}
