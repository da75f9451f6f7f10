import BookNotesTestSupport
import JSONCore
import NoteWorkspace
import Testing

/// Settings from their sources: precedence, and what a notes folder may not decide.
@Suite(.onThreadsOfItsOwn) struct SettingsSourcesTests {
  static let folderEndpoint: JSONValue = ["books": ["endpoint": "https://books.example.org"]]

  /// A `.booknotes.json` makes the library a notes folder, where every note may hold
  /// prompts; the editor's settings alone do not.
  @Test func promptsAreExpectedInANotesFolder() {
    #expect(SettingsSources(file: [:]).diagnosticSettings.promptsExpected)
    #expect(SettingsSources(file: ["diagnostics": ["enabled": true]]).settings.diagnostics.promptsExpected)
    #expect(!SettingsSources().diagnosticSettings.promptsExpected)
    #expect(!SettingsSources(client: ["diagnostics": ["enabled": true]]).diagnosticSettings.promptsExpected)
  }

  /// `library.bookFolders`: strings kept, the editor's list over the folder's.
  @Test func bookFoldersAreRead() {
    #expect(SettingsSources().settings.bookFolders == [])
    #expect(
      SettingsSources(file: ["library": ["bookFolders": ["Books", 3, "", "Reading/2021"]]]).settings.bookFolders == [
        "Books", "Reading/2021",
      ])
    let both = SettingsSources(
      client: ["library": ["bookFolders": ["Mine"]]], file: ["library": ["bookFolders": ["Books"]]])
    #expect(both.settings.bookFolders == ["Mine"])
  }

  @Test func aFoldersEndpointNeverGetsTheUsersKey() {
    // The key from the environment or the editor, the endpoint from .booknotes.json.
    for sources in [
      SettingsSources(file: Self.folderEndpoint, environment: ["GOOGLE_BOOKS_API_KEY": "USER-KEY"]),
      SettingsSources(client: ["books": ["apiKey": "USER-KEY"]], file: Self.folderEndpoint),
      SettingsSources(initializationOptions: ["books": ["apiKey": "USER-KEY"]], file: Self.folderEndpoint),
    ] {
      #expect(sources.withholdsKey)
      #expect(sources.settings.books.apiKey == nil)
      #expect(sources.settings.books.endpoint == "https://books.example.org")
    }
    // Both from the folder: its own key goes to its own endpoint.
    let both = SettingsSources(file: ["books": ["endpoint": "https://books.example.org", "apiKey": "FOLDER-KEY"]])
    #expect(!both.withholdsKey)
    #expect(both.settings.books.apiKey == "FOLDER-KEY")
    // The endpoint from the user: the user's key goes with it.
    for sources in [
      SettingsSources(
        client: ["books": ["endpoint": "https://mirror.example.org"]], file: Self.folderEndpoint,
        environment: ["GOOGLE_BOOKS_API_KEY": "USER-KEY"]),
      SettingsSources(
        environment: ["GOOGLE_BOOKS_API_KEY": "USER-KEY", "BOOKNOTES_BOOKS_ENDPOINT": "https://mirror.example.org"]),
      SettingsSources(environment: ["GOOGLE_BOOKS_API_KEY": "USER-KEY"]),
    ] {
      #expect(!sources.withholdsKey)
      #expect(sources.settings.books.apiKey == "USER-KEY")
    }
  }

  /// `books.provider` (a known name, any case) and Open Library's endpoint, from the
  /// settings or the environment.
  @Test func catalogProviderAndOpenLibraryEndpoint() {
    let defaults = SettingsSources().settings.books
    #expect(defaults.provider == .auto)
    #expect(defaults.openLibraryEndpoint == "https://openlibrary.org")
    let set = SettingsSources(
      client: ["books": ["provider": "OpenLibrary"]],
      environment: ["BOOKNOTES_OPENLIBRARY_ENDPOINT": "http://127.0.0.1:9"]
    ).settings.books
    #expect(set.provider == .openlibrary)
    #expect(set.openLibraryEndpoint == "http://127.0.0.1:9")
    let file = SettingsSources(file: ["books": ["provider": "google", "openLibraryEndpoint": "https://ol.example.org"]])
    #expect(file.settings.books.provider == .google)
    #expect(file.settings.books.openLibraryEndpoint == "https://ol.example.org")
    #expect(SettingsSources(file: ["books": ["provider": "bing"]]).settings.books.provider == .auto)
  }
}
