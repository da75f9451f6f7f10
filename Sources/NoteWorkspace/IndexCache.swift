import Dispatch
public import NoteIntelligence
import SystemIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The library index on disk, so that a second start reads summaries instead of
/// parsing every note again. One file per set of roots under the cache folder:
/// versioned, validated per note by size and modification time, written to a
/// temporary file and renamed into place (a reader never sees half a file), and
/// ignored (then rebuilt) when it does not read back.
public struct IndexCache: Sendable {
  /// The cache file.
  public let path: String
  /// What else the summaries depend on (settings such as `index.maxFileSize`).
  public let fingerprint: String

  /// Bumped whenever ``NoteSummary``, what it holds (a note's title: its file name
  /// when it has no other; its links; headings and code as the CommonMark block
  /// structure gives them, links that use reference definitions and lists nested in
  /// lists of the same kind included; its prompts, their ids as numbers; the questions
  /// of every pair, in list items and quotes too; the anchors raw HTML declares) or its
  /// archive changes.
  static let version: UInt32 = 14
  static let magic: [UInt8] = Array("BNIDX".utf8)

  /// The cache of the library made of `roots`, in `directory`.
  public init(directory: String, roots: [String], fingerprint: String) {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in roots.sorted().joined(separator: "\n").utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    let name = String(hash, radix: 16)
    path = NoteFiles.join(directory, "index-\(String(repeating: "0", count: 16 - name.count) + name).bin")
    self.fingerprint = fingerprint
  }

  /// The cache of the library made of `roots` (absolute folder paths) under `settings`
  /// (its folder, and what else the summaries depend on), the same for the server and
  /// the command line; `nil` when there is no cache folder.
  public static func library(roots: [String], settings: LibrarySettings) -> IndexCache? {
    guard let directory = settings.cacheDirectory ?? defaultDirectory() else { return nil }
    return IndexCache(directory: directory, roots: roots, fingerprint: "maxFileSize=\(settings.index.maxFileSize)")
  }

  /// The platform's user cache folder for BookNotes: `$XDG_CACHE_HOME/booknotes` or
  /// `~/.cache/booknotes` (`~/Library/Caches/booknotes` on macOS).
  public static func defaultDirectory() -> String? {
    #if canImport(Darwin)
      return getenv("HOME").map { NoteFiles.join(String(cString: $0), "Library/Caches/booknotes") }
    #else
      if let xdg = getenv("XDG_CACHE_HOME"), xdg.pointee != 0 {
        return NoteFiles.join(String(cString: xdg), "booknotes")
      }
      return getenv("HOME").map { NoteFiles.join(String(cString: $0), ".cache/booknotes") }
    #endif
  }

  /// A summary with the file state it was made from.
  public struct Record: Sendable {
    public var entry: NoteFiles.Entry
    /// The summary in its box: a record read from the cache holds the cache's box,
    /// decoded when first read and shared with the library.
    public var box: NoteBox
    public var summary: NoteSummary {
      get { box.summary }
      set { box = NoteBox(newValue) }
    }

    public init(entry: NoteFiles.Entry, summary: NoteSummary) {
      self.entry = entry
      box = NoteBox(summary)
    }

    public init(entry: NoteFiles.Entry, box: NoteBox) {
      self.entry = entry
      self.box = box
    }
  }

  /// Why the cache was not used.
  public enum Problem: Error, CustomStringConvertible {
    case missing
    case unreadable(String)
    case outdated
    case corrupt(String)

    public var description: String {
      switch self {
      case .missing: "no index cache yet"
      case .unreadable(let reason): "cannot read the index cache: \(reason)"
      case .outdated: "the index cache is from another version or other settings"
      case .corrupt(let reason): "the index cache is corrupt (\(reason)); rebuilding it"
      }
    }
  }

  /// The cached summaries of the notes in `entries` whose size and modification time
  /// are unchanged, by path, decoded on every core (the command line's library; the
  /// server reads the cache with ``open()``).
  public func load(matching entries: [NoteFiles.Entry]) -> Result<[String: NoteSummary], Problem> {
    let image: Image
    switch open() {
    case .success(let opened): image = opened
    case .failure(let problem): return .failure(problem)
    }
    let records = image.unchanged(entries).compactMap { $0 }
    var found = [NoteSummary?](repeating: nil, count: records.count)
    found.withUnsafeMutableBufferPointer { buffer in
      nonisolated(unsafe) let slots = buffer
      // Each iteration writes only its own slots.
      DispatchQueue.concurrentPerform(iterations: 8) { part in
        for index in stride(from: part, to: records.count, by: 8) {
          slots[index] = image.summary(at: records[index])
        }
      }
    }
    var all: [String: NoteSummary] = [:]
    all.reserveCapacity(records.count)
    for summary in found {
      guard let summary, summary.wordsPending == nil else { return .failure(.corrupt("a record does not read back")) }
      all[summary.path] = summary
    }
    return .success(all)
  }

  /// Writes `records` as the new cache: to a temporary file beside it, then renamed.
  /// A summary still waiting for its words is left out (read again next time), and
  /// so is a second record of one path.
  public func save(_ records: [Record]) throws(Problem) {
    var seen: Set<String> = []
    let records = records.filter { $0.summary.wordsPending == nil }.sorted { $0.entry.path < $1.entry.path }
      .filter { seen.insert($0.entry.path).inserted }
    let summaries = records.map(\.summary)
    var notes = ArchiveWriter(bytes: [])
    var structure = ArchiveWriter(bytes: [])
    var words = ArchiveWriter(bytes: [])
    var structureEnds: [UInt64] = []
    var wordEnds: [UInt64] = []
    structureEnds.reserveCapacity(records.count)
    wordEnds.reserveCapacity(records.count)
    for (record, summary) in zip(records, summaries) {
      notes.string(record.entry.path)
      notes.int(record.entry.size)
      notes.int(Int(record.entry.modified))
      SummaryArchive.writeStructure(summary, to: &structure)
      structureEnds.append(UInt64(structure.bytes.count))
      SummaryArchive.writeTerms(summary.terms, to: &words)
      wordEnds.append(UInt64(words.bytes.count))
    }
    for end in structureEnds { Self.append(end, to: &notes.bytes) }
    for end in wordEnds { Self.append(end, to: &notes.bytes) }
    var tables = ArchiveWriter(bytes: [])
    let index = Dictionary(records.enumerated().map { ($1.entry.path, $0) }, uniquingKeysWith: { a, _ in a })
    SummaryArchive.write(LibraryTables(of: summaries), notes: index, to: &tables)
    let header = Layout.header(
      fingerprint: fingerprint, count: records.count,
      lengths: [notes.bytes.count, tables.bytes.count, structure.bytes.count, words.bytes.count],
      checksums: [Layout.checksum([notes.bytes, tables.bytes, structure.bytes]), Layout.checksum([words.bytes])])
    if let reason = AtomicFile.write(
      parts: [header, notes.bytes, tables.bytes, structure.bytes, words.bytes], to: path)
    {
      throw .unreadable(reason)
    }
  }

  static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }
}
