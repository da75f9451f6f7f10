import Dispatch
import Locking

/// Watches folders for notes created, changed or deleted, by comparing sizes and
/// modification times at an interval: what the server uses when the editor does not
/// watch files for it. Portable, and cheap enough for a library of ten thousand notes
/// at a few seconds' interval (one `stat` per note).
public final class FolderPoller: Sendable {
  /// What changed between two scans.
  public struct Changes: Sendable {
    /// Notes new or changed since the last scan.
    public var updated: [NoteFiles.Entry] = []
    /// Paths of notes gone since the last scan.
    public var deleted: [String] = []
    public var isEmpty: Bool { updated.isEmpty && deleted.isEmpty }
  }

  private struct State: Sendable {
    var roots: [String]
    var exclude: [Glob]
    var known: [String: NoteFiles.Entry]
    var stopped = false
  }

  private let state: Lock<State>
  private let interval: Duration
  private let queue = DispatchQueue(label: "booknotes.folder-poller", qos: .utility)

  /// A poller of `roots` that starts from `known` (the notes already indexed).
  public init(roots: [String], exclude: [Glob], known: [NoteFiles.Entry], interval: Duration = .seconds(2)) {
    state = Lock(
      State(
        roots: roots, exclude: exclude, known: Dictionary(known.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a }))
    )
    self.interval = interval
  }

  /// Scans now and returns what changed since the previous scan.
  public func poll() -> Changes {
    let (roots, exclude, stopped) = state.withLock { ($0.roots, $0.exclude, $0.stopped) }
    guard !stopped else { return Changes() }
    var current: [String: NoteFiles.Entry] = [:]
    for root in roots {
      for entry in NoteFiles.scan(root: root, exclude: exclude) { current[entry.path] = entry }
    }
    return state.withLock { state in
      var changes = Changes()
      for (path, entry) in current {
        let old = state.known[path]
        if old == nil || old?.size != entry.size || old?.modified != entry.modified { changes.updated.append(entry) }
      }
      for path in state.known.keys where current[path] == nil { changes.deleted.append(path) }
      changes.updated.sort { $0.path < $1.path }
      changes.deleted.sort()
      state.known = current
      return changes
    }
  }

  /// Replaces the folders watched (a workspace folder added or removed); the next
  /// poll reports the notes of new folders as updated and of removed ones as deleted.
  public func setRoots(_ roots: [String]) {
    state.withLock { $0.roots = roots }
  }

  /// Polls every interval until ``stop()``, handing non-empty changes to `body`.
  public func start(_ body: @escaping @Sendable (Changes) -> Void) {
    let nanoseconds =
      UInt64(interval.components.seconds) * 1_000_000_000 + UInt64(interval.components.attoseconds / 1_000_000_000)
    queue.asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { [self] in
      guard !state.withLock({ $0.stopped }) else { return }
      let changes = poll()
      if !changes.isEmpty { body(changes) }
      start(body)
    }
  }

  public func stop() {
    state.withLock { $0.stopped = true }
  }
}
