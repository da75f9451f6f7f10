public import NoteIntelligence
import SystemIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The review logs of a library root: `.booknotes/reviews.tsv`, appended one line per
/// grade and never rewritten, and every other `reviews*.tsv` beside it (a sync
/// service's conflicted copy), all read and merged.
public enum ReviewLogFiles {
  /// The folder of the logs under `root`.
  public static func folder(root: String) -> String { Files.join(root, ".booknotes") }

  /// The log grades are appended to.
  public static func path(root: String) -> String { Files.join(folder(root: root), "reviews.tsv") }

  /// The log files under `root`, sorted: `reviews.tsv` and every `reviews*.tsv`.
  public static func files(root: String) -> [String] {
    let folder = folder(root: root)
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasPrefix("reviews") && name.hasSuffix(".tsv") { names.append(name) }
    }
    return names.sorted().map { Files.join(folder, $0) }
  }

  /// The records of one log's `bytes` and, when some lines do not read, one warning
  /// naming `path`, how many lines and the first of them.
  public static func records(of bytes: [UInt8], path: String) -> (records: [ReviewRecord], warning: String?) {
    let lines = bytes.withUnsafeBufferPointer { Lines($0, firstLine: 1) }
    return (lines.records, warning(path: path, malformed: lines.malformed, firstMalformed: lines.firstMalformed))
  }

  /// What the lines of a log, or of its end from a line's start, hold.
  public struct Lines: Sendable {
    public var records: [ReviewRecord] = []
    /// Lines that do not read, and the number of the first of them (0 when none).
    public var malformed = 0
    public var firstMalformed = 0
    /// The line feeds read.
    public var lineBreaks = 0

    /// Reads `bytes`, its first line numbered `firstLine`: lines split on the byte (as
    /// characters, a carriage return and a line feed are one) and read in place.
    public init(_ bytes: UnsafeBufferPointer<UInt8>, firstLine: Int) {
      records.reserveCapacity(bytes.count / 40)
      var number = firstLine - 1
      var start = 0
      while start <= bytes.count {
        var end = start
        while end < bytes.count && bytes[end] != 0x0A { end += 1 }
        number += 1
        if end < bytes.count { lineBreaks += 1 }
        switch ReviewRecord.read(bytes: UnsafeBufferPointer(rebasing: bytes[start..<end])) {
        case .record(let record): records.append(record)
        case .ignored: break
        case .malformed:
          if malformed == 0 { firstMalformed = number }
          malformed += 1
        }
        start = end + 1
      }
    }
  }

  /// The warning for a log at `path` with `malformed` lines that do not read, the
  /// first of them numbered `firstMalformed`; `nil` when every line reads.
  public static func warning(path: String, malformed: Int, firstMalformed: Int) -> String? {
    guard malformed > 0 else { return nil }
    let lines =
      malformed == 1 ? "line \(firstMalformed) does" : "\(malformed) lines (the first: line \(firstMalformed)) do"
    return "\(path): \(lines) not read as a review (time, prompt id, grade 1-4, seconds); skipped"
  }

  /// Every record of every log under `root`, and a warning per file with lines that do
  /// not read or that cannot be read at all.
  public static func read(root: String) -> (records: [ReviewRecord], warnings: [String]) {
    var records: [ReviewRecord] = []
    var warnings: [String] = []
    for file in files(root: root) {
      guard let bytes = Files.readBytes(file) else {
        warnings.append("\(file): cannot read: \(String(cString: strerror(errno)))")
        continue
      }
      let read = Self.records(of: bytes, path: file)
      records += read.records
      if let warning = read.warning { warnings.append(warning) }
    }
    return (records, warnings)
  }

  /// Appends `record`'s line to `root`'s `reviews.tsv` (created with its folder when
  /// missing) in one write; a line break first when the file's last line has none.
  /// Returns why it failed, `nil` when the line is written.
  public static func append(_ record: ReviewRecord, root: String) -> String? {
    let folder = folder(root: root)
    AtomicFile.makeFolders(folder)
    let path = path(root: root)
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return "\(path): \(String(cString: strerror(errno)))" }
    defer { close(descriptor) }
    var bytes = Array(record.line.utf8)
    var info = stat()
    if fstat(descriptor, &info) == 0, info.st_size > 0 {
      var last: UInt8 = 0
      let reader = open(path, O_RDONLY | O_CLOEXEC)
      if reader >= 0 {
        if pread(reader, &last, 1, off_t(info.st_size - 1)) == 1, last != 0x0A { bytes.insert(0x0A, at: 0) }
        close(reader)
      }
    }
    guard writeAll(descriptor, bytes) else { return "\(path): \(String(cString: strerror(errno)))" }
    return nil
  }
}
