import Testing

@testable import NoteSyntax

/// The inline grammar's declarations decide what the parser does: the bytes its scan
/// stops at and the order constructs are tried in.
@Suite struct InlineGrammarTests {
  @Test func constructsAreTriedInTheSpecOrder() {
    #expect(
      InlineGrammar.constructs.map(\.name) == [
        "backslash escape", "code", "math", "comment", "strong", "highlight", "emphasis", "emphasis with underscores",
        "footnote reference", "cloze", "wiki link", "image", "link", "hashtag", "emoji", "line break",
      ])
  }

  @Test func theScanStopsAtExactlyTheBytesThatStartAConstruct() {
    var declared = Set<UInt8>()
    for construct in InlineGrammar.constructs { declared.formUnion(construct.parse.firstBytes) }
    for byte in 0...255 {
      #expect(InlineGrammar.startsConstruct[byte] == declared.contains(UInt8(byte)), "byte \(byte)")
    }
    // The sixteen-byte step stops at every such byte, in every lane, and passes over
    // every other printable ASCII byte (control and non-ASCII bytes always stop it).
    for byte in 0...255 {
      for lane in 0..<16 {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 16)
        bytes[lane] = UInt8(byte)
        let found = bytes.withUnsafeBufferPointer { InlineGrammar.Tables.shared.triggers.firstLane($0, 0) }
        let stops = declared.contains(UInt8(byte)) || byte < 0x20 || byte >= 0x80
        #expect(found == (stops ? lane : 16), "byte \(byte) in lane \(lane)")
      }
    }
    #expect(InlineTriggers.comparisons(InlineGrammar.asciiTriggers).count <= InlineTriggers.capacity)
  }

  /// The kinds of the top-level nodes of `text`'s single paragraph.
  static func kinds(_ text: String) -> [NodeKind] {
    let document = NoteDocument(text)
    return document.tree.block(at: 0).children.map(\.kind)
  }

  @Test(arguments: [
    ("==marked==", [NodeKind.highlight]),
    ("a ==b== c", [.text, .highlight, .text]),
    ("== spaced ==", [.text]),
    ("x==y", [.text]),
    ("==open", [.text]),
    ("`==code==`", [.code]),
    ("==**both**==", [.highlight]),
  ])
  func highlightsFollowTheFlankingRulesOfStrong(text: String, kinds: [NodeKind]) {
    #expect(Self.kinds(text) == kinds)
  }

  @Test(arguments: [
    ("$x^2$", [NodeKind.math]),
    ("so $a_1 *b*$ here", [.text, .math, .text]),
    ("$5 and $6", [.text]),
    ("costs $5, or $x$", [.text, .math]),
    ("$ spaced $", [.text]),
    ("$$x$$", [.text]),
    ("`$code$`", [.code]),
  ])
  func inlineMathIsRawAndLeavesPricesAlone(text: String, kinds: [NodeKind]) {
    #expect(Self.kinds(text) == kinds)
  }

  @Test(arguments: [
    ("%% a comment %%", [NodeKind.comment]),
    ("a %%#tag ?[x] [l](t)%% b", [.text, .comment, .text]),
    ("%%open", [.text]),
    ("%%over\ntwo #lines%% after", [.comment, .text]),
  ])
  func commentsHoldNothingOfOurs(text: String, kinds: [NodeKind]) {
    #expect(Self.kinds(text) == kinds)
  }

  @Test(arguments: [
    ("see[^1].", [NodeKind.text, .footnoteReference, .text]),
    ("?[^note]", [.text, .footnoteReference]),
    ("[^two words]", [.text]),
    ("[^]", [.text]),
    ("[^1](x)", [.footnoteReference, .text]),
  ])
  func footnoteReferencesHaveALabelWithoutSpaces(text: String, kinds: [NodeKind]) {
    #expect(Self.kinds(text) == kinds)
  }

  @Test(arguments: [
    ("[[Note]]", [NodeKind.wikiTarget]),
    ("[[Note#Heading]]", [.wikiTarget, .wikiHeading]),
    ("[[Note#^block]]", [.wikiTarget, .wikiHeading]),
    ("[[Note|shown text]]", [.wikiTarget, .wikiAlias]),
    ("[[Note#Part|shown]]", [.wikiTarget, .wikiHeading, .wikiAlias]),
    ("[[#Heading]]", [.wikiHeading]),
    ("![[cover.png]]", [.wikiTarget]),
  ])
  func wikiLinksNameTheirParts(text: String, parts: [NodeKind]) {
    let block = NoteDocument(text).tree.block(at: 0)
    let links = Array(block.children)
    #expect(links.map(\.kind) == [.wikiLink])
    #expect(links.first.map { Array($0.children).map(\.kind).filter { $0 != .delimiter } } == parts)
  }

  @Test(arguments: [
    ("[[open", [NodeKind.text]),
    ("[[]]", [.text]),
    // Not wiki links; the inner brackets may be a link that uses a definition.
    ("[[|x]]", [.text, .referenceLink, .text]),
    ("[[a\nb]]", [.text, .lineBreak, .text]),
    ("[[a]b]]", [.text, .referenceLink, .text]),
    ("[[a [[b]]", [.text, .wikiLink]),
    ("[[a]](x)", [.wikiLink, .text]),
    ("[a](x)", [.link]),
    ("![a](x.png)", [.image]),
  ])
  func wikiLinksCloseOnTheirLine(text: String, kinds: [NodeKind]) {
    #expect(Self.kinds(text) == kinds)
  }

  @Test func aHighlightClosedFarAlongALargeParagraphReachesBackToItsOpener() {
    // An unclosed `==` in a large paragraph, closed much later by typing.
    let filler = String(repeating: "word after word, ", count: 6_000)
    var document = NoteDocument("==opened " + filler + "end.\n")
    let end = document.utf8Count - 2
    document.replace(end..<end, with: "==")
    #expect(document.tree.isStructurallyEqual(to: NoteDocument(document.string).tree))
    #expect(Array(document.tree.block(at: 0).children).first?.kind == .highlight)
  }
}
