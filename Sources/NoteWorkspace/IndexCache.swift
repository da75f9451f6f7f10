import Dispatch
public import NoteIntelligence

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

  /// Bumped whenever ``NoteSummary`` or its archive changes.
  static let version: UInt32 = 3
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

  /// `path` as an absolute path without `.` and `..` components (the current folder
  /// before a relative one), as a root's path is written in a `file:` URI.
  public static func absolutePath(_ path: String) -> String {
    var full = path
    if !path.hasPrefix("/") {
      var buffer = [CChar](repeating: 0, count: 4096)
      let current =
        getcwd(&buffer, buffer.count) != nil
        ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "/"
      full = current + "/" + path
    }
    var parts: [Substring] = []
    for part in full.split(separator: "/") where part != "." {
      if part == ".." { _ = parts.popLast() } else { parts.append(part) }
    }
    return "/" + parts.joined(separator: "/")
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
    public var summary: NoteSummary

    public init(entry: NoteFiles.Entry, summary: NoteSummary) {
      self.entry = entry
      self.summary = summary
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
  /// are unchanged, by path, read on every core. Without `words`, their word tables
  /// are skipped (the summaries wait for their words, ``NoteSummary/wordsPending``).
  public func load(
    matching entries: [NoteFiles.Entry], words: Bool = true
  ) -> Result<[String: NoteSummary], Problem> {
    decode(matching: entries) { buffer, offset, path in
      guard let summary = try? SummaryArchive.read(buffer, at: &offset, words: words), summary.path == path else {
        return nil
      }
      return summary
    }
  }

  /// The cached word tables (with the length of the text they were read from) of the
  /// notes in `entries` whose size and modification time are unchanged, by path: the
  /// second pass of an indexing from the cache, which makes nothing else.
  public func loadWords(
    matching entries: [NoteFiles.Entry]
  ) -> Result<[String: (terms: TermTable, byteCount: Int)], Problem> {
    decode(matching: entries) { buffer, offset, _ in try? SummaryArchive.readWords(buffer, at: &offset) }
  }

  /// The records of the notes in `entries` whose files are unchanged, each read by
  /// `read` (given the record's path; `nil`: corrupt), on every core.
  private func decode<Value: Sendable>(
    matching entries: [NoteFiles.Entry], _ read: @Sendable (UnsafeRawBufferPointer, inout Int, String) -> Value?
  ) -> Result<[String: Value], Problem> {
    guard let bytes = NoteFiles.readBytes(path) else {
      return .failure(errno == ENOENT ? .missing : .unreadable(String(cString: strerror(errno))))
    }
    let wanted = Dictionary(entries.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
    return bytes.withUnsafeBytes { buffer -> Result<[String: Value], Problem> in
      var reader = ArchiveHeaderReader(buffer: buffer)
      guard reader.matches(Self.magic) else { return .failure(.corrupt("not an index cache")) }
      guard let version = reader.uint32(), version == Self.version, let print = reader.string(), print == fingerprint
      else { return .failure(.outdated) }
      guard let count = reader.uint32(), let offsets = reader.offsets(Int(count)) else {
        return .failure(.corrupt("bad record table"))
      }
      let chunk = 256
      let chunks = (offsets.count + chunk - 1) / chunk
      var results = [[String: Value]?](repeating: nil, count: chunks)
      results.withUnsafeMutableBufferPointer { slots in
        nonisolated(unsafe) let slots = slots
        // Read only, while `bytes` is alive.
        nonisolated(unsafe) let buffer = buffer
        // Each iteration writes only its own slot.
        DispatchQueue.concurrentPerform(iterations: chunks) { index in
          var found: [String: Value] = [:]
          for record in (index * chunk)..<min((index + 1) * chunk, offsets.count) {
            var offset = offsets[record]
            guard let stamp = Self.readStamp(buffer, &offset) else {
              slots[index] = nil
              return
            }
            guard let entry = wanted[stamp.path], entry.size == stamp.size, entry.modified == stamp.modified else {
              continue
            }
            guard let value = read(buffer, &offset, stamp.path) else {
              slots[index] = nil
              return
            }
            found[stamp.path] = value
          }
          slots[index] = found
        }
      }
      var all: [String: Value] = [:]
      all.reserveCapacity(wanted.count)
      for result in results {
        guard let result else { return .failure(.corrupt("a record does not read back")) }
        all.merge(result) { a, _ in a }
      }
      return .success(all)
    }
  }

  /// Writes `records` as the new cache: to a temporary file beside it, then renamed.
  /// A summary still waiting for its words is left out (read again next time).
  public func save(_ records: [Record]) throws(Problem) {
    let records = records.filter { $0.summary.wordsPending == nil }
    var header: [UInt8] = Self.magic
    Self.append(Self.version, to: &header)
    var printBytes = ArchiveWriter(bytes: [])
    printBytes.string(fingerprint)
    header += printBytes.bytes
    Self.append(UInt32(records.count), to: &header)
    var body = ArchiveWriter(bytes: [])
    var offsets: [UInt64] = []
    for record in records {
      offsets.append(UInt64(body.bytes.count))
      body.string(record.entry.path)
      body.int(record.entry.size)
      body.int(Int(record.entry.modified))
      SummaryArchive.write(record.summary, to: &body)
    }
    let base = header.count + offsets.count * 8
    for offset in offsets { Self.append(UInt64(base) + offset, to: &header) }
    if let reason = AtomicFile.write(parts: [header, body.bytes], to: path) { throw .unreadable(reason) }
  }

  private static func readStamp(
    _ buffer: UnsafeRawBufferPointer, _ offset: inout Int
  ) -> (path: String, size: Int, modified: Int64)? {
    guard offset >= 0, offset < buffer.count else { return nil }
    var reader = ArchiveReader(buffer: buffer, offset: offset)
    guard let path = try? reader.string(), let size = try? reader.int(), let modified = try? reader.int() else {
      return nil
    }
    offset = reader.offset
    return (path, size, Int64(modified))
  }

  private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }
}

/// Reads the cache file's header.
private struct ArchiveHeaderReader {
  let buffer: UnsafeRawBufferPointer
  var offset = 0

  init(buffer: UnsafeRawBufferPointer) { self.buffer = buffer }

  mutating func matches(_ bytes: [UInt8]) -> Bool {
    guard buffer.count >= bytes.count, buffer.prefix(bytes.count).elementsEqual(bytes) else { return false }
    offset = bytes.count
    return true
  }

  mutating func uint32() -> UInt32? {
    guard offset + 4 <= buffer.count else { return nil }
    defer { offset += 4 }
    return UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
  }

  mutating func string() -> String? {
    var reader = ArchiveReader(buffer: buffer, offset: offset)
    guard let text = try? reader.string() else { return nil }
    offset = reader.offset
    return text
  }

  mutating func offsets(_ count: Int) -> [Int]? {
    guard count >= 0, count <= (buffer.count - offset) / 8 else { return nil }
    var result: [Int] = []
    result.reserveCapacity(count)
    for index in 0..<count {
      let value = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset + index * 8, as: UInt64.self))
      guard value < UInt64(buffer.count) else { return nil }
      result.append(Int(value))
    }
    offset += count * 8
    return result
  }
}
