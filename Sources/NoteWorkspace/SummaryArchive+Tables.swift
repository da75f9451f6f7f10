package import NoteIntelligence

extension SummaryArchive {
  /// Appends `tables`, naming each note by its index in `notes` (every note the
  /// tables count must be there).
  package static func write(_ tables: LibraryTables, notes: [String: Int], to w: inout ArchiveWriter) {
    w.int(tables.tagTable.count)
    for (folded, stat) in tables.tagTable.sorted(by: { $0.key < $1.key }) {
      w.string(folded)
      w.int(stat.noteCount)
      w.int(stat.spellings.count)
      for (name, uses) in stat.spellings.sorted(by: { $0.key < $1.key }) {
        w.string(name)
        w.int(uses)
      }
      if let first = stat.first, let note = notes[first.path] {
        w.int(note + 1)
        w.span(first.span)
      } else {
        w.int(0)
      }
      w.int(stat.firstKnown && (stat.first == nil || notes[stat.first!.path] != nil) ? 1 : 0)
    }
    w.int(tables.tagTotals.count)
    for (folded, total) in tables.tagTotals.sorted(by: { $0.key < $1.key }) {
      w.string(folded)
      w.int(total)
    }
    w.int(tables.bookIndex.count)
    for (key, paths) in tables.bookIndex.sorted(by: { $0.key < $1.key }) {
      w.string(key)
      let known = paths.compactMap { notes[$0] }
      w.int(known.count)
      for note in known { w.int(note) }
    }
  }

  /// Reads what ``write(_:notes:to:)`` wrote, `paths[i]` being note `i`'s path.
  package static func readTables(
    _ input: UnsafeRawBufferPointer, at offset: inout Int, paths: [String]
  ) throws(Corrupt) -> LibraryTables {
    var r = ArchiveReader(buffer: input, offset: offset)
    func note(_ index: Int) throws(Corrupt) -> String {
      guard index >= 0, index < paths.count else { throw r.corrupt }
      return paths[index]
    }
    let tagCount = try r.count()
    var tagTable: [String: TagStat] = [:]
    tagTable.reserveCapacity(tagCount)
    for _ in 0..<tagCount {
      let folded = try r.string()
      var stat = TagStat()
      stat.noteCount = try r.int()
      let spellings = try r.count()
      stat.spellings.reserveCapacity(spellings)
      for _ in 0..<spellings { stat.spellings[try r.string()] = try r.int() }
      let first = try r.int()
      if first > 0 { stat.first = (try note(first - 1), try r.span()) }
      stat.firstKnown = try r.int() == 1
      guard stat.noteCount > 0 else { throw r.corrupt }
      tagTable[folded] = stat
    }
    let totalCount = try r.count()
    var tagTotals: [String: Int] = [:]
    tagTotals.reserveCapacity(totalCount)
    for _ in 0..<totalCount { tagTotals[try r.string()] = try r.int() }
    let bookCount = try r.count()
    var bookIndex: [String: [String]] = [:]
    bookIndex.reserveCapacity(bookCount)
    for _ in 0..<bookCount {
      let key = try r.string()
      let count = try r.count()
      var notes: [String] = []
      notes.reserveCapacity(count)
      for _ in 0..<count { notes.append(try note(try r.int())) }
      bookIndex[key] = notes
    }
    offset = r.offset
    return LibraryTables(tagTable: tagTable, tagTotals: tagTotals, bookIndex: bookIndex)
  }
}
