import Locking
public import NoteIntelligence

/// Something the catalog wants said: always logged; shown to the reader once when
/// `showUser` (a key or quota problem they can act on).
public struct CatalogReport: Sendable, Hashable {
  public enum Level: Sendable, Hashable { case info, warning }
  public var level: Level
  public var message: String
  public var showUser: Bool
  /// The error reported, when it is one.
  public var kind: CatalogErrorKind?
}

/// One catalog's HTTP: how a query becomes a request and an answer becomes books.
public protocol CatalogService: Sendable {
  var source: CatalogSource { get }
  /// The request for `query`: its URL, the URL logs may show, and its headers.
  func request(_ query: CatalogQuery) -> (url: String, redactedURL: String, headers: [String: String])
  /// The books of an answer with HTTP `status` and `body`, or the error it reports.
  func decode(_ query: CatalogQuery, status: Int, body: [UInt8]) throws(CatalogError) -> [CatalogBook]
  /// Every setting that changes an answer (never a key): part of what answers are cached under.
  var cacheKeyParts: [String] { get }
}

/// Google Books as a ``CatalogService``.
public struct GoogleBooksService: CatalogService {
  public let settings: CatalogSettings
  public init(settings: CatalogSettings) { self.settings = settings }
  public var source: CatalogSource { .googleBooks }

  public func request(_ query: CatalogQuery) -> (url: String, redactedURL: String, headers: [String: String]) {
    let request = GoogleBooksRequest(query, settings: settings)
    return (request.url, request.redactedURL, GoogleBooksRequest.headers(userAgent: settings.userAgent))
  }

  public func decode(_ query: CatalogQuery, status: Int, body: [UInt8]) throws(CatalogError) -> [CatalogBook] {
    try GoogleBooksResponse.decode(status: status, body: body)
  }

  public var cacheKeyParts: [String] {
    [settings.endpoint, settings.country, settings.language ?? "", String(settings.maxResults)]
  }
}

/// A catalog (Google Books, Open Library) as a ``BookCatalog``: answers cached in memory (bounded) and on disk,
/// one request in flight per query, a newer query from the same document cancelling
/// the older one, and pauses after errors: a minute after the per-minute quota, an hour
/// after the daily one, thirty seconds when the network is unreachable, and until the
/// settings change after a key or permission error. Each kind of error is reported once
/// as a warning (and once to the reader when they can act on it), then as info.
public final class CachedCatalog: BookCatalog {
  /// Answers kept in memory.
  static let memoryLimit = 256

  private struct Pause {
    var kind: CatalogErrorKind
    /// Seconds since 1970; `nil` until the settings change.
    var until: Int?
  }

  /// A request under way, shared by everyone asking the same question.
  private typealias Lookup = Task<Result<[CatalogBook], CatalogError>, Never>

  private struct State {
    var memory: [String: [CatalogBook]] = [:]
    var order: [String] = []
    var byID: [String: CatalogBook] = [:]
    var inFlight: [String: Lookup] = [:]
    var channels: [String: String] = [:]
    var pause: Pause?
    var reported: Set<CatalogErrorKind> = []
  }

  public let settings: CatalogSettings
  public let service: any CatalogService
  private let disk: BookCache?
  private let transport: any HTTPTransport
  private let report: @Sendable (CatalogReport) -> Void
  private let state = Lock(State())

  /// Google Books (`service` `nil`) or `service`, with `settings`' time-out.
  public init(
    settings: CatalogSettings, service: (any CatalogService)? = nil, cacheDirectory: String?,
    transport: any HTTPTransport, lifetime: Duration = .seconds(30 * 24 * 3600),
    report: @escaping @Sendable (CatalogReport) -> Void
  ) {
    self.settings = settings
    self.service = service ?? GoogleBooksService(settings: settings)
    self.disk = cacheDirectory.map { BookCache(directory: $0, lifetime: lifetime) }
    self.transport = transport
    self.report = report
  }

  /// What answers are cached under: the normalised query and every setting that
  /// changes the answer, never the key.
  func cacheKey(_ query: CatalogQuery) -> String {
    ([query.normalized] + service.cacheKeyParts).joined(separator: "|")
  }

