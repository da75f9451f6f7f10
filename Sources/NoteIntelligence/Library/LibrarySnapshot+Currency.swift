import Synchronization

/// The revision of a ``LibraryHost``'s current snapshot, shared with every snapshot it
/// hands out, so that a query can tell that a newer change replaced the one it reads.
final class LatestRevision: Sendable {
  let value = Atomic<Int>(0)
}

extension LibrarySnapshot {
  /// Thrown by a long query when a newer change replaced its snapshot in the host: its
  /// answer would describe a library that no longer exists.
  public struct Superseded: Error, Sendable, Hashable {
    /// The snapshot's revision, and the host's when the query stopped.
    public var revision: Int
    public var latest: Int
  }

  /// Whether the host this snapshot came from has applied a newer change since (never
  /// for a snapshot made without a host).
  public var isSuperseded: Bool {
    guard let latest else { return false }
    return latest.value.load(ordering: .acquiring) != revision
  }

  /// Throws ``Superseded`` once a newer change replaced this snapshot, and
  /// `CancellationError` once the task is cancelled. Queries that visit every note call
  /// it every few hundred notes (an atomic load and a flag read).
  public func checkCurrent() throws {
    if let latest {
      let newest = latest.value.load(ordering: .acquiring)
      if newest != revision { throw Superseded(revision: revision, latest: newest) }
    }
    try Task.checkCancellation()
  }
}
