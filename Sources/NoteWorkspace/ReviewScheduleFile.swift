import NoteIntelligence
import ReviewScheduling
import SystemIO

/// The review schedule (``ReviewSchedule``) kept in the cache folder beside the index
/// cache, so that a command learns what is due without reading and replaying the
/// whole log: with each log file's path, size, time and a hash of its bytes when
/// replayed. It is ours, never the reader's: the logs stay the only record, and a file
/// that does not read back, or is from another version or retention, is not used.
///
/// Layout: `BNREV`, the version (u32), the length of the rest (u64) and its checksum
/// (u64, ``Layout/hash(_:)``); then, as ``ArchiveWriter`` writes them, the retention's
/// bits, the log files (path, size, time, hash, line breaks, lines that do not read
/// and the first of them), the latest review, and the prompts' cards and other ids.
struct ReviewScheduleFile {
  static let magic: [UInt8] = Array("BNREV".utf8)
  static let version: UInt32 = 1

  /// A log file as it was when its records were replayed.
  struct Log: Sendable, Equatable {
    var path: String
    var size: Int
    var modified: Int64
    /// ``Layout/hash(_:)`` of its bytes.
    var hash: UInt64
    var lineBreaks: Int
    var malformed: Int
    /// The number of the first line that does not read (0 when none).
    var firstMalformed: Int
    /// Whether it ends with a line break: only then can an appended line be read alone.
    var endsWithLineBreak: Bool

    /// Whether `entry` shows the file as it was.
    func matches(_ entry: NoteFiles.Entry) -> Bool {
      entry.path == path && entry.size == size && entry.modified == modified
    }

    /// The warning for its lines that do not read, if any.
    var warning: String? { ReviewLogFiles.warning(path: path, malformed: malformed, firstMalformed: firstMalformed) }
  }

  /// What the file holds.
  struct Contents: Sendable, Equatable {
    var retention: Double
    var logs: [Log]
    var schedule: ReviewSchedule
  }

  /// The file for the library of `roots` in the cache folder `directory`.
  let path: String

  init(directory: String, roots: [String]) {
    path = IndexCache(directory: directory, roots: roots, fingerprint: "").path.replacingIndexPrefix()
  }

  /// What the file holds; `nil` when it is missing, with a reason when it does not read.
  func load() -> Result<Contents, Problem> {
    guard let bytes = Files.readBytes(path) else { return .failure(.missing) }
    return bytes.withUnsafeBytes { Self.decode($0) }
  }

  enum Problem: Error, Equatable, CustomStringConvertible {
    case missing
    case outdated
    case corrupt(String)

    var description: String {
      switch self {
      case .missing: "no review schedule cache yet"
      case .outdated: "the review schedule cache is from another version"
      case .corrupt(let reason): "the review schedule cache is corrupt (\(reason)); replaying the review logs"
      }
    }
  }

