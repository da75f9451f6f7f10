import Dispatch
import Locking
public import NoteIntelligence

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension IndexCache {
  /// The cache file opened: each note's stamp, the library's tables, and the
  /// summaries, decoded one by one on demand (``summary(at:)``; the source of the
  /// boxes of a library read from the cache). The words are read the first time a
  /// summary is decoded, or by ``readWords()``; the file stays open until then (a
  /// newer cache renamed over it meanwhile does not change what is read).
  public final class Image: SummarySource {
    /// The notes' paths, sorted: note `i` is record `i`.
    public let paths: [String]
    let sizes: [Int]
    let modified: [Int64]
    /// The library's tables over every note of the file, decoded when first read (an
    /// image opened for its prompts alone may never need them).
    private let decodedTables: Lock<LibraryTables?>
    /// Where the tables are in `front`.
    private let tablesRange: Range<Int>
    /// Header, notes, tables and structure, as read.
    private let front: [UInt8]
    /// Where the structure ends and words ends (u64 per note) start in `front`.
    private let structureEnds: Int
    private let wordEnds: Int
    /// Where the structure section starts in `front`, and its length.
    private let structureStart: Int
    private let structureLength: Int
    private let words: Lock<Words>

    private enum Words {
      case unread(descriptor: Int32, offset: Int, length: Int, checksum: UInt64)
      case read([UInt8])
      /// Unreadable or damaged: summaries are decoded without their words.
      case unusable
    }

    /// The number of notes.
    public var count: Int { paths.count }

    /// The library's tables over every note of the file; `nil` when they do not read back.
    public func readTables() -> LibraryTables? {
      decodedTables.withLock { decoded in
        if let decoded { return decoded }
        decoded = front.withUnsafeBytes { all -> LibraryTables? in
          let bytes = UnsafeRawBufferPointer(rebasing: all[tablesRange])
          var offset = 0
          guard let tables = try? SummaryArchive.readTables(bytes, at: &offset, paths: paths), offset == bytes.count
          else { return nil }
          return tables
        }
        return decoded
      }
    }

    /// The library's tables (``readTables()``; empty tables when they do not read back,
    /// which an image opened with its tables has ruled out).
    public var tables: LibraryTables {
      readTables() ?? LibraryTables(tagTable: [:], tagTotals: [:], bookIndex: [:])
    }

    fileprivate init(
      paths: [String], sizes: [Int], modified: [Int64], tables: Range<Int>, front: [UInt8], structureEnds: Int,
      wordEnds: Int, structure: Range<Int>, words: (descriptor: Int32, offset: Int, length: Int, checksum: UInt64)
    ) {
      self.paths = paths
      self.sizes = sizes
      self.modified = modified
      tablesRange = tables
      decodedTables = Lock(nil)
      self.front = front
      self.structureEnds = structureEnds
      self.wordEnds = wordEnds
      structureStart = structure.lowerBound
      structureLength = structure.count
      self.words = Lock(
        .unread(descriptor: words.descriptor, offset: words.offset, length: words.length, checksum: words.checksum))
    }

    deinit {
      words.withLock { words in
        if case .unread(let descriptor, _, _, _) = words { close(descriptor) }
      }
    }

    /// Per entry of `entries`, the record of its note when its size and modification
    /// time are those cached; `nil` when it changed or is not in the cache.
    public func unchanged(_ entries: [NoteFiles.Entry]) -> [Int?] {
      var byPath: [String: Int]?
      return entries.enumerated().map { position, entry in
        var record: Int?
        // Usually the listing is the cache's list: note for note, in the same order.
        if position < paths.count && paths[position] == entry.path {
          record = position
        } else {
          if byPath == nil {
            byPath = Dictionary(paths.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
          }
          record = byPath?[entry.path]
        }
        guard let record, sizes[record] == entry.size, modified[record] == entry.modified else { return nil }
        return record
      }
    }

    /// The box of record `index`, decoded when first read.
    public func box(at index: Int) -> NoteBox { NoteBox(archived: index, path: paths[index], in: self) }

    /// Reads the words section now (the first decoding would); whether it is usable.
    @discardableResult
    public func readWords() -> Bool { wordBytes() != nil }

    private func wordBytes() -> [UInt8]? {
      words.withLock { words in
        switch words {
        case .read(let bytes): return bytes
        case .unusable: return nil
        case .unread(let descriptor, let offset, let length, let checksum):
          let bytes = readAll(descriptor, count: length, at: offset)
          close(descriptor)
          guard let bytes, bytes.withUnsafeBytes({ Layout.combine(0, Layout.hash($0)) }) == checksum else {
            words = .unusable
            return nil
          }
          words = .read(bytes)
          return bytes
        }
      }
    }

    /// The summary of record `index`: its structure and its words (when the words
    /// cannot be read, waiting for them, ``NoteWords/Pending`` with unknown code
    /// blocks, so that they are read from the file again); `nil` when the record does
    /// not read back.
    public func summary(at index: Int) -> NoteSummary? { summary(at: index, words: true) }

    /// The path and prompts of record `index`, read without the rest of its summary;
    /// `nil` when they do not read back.
    public func promptMarks(at index: Int) -> (path: String, prompts: [PromptMark])? {
      structure(at: index) { try? SummaryArchive.readPrompts($0) }
    }

    /// The path, prompts, title and tags of record `index`, read without the rest of
    /// its summary; `nil` when they do not read back.
    func reviewFields(at index: Int) -> (
      path: String, prompts: [PromptMark], title: String?, tags: [NoteSummary.TagUse]
    )? {
      structure(at: index) { try? SummaryArchive.readReviewFields($0) }
    }

    /// What `read` makes of record `index`'s structure; `nil` when it is not there.
    private func structure<T>(at index: Int, _ read: (UnsafeRawBufferPointer) -> T?) -> T? {
      guard index >= 0, index < paths.count else { return nil }
      return front.withUnsafeBytes { all -> T? in
        func end(_ index: Int) -> Int {
          index < 0
            ? 0
            : Int(
              truncatingIfNeeded: UInt64(
                littleEndian: all.loadUnaligned(fromByteOffset: structureEnds + index * 8, as: UInt64.self)))
        }
        let start = end(index - 1)
        let stop = end(index)
        guard start >= 0, start <= stop, stop <= structureLength else { return nil }
        return read(UnsafeRawBufferPointer(rebasing: all[(structureStart + start)..<(structureStart + stop)]))
      }
    }

    /// ``summary(at:)``, without reading the words when not `words` (the summary then
    /// has an empty word table and waits for none: enough to take the note out of the
    /// tables).
    public func summary(at index: Int, words withWords: Bool) -> NoteSummary? {
      guard index >= 0, index < paths.count else { return nil }
      let words = withWords ? wordBytes() : nil
      return front.withUnsafeBytes { all -> NoteSummary? in
        func end(_ table: Int, _ index: Int) -> Int {
          index < 0
            ? 0
            : Int(
              truncatingIfNeeded: UInt64(
                littleEndian: all.loadUnaligned(fromByteOffset: table + index * 8, as: UInt64.self)))
        }
        let start = end(structureEnds, index - 1)
        let stop = end(structureEnds, index)
        guard start >= 0, start <= stop, stop <= structureLength else { return nil }
        let record = UnsafeRawBufferPointer(rebasing: all[(structureStart + start)..<(structureStart + stop)])
        var offset = 0
        guard var summary = try? SummaryArchive.readStructure(record, at: &offset), offset == record.count else {
          return nil
        }
        let wordStart = end(wordEnds, index - 1)
        let wordStop = end(wordEnds, index)
        let terms = words?.withUnsafeBytes { section -> TermTable? in
          guard wordStart >= 0, wordStart <= wordStop, wordStop <= section.count else { return nil }
          let table = UnsafeRawBufferPointer(rebasing: section[wordStart..<wordStop])
          var offset = 0
          guard let terms = try? SummaryArchive.readTerms(table, at: &offset), offset == table.count else { return nil }
          return terms
        }
        // The file's time is the notes table's, not the archived summary's.
        summary.modified = modified[index]
        if let terms {
          summary.terms = terms
        } else if withWords {
          summary.wordsPending = NoteWords.Pending(knowsCode: true)
        }
        return summary
      }
    }
  }

  /// Opens the cache: reads and checks everything but the words (``Image``); the
  /// library's tables are decoded now unless not `withTables` (review reads the notes'
  /// prompts alone: then when first read).
  public func open(withTables: Bool = true) -> Result<Image, Problem> {
    let descriptor = openForReading(path)
    guard descriptor >= 0 else {
      return .failure(errno == ENOENT ? .missing : .unreadable(String(cString: strerror(errno))))
    }
    var keepOpen = false
    defer { if !keepOpen { close(descriptor) } }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      return .failure(.unreadable("not a regular file"))
    }
    let size = Int(info.st_size)
    guard let head = readAll(descriptor, count: min(size, 64 * 1024), at: 0) else {
      return .failure(.unreadable(String(cString: strerror(errno))))
    }
    var header: (count: Int, lengths: [Int], checksums: [UInt64], length: Int)?
    let problem = head.withUnsafeBytes { buffer -> Problem? in
      var reader = ArchiveReader(buffer: buffer, offset: 0)
      guard buffer.count >= Self.magic.count, buffer.prefix(Self.magic.count).elementsEqual(Self.magic) else {
        return .corrupt("not an index cache")
      }
      reader.offset = Self.magic.count
      guard let version = reader.fixed(UInt32.self), version == Self.version, let print = try? reader.string(),
        print == fingerprint
      else { return .outdated }
      guard let count = reader.fixed(UInt32.self) else { return .corrupt("truncated") }
      var lengths: [Int] = []
      var checksums: [UInt64] = []
      for _ in 0..<4 {
        guard let length = reader.fixed(UInt64.self), length < UInt64(Int.max / 8) else { return .corrupt("truncated") }
        lengths.append(Int(length))
      }
      for _ in 0..<2 {
        guard let checksum = reader.fixed(UInt64.self) else { return .corrupt("truncated") }
        checksums.append(checksum)
      }
      header = (Int(count), lengths, checksums, reader.offset)
      return nil
    }
    if let problem { return .failure(problem) }
    guard let header, header.length + header.lengths.reduce(0, +) == size else {
      return .failure(.corrupt("truncated"))
    }
    let frontLength = header.length + header.lengths[0] + header.lengths[1] + header.lengths[2]
    guard let front = readAll(descriptor, count: frontLength, at: 0) else {
      return .failure(.unreadable(String(cString: strerror(errno))))
    }
    let notesStart = header.length
    let tablesStart = notesStart + header.lengths[0]
    let structureStart = tablesStart + header.lengths[1]
    let parsed = front.withUnsafeBytes { all -> Result<Image, Problem> in
      var checksum: UInt64 = 0
      for (start, length) in [
        (notesStart, header.lengths[0]), (tablesStart, header.lengths[1]), (structureStart, header.lengths[2]),
      ] {
        checksum = Layout.combine(
          checksum, Layout.hash(UnsafeRawBufferPointer(rebasing: all[start..<(start + length)])))
      }
      guard checksum == header.checksums[0] else { return .failure(.corrupt("checksum")) }
      let count = header.count
      let notes = UnsafeRawBufferPointer(rebasing: all[notesStart..<tablesStart])
      guard count <= notes.count / 16 else { return .failure(.corrupt("bad note table")) }
      var reader = ArchiveReader(buffer: notes, offset: 0)
      var paths: [String] = []
      var sizes: [Int] = []
      var modified: [Int64] = []
      paths.reserveCapacity(count)
      sizes.reserveCapacity(count)
      modified.reserveCapacity(count)
      for _ in 0..<count {
        guard let path = try? reader.string(), let size = try? reader.int(), let time = try? reader.int() else {
          return .failure(.corrupt("bad note table"))
        }
        paths.append(path)
        sizes.append(size)
        modified.append(Int64(time))
      }
      guard reader.offset + count * 16 == notes.count else { return .failure(.corrupt("bad note table")) }
      return .success(
        Image(
          paths: paths, sizes: sizes, modified: modified, tables: tablesStart..<structureStart, front: front,
          structureEnds: notesStart + reader.offset, wordEnds: notesStart + reader.offset + count * 8,
          structure: structureStart..<(structureStart + header.lengths[2]),
          words: (descriptor, frontLength, header.lengths[3], header.checksums[1])))
    }
    if case .success(let image) = parsed {
      // The image closes the file.
      keepOpen = true
      if withTables && image.readTables() == nil { return .failure(.corrupt("bad tables")) }
    }
    return parsed
  }
}

