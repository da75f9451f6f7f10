import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

@Suite(.onThreadsOfItsOwn) struct SemanticTokenTests {
  @Test func modifierSetsHoldTheirModifiersInDeclarationOrder() {
    var set = SemanticTokenModifiers(.invalid)
    set.insert(.level2)
    #expect(Array(set) == [.level2, .invalid])
    #expect(set.contains(.invalid) && !set.contains(.level1))
    #expect(SemanticTokenModifiers.empty.isEmpty)
    #expect((1...6).map { SemanticTokenModifier.level($0) } == [.level1, .level2, .level3, .level4, .level5, .level6])
    #expect(SemanticTokenModifier.level(0) == .level1 && SemanticTokenModifier.level(9) == .level6)
  }

  @Test func frontMatterAndHeadings() {
    let text = "---\ntitle: Dune\nrating: 9\n---\n# Dune *x*\n### Part #sf\n"
    #expect(
      Dump.tokens(text) == """
        0:0 3 marker "---"
        1:0 5 property "title"
        1:7 4 string "Dune"
        2:0 6 property "rating"
        2:8 1 string[invalid] "9"
        3:0 3 marker "---"
        4:0 1 marker "#"
        4:2 5 heading[level1] "Dune "
        4:7 1 marker "*"
        4:8 1 emphasis "x"
        4:9 1 marker "*"
        5:0 3 marker "###"
        5:4 5 heading[level3] "Part "
        5:9 3 hashtag "#sf"
        """)
  }

  @Test func highlightsAndWhatTheyHold() {
    #expect(
      Dump.tokens("A ==marked **bold**== word.\n") == """
        0:2 2 marker "=="
        0:4 7 highlight "marked "
        0:11 2 marker "**"
        0:13 4 strong "bold"
        0:17 4 marker "**=="
        """)
  }

  @Test func mathIsCodeAndACommentOverLinesIsSplitPerLine() {
    #expect(
      Dump.tokens("$x^2$ and %% a #tag\nb %% end\n") == """
        0:0 1 marker "$"
        0:1 3 code "x^2"
        0:4 1 marker "$"
        0:10 2 marker "%%"
        0:12 7 comment " a #tag"
        1:0 2 comment "b "
        1:2 2 marker "%%"
        """)
  }

  @Test func footnoteLabelsAndWikiLinkParts() {
    #expect(
      Dump.tokens("So[^1] [[Note#Part|shown]] [[Other]] [[#Top]]\n") == """
        0:2 2 marker "[^"
        0:4 1 link "1"
        0:5 1 marker "]"
        0:7 2 marker "[["
        0:9 4 url "Note"
        0:13 1 marker "#"
        0:14 4 url "Part"
        0:18 1 marker "|"
        0:19 5 link "shown"
        0:24 2 marker "]]"
        0:27 2 marker "[["
        0:29 5 link "Other"
        0:34 2 marker "]]"
        0:37 3 marker "[[#"
        0:40 3 link "Top"
        0:43 2 marker "]]"
        """)
  }

  @Test func quoteWithHashtagClozeAndCitation() {
    let text = "> Shown by ?[who](Vohs) #psych\n> in 2000. (p. 42)\n"
    #expect(
      Dump.tokens(text) == """
        0:0 1 marker ">"
        0:2 9 quote "Shown by "
        0:11 2 marker "?["
        0:13 3 clozeHint "who"
        0:16 2 marker "]("
        0:18 4 clozeAnswer "Vohs"
        0:22 1 marker ")"
        0:23 1 quote " "
        0:24 6 hashtag "#psych"
        1:0 1 marker ">"
        1:2 8 quote "in 2000."
        1:11 7 citation "(p. 42)"
        """)
  }

  @Test func dashCitationEndingAQuote() {
    let text = "> Nothing is as important as you think — Kahneman, p. 6\n\n> A dash — mid-sentence, p. 6 and on\n"
    #expect(
      Dump.tokens(text) == """
        0:0 1 marker ">"
        0:2 36 quote "Nothing is as important as you think"
        0:39 18 citation "— Kahneman, p. 6"
        2:0 1 marker ">"
        2:2 36 quote "A dash — mid-sentence, p. 6 and on"
        """)
  }

  @Test func aCalloutsTypeIsAMarker() {
    #expect(
      Dump.tokens("> [!tip]- Read *this*\n> Body\n") == """
        0:0 1 marker ">"
        0:2 7 marker "[!tip]-"
        0:10 5 quote "Read "
        0:15 1 marker "*"
        0:16 4 emphasis "this"
        0:20 1 marker "*"
        1:0 1 marker ">"
        1:2 4 quote "Body"
        """)
  }

  @Test func boldQuestionAndAnswerMarkersAndAnAnswerOverTwoLines() {
    #expect(
      Dump.tokens("**Q:** Who?\n**A:** Paul,\nson of Leto.\n") == """
        0:0 6 marker "**Q:**"
        0:7 4 question "Who?"
        1:0 6 marker "**A:**"
        1:7 5 answer "Paul,"
        2:0 12 answer "son of Leto."
        """)
  }

  @Test func questionAnswerSummaryAndStyles() {
    let text = "Q: What is *ego*?\nA: A **limited** `pool`.\n\ntl;dr: Lazy [see](http://x.y) ![i](a.png)\n"
    #expect(
      Dump.tokens(text) == """
        0:0 2 marker "Q:"
        0:3 8 question "What is "
        0:11 1 marker "*"
        0:12 3 emphasis "ego"
        0:15 1 marker "*"
        0:16 1 question "?"
        1:0 2 marker "A:"
        1:3 2 answer "A "
        1:5 2 marker "**"
        1:7 7 strong "limited"
        1:14 2 marker "**"
        1:16 1 answer " "
        1:17 1 marker "`"
        1:18 4 code "pool"
        1:22 1 marker "`"
        1:23 1 answer "."
        3:0 6 marker "tl;dr:"
        3:7 5 summary "Lazy "
        3:12 1 marker "["
        3:13 3 link "see"
        3:16 2 marker "]("
        3:18 10 url "http://x.y"
        3:28 1 marker ")"
        3:29 1 summary " "
        3:30 2 marker "!["
        3:32 1 link "i"
        3:33 2 marker "]("
        3:35 5 url "a.png"
        3:40 1 marker ")"
        """)
  }

  @Test func plainTextAndListsHaveOnlyMarkers() {
    let text = "Just text #tag here.\n\n- item one\n2) no\n1. two\n"
    #expect(
      Dump.tokens(text) == """
        0:10 4 hashtag "#tag"
        2:0 1 marker "-"
        3:0 2 marker "2)"
        4:0 2 marker "1."
        """)
  }

  @Test func multiLineEmphasisIsSplitPerLine() {
    let text = "A *long\nemphasis* here\r\nand **bold\r\ntext**\n"
    #expect(
      Dump.tokens(text) == """
        0:2 1 marker "*"
        0:3 4 emphasis "long"
        1:0 8 emphasis "emphasis"
        1:8 1 marker "*"
        2:4 2 marker "**"
        2:6 4 strong "bold"
        3:0 4 strong "text"
        3:4 2 marker "**"
        """)
    let doc = NoteDocument(text)
    for token in SemanticTokenizer.tokens(for: doc) {
      let bytes = doc.text.bytes(in: token.range)
      #expect(!bytes.contains(0x0A) && !bytes.contains(0x0D))
    }
  }

  @Test func innermostWinsInsideNestedStyles() {
    let text = "> **bold _em_ #t**\n"
    #expect(
      Dump.tokens(text) == """
        0:0 1 marker ">"
        0:2 2 marker "**"
        0:4 5 strong "bold "
        0:9 1 marker "_"
        0:10 2 emphasis "em"
        0:12 1 marker "_"
        0:13 1 strong " "
        0:14 2 hashtag "#t"
        0:16 2 marker "**"
        """)
  }

  @Test func invalidMarksOnlyTheFlaggedPart() {
    let text = "Q: What?\n\nSee ?[who](Vohs and more\n"
    #expect(
      Dump.tokens(text) == """
        0:0 2 marker[invalid] "Q:"
        2:4 2 marker[invalid] "?["
        2:6 3 clozeHint[invalid] "who"
        2:9 2 marker[invalid] "]("
        2:11 13 clozeAnswer[invalid] "Vohs and more"
        """)
    let split = "?[x]() then ?[h] (a b)\n"
    #expect(
      Dump.tokens(split) == """
        0:0 2 marker "?["
        0:2 1 clozeHint "x"
        0:3 1 marker "]"
        0:4 2 marker[invalid] "()"
        0:12 2 marker "?["
        0:14 1 clozeHint "h"
        0:15 1 marker "]"
        0:17 1 marker "("
        0:18 3 clozeAnswer "a b"
        0:21 1 marker ")"
        """)
  }

  @Test func findingCoveringPartOfATokenSplitsIt() {
    // A question and answer with a missing space after `Q:` and an empty answer.
    let text = "Q:What?\nA:"
    #expect(
      Dump.tokens(text) == """
        0:0 2 marker[invalid] "Q:"
        0:2 5 question "What?"
        1:0 2 marker[invalid] "A:"
        """)
    let nested = "?[h](a (b) c)\n"
    #expect(
      Dump.tokens(nested) == """
        0:0 2 marker "?["
        0:2 1 clozeHint "h"
        0:3 2 marker "]("
        0:5 2 clozeAnswer "a "
        0:7 2 clozeAnswer[invalid] "(b"
        0:9 1 marker[invalid] ")"
        """)
  }

  @Test func overlappingFindingsMarkWhatAnyOfThemCovers() {
    // Findings that overlap, nest, touch or cover nothing become the ranges they cover.
    #expect(TokenCollector.union(of: [5..<9, 0..<3, 2..<4, 4..<4, 9..<12, 6..<7, 20..<20]) == [0..<4, 5..<12])
    #expect(TokenCollector.union(of: [3..<3]).isEmpty)
    // Three unclosed hints on one line, each running to its end.
    let text = "Intro ?[a ?[b ?[c\n"
    let dump = Dump.tokens(text)
    #expect(!dump.isEmpty)
    for line in dump.split(separator: "\n") where line.contains("?[") {
      #expect(line.contains("[invalid]"), "\(line)")
    }
  }

  @Test func emojiLine() {
    let text = "> Joy 😀 #mood/😀 ok\n"
    #expect(
      Dump.tokens(text) == """
        0:0 1 marker ">"
        0:2 9 quote "Joy 😀 "
        0:11 10 hashtag "#mood/😀"
        0:21 3 quote " ok"
        """)
  }

  @Test func crlfNote() {
    let text = "# Title\r\n\r\n> a\r\n> b\r\nQ: q\r\nA: a\r\n"
    #expect(
      Dump.tokens(text) == """
        0:0 1 marker "#"
        0:2 5 heading[level1] "Title"
        2:0 1 marker ">"
        2:2 1 quote "a"
        3:0 1 marker ">"
        3:2 1 quote "b"
        4:0 2 marker "Q:"
        4:3 1 question "q"
        5:0 2 marker "A:"
        5:3 1 answer "a"
        """)
  }

  @Test func tokensAreSortedAndDisjoint() {
    let text = "---\ntitle: X\n---\n# H\n> q ?[h](a) (p. 1)\nQ: x\nA: y\n- **a** _b_ `c`\n"
    let tokens = SemanticTokenizer.tokens(for: NoteDocument(text))
    for (a, b) in zip(tokens, tokens.dropFirst()) { #expect(a.end <= b.start) }
  }

  @Test func blockTokensAreRelativeToTheBlock() {
    let doc = NoteDocument("intro\n\n# Head\n")
    let heading = doc.tree.block(at: 2)
    #expect(heading.kind == .heading)
    #expect(
      SemanticTokenizer.tokens(for: heading, in: doc) == [
        SemanticToken(start: 0, length: 1, type: .marker),
        SemanticToken(start: 2, length: 4, type: .heading, modifiers: [.level1]),
      ])
  }

  @Test func rangeRequestReturnsOverlappingTokens() {
    let doc = NoteDocument("# A\n# B\n# C\n")
    let tokens = SemanticTokenizer.tokens(for: doc, in: 4..<8)
    #expect(Dump.tokens(tokens, in: doc) == "1:0 1 marker \"#\"\n1:2 1 heading[level1] \"B\"")
  }

  @Test func cacheReusesUntouchedBlocksAfterAnEdit() {
    var doc = NoteDocument("# One\n\nQ: a\nA: b\n\n> quote\n")
    let cache = SemanticTokenCache()
    let first = cache.tokens(for: doc)
    #expect(cache.lastComputedBlocks == doc.tree.blockCount)
    #expect(cache.tokens(for: doc) == first)
    #expect(cache.lastComputedBlocks == 0)
    doc.replace(2..<5, with: "Uno!!")
    let second = cache.tokens(for: doc)
    #expect(cache.lastComputedBlocks == 1)
    #expect(second == SemanticTokenizer.tokens(for: doc))
    #expect(cache.count == doc.tree.blockCount)
    #expect(Dump.tokens(second, in: doc).hasSuffix("5:0 1 marker \">\"\n5:2 5 quote \"quote\""))
  }

  /// Many edits, each followed by the reparsed region's tokens and now and then the
  /// whole note's: the cache drops and compacts its entries on the way and always
  /// answers what a fresh tokenizer does.
  @Test func cacheCompactedAfterManyEditsAnswersAsAFreshTokenizer() {
    var text = ""
    for i in 0..<40 { text += "# Part \(i)\n\nSee ?[who](Vohs) and *this* #tag/\(i).\n\n> a quote (p. \(i + 1))\n\n" }
    var doc = NoteDocument(text)
    let cache = SemanticTokenCache()
    _ = cache.tokens(for: doc)
    var state: UInt64 = 7
    for round in 0..<300 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let at = doc.scalarBoundary(atOrBefore: Int(state >> 33) % doc.utf8Count)
      let summary = round % 3 == 0 ? doc.replace(at..<at, with: "x\n\n") : doc.replace(at..<at, with: "y")
      let region = cache.tokens(for: doc, in: summary.reparsed)
      #expect(region == SemanticTokenizer.tokens(for: doc, in: summary.reparsed), "round \(round)")
      if round % 25 == 0 { #expect(cache.tokens(for: doc) == SemanticTokenizer.tokens(for: doc), "round \(round)") }
    }
    #expect(cache.tokens(for: doc) == SemanticTokenizer.tokens(for: doc))
  }
}
