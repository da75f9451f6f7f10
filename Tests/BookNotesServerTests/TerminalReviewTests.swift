import BookNotesTestSupport
import Foundation
import SystemIO
import Testing

/// `booknotes review` in a real terminal: tmux, 80×24, keys sent as a reader types
/// them and the screen read back. tmux comes from `Tests/terminal/install.sh`; without
/// it the test is skipped, unless `BOOKNOTES_TERMINAL_TESTS=required` (set by `.ci/run`).
@Suite(.serialized) struct TerminalReviewTests {
  static let installScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("terminal/install.sh").path

  /// tmux's path, after the install script ran once when it was missing.
  static let tmux: String? = {
    func find() -> String? {
      let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
      return folders.map { "\($0)/tmux" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
    if let found = find() { return found }
    let install = Process()
    install.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    install.arguments = ["bash", installScript]
    try? install.run()
    install.waitUntilExit()
    return find()
  }()

  static let required = ProcessInfo.processInfo.environment["BOOKNOTES_TERMINAL_TESTS"] == "required"

  /// A tmux server of its own, one 80×24 window running a command.
  final class Screen {
    let tmux: String
    let socket = "booknotes-\(UUID().uuidString.prefix(8))"

    init(tmux: String, command: String) throws {
      self.tmux = tmux
      try run(["new-session", "-d", "-x", "80", "-y", "24", "-s", "review", command])
    }

    /// Ends the session by keys, not signals (the test process's threads block them,
    /// and spawned processes inherit that): `q` ends the review if it still runs, and
    /// a line ends the shell's wait, after which the server exits with its only window.
    deinit {
      _ = try? run(["send-keys", "-t", "review", "q"])
      _ = try? run(["send-keys", "-t", "review", "Enter"])
    }

    /// Runs tmux with `arguments`; what it printed. Started with `posix_spawn` and no
    /// descriptor but the standard ones: the server `new-session` starts keeps what it
    /// was given, and Foundation's `Process` would wait for its own descriptor to close.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
      let output = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)").path
      defer { try? FileManager.default.removeItem(atPath: output) }
      let started = ProcessSpawn.spawn(
        [tmux, "-L", socket, "-f", "/dev/null"] + arguments, input: .file("/dev/null", flags: O_RDONLY),
        output: .file(output, flags: O_WRONLY | O_CREAT | O_TRUNC), error: .file("/dev/null", flags: O_WRONLY))
      ProcessSpawn.wait(try started.get())
      return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }

    /// The screen's text (with `escapes`, its colours and attributes too).
    func text(escapes: Bool = false) throws -> String {
      try run(["capture-pane", "-p", "-t", "review"] + (escapes ? ["-e"] : []))
    }

    func press(_ keys: String...) throws { try run(["send-keys", "-t", "review"] + keys) }

    /// Waits (at most 30 seconds) until the screen shows `text`; the screen then. It
    /// looks every 50 ms on a thread of its own, so that the wait holds none of the
    /// pool's threads, which the in-process servers of other tests answer on.
    func waitFor(_ text: String) async throws -> String {
      try await onThreadOfItsOwn {
        let deadline = Date().addingTimeInterval(30 * LSPTestClient.timeoutScale)
        var screen = ""
        while Date() < deadline {
          screen = try self.text()
          if screen.contains(text) { return screen }
          Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("the screen never showed \(text.debugDescription):\n\(screen)")
        return screen
      }
    }

    /// Shows the answer (by `key`: space or enter) and waits for the grade keys; the screen then.
    @discardableResult
    func reveal(with key: String = "Space") async throws -> String {
      try press(key)
      return try await waitFor("1 again  2 hard  3 good  4 easy")
    }

    /// Shows the answer and grades the prompt with `key` (1 again, 2 hard, 3 good, 4 easy).
    func grade(_ key: String) async throws {
      try await reveal()
      try press(key)
    }

    /// Quits (`q`) and waits for the command to end; the screen then.
    func quit() async throws -> String {
      try press("q")
      return try await waitFor("EXIT=0")
    }
  }

  /// The shell command that runs `booknotes review` in `root` and then keeps the pane.
  static func command(_ binary: String, root: URL, arguments: String = "", environment: String) -> String {
    "cd '\(root.path)' && env XDG_CACHE_HOME='\(root.path)/.cache' BOOKNOTES_NOW=2026-11-27T08:00:00Z \(environment) "
      + "'\(binary)' review \(arguments); echo \"EXIT=$?\"; read -r -t 60 line"
  }

  /// A session under way: its screen, on a fresh copy of the review library.
  struct Session {
    let screen: Screen
    let library: ReviewCLITests.ReviewLibrary
    /// The library's prompt ids by front.
    let ids: [String: String]

    /// The review log's lines, each split into its fields.
    func log() throws -> [[String]] {
      try library.read(".booknotes/reviews.tsv").split(separator: "\n").map {
        $0.split(separator: "\t").map(String.init)
      }
    }
  }

  /// Starts `booknotes review ARGUMENTS` with `environment` in tmux on the review
  /// library, after `prepare` had its way with it.
  static func start(
    _ arguments: String, environment: String = "NO_COLOR=1",
    prepare: (ReviewCLITests.ReviewLibrary) throws -> Void = { _ in }
  ) throws -> Session {
    let tmux = try #require(Self.tmux, "tmux is missing (Tests/terminal/install.sh)")
    let binary = try #require(BinaryLocator.booknotes(), "booknotes binary not found")
    let library = try ReviewCLITests.ReviewLibrary()
    try prepare(library)
    let ids = try library.ids()
    let command = Self.command(binary, root: library.root, arguments: arguments, environment: environment)
    return Session(screen: try Screen(tmux: tmux, command: command), library: library, ids: ids)
  }

  static let quote = "You do not rise to the level of your goals. You fall to the level of your systems."

  @Test(.enabled(if: tmux != nil || required)) func aSessionRevealsGradesAndKeepsEveryGrade() async throws {
    let session = try Self.start("--tag habits")
    let screen = session.screen
    var text = try await screen.waitFor("Review 1 of 3 · new · Atomic Habits")
    #expect(text.contains("You do not rise to the level of your goals. You fall to the level of your"))
    #expect(!text.contains("p. 27"))
    // A grade before the answer is shown does nothing.
    try screen.press("3")
    text = try await screen.reveal()
    #expect(text.contains("Review 1 of 3") && text.contains("p. 27"))
    // NO_COLOR: no colour or attribute on the screen.
    #expect(!(try screen.text(escapes: true)).contains("\u{1B}["))
    try screen.press("3")
    text = try await screen.waitFor("Review 2 of 3")
    #expect(text.contains("Habits are the [compound interest] of self-improvement."))
    try screen.press("e")
    _ = try await screen.waitFor("habits.md:11")
    #expect(try await screen.reveal(with: "Enter").contains("finance term"))
    try screen.press("1")
    _ = try await screen.waitFor("What is the two-minute rule?")
    text = try await screen.quit()
    #expect(text.contains("Reviewed 2 of 3 prompts, saved in .booknotes/reviews.tsv."))
    #expect(text.contains("Next due: 2026-11-27T08:01:00Z."))

    let log = try session.log()
    try #require(log.count == 2)
    #expect(log.allSatisfy { $0[0] == "2026-11-27T08:00:00Z" && Int($0[3]) != nil })
    #expect(
      log.map { $0[1] }
        == [Self.quote, "Habits are the [compound interest] of self-improvement."].map { session.ids[$0] })
    #expect(log.map { $0[2] } == ["3", "1"])
  }