  public func cachedBooks(for query: CatalogQuery) -> [CatalogBook]? {
    let key = cacheKey(query)
    if let books = state.withLock({ $0.memory[key] }) { return books }
    guard let books = disk?.read(key) else { return nil }
    remember(books, for: key)
    return books
  }

  public func book(id: String) -> CatalogBook? {
    state.withLock { $0.byID[id] }
  }

  public func lookup(_ query: CatalogQuery, channel: String?) async throws(CatalogError) -> [CatalogBook] {
    if let books = cachedBooks(for: query) { return books }
    let key = cacheKey(query)
    let request = service.request(query)
    let (lookup, stale): (Result<Lookup, CatalogError>, Lookup?) = state.withLock { state in
      var stale: Lookup?
      if let channel {
        if let previous = state.channels[channel], previous != key,
          !state.channels.contains(where: { $0.key != channel && $0.value == previous })
        {
          stale = state.inFlight.removeValue(forKey: previous)
        }
        state.channels[channel] = key
      }
      if let running = state.inFlight[key] { return (.success(running), stale) }
      if let pause = state.pause, pause.until.map({ $0 > BookCache.now() }) ?? true {
        return (.failure(.paused(pause.kind)), stale)
      }
      state.pause = nil
      let task = Task { await self.fetch(query, request, key: key) }
      state.inFlight[key] = task
      return (.success(task), stale)
    }
    stale?.cancel()
    switch lookup {
    case .failure(let error): throw error
    case .success(let task):
      switch await task.value {
      case .success(let books): return books
      case .failure(let error): throw error
      }
    }
  }

  private func fetch(
    _ query: CatalogQuery, _ request: (url: String, redactedURL: String, headers: [String: String]), key: String
  ) async -> Result<[CatalogBook], CatalogError> {
    defer { _ = state.withLock { $0.inFlight.removeValue(forKey: key) } }
    do throws(CatalogError) {
      try Task.checkCancellationAsCatalogError()
      let response = try await transport.get(request.url, headers: request.headers, timeout: settings.timeout)
      let books = try service.decode(query, status: response.status, body: Array(response.body))
      remember(books, for: key)
      if let reason = disk?.write(books, for: key) {
        report(
          CatalogReport(level: .info, message: "cannot write the book cache: \(reason)", showUser: false, kind: nil))
      }
      return .success(books)
    } catch {
      failed(error, request: request)
      return .failure(error)
    }
  }

  private func remember(_ books: [CatalogBook], for key: String) {
    state.withLock { state in
      if state.memory.updateValue(books, forKey: key) == nil {
        state.order.append(key)
        if state.order.count > Self.memoryLimit { state.memory.removeValue(forKey: state.order.removeFirst()) }
      }
      for book in books { state.byID[book.id] = book }
      if state.byID.count > Self.memoryLimit * 40 { state.byID.removeAll(keepingCapacity: true) }
    }
  }

  /// Pauses lookups after `error` as its kind asks, and reports it.
  private func failed(_ error: CatalogError, request: (url: String, redactedURL: String, headers: [String: String])) {
    guard error != .cancelled else { return }
    let now = BookCache.now()
    let first = state.withLock { state in
      switch error.kind {
      case .quotaPerMinute: state.pause = Pause(kind: .quotaPerMinute, until: now + 60)
      case .quotaPerDay: state.pause = Pause(kind: .quotaPerDay, until: now + 3600)
      case .offline, .helperUnavailable: state.pause = Pause(kind: error.kind, until: now + 30)
      case .badKey, .forbidden, .unknownLocation: state.pause = Pause(kind: error.kind, until: nil)
      default: break
      }
      return state.reported.insert(error.kind).inserted
    }
    report(
      CatalogReport(
        level: first ? .warning : .info,
        message: "\(error.message(catalog: service.source.displayName)) (GET \(request.redactedURL))",
        showUser: first && error.concernsUser, kind: error.kind))
  }
}

extension Task where Success == Never, Failure == Never {
  static func checkCancellationAsCatalogError() throws(CatalogError) {
    if Task.isCancelled { throw .cancelled }
  }
}
