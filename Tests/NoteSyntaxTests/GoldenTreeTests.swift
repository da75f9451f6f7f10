import BookNotesTestSupport
import Foundation
import Testing

@testable import NoteSyntax

/// Every `Fixtures/NAME.md` parses to the tree in `Fixtures/NAME.tree`.
/// Set `BOOKNOTES_RECORD=1` to write the expected files anew (then review the diff).
@Suite(.onThreadsOfItsOwn) struct GoldenTreeTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

  static var fixtureNames: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }.sorted()
  }

  @Test func fixturesExist() {
    #expect(Self.fixtureNames.count >= 20)
  }

  @Test(arguments: fixtureNames)
  func tree(_ name: String) throws {
    let input = try Data(contentsOf: Self.directory.appendingPathComponent(name + ".md"))
    let document = NoteDocument(bytes: Array(input))
    let dump = document.dump()
    try GoldenFile.check(dump, against: Self.directory.appendingPathComponent(name + ".tree"))
    // The blocks tile the whole text.
    var end = 0
    document.tree.forEachBlock { block in
      #expect(block.range.lowerBound == end)
      end = block.range.upperBound
    }
    #expect(end == document.utf8Count)
  }
}
