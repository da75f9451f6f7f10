/// How Google Books is asked: the `books` settings, read by the workspace's settings
/// sources and by the catalog.
public struct BookSettings: Sendable, Equatable {
  public var enabled = true
  /// Never logged.
  public var apiKey: String?
  public var endpoint = "https://www.googleapis.com/books/v1"
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
