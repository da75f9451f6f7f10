/// Why a lookup gave no books. Errors are never cached.
public enum CatalogError: Error, Sendable, Hashable, CustomStringConvertible {
  /// 400: the query or a parameter was refused (`queryRequired`, `invalid`).
  case badRequest(String)
  /// 400 `keyInvalid`: the API key is not valid.
  case badKey(String)
  /// 403 `unknownLocation`: Google cannot tell the country; set `books.country`.
  case unknownLocation(String)
  /// 403 otherwise: the API is not enabled for the key's project, or the key is
  /// restricted.
  case forbidden(String)
  /// 429 within a minute: too many requests; lookups pause for a minute.
  case quotaPerMinute(String)
  /// 429 for the day (the shared keyless quota is often used up): lookups pause.
  case quotaPerDay(String)
  /// 5xx: Google's side failed.
  case unavailable(Int, String)
  /// Another HTTP status.
  case status(Int, String)
  /// The answer was not the JSON Google sends.
  case malformed(String)
  /// No answer within `books.timeout`.
  case timedOut
  /// The network or the server is unreachable (connection refused, no such host).
  case offline(String)
  /// The HTTP helper could not be started or stopped answering.
  case helperUnavailable(String)
  /// Lookups are paused after an earlier error of this kind (for a while, or for key
  /// and permission errors until the settings change); no request was made.
  case paused(CatalogErrorKind)
  case cancelled

  /// What kind of error this is, for reporting each kind once.
  public var kind: CatalogErrorKind {
    switch self {
    case .badRequest: .badRequest
    case .badKey: .badKey
    case .unknownLocation: .unknownLocation
    case .forbidden: .forbidden
    case .quotaPerMinute: .quotaPerMinute
    case .quotaPerDay: .quotaPerDay
    case .unavailable: .unavailable
    case .status: .status
    case .malformed: .malformed
    case .timedOut: .timedOut
    case .offline: .offline
    case .helperUnavailable: .helperUnavailable
    case .paused(let kind): kind
    case .cancelled: .cancelled
    }
  }

  /// Whether the reader should see this once in the editor (a key or quota problem
  /// they can act on), not only in the log.
  public var concernsUser: Bool {
    switch kind {
    case .badKey, .unknownLocation, .forbidden, .quotaPerDay, .quotaPerMinute: true
    default: false
    }
  }

  public var description: String { message(catalog: "Google Books") }

  /// The error said of `catalog` (`Google Books`, `Open Library`).
  public func message(catalog name: String) -> String {
    switch self {
    case .badRequest(let message): "\(name) refused the request (400): \(message)"
    case .badKey(let message):
      "Google Books refused the API key (400): \(message). Check books.apiKey or GOOGLE_BOOKS_API_KEY."
    case .unknownLocation(let message):
      "Google Books cannot tell the country (403): \(message). Set books.country (for example \"US\")."
    case .forbidden(let message):
      "Google Books refused access (403): \(message). Is the Books API enabled for the key's project?"
    case .quotaPerMinute(let message):
      "\(name) quota per minute used up (429): \(message). Title lookups pause for a minute."
    case .quotaPerDay(let message):
      "Google Books daily quota used up (429): \(message). Title lookups pause for an hour; an API key (books.apiKey) has its own quota."
    case .unavailable(let code, let message): "\(name) is unavailable (\(code)): \(message)"
    case .status(let code, let message): "\(name) answered HTTP \(code): \(message)"
    case .malformed(let reason): "\(name) sent an answer that is not its JSON: \(reason)"
    case .timedOut: "\(name) did not answer in time"
    case .offline(let reason): "\(name) is unreachable (\(reason)); titles come from the library only"
    case .helperUnavailable(let reason): "\(name) lookups are off: \(reason)"
    case .paused(let kind): "\(name) lookups are paused after an earlier error (\(kind))"
    case .cancelled: "the lookup was cancelled"
    }
  }
}

/// The kinds of ``CatalogError``.
public enum CatalogErrorKind: String, Sendable, Hashable {
  case badRequest, badKey, unknownLocation, forbidden, quotaPerMinute, quotaPerDay, unavailable, status
  case malformed, timedOut, offline, helperUnavailable, cancelled
}
