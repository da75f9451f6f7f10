import Synchronization

/// What a request handler knows about its request; cancelled by `$/cancelRequest`.
public final class RequestContext: Sendable {
  public let id: RequestID
  public let method: String
  /// The connection the request came from, to send notifications or requests.
  public let connection: LanguageServerConnection
  private let cancelled = Atomic<Bool>(false)

  init(id: RequestID, method: String, connection: LanguageServerConnection) {
    self.id = id
    self.method = method
    self.connection = connection
  }

  /// Whether the client cancelled the request; its result will be dropped.
  public var isCancelled: Bool { cancelled.load(ordering: .acquiring) || Task.isCancelled }

  /// Throws `CancellationError` once the request is cancelled.
  public func checkCancellation() throws {
    if isCancelled { throw CancellationError() }
  }

  func cancel() {
    cancelled.store(true, ordering: .releasing)
  }
}
