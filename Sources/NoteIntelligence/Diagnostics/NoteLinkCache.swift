public import NoteSyntax

/// The links of a note that may name other notes (`link-missing-note` checks them on
/// every keystroke), found per run of top-level blocks (``SyntaxTree/BlockRun``) and
/// cached by the run's identity.
///
/// An edit keeps every run of blocks it did not touch as the same object, so after a
/// keystroke only the new runs are scanned for links; the others' links are read from
/// the cache and moved to where their run is now. A keystroke in a note of 100,000
/// blocks looks up under a thousand runs.
///
/// Not thread-safe: keep one per document, owned by whoever serializes its requests.
public final class NoteLinkCache {
  private struct Entry {
    /// Keeps the run, and so its identity, alive.
    let owner: AnyObject
    /// The run's links, relative to its start.
    let links: [LinkUse]
    var pass: UInt32
  }

  private var entries: [ObjectIdentifier: Entry] = [:]
  private var pass: UInt32 = 0

  /// Runs of blocks scanned (not served from the cache) by the latest call.
  public private(set) var lastComputedRuns = 0

  public init() {}

  /// Number of cached runs.
  public var count: Int { entries.count }

  /// The links and images of `doc` whose target may name a note (before any `#`, it
  /// ends with `.md` or `.markdown`), in order: what ``NoteLinkCache/fresh(in:)`` gives.
  public func links(in doc: NoteDocument) -> [LinkUse] {
    pass &+= 1
    lastComputedRuns = 0
    var links: [LinkUse] = []
    var used = 0
    doc.tree.forEachRun { run in
      used += 1
      let relative: [LinkUse]
      if let entry = entries[run.identity] {
        entries[run.identity]?.pass = pass
        relative = entry.links
      } else {
        var found: [LinkUse] = []
        run.forEachBlock { block in
          guard block.kind != .blankLine else { return }
          LinkUse.append(of: block, in: doc, keep: { LinkTarget.mayNameNote($0, in: doc) }, to: &found)
        }
        relative = found.map { $0.shifted(by: -run.start) }
        entries[run.identity] = Entry(owner: run.owner, links: relative, pass: pass)
        lastComputedRuns += 1
      }
      for link in relative { links.append(link.shifted(by: run.start)) }
    }
    if entries.count > used {
      let current = pass
      entries = entries.filter { $0.value.pass == current }
    }
    return links
  }

  /// The same links computed from scratch, reading every block.
  public static func fresh(in doc: NoteDocument) -> [LinkUse] {
    LinkUse.all(in: doc, keep: { LinkTarget.mayNameNote($0, in: doc) })
  }
}