  /// A prompt graded again comes back once the others are done, as often as its
  /// learning steps fall due within the session; graded easy, it leaves.
  @Test(.enabled(if: tmux != nil || required)) func aPromptGradedAgainComesBackInTheSession() async throws {
    let session = try Self.start("--tag habits")
    let screen = session.screen
    _ = try await screen.waitFor("Review 1 of 3 · new · Atomic Habits")
    for key in ["1", "4", "4"] { try await screen.grade(key) }
    // The quote, graded again a minute ago, is back: good takes it to its next step.
    let text = try await screen.waitFor("Review 1 of 3 (back) · learning · Atomic Habits")
    #expect(text.contains("You do not rise to the level of your goals."))
    try await screen.grade("3")
    _ = try await screen.waitFor("Review 1 of 3 (back) · learning")
    try await screen.grade("4")
    #expect(try await screen.waitFor("EXIT=0").contains("Reviewed 3 of 3 prompts, saved in .booknotes/reviews.tsv."))
    let quote = session.ids[Self.quote]
    #expect(
      try session.log().map { $0[1] == quote ? "quote " + $0[2] : $0[2] } == [
        "quote 1", "4", "4", "quote 3", "quote 4",
      ])
  }

  @Test(.enabled(if: tmux != nil || required)) func aLongPromptFitsTheScreenInColour() async throws {
    let words = (1...600).map { "word\($0)" }.joined(separator: " ")
    let session = try Self.start("--book long", environment: "NO_COLOR=") { library in
      try library.write("long.md", "---\ntitle: A Very Long Book\n---\nQ: \(words)?\nA: \(words).\n")
    }
    let screen = session.screen
    var text = try await screen.waitFor("space show answer")
    #expect(text.contains("Review 1 of 1 · new · A Very Long Book") && text.contains("word1 word2"))
    #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
    #expect(try screen.text(escapes: true).contains("\u{1B}[1m"))
    text = try await screen.reveal()
    #expect(text.contains("Review 1 of 1") && text.contains(" …"))
    // Quitting without a grade writes nothing.
    #expect(try await screen.quit().contains("Reviewed 0 of 1 prompts"))
    #expect(
      !FileManager.default.fileExists(
        atPath: session.library.root.appendingPathComponent(".booknotes/reviews.tsv").path))
  }
}
