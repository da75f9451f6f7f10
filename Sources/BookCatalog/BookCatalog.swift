import Locking
public import NoteIntelligence

/// Where book metadata comes from, as plain values: the server and the command line
/// ask it; nothing of the network reaches the analysis.
public protocol BookCatalog: Sendable {
  /// The books matching `query`, from a cache when it has them, else from the network.
  /// A newer lookup on the same `channel` (a document) cancels an older one that nobody
  /// else waits for.
  func lookup(_ query: CatalogQuery, channel: String?) async throws(CatalogError) -> [CatalogBook]
  /// The cached books for `query` (memory, then disk), without asking the network.
  func cachedBooks(for query: CatalogQuery) -> [CatalogBook]?
  /// A book seen in an answer, by its volume id.
  func book(id: String) -> CatalogBook?
}

/// What a lookup bounded by a time budget gives.
public enum CatalogOutcome: Sendable {
  case books([CatalogBook])
  /// Not answered within the budget; the lookup goes on and fills the cache.
  case pending
  case failed(CatalogError)
}

extension BookCatalog {
  /// `lookup(query, channel:)`, but never waiting longer than `budget`, nor once the
  /// calling task is cancelled: then `.pending`, and the lookup goes on in the
  /// background (filling the cache for the next request).
  public func lookup(_ query: CatalogQuery, channel: String?, within budget: Duration) async -> CatalogOutcome {
    if let books = cachedBooks(for: query) { return .books(books) }
    let race = OnceContinuation<CatalogOutcome>()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        race.set(continuation)
        Task {
          do throws(CatalogError) {
            race.resume(.books(try await lookup(query, channel: channel)))
          } catch {
            race.resume(.failed(error))
          }
        }
        Task {
          try? await Task.sleep(for: budget)
          race.resume(.pending)
        }
      }
    } onCancel: {
      race.resume(.pending)
    }
  }
}

/// A continuation resumed by whichever of several racers comes first.
final class OnceContinuation<Value: Sendable>: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Value, Never>?
    var early: Value?
    var done = false
  }

  private let state = Lock(State())

  func set(_ continuation: CheckedContinuation<Value, Never>) {
    let early: Value? = state.withLock { state in
      if let value = state.early {
        state.early = nil
        return value
      }
      state.continuation = continuation
      return nil
    }
    if let early { continuation.resume(returning: early) }
  }

  func resume(_ value: Value) {
    let continuation: CheckedContinuation<Value, Never>? = state.withLock { state in
      guard !state.done else { return nil }
      state.done = true
      guard let continuation = state.continuation else {
        state.early = value
        return nil
      }
      state.continuation = nil
      return continuation
    }
    continuation?.resume(returning: value)
  }
}
