import Locking
public import NoteIntelligence

/// The catalog `books.provider` asks for: Google Books, Open Library, or (`auto`)
/// Google Books when it has an API key or an endpoint of its own, else Open Library,
/// which needs no key.
public enum CatalogChoice {
  public static func make(
    settings: CatalogSettings, cacheDirectory: String?, transport: any HTTPTransport,
    report: @escaping @Sendable (CatalogReport) -> Void
  ) -> any BookCatalog {
    let openLibrary = {
      CachedCatalog(
        settings: settings, service: OpenLibraryService(settings: settings), cacheDirectory: cacheDirectory,
        transport: transport, report: report)
    }
    switch settings.provider {
    case .google:
      return CachedCatalog(settings: settings, cacheDirectory: cacheDirectory, transport: transport, report: report)
    case .openlibrary:
      return openLibrary()
    case .auto:
      guard settings.apiKey != nil || settings.endpoint != BookSettings.defaultEndpoint else { return openLibrary() }
      // What makes the session turn to Open Library is said once, by the fallback.
      let google = CachedCatalog(settings: settings, cacheDirectory: cacheDirectory, transport: transport) { event in
        var event = event
        if let kind = event.kind, FallbackCatalog.turnsToSecondary(kind) {
          event.level = .info
          event.showUser = false
        }
        report(event)
      }
      return FallbackCatalog(primary: google, secondary: openLibrary(), report: report)
    }
  }
}

/// A catalog that asks `primary` until it refuses the session (Google Books' 403, or
/// its daily quota used up), then `secondary` for the rest of the session, saying so
/// once.
public final class FallbackCatalog: BookCatalog {
  public let primary: CachedCatalog
  public let secondary: CachedCatalog
  private let report: @Sendable (CatalogReport) -> Void
  private let turned = Lock(false)

  public init(
    primary: CachedCatalog, secondary: CachedCatalog, report: @escaping @Sendable (CatalogReport) -> Void
  ) {
    self.primary = primary
    self.secondary = secondary
    self.report = report
  }

  /// Whether an error of `kind` from the primary turns the session to the secondary.
  static func turnsToSecondary(_ kind: CatalogErrorKind) -> Bool {
    kind == .forbidden || kind == .unknownLocation || kind == .quotaPerDay
  }

  /// Whether the session has turned to the secondary catalog.
  public var usesSecondary: Bool { turned.withLock { $0 } }

  public func lookup(_ query: CatalogQuery, channel: String?) async throws(CatalogError) -> [CatalogBook] {
    if !usesSecondary {
      do {
        return try await primary.lookup(query, channel: channel)
      } catch {
        guard Self.turnsToSecondary(error.kind) else { throw error }
        turn(after: error)
      }
    }
    return try await secondary.lookup(query, channel: channel)
  }

  public func cachedBooks(for query: CatalogQuery) -> [CatalogBook]? {
    usesSecondary ? secondary.cachedBooks(for: query) : primary.cachedBooks(for: query)
  }

  public func book(id: String) -> CatalogBook? {
    primary.book(id: id) ?? secondary.book(id: id)
  }

  private func turn(after error: CatalogError) {
    let first = turned.withLock { turned in
      defer { turned = true }
      return !turned
    }
    guard first else { return }
    let from = primary.service.source.displayName
    let to = secondary.service.source.displayName
    report(
      CatalogReport(
        level: .warning,
        message: "\(error.message(catalog: from)) \(to) answers book lookups for the rest of the session.",
        showUser: true, kind: error.kind))
  }
}