  static func decode(_ buffer: UnsafeRawBufferPointer) -> Result<Contents, Problem> {
    let headerLength = magic.count + 4 + 16
    guard buffer.count >= headerLength, buffer.prefix(magic.count).elementsEqual(magic) else {
      return .failure(.corrupt("not a review schedule"))
    }
    let version = UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: magic.count, as: UInt32.self))
    guard version == Self.version else { return .failure(.outdated) }
    let length = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: magic.count + 4, as: UInt64.self))
    let checksum = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: magic.count + 12, as: UInt64.self))
    guard length == UInt64(buffer.count - headerLength) else { return .failure(.corrupt("truncated")) }
    let body = UnsafeRawBufferPointer(rebasing: buffer[headerLength...])
    guard Layout.hash(body) == checksum else { return .failure(.corrupt("checksum")) }
    var reader = ArchiveReader(buffer: body, offset: 0)
    do throws(SummaryArchive.Corrupt) {
      let retention = Double(bitPattern: UInt64(bitPattern: Int64(try reader.int())))
      var logs: [Log] = []
      for _ in 0..<(try reader.count()) {
        logs.append(
          Log(
            path: try reader.string(), size: try reader.int(), modified: Int64(try reader.int()),
            hash: UInt64(bitPattern: Int64(try reader.int())), lineBreaks: try reader.int(),
            malformed: try reader.int(), firstMalformed: try reader.int(), endsWithLineBreak: try reader.int() == 1))
      }
      let latestReview = Int64(try reader.int())
      let count = try reader.count()
      var ids: [PromptID] = []
      var entries: [ReviewSchedule.Entry] = []
      ids.reserveCapacity(count)
      entries.reserveCapacity(count)
      for _ in 0..<count {
        ids.append(
          PromptID(hash: UInt64(bitPattern: Int64(try reader.int())), occurrence: UInt32(clamping: try reader.int())))
        entries.append(try readEntry(&reader))
      }
      var others: [String: Int64] = [:]
      for _ in 0..<(try reader.count()) { others[try reader.string()] = Int64(try reader.int()) }
      guard reader.offset == body.count,
        let schedule = ReviewSchedule(ids: ids, entries: entries, others: others, latestReview: latestReview)
      else { return .failure(.corrupt("its tables do not agree")) }
      return .success(Contents(retention: retention, logs: logs, schedule: schedule))
    } catch {
      return .failure(.corrupt("a record does not read back at byte \(error.offset)"))
    }
  }

  private static func readEntry(_ reader: inout ArchiveReader) throws(SummaryArchive.Corrupt) -> ReviewSchedule.Entry {
    var card = ReviewCard()
    switch try reader.int() {
    case 0: card.state = .learning
    case 1: card.state = .review
    case 2: card.state = .relearning
    default: throw reader.corrupt
    }
    card.step = try reader.int()
    card.reviews = try reader.int()
    card.lapses = try reader.int()
    let present = try reader.int()
    if present & 1 != 0 { card.stability = Double(bitPattern: UInt64(bitPattern: Int64(try reader.int()))) }
    if present & 2 != 0 { card.difficulty = Double(bitPattern: UInt64(bitPattern: Int64(try reader.int()))) }
    if present & 4 != 0 { card.due = Int64(try reader.int()) }
    if present & 8 != 0 { card.lastReview = Int64(try reader.int()) }
    return ReviewSchedule.Entry(card: card, firstReview: Int64(try reader.int()))
  }

  static func encode(_ contents: Contents) -> [UInt8] {
    var writer = ArchiveWriter(bytes: [])
    writer.int(Int(Int64(bitPattern: contents.retention.bitPattern)))
    writer.int(contents.logs.count)
    for log in contents.logs {
      writer.string(log.path)
      writer.int(log.size)
      writer.int(Int(log.modified))
      writer.int(Int(Int64(bitPattern: log.hash)))
      writer.int(log.lineBreaks)
      writer.int(log.malformed)
      writer.int(log.firstMalformed)
      writer.int(log.endsWithLineBreak ? 1 : 0)
    }
    let schedule = contents.schedule
    writer.int(Int(schedule.latestReview))
    writer.int(schedule.ids.count)
    for (id, entry) in zip(schedule.ids, schedule.entries) {
      writer.int(Int(Int64(bitPattern: id.hash)))
      writer.int(Int(id.occurrence))
      let card = entry.card
      writer.int(card.state == .learning ? 0 : card.state == .review ? 1 : 2)
      writer.int(card.step)
      writer.int(card.reviews)
      writer.int(card.lapses)
      let present =
        (card.stability == nil ? 0 : 1) | (card.difficulty == nil ? 0 : 2) | (card.due == nil ? 0 : 4)
        | (card.lastReview == nil ? 0 : 8)
      writer.int(present)
      if let stability = card.stability { writer.int(Int(Int64(bitPattern: stability.bitPattern))) }
      if let difficulty = card.difficulty { writer.int(Int(Int64(bitPattern: difficulty.bitPattern))) }
      if let due = card.due { writer.int(Int(due)) }
      if let lastReview = card.lastReview { writer.int(Int(lastReview)) }
      writer.int(Int(entry.firstReview))
    }
    writer.int(schedule.others.count)
    for (id, first) in schedule.others.sorted(by: { $0.key < $1.key }) {
      writer.string(id)
      writer.int(Int(first))
    }
    var header = magic
    IndexCache.append(version, to: &header)
    IndexCache.append(UInt64(writer.bytes.count), to: &header)
    writer.bytes.withUnsafeBytes { IndexCache.append(Layout.hash($0), to: &header) }
    return header + writer.bytes
  }

  /// Writes `contents` (to a temporary file, then renamed); why it failed, or `nil`.
  func save(_ contents: Contents) -> String? {
    AtomicFile.write(parts: [Self.encode(contents)], to: path)
  }
}

extension String {
  /// An index cache's path (`…/index-HASH.bin`) as the review schedule's (`…/reviews-HASH.bin`).
  fileprivate func replacingIndexPrefix() -> String {
    guard let slash = lastIndex(of: "/") else { return "reviews-" + dropFirst("index-".count) }
    let name = self[index(after: slash)...]
    return String(self[...slash]) + "reviews-" + name.dropFirst("index-".count)
  }
}
