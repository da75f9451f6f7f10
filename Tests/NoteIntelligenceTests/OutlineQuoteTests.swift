import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// A quote's outline entry, read from its first lines and its flat subtree
/// (``OutlineQuote``), is the entry its whole regions, citation and callout give.
@Suite(.onThreadsOfItsOwn) struct OutlineQuoteTests {
  /// The entry of `block` from all its lines (``InlineRegion/regions(of:)``); `nil` for
  /// a callout that is no quote.
  static func entryFromWholeRegions(_ block: SyntaxNode, _ doc: NoteDocument) -> OutlineSymbol? {
    let range = block.trimmedRange(in: doc)
    let regions = InlineRegion.regions(of: block)
    var quote = regions.first
    var detail = block.quoteCitation.map { OutlineText.bounded(doc.citationText($0)) }
    if let callout = block.callout(in: doc) {
      guard callout.isQuote else { return nil }
      if let title = callout.title {
        quote = regions.count > 1 ? regions[1] : nil
        detail = OutlineText.firstWords(of: [title], doc)
      }
    } else if block.quoteText.isEmpty {
      // No words: no card, and no entry.
      return nil
    }
    return OutlineSymbol(
      name: quote.map { OutlineText.firstWords(of: $0.nodes, doc, maxWords: 8) } ?? "", detail: detail, kind: .quote,
      range: range, selectionRange: quote?.nodes.first?.range ?? range)
  }

  static let lines = [
    "> Plain words of a quote.",
    "> [!quote] A callout's *title*",
    "> [!cite]- Folded",
    "> [!note] Not a quote",
    "> [!quote]",
    "> — p. 42",
    "> Ends with a citation (p. 7)",
    "> - an item in the quote",
    ">   > a nested quote",
    "> > nested at once",
    ">",
    "> “Curly” café naïve 中文 words, **strong** and `code` and [a link](https://example.org)",
    "lazy continuation line",
    "> " + String(repeating: "long words ", count: 12),
    "> ?[hint](answer) a cloze",
  ]

  @Test func aQuoteReadFromItsFirstLinesEqualsOneReadFromAllOfThem() {
    var checked = 0
    for first in Self.lines.indices {
      for second in Self.lines.indices {
        for third in [0, 5, 7, 13] {
          let text = "# Book\n\n" + [Self.lines[first], Self.lines[second], Self.lines[third]].joined(separator: "\n")
          let doc = NoteDocument(text)
          doc.tree.forEachBlock { block in
            guard block.kind == .blockquote else { return }
            var renderer = InlineText(doc: doc)
            let range = block.trimmedRange(in: doc)
            let read = OutlineQuote.symbol(of: block, doc, range: range, clozes: [], renderer: &renderer)
            #expect(read == Self.entryFromWholeRegions(block, doc), "\(text.debugDescription)")
            checked += 1
          }
        }
      }
    }
    #expect(checked > 800)
  }

  @Test func aQuoteOfNoWordsHasNoEntry() throws {
    let quotes = [
      "> ```\n> let x = 1\n> ```", "> — p. 42", "> [ref]: https://example.org", "> ```\n> code\n> ```\n> — p. 4",
    ]
    for quote in quotes {
      let doc = NoteDocument("# Book\n\n\(quote)\n\n> Words of a quote.\n")
      let entries = try #require(Outline.symbols(for: doc).first).children
      #expect(entries.map(\.name) == ["Words of a quote."], "\(quote.debugDescription)")
      #expect(Prompts.prompts(for: doc).count == 1)
    }
  }

  @Test func aQuoteOfManyLinesIsNamedByItsFirstWordsAndCitedByItsLastLine() throws {
    let body = (0..<2_000).map { "> line \($0) of a long quote" }.joined(separator: "\n")
    let doc = NoteDocument("# Book\n\n" + body + "\n> — p. 9\n")
    let quote = try #require(Outline.symbols(for: doc).first?.children.first)
    #expect(quote.kind == .quote)
    #expect(quote.name == "line 0 of a long quote line 1 …")
    #expect(quote.detail == "p. 9")
  }
}

extension OutlineQuote {
  /// The entry of `block` (in note offsets; `range` its trimmed range), `clozes` its
  /// children; `nil` for a callout of another type than `quote` or `cite`.
  static func symbol(
    of block: SyntaxNode, _ doc: NoteDocument, range: Range<Int>, clozes: [OutlineSymbol],
    renderer: inout InlineText
  ) -> OutlineSymbol? {
    var names: [UInt8] = []
    guard let shown = appendEntry(of: block, doc, range: range, renderer: &renderer, to: &names) else { return nil }
    return OutlineSymbol(
      name: String(decoding: names[shown.name], as: UTF8.self),
      detail: shown.detail.map { String(decoding: names[$0], as: UTF8.self) }, kind: .quote, range: range,
      selectionRange: shown.selection, children: clozes)
  }
}
