/// How the catalogs are asked: the `books` settings, read by the workspace's settings
/// sources and by the catalog.
public struct BookSettings: Sendable, Equatable {
  /// Which catalog answers (`books.provider`).
  public enum Provider: String, Sendable, Equatable, CaseIterable {
    case google
    case openlibrary
    /// Google Books when it has a key or an endpoint of its own, else Open Library;
    /// Open Library for the rest of the session once Google refuses (403) or its daily
    /// quota is used up.
    case auto
  }

  public static let defaultEndpoint = "https://www.googleapis.com/books/v1"

  public var enabled = true
  public var provider = Provider.auto
  /// Open Library's base URL (`books.openLibraryEndpoint`).
  public var openLibraryEndpoint = "https://openlibrary.org"
  /// Never logged.
  public var apiKey: String?
  public var endpoint = BookSettings.defaultEndpoint
  public var country: String?
  public var language: String?
  public var maxResults = 10
  /// How long, in milliseconds, a completion waits for Google Books before it answers
  /// with what it has (the lookup goes on and fills the cache).
  public var completionBudget = 300
  /// How long, in milliseconds, one request to Google Books may take.
  public var timeout = 8000

  public init() {}
}
