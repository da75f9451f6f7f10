import BookNotesTestSupport
import Foundation
import Testing

@testable import NoteSyntax

/// ``SyntaxNode/child(_:)`` reads the block's flat nodes; it finds the very node that
/// the first of ``SyntaxNode/children`` of that kind is, for every node and kind.
@Suite(.onThreadsOfItsOwn) struct ChildLookupTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

  /// Each fixture, and notes of the shapes the outline reads: quotes with callouts,
  /// citations and pairs, lists of pairs, clozes, headings in items.
  static var notes: [[UInt8]] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
    var notes = names.filter { $0.hasSuffix(".md") }.sorted().compactMap {
      try? Array(Data(contentsOf: fixtures.appendingPathComponent($0)))
    }
    notes.append(
      Array(
        """
        # Title

        > [!quote] A title
        > A line with ?[hint](a cloze) and **bold**
        > — p. 4

        > Q: What is it?
        > A: An answer.

        - Q: Asked in a list?
          A: Answered.
        - ## A heading in an item
          > A quote in an item
          > (p. 9)

        Summary: the ==gist== of it.

        1. First
           - nested ?[](cloze)
        """.utf8))
    // Blocks over several chunks of the block list.
    notes.append(
      Array(
        String(
          repeating: "## Part\n\nProse with ?[](a cloze).\n\n- Q: Asked?\n  A: Answered.\n\n```\ncode\n```\n",
          count: 300
        ).utf8))
    return notes
  }

  @Test func childIsTheFirstChildOfItsKind() {
    var compared = 0
    for bytes in Self.notes {
      let document = NoteDocument(bytes: bytes)
      document.tree.forEachBlock { block in
        block.forEachDescendant { node in
          for kind in NodeKind.allCases {
            let found = node.child(kind)
            let first = node.children.first { $0.kind == kind }
            #expect(found?.index == first?.index, "\(kind) under \(node)")
            #expect(found?.range == first?.range, "\(kind) under \(node)")
            if found != nil { compared += 1 }
          }
        }
      }
    }
    // Many nodes have children of many kinds.
    #expect(compared > 1_000)
  }
}
