import Foundation
public import JSONCore

/// `Tests/OpenLibrary/fake_open_library.py` running on 127.0.0.1: Open Library's
/// `search.json`, Books API and ISBN pages answered from `Tests/OpenLibrary/fixtures`,
/// every request recorded; started and ended as ``FakeGoogleBooks`` is.
public final class FakeOpenLibrary: Sendable {
  private let server: FakeGoogleBooks

  /// The script in this package.
  public static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Tests/OpenLibrary/fake_open_library.py").path

  public init() throws {
    server = try FakeGoogleBooks(script: Self.script)
  }

  /// The `books.openLibraryEndpoint` that reaches it.
  public var endpoint: String { "http://127.0.0.1:\(server.port)" }

  /// How the next requests are answered instead of by path: `status`, `fixture` (a file
  /// of `Tests/OpenLibrary/fixtures`), `delay` (seconds), `hang`.
  public func plan(_ plan: JSONValue) throws { try server.plan(plan) }

  /// The requests received so far: `path`, `query` (parameters), `headers` (lowercased names).
  public func requests() -> [JSONValue] { server.requests() }

  /// How many requests were answered so far.
  public func answered() -> Int { server.answered() }

  public func stop() { server.stop() }
}
