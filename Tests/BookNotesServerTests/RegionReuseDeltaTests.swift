import BookNotesTestSupport
import JSONCore
import LanguageServerProtocol
import Testing

/// Inside a large quote and a large list, where the server's caches take the tokens and
/// links of the inline regions an edit left alone from the block's previous version:
/// after each edit, the previous integers with the delta applied equal a fresh full
/// answer, and the pulled diagnostics (links to missing notes among them) equal those of
/// a fresh note with the same text.
@Suite struct RegionReuseDeltaTests {
  static let uri = "file:///regions.md"
  static let check = "file:///regions-check.md"

  /// A quote of 200 lines and a list of 200 items, each line with a link to a missing
  /// note, emphasis and a cloze; some with `[foo]`, defined at the end as `fob` first.
  static let base: String = {
    var text = "# Regions\n\n"
    for line in 0..<200 {
      let reference = line % 10 == 0 ? " and [foo]" : ""
      text += "> Line \(line): *emphasis*, ?[a hint](answer), [gone](gone\(line % 5).md)\(reference) #t.\n"
    }
    text += "\n"
    for item in 0..<200 {
      text += "- Item \(item): **strong**, [[Missing \(item % 3)]], `code`\(item % 10 == 0 ? " [foo]" : "").\n"
    }
    return text + "\n[fob]: gone.md\n"
  }()

  /// Letters; emphasis, a link and a cloze opened on one line and closed on the next (and
  /// undone); a line split and joined; the definition's label made `foo` and back. Lines
  /// 2–201 are the quote, 203–402 the list, 404 the definition.
  static let steps: [[JSONValue]] = [
    [LSPTestClient.change((100, 9), (100, 9), "x")],
    [LSPTestClient.change((101, 2), (101, 2), "*")],
    [LSPTestClient.change((102, 8), (102, 8), "*")],
    [LSPTestClient.change((101, 2), (101, 3), "")],
    [LSPTestClient.change((80, 4), (80, 4), "[")],
    [LSPTestClient.change((81, 9), (81, 9), "](gone.md)")],
    [LSPTestClient.change((60, 3), (60, 3), "?[")],
    [LSPTestClient.change((61, 5), (61, 5), "]")],
    [LSPTestClient.change((300, 9), (300, 9), "x")],
    [LSPTestClient.change((301, 2), (301, 2), "[[")],
    [LSPTestClient.change((302, 6), (302, 6), "]]")],
    [LSPTestClient.change((250, 6), (250, 6), "\n")],
    [LSPTestClient.change((250, 6), (251, 0), "")],
    [LSPTestClient.change((404, 3), (404, 4), "o")],
    [LSPTestClient.change((150, 7), (150, 7), "z")],
    [LSPTestClient.change((404, 3), (404, 4), "b")],
    [LSPTestClient.change((20, 20), (20, 20), "y")],
  ]

  @Test(arguments: ["utf-16", "utf-8"])
  func deltasAndDiagnosticsEqualFresh(encoding: String) async throws {
    let harness = InProcessServer()
    try await harness.initialize(capabilities: capabilities(encodings: [encoding], pull: true))
    let client = harness.client
    client.open(Self.uri, text: Self.base)
    let first = try await client.request("textDocument/semanticTokens/full", uri: Self.uri)
    var data = SemanticTokenDump.integers(first["data"])
    var resultID = try #require(first["resultId"])
    _ = try await client.request("textDocument/diagnostic", uri: Self.uri)
    for (index, changes) in Self.steps.enumerated() {
      client.change(Self.uri, version: index + 2, changes)
      let delta = try await client.request(
        "textDocument/semanticTokens/full/delta", uri: Self.uri, ["previousResultId": resultID])
      let edits = try #require(delta["edits"]?.arrayValue, "step \(index) answered all tokens")
      data = SemanticTokenDump.apply(edits, to: data)
      resultID = try #require(delta["resultId"])
      let diagnostics = try await client.request("textDocument/diagnostic", uri: Self.uri)["items"]

      let text = try await harness.text(of: Self.uri)
      client.open(Self.check, text: text, version: index + 2)
      let fresh = try await client.request("textDocument/semanticTokens/full", uri: Self.check)
      let expected = SemanticTokenDump.integers(fresh["data"])
      #expect(data.count == expected.count, "step \(index): \(changes)")
      if let at = zip(data, expected).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
        Issue.record("step \(index): token \(at / 5) differs: \(data[at]) against \(expected[at])")
        break
      }
      let freshDiagnostics = try await client.request("textDocument/diagnostic", uri: Self.check)["items"]
      #expect(diagnostics == freshDiagnostics, "step \(index): \(changes)")
      #expect(
        freshDiagnostics?.arrayValue?.contains { $0["code"] == "link-missing-note" } == true,
        "step \(index): no link diagnostic")
      client.notify("textDocument/didClose", params: ["textDocument": ["uri": .string(Self.check)]])
    }
    _ = try await harness.finish()
  }
}
