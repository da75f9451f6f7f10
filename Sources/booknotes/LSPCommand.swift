import BookNotesServer
import CMallocTuning
import LanguageServerProtocol

/// `booknotes lsp`: the language server on stdin and stdout.
enum LSPCommand: Subcommand {
  static let name = "lsp"
  static let summary = "run the language server on stdin/stdout"
  static let help = """
    usage: booknotes lsp [--log-file PATH] [--log-level error|warning|info|debug]

    Runs the BookNotes language server over stdin and stdout (JSON-RPC with
    Content-Length framing). Logs go to stderr, or to PATH with --log-file.
    Warnings and errors also go to the client as window/logMessage, and so do
    notable events (info) while the client's trace is "messages" or "verbose"
    (the trace of initialize, or $/setTrace).

    options:
      --log-file PATH    append the log to PATH instead of stderr
      --log-level LEVEL  error, warning, info or debug; the default is warning on
                         stderr and info with --log-file
      -h, --help         show this help

    Exits with 0 after shutdown and exit (or end of input after shutdown), 1 otherwise.

    """

  static func run(_ arguments: [String]) -> Int32 {
    var logFile: String?
    var level: LogLevel?
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--log-file":
        guard let path = rest.popFirst() else { return usageError("--log-file needs a path") }
        logFile = path
      case "--log-level":
        guard let name = rest.popFirst(), let parsed = LogLevel(name: name) else {
          return usageError("--log-level needs one of error, warning, info, debug")
        }
        level = parsed
      default:
        return usageError("unexpected argument '\(argument)'")
      }
    }
    // Some clients record every stderr line as an error: stderr is quiet by default.
    let logLevel = level ?? (logFile == nil ? .warning : .info)
    let logger: Logger
    do {
      logger = try Logger(level: logLevel, destination: logFile.map(Logger.Destination.file) ?? .standardError)
    } catch {
      Output.error("booknotes lsp: \(error)")
      return ExitStatus.usage
    }
    // glibc gives each thread that allocates an arena of its own, up to a limit (eight
    // per core by default). Fewer arenas would keep a large note's peak a little lower
    // (requests on different pool threads reuse each other's freed memory), but a cold
    // start's threads (reading notes on every core, applying them, Dispatch's workers
    // of several priorities) would share them and wait on their locks, thousands of
    // times a second. Eight arenas give each of those threads its own, and the peak
    // with a 10 MB note open stays within a few megabytes of two arenas' (76–84 MiB).
    _ = booknotes_limit_malloc_arenas(8)
    let connection = LanguageServerConnection(input: 0, output: 1, logger: logger)
    // The client sees warnings and errors, and notable events while it traces messages.
    connection.mirrorLogs(minimumLevel: .info)
    BookNotesServer(connection: connection).register()
    logger.log(.info, "booknotes \(BookNotesServer.version) language server started", mirrored: false)
    return connection.run()
  }

  private static func usageError(_ message: String) -> Int32 {
    Output.error("booknotes lsp: \(message)\n\n\(help)")
    return ExitStatus.usage
  }
}