/// `open(2)` for reading, outside ``IndexCache`` whose `open()` would shadow it.
private func openForReading(_ path: String) -> Int32 { open(path, O_RDONLY | O_CLOEXEC) }

/// Reads `count` bytes at `offset` of `descriptor`; `nil` (with `errno`) when it
/// cannot, or when the file is shorter.
private func readAll(_ descriptor: Int32, count: Int, at offset: Int) -> [UInt8]? {
  // An empty array made with `unsafeUninitializedCapacity` would write to the storage
  // every empty array shares.
  guard count > 0 else { return [] }
  var failed = false
  let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
    var done = 0
    while done < count {
      let result = pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
      if result < 0 && errno == EINTR { continue }
      if result <= 0 {
        failed = true
        break
      }
      done += result
    }
    // Bytes are plain values: what was not read is never looked at.
    initialized = failed ? 0 : count
  }
  return failed ? nil : bytes
}

extension ArchiveReader {
  /// A little-endian integer of fixed width; `nil` past the end.
  fileprivate mutating func fixed<T: FixedWidthInteger>(_ type: T.Type) -> T? {
    guard offset + MemoryLayout<T>.size <= buffer.count else { return nil }
    defer { offset += MemoryLayout<T>.size }
    return T(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: T.self))
  }
}

