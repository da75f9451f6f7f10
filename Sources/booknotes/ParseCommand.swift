import NoteSyntax

/// `booknotes parse FILE`: the syntax tree of one note, for debugging the grammar.
enum ParseCommand: Subcommand {
  static let name = "parse"
  static let summary = "print a note's syntax tree (or only its findings)"
  static let help = """
    usage: booknotes parse FILE [--quiet]

    Parses one note and prints its syntax tree as an S-expression, one node a
    line with byte ranges, then the malformed-syntax findings.

    options:
      --quiet     print only the findings, one 'line:column code' a line
                  (1-based; the column counted in Unicode scalars)
      -h, --help  show this help

    Exits with 0, or 2 when the file cannot be read.

    """

  static func run(_ arguments: [String]) -> Int32 {
    var path: String?
    var quiet = false
    for argument in arguments {
      if argument == "--quiet" || argument == "-q" {
        quiet = true
      } else if argument.hasPrefix("-") && argument != "-" {
        return usageError("unknown option '\(argument)'")
      } else if path == nil {
        path = argument
      } else {
        return usageError("unexpected argument '\(argument)'")
      }
    }
    guard let path else { return usageError("missing FILE") }
    let bytes: [UInt8]
    switch Output.readFile(path == "-" ? "/dev/stdin" : path) {
    case .success(let content): bytes = content
    case .failure(let problem):
      Output.error("booknotes parse: cannot read \(problem)")
      return ExitStatus.usage
    }
    let note = NoteDocument(bytes: bytes)
    if quiet {
      var text = ""
      for finding in note.tree.findings {
        let position = note.lineColumn(of: finding.range.lowerBound, in: .utf32)
        text += "\(position.line + 1):\(position.column + 1) \(finding.code.rawValue)\n"
      }
      Output.standard(text)
    } else {
      Output.standard(note.dump())
    }
    return ExitStatus.success
  }

  private static func usageError(_ message: String) -> Int32 {
    Output.error("booknotes parse: \(message)\n\n\(help)")
    return ExitStatus.usage
  }
}
