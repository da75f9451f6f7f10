import NoteSyntax
import Testing

@testable import NoteSyntaxFuzzing

/// The parser fuzzer's checks of the nodes near an edit read the blocks that
/// `SyntaxTree.blocks(touching:)` gives, by their indices, without gathering them.
@Suite struct ParserFuzzingNearBlocksTests {
  @Test func theBlocksNearARangeAreTheBlocksTouchingIt() {
    let text = "# Title\n\nA paragraph\nover two lines.\n\n> a quote\n\n- item\n- item\n\nlast"
    let tree = NoteDocument(text).tree
    let length = text.utf8.count
    for lower in 0...length {
      for upper in lower...min(length, lower + 30) {
        let touching = tree.blocks(touching: lower..<upper).map(\.range)
        let near = tree.blockIndices(touching: lower..<upper).map { tree.blockRange(at: $0) }
        #expect(near == touching, "\(lower)..<\(upper)")
      }
    }
    #expect(NoteDocument("").tree.blockIndices(touching: 0..<0).isEmpty)
  }
}