extension IndexCache {
  /// The index cache opened, with the library made from it: every note it holds, in
  /// one box each (decoded when first read), with the stored tables. It can be made
  /// while the folders are listed; ``keep(_:excluding:)`` then takes out what the
  /// listing found changed. The server's first indexing and the command line start
  /// from it alike.
  public struct OpenedLibrary: Sendable {
    public let image: Image
    /// Per record of `image`, its box.
    public let boxes: [NoteBox]
    public private(set) var library: LibraryImage

    /// The library of `image`; `nil` when its tables do not read back.
    public init?(_ image: Image) {
      guard let tables = image.readTables() else { return nil }
      self.image = image
      boxes = (0..<image.count).map { image.box(at: $0) }
      library = LibraryImage(notes: Array(zip(image.paths, boxes)), tables: tables)
    }

    /// Keeps in the library only the notes of `entries` (a listing of the roots) whose
    /// files are unchanged, less those at `excluded` paths (open in an editor: their
    /// text is newer than their file). Returns per entry its record when its file is
    /// unchanged (an excluded note's too: the record still says what its file holds),
    /// `nil` for a note to read from its file; `nil` when a record to take out does
    /// not read back (the cache is damaged: start without it).
    public mutating func keep(_ entries: [NoteFiles.Entry], excluding excluded: Set<String> = []) -> [Int?]? {
      let unchanged = image.unchanged(entries)
      var kept = [Bool](repeating: false, count: image.count)
      for (entry, record) in zip(entries, unchanged) {
        guard let record, !excluded.contains(entry.path) else { continue }
        kept[record] = true
      }
      // The library made from the cache has every note it holds: those not kept
      // (changed, deleted, excluded) are taken out of it and of its tables.
      for record in kept.indices where !kept[record] {
        guard let summary = image.summary(at: record, words: false) else { return nil }
        library.drop(image.paths[record], counted: summary)
      }
      return unchanged
    }
  }
}
