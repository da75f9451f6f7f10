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
  /// patched integers against a full request on a freshly opened copy (of `base` at
  /// first); with `decoding`, returns the tokens after each step, decoded (a decode runs
  /// on the pool and takes long for a long note, so only tests that read them ask). An
  /// edit changes one region, so one edit says it, unless `manyEdits`: the edits are then
  /// in order and apart.
  @discardableResult
  func checkDeltas(
    encoding: String, base: String = Self.base, steps: [[JSONValue]], manyEdits: Bool = false, decoding: Bool = false
  ) async throws -> [String] {
    var decoded: [String] = []
    let harness = InProcessServer()
    try await harness.initialize(capabilities: capabilities(encodings: [encoding]))
    let client = harness.client
    client.open(Self.uri, text: base)
    let first = try await client.request("textDocument/semanticTokens/full", uri: Self.uri)
    var data = SemanticTokenDump.integers(first["data"])
    var resultID = try #require(first["resultId"])
    for (index, changes) in steps.enumerated() {
      client.change(Self.uri, version: index + 2, changes)
      let delta = try await client.request(
        "textDocument/semanticTokens/full/delta", uri: Self.uri, ["previousResultId": resultID])
      let edits = try #require(delta["edits"]?.arrayValue, "step \(index) answered all tokens")
      #expect(manyEdits || edits.count <= 1)
      for (edit, next) in zip(edits, edits.dropFirst()) {
        let end = (edit["start"]?.intValue ?? 0) + (edit["deleteCount"]?.intValue ?? 0)
        #expect(end <= next["start"]?.intValue ?? 0, "step \(index): edits out of order or overlapping")
      }
      data = SemanticTokenDump.apply(edits, to: data)
      resultID = try #require(delta["resultId"])

      let text = try await harness.text(of: Self.uri)
      client.open(Self.check, text: text, version: index + 2)
      let fresh = try await client.request("textDocument/semanticTokens/full", uri: Self.check)
      let expected = SemanticTokenDump.integers(fresh["data"])
      #expect(data == expected, "step \(index): \(changes)")
      let kind = PositionEncodingKind(rawValue: encoding)
      if decoding { decoded.append(SemanticTokenDump.decode(expected, legend: legend, document: text, encoding: kind)) }
      if data != expected {
        let got = SemanticTokenDump.decode(data, legend: legend, document: text, encoding: kind)
        let want = SemanticTokenDump.decode(expected, legend: legend, document: text, encoding: kind)
        Issue.record("got:\n\(got)\nwant:\n\(want)")
        break
      }
    }
    _ = try await harness.finish()
    return decoded
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

  /// A definition that comes, changes or goes makes links of `[label]`s in other blocks,
  /// before and after it, or text again: the delta says so.
  @Test(arguments: ["utf-8", "utf-16"])
  func definitionsChangeReferenceLinksElsewhere(encoding: String) async throws {
    let base = """
      # Refs

      See [noise] and [Thinking][] here.

      - 😀 item [the book][kahneman]

      Middle paragraph.

      [kahneman]: books/thinking.md

      Later [noise] and [kahneman].

      """
    let tokens = try await checkDeltas(
      encoding: encoding, base: base,
      steps: [
        [LSPTestClient.change((9, 0), (9, 0), "[noise]: books/noise.md\n")],  // a definition comes
        [LSPTestClient.change((9, 5), (9, 6), "")],  // its label is `nois`
        [LSPTestClient.change((9, 5), (9, 5), "e")],  // and `noise` again
        [LSPTestClient.change((6, 0), (6, 0), "A ")],  // no definition changes
        [LSPTestClient.change((8, 0), (9, 0), "")],  // `kahneman` goes
      ], manyEdits: true, decoding: true)
    try #require(tokens.count == 5)
    #expect(tokens[0].contains(#"2:5 5 link "noise""#) && tokens[0].contains(#"11:7 5 link "noise""#))
    #expect(tokens[0].contains(#"11:19 8 link "kahneman""#))
    #expect(!tokens[1].contains(#"link "noise""#) && tokens[1].contains(#"11:19 8 link "kahneman""#))
    #expect(tokens[2].contains(#"2:5 5 link "noise""#) && tokens[2].contains(#"11:7 5 link "noise""#))
    #expect(tokens[3] == tokens[2])
    #expect(!tokens[4].contains(#"link "kahneman""#) && !tokens[4].contains(#"link "the book""#))
    #expect(tokens[4].contains(#"10:7 5 link "noise""#))
  }

  @Test func randomEdits() async throws {
    try await checkRandomEdits(seed: 42, pieces: [])
  }

  /// Random edits that add and remove reference links and their definitions.
  @Test func randomEditsOfReferenceLinks() async throws {
    try await checkRandomEdits(seed: 7, pieces: ["[a]", "[b][]", "[x][a]", "\n[a]: u\n", "\n[b]: v\n", "[", "]"])
  }

  func checkRandomEdits(seed: UInt64, pieces more: [String]) async throws {
    var random = SplitMix(seed: seed)
    let pieces =
      more + ["#t ", "?[", "](", ")", "\n", "\r\n", "Q: ", "A: ", "> ", "*", "**", "`", "😀", "漢", "x", "# ", "- "]
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
    try await checkDeltas(encoding: "utf-16", steps: steps, manyEdits: !more.isEmpty)
  }

  /// A quote of 300 lines and a list of 300 items, each one block: an edit inside either
  /// reparses the whole block, and the delta keeps the tokens before and after the
  /// edited bytes that are found again unchanged.
  static let longBlocks: String = {
    var text = "# Long blocks\n\n"
    for line in 0..<300 {
      text += "> Line \(line) with *emphasis*, ?[a hint](answer \(line)), `code` and #tag\(line % 7).\n"
    }
    text += "\n"
    for item in 0..<300 {
      text += "- Item \(item): **strong** text, [a link](https://example.com/\(item)) 😀 ==mark==\n"
    }
    return text
  }()

  /// Random keystrokes, deletions and pastes inside the long quote and the long list,
  /// some of them two changes in one notification (their regions joined): after each,
  /// the patched integers equal a fresh answer.
  @Test(arguments: [("utf-16", UInt64(3)), ("utf-8", UInt64(11)), ("utf-32", UInt64(5))])
  func editsInsideLongBlocks(encoding: String, seed: UInt64) async throws {
    var random = SplitMix(seed: seed)
    let pieces = [
      "x", " ", "*", "**", "?[", "](", ")", "`", "#", "==", "😀", "漢", "\n", "\n> ", "\n- ", "Q: ", "> ", "- ",
    ]
    func change() -> JSONValue {
      // Lines 2–301 are the quote, 303–602 the list (the edits keep the count about the same).
      let line = 2 + Int(random.next() % 600)
      let column = Int(random.next() % 60)
      switch random.next() % 4 {
      case 0: return LSPTestClient.change((line, column), (line, column + 1 + Int(random.next() % 6)), "")
      case 1:
        // A character replaced by one of the same length: later tokens keep their byte
        // starts, not always their lines or columns.
        return LSPTestClient.change((line, column), (line, column + 1), ["\n", "x", "*", "`"][Int(random.next() % 4)])
      default: break
      }
      return LSPTestClient.change((line, column), (line, column), pieces[Int(random.next() % UInt64(pieces.count))])
    }
    var steps: [[JSONValue]] = []
    for _ in 0..<40 {
      steps.append(random.next() % 5 == 0 ? [change(), change()] : [change()])
    }
    try await checkDeltas(encoding: encoding, base: Self.longBlocks, steps: steps)
  }
}
