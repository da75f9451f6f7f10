import JSONCore
import LanguageServerProtocol
import NoteWorkspace
import Synchronization

extension BookNotesServer {
  func registerConfiguration() {
    connection.register(DidChangeConfigurationParams.self, scope: { _ in .global }) { [self] params in
      if let section = params.settings?["booknotes"] {
        applySettings(section)
      } else {
        Task { await requestConfiguration() }
      }
    }
  }

  /// Asks the client for the `booknotes` settings section when it answers
  /// `workspace/configuration`.
  func requestConfiguration() async {
    guard session.withLock({ $0.configurationRequests }) else { return }
    do {
      let values = try await connection.sendRequest(
        ConfigurationParams(items: [ConfigurationItem(section: "booknotes")]))
      if let section = values.first, section != .null { applySettings(section) }
    } catch {
      logger.warning("workspace/configuration failed: \(error)")
    }
  }

  /// Asks for the settings and waits for them, but no longer than `limit`, so that the
  /// first diagnostics use them while a silent client cannot hold the server up.
  func requestConfiguration(waitingAtMost limit: Duration) async {
    let done = Atomic<Bool>(false)
    Task {
      await requestConfiguration()
      done.store(true, ordering: .releasing)
    }
    let deadline = ContinuousClock.now + limit
    while !done.load(ordering: .acquiring) && ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(2))
    }
  }

  /// Takes a new `booknotes` settings section; re-publishes diagnostics when their options changed.
  func applySettings(_ section: JSONValue) {
    let changed = session.withLock { session -> Bool in
      let before = session.configuration.diagnosticSettings
      session.configuration.client = section
      return session.configuration.diagnosticSettings != before
    }
    logger.info("Settings changed\(changed ? "; diagnostics options changed" : "")")
    if changed { republishDiagnostics() }
  }
}
