import BookNotesServer
import CMallocTuning

/// A subcommand of `booknotes`.
protocol Subcommand {
  /// The word that selects it, e.g. `lsp`.
  static var name: String { get }
  /// One line for the command list.
  static var summary: String { get }
  /// Its `--help` text.
  static var help: String { get }
  /// Runs with the arguments after the command's name; returns the exit status.
  static func run(_ arguments: [String]) -> Int32
}

/// `booknotes COMMAND …`: finds the subcommand and runs it.
enum CommandLineTool {
  /// Every subcommand, in the order `--help` lists them.
  static var commands: [any Subcommand.Type] {
    [
      LSPCommand.self, ParseCommand.self, CheckCommand.self, PromptsCommand.self, SearchCommand.self,
      SymbolsCommand.self, TagsCommand.self, LinksCommand.self, BooksCommand.self, ReviewCommand.self,
      StatsCommand.self, LookupCommand.self, NewCommand.self, ImportCommand.self,
    ]
  }

  static var usage: String {
    var text = "usage: booknotes COMMAND [OPTIONS]\n\ncommands:\n"
    for command in commands {
      text += "  " + command.name.padding(to: 8) + command.summary + "\n"
    }
    text += "\nRun 'booknotes COMMAND --help' for a command's options, 'booknotes --version' for the version.\n"
    return text
  }

  static func run(_ arguments: [String]) -> Int32 {
    guard let name = arguments.first else {
      Output.error(usage)
      return ExitStatus.usage
    }
    if name == "--help" || name == "-h" || name == "help" {
      Output.standard(usage)
      return ExitStatus.success
    }
    if name == "--version" || name == "-V" {
      // The version the server reports in `initialize`'s `serverInfo`.
      Output.standard("booknotes \(BookNotesServer.version)\n")
      return ExitStatus.success
    }
    guard let command = commands.first(where: { $0.name == name }) else {
      Output.error("booknotes: unknown command '\(name)'\n\n" + usage)
      return ExitStatus.usage
    }
    let rest = Array(arguments.dropFirst())
    if rest.contains("--help") || rest.contains("-h") {
      Output.standard(command.help)
      return ExitStatus.success
    }
    // A command other than the server runs once and exits: its allocations are tuned
    // for that (the server sets its own, ``LSPCommand``).
    if command != LSPCommand.self { _ = booknotes_tune_malloc_for_command() }
    return command.run(rest)
  }
}

/// The exit statuses the commands share.
enum ExitStatus {
  static let success: Int32 = 0
  static let failure: Int32 = 1
  /// Bad usage, or an input that cannot be read.
  static let usage: Int32 = 2
}

extension String {
  /// The string padded with spaces to at least `width` columns (``displayWidth``).
  func padding(to width: Int) -> String {
    let columns = displayWidth
    return columns >= width ? self + " " : self + String(repeating: " ", count: width - columns)
  }
}
