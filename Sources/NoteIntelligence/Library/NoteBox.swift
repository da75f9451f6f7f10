import Locking
import Synchronization

/// Where a summary not decoded yet is kept: the index cache's records, read once the
/// summary is first needed.
public protocol SummarySource: AnyObject, Sendable {
  /// The summary of record `index`; `nil` when its bytes do not read back.
  func summary(at index: Int) -> NoteSummary?
  /// The summary of record `index` without its words (an empty word table) when not
  /// `words`.
  func summary(at index: Int, words: Bool) -> NoteSummary?
  /// The path and prompts of record `index` alone, without decoding its summary;
  /// `nil` when the source cannot read them apart.
  func promptMarks(at index: Int) -> (path: String, prompts: [PromptMark])?
}

extension SummarySource {
  public func summary(at index: Int, words: Bool) -> NoteSummary? { summary(at: index) }
  public func promptMarks(at index: Int) -> (path: String, prompts: [PromptMark])? { nil }
}

/// A summary behind a reference, so that passing it around costs one retain.
///
/// A box made from the index cache holds only where its summary is archived
/// (``SummarySource``) and decodes it the first time it is read, once, whichever
/// thread reads it first; a library read from the cache is therefore ready before
/// its summaries are made. Reading ``summary`` costs one atomic load after that.
/// An archived summary that does not read back is replaced by an empty one waiting
/// for its words with unknown code blocks (``NoteWords/Pending``), so that the
/// second pass of an indexing reads the note from its file again.
public final class NoteBox: @unchecked Sendable {
  // Written once, under `archived`'s lock, before `decoded` is set (releasing);
  // read only after `decoded` is seen set (acquiring). Never written again.
  private let storage: UnsafeMutablePointer<NoteSummary>
  private let decoded: Atomic<Bool>
  private let archived: Lock<Archived?>

  private struct Archived {
    let source: any SummarySource
    let index: Int
    let path: String
  }

  public init(_ summary: NoteSummary) {
    storage = .allocate(capacity: 1)
    storage.initialize(to: summary)
    decoded = Atomic(true)
    archived = Lock(nil)
  }

  /// The box of record `index` of `source`, the note at `path`, decoded on first read.
  public init(archived index: Int, path: String, in source: any SummarySource) {
    storage = .allocate(capacity: 1)
    decoded = Atomic(false)
    archived = Lock(Archived(source: source, index: index, path: path))
  }

  deinit {
    if decoded.load(ordering: .acquiring) { storage.deinitialize(count: 1) }
    storage.deallocate()
  }

  /// The note's summary (decoded now if it is still archived).
  public var summary: NoteSummary {
    unsafeAddress {
      if !decoded.load(ordering: .acquiring) { decode() }
      return UnsafePointer(storage)
    }
  }

  /// The note's path, without decoding its summary.
  public var path: String {
    if let path = archived.withLock({ $0?.path }) { return path }
    return summary.path
  }

  /// The note's prompts: its summary's once decoded, else read alone from where it is
  /// archived, the summary left there (review needs every note's prompts and nothing
  /// else of most notes).
  public var prompts: [PromptMark] {
    if !decoded.load(ordering: .acquiring),
      let (source, index, path) = archived.withLock({ $0.map { ($0.source, $0.index, $0.path) } }),
      let read = source.promptMarks(at: index), read.path == path
    {
      return read.prompts
    }
    return summary.prompts
  }

  /// Whether the summary is made (not waiting in the cache's records).
  public var isDecoded: Bool { decoded.load(ordering: .acquiring) }

  /// Whether the note waits for its words (``NoteWords``). An archived summary does
  /// not (the cache holds whole summaries), so this decodes nothing.
  var waitsForWords: Bool { isDecoded && summary.wordsPending != nil }

  /// Decodes the summary if it is still archived; the source is let go. Without
  /// `words`, its words are left in the source and the summary waits for them
  /// (``NoteWords/Pending``), as a note summarised without them does.
  public func decode(words: Bool = true) {
    archived.withLock { archived in
      guard let record = archived else { return }
      var summary = record.source.summary(at: record.index, words: words)
      if !words { summary?.wordsPending = NoteWords.Pending(knowsCode: true) }
      if summary == nil || summary?.path != record.path {
        var damaged = NoteSummary(nameOnly: record.path, byteCount: 0)
        damaged.wordsPending = NoteWords.Pending(knowsCode: false)
        summary = damaged
      }
      storage.initialize(to: summary!)
      archived = nil
      decoded.store(true, ordering: .releasing)
    }
  }

  /// Decodes every box of `boxes` still archived (without `words`, as ``decode(words:)``),
  /// in `parts` parts run by `parallel`.
  public static func decodeAll(
    _ boxes: [NoteBox], words: Bool = true, parts: Int, parallel: (_ count: Int, _ body: (Int) -> Void) -> Void
  ) {
    let parts = max(1, min(parts, boxes.count))
    parallel(parts) { part in
      for index in stride(from: part, to: boxes.count, by: parts) where !boxes[index].isDecoded {
        boxes[index].decode(words: words)
      }
    }
  }
}
