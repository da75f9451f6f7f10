import Locking

/// One result per part of a query run in parts, each written by one job.
final class PartResults<Value: Sendable>: Sendable {
  private let slots: Lock<[Result<Value, any Error>?]>

  init(count: Int) { slots = Lock(Array(repeating: nil, count: count)) }

  func store(_ result: Result<Value, any Error>, at index: Int) { slots.withLock { $0[index] = result } }

  /// Every part's result (a part that did not run: an error).
  var values: [Result<Value, any Error>] {
    slots.withLock { $0.map { $0 ?? .failure(CancellationError()) } }
  }
}

/// One slot per part, each written by one job.
final class PartSlots: Sendable {
  private let slots: Lock<[LibrarySnapshot]>

  init(count: Int) { slots = Lock(Array(repeating: LibrarySnapshot(), count: count)) }

  func store(_ part: LibrarySnapshot, at index: Int) { slots.withLock { $0[index] = part } }

  var values: [LibrarySnapshot] { slots.withLock { $0 } }
}
