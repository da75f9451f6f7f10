import BookNotesTestSupport
import Foundation
import NoteIntelligence
import Testing

/// Properties of bringing books into notes, on generated notes and inputs: a merge only
/// adds (the note's bytes stay, in order), merging again adds nothing, and no input
/// file, however malformed, makes the readers fail other than with an error.
@Suite(.onThreadsOfItsOwn) struct ImportMergeTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Imports/fixtures")

  static func fixture(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: fixtures.appendingPathComponent(name)))
  }

  static let pieces = [
    "---\ntitle: Thinking, Fast and Slow\nauthors: Daniel Kahneman\n---\n",
    "---\r\nrating:\r\nstatus: reading\r\n---\r\n",
    "\u{FEFF}---\ntags:\n  - a\n  - b\n---\n", "---\nunclosed: yes\n", "# Thinking\n", "## Highlights\n",
    "> A quote. (p. 3)\n", "Some words of mine.\n", "\n", "## Review\n", "- a list\n", "```\ncode\n```\n",
    "## Other\n", "System 1 operates automatically", "é😀\r\n", "> System 1 operates automatically and quickly,\n",
  ]

  static func isSubsequence(_ small: [UInt8], of large: [UInt8]) -> Bool {
    var index = large.startIndex
    for byte in small {
      guard let found = large[index...].firstIndex(of: byte) else { return false }
      index = found + 1
    }
    return true
  }

  @Test func aMergeOnlyAddsAndAddsOnce() throws {
    let kindle = try KindleClippings.parse(Self.fixture("My Clippings.txt")).get().books
    let goodreads = try ReadingList.parse(Self.fixture("goodreads_library_export.csv"), as: .goodreads).get().books
    let storygraph = try ReadingList.parse(Self.fixture("storygraph_export.csv"), as: .storygraph).get().books
    let books = kindle + goodreads + storygraph
    var generator = SplitMix(seed: 20_261_127)
    for round in 0..<400 {
      let count = Int(generator.next() % 6)
      let note = Array((0..<count).map { _ in generator.pick(Self.pieces) }.joined().utf8)
      let book = generator.pick(books)
      let once = NoteMerge.merge(book, into: note, overwrite: false)
      #expect(Self.isSubsequence(note, of: once.text), "round \(round): \(String(decoding: note, as: UTF8.self))")
      #expect(once.changed == (once.text != note), "round \(round)")
      let twice = NoteMerge.merge(book, into: once.text, overwrite: false)
      #expect(!twice.changed, "round \(round): \(String(decoding: once.text, as: UTF8.self))")
      #expect(twice.text == once.text, "round \(round)")
      // Updating rewrites the import's keys, then finds nothing more to do.
      let updated = NoteMerge.merge(book, into: once.text, overwrite: true)
      #expect(!NoteMerge.merge(book, into: updated.text, overwrite: true).changed, "round \(round)")
    }
  }

  @Test func malformedFilesNeverMakeTheReadersFail() throws {
    let seeds = try ["My Clippings.txt", "goodreads_library_export.csv", "storygraph_export.csv"].map(Self.fixture)
    var generator = SplitMix(seed: 31)
    for _ in 0..<600 {
      var bytes = generator.pick(seeds)
      // Cut, splice and overwrite: entries and rows lose their ends, quotes their closers.
      for _ in 0..<Int(1 + generator.next() % 8) {
        guard !bytes.isEmpty else { break }
        let at = Int(generator.next() % UInt64(bytes.count))
        switch generator.next() % 4 {
        case 0: bytes.removeSubrange(at..<min(bytes.count, at + Int(generator.next() % 64)))
        case 1: bytes.insert(generator.pick(Array("\"=,\r\n|-()=====;".utf8)), at: at)
        case 2: bytes[at] = UInt8(truncatingIfNeeded: generator.next())
        default: bytes.insert(contentsOf: Array("\n==========\n".utf8), at: at)
        }
      }
      _ = KindleClippings.parse(bytes)
      for source in ReadingList.Source.allCases {
        if case .success(let list) = ReadingList.parse(bytes, as: source) {
          for book in list.books { _ = NoteMerge.newNote(for: book) }
        }
      }
      if case .success(let clippings) = KindleClippings.parse(bytes) {
        for book in clippings.books { _ = NoteMerge.merge(book, into: Array("# Note\n".utf8), overwrite: false) }
      }
    }
  }
}
