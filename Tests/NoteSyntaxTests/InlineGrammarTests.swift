import BookNotesTestSupport
import Testing

@testable import NoteSyntax

/// The inline grammar's declarations decide what the parser does: the bytes its scan
/// stops at and the order constructs are tried in.
@Suite(.onThreadsOfItsOwn) struct InlineGrammarTests {
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
    // The sixteen-byte step stops at every such byte, in every lane, and at the few
    // printable ASCII bytes between them in its ranges; it passes over every other
    // (control and non-ASCII bytes always stop it).
    let ranges = InlineTriggers.ranges(InlineGrammar.asciiTriggers)
    #expect(ranges.count <= InlineTriggers.capacity)
    var extraStops: [UInt8] = []
    for byte in 0...255 {
      let inRange = ranges.contains { $0.contains(UInt8(byte)) }
      if inRange && !declared.contains(UInt8(byte)) { extraStops.append(UInt8(byte)) }
      for lane in 0..<16 {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 16)
        bytes[lane] = UInt8(byte)
        let found = bytes.withUnsafeBufferPointer { InlineGrammar.Tables.shared.triggers.firstLane($0, 0) }
        let stops = declared.contains(UInt8(byte)) || inRange || byte < 0x20 || byte >= 0x80
        #expect(found == (stops ? lane : 16), "byte \(byte) in lane \(lane)")
      }
    }
    #expect(extraStops == Array("\">]^".utf8))
    // The parser's scan, those stops looked up, finds exactly the bytes that start a
    // construct, in the sixteen-byte steps and in the bytes after the last of them.
    for byte in 0...255 {
      for position in [0, 5, 15, 16, 31, 37] {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 40)
        bytes[position] = UInt8(byte)
        let found = bytes.withUnsafeBufferPointer { buffer in
          let parser = InlineParser(buffer: buffer, regionEnd: 40)
          return parser.nextConstructStart(from: 0, before: 40, parser.grammar.triggers)
        }
        #expect(found == (declared.contains(UInt8(byte)) ? position : 40), "byte \(byte) at \(position)")
      }
    }
  }

  @Test func triggerRangesJoinTheClosestBytes() {
    #expect(InlineTriggers.ranges([0x41]) == [0x41...0x41])
    #expect(
      InlineTriggers.ranges([0x30, 0x31, 0x40, 0x50, 0x60, 0x61, 0x70]) == [
        0x30...0x40, 0x50...0x50, 0x60...0x61, 0x70...0x70,
      ])
    #expect(
      InlineTriggers.ranges([0x21, 0x23, 0x24, 0x25, 0x2A, 0x3D, 0x3F, 0x5B, 0x5C, 0x5F, 0x60]) == [
        0x21...0x25, 0x2A...0x2A, 0x3D...0x3F, 0x5B...0x60,
      ])
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
