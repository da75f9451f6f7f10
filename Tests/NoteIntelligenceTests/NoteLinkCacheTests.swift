import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// `link-missing-note` from links cached per block: after any edit, the same links and
/// diagnostics as reading the whole note again, with only the reparsed blocks scanned.
@Suite(.onThreadsOfItsOwn) struct NoteLinkCacheTests {
  /// A small seeded generator, so that a failure reproduces.
  struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// Pieces of notes with links to notes that exist and do not, web links, images,
  /// code and fences (which turn later links into code), links that use definitions
  /// and the definitions.
  static let pieces = [
    "See [there](there.md) and [gone](gone.md#part).\n", "[Up](../Up.MARKDOWN)\n", "![img](gone.md)\n",
    "[web](https://x.org/gone.md)\n", "`[code](code.md)`\n", "```\n[fenced](fenced.md)\n```\n", "\n",
    "# Heading [h](h.md)\n", "> quote [q](q.md) (p. 4)\n", "- item [i](there.md)\n", "Q: [q](a.md)\nA: b\n",
    "plain words 😀 é\n", "[a](b.md", "](", ")", "[", "```", "\n", ".md", "#", "gone", " ", "\r\n", "😀",
    "[ref][r] and [R]\n", "[r]: there.md\n", "[r]: gone.md#part\n", "[there][]\n", "\n[there]: there.md\n", "][",
  ]

  static let context = LibraryContext(path: "/lib/notes/n.md", library: LibrarySnapshot()) { path in
    path == "/lib/notes/there.md" || path == "/lib/Up.MARKDOWN"
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func incrementalLinksAndDiagnosticsEqualAFreshComputation(seed: UInt64) {
    var rng = Seeded(state: seed)
    var text = ""
    for _ in 0..<Int.random(in: 10...40, using: &rng) { text += Self.pieces.randomElement(using: &rng)! }
    var doc = NoteDocument(text)
    let cache = NoteLinkCache()
    for step in 0..<150 {
      let count = doc.utf8Count
      let start = Int.random(in: 0...count, using: &rng)
      let end = min(count, start + (Bool.random(using: &rng) ? 0 : Int.random(in: 0...12, using: &rng)))
      let range = doc.scalarBoundary(atOrBefore: start)..<doc.scalarBoundary(atOrBefore: end)
      _ = doc.replace(range, with: Bool.random(using: &rng) ? Self.pieces.randomElement(using: &rng)! : "")
      let fresh = NoteLinkCache.fresh(in: doc)
      #expect(cache.links(in: doc) == fresh, "seed \(seed) step \(step)")
      #expect(
        LibraryDiagnostics.compute(doc, context: Self.context, links: cache)
          == LibraryDiagnostics.compute(doc, context: Self.context), "seed \(seed) step \(step)")
      #expect(cache.count <= max(1, doc.tree.blockCount))
    }
  }

  @Test func aKeystrokeScansOnlyTheRunsOfBlocksItReparsed() {
    var text = ""
    for index in 0..<5000 { text += "Paragraph \(index) links [n](n\(index).md).\n\n" }
    var doc = NoteDocument(text)
    var runs = 0
    doc.tree.forEachRun { _ in runs += 1 }
    #expect(runs > 50, "10,000 blocks are kept in runs")
    let cache = NoteLinkCache()
    #expect(cache.links(in: doc).count == 5000)
    #expect(cache.lastComputedRuns == runs)
    for step in 0..<3 {
      let offset = doc.utf8Count * (step + 1) / 4
      _ = doc.replace(offset..<offset, with: "x")
      let links = cache.links(in: doc)
      #expect(links == NoteLinkCache.fresh(in: doc))
      #expect(cache.lastComputedRuns <= 2, "step \(step)")
      var now = 0
      doc.tree.forEachRun { _ in now += 1 }
      #expect(cache.count == now, "runs no longer in the note are dropped")
    }
  }

  @Test func theCheckUsesTheCachesLinks() {
    var doc = NoteDocument("[gone](gone.md)\n\n[there](there.md)\n")
    let cache = NoteLinkCache()
    let first = LibraryDiagnostics.compute(doc, context: Self.context, links: cache)
    #expect(first.map { doc.text.string(in: $0.range) } == ["gone.md"])
    _ = doc.replace(0..<0, with: "[new](new.md) ")
    let after = LibraryDiagnostics.compute(doc, context: Self.context, links: cache)
    #expect(after.map { doc.text.string(in: $0.range) } == ["new.md", "gone.md"])
    #expect(cache.lastComputedRuns == 1)
  }
}
