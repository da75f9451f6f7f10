import BookNotesTestSupport
import Foundation
import Testing

@testable import NoteSyntax

/// The block list's index of each block's kind and the kinds its nodes hold, which a
/// pass reads instead of the blocks it passes over, tells what the blocks tell, after
/// edits too.
@Suite(.onThreadsOfItsOwn) struct BlockKindIndexTests {
  /// Each block's kind, range and held kinds as the block list's index gives them, and
  /// the blocks ``SyntaxTree/Blocks/Iterator/next(where:)`` takes, against the blocks.
  static func checkIndex(of document: NoteDocument) {
    let blocks = Array(document.tree.blockSequence)
    var taken: [Int] = []
    var held: [NodeKindSet] = []
    var iterator = document.tree.blockSequence.makeIterator()
    while let (index, block) = iterator.next(where: { kind, kinds in
      held.append(kinds)
      return kind == .heading || kinds.contains(.cloze)
    }) {
      taken.append(index)
      #expect(block.range == blocks[index].range)
    }
    #expect(held.count == blocks.count)
    for (index, block) in blocks.enumerated() {
      #expect(document.tree.blockKind(at: index) == block.kind)
      #expect(document.tree.blockRange(at: index) == block.range)
      if index < held.count {
        for kind in NodeKind.allCases {
          #expect(held[index].contains(kind) == block.mayHold(kind), "\(kind) in \(block)")
        }
      }
    }
    #expect(taken == blocks.indices.filter { blocks[$0].kind == .heading || blocks[$0].mayHold(.cloze) })
  }

  @Test func blockIndexTellsEachBlock() {
    for bytes in ChildLookupTests.notes {
      var document = NoteDocument(bytes: bytes)
      Self.checkIndex(of: document)
      // Edits that make blocks anew, join them and split them.
      let length = document.utf8Count
      document.replace(0..<0, with: "# New ?[](first)\n\n")
      Self.checkIndex(of: document)
      document.replace((length / 2)..<(length / 2), with: "\n\n> quote ?[x](y)\n\n")
      Self.checkIndex(of: document)
      document.replace(0..<min(40, document.utf8Count), with: "")
      Self.checkIndex(of: document)
    }
  }
}
