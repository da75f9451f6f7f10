import JSONCore
import NoteIntelligence
import NoteWorkspace
import ReviewScheduling

/// `booknotes review`: a review session in the terminal, or with `--due` the list of
/// what is due.
enum ReviewCommand: Subcommand {
  static let name = "review"
  static let summary = "review due prompts in the terminal (FSRS), or list them with --due"
  static let help = """
    usage: booknotes review [--book TITLE] [--tag T] [--limit N] [--root DIR]
           booknotes review --due [--format text|json] [--book TITLE] [--tag T] [--limit N] [--root DIR]

    Shows the prompts that are due (quotes, clozes, Q:/A:), one at a time, then new
    ones (at most review.newPerDay a day, oldest notes first), up to
    review.sessionSize (20). Keys: space or enter shows the answer; 1 again, 2 hard,
    3 good, 4 easy grade it; e shows the note's path and line; q quits. Each grade
    is appended at once to .booknotes/reviews.tsv under the root (time, prompt id,
    grade, seconds), from which FSRS-6 computes every schedule; the schedule is
    kept in the cache folder only to answer faster. Needs a terminal (80x24 is
    enough); NO_COLOR turns colours off.

    --due lists what is due instead:
    text:  a line per prompt: when it was due (or "new"), its state, file:line
           and front
    json:  an array of {id, kind, front, back, book, file, line, due, state}; due
           is UTC ISO 8601 (null for a new prompt), state new, learning, review
           or relearning

    options:
      --due            list what is due and exit
      --book TITLE     only the notes whose title contains TITLE (any case)
      --tag T          only the notes tagged T (or a subtag of T)
      --limit N        at most N prompts (default: review.sessionSize)
      --format FORMAT  text (default) or json, with --due
      --root DIR       the library root (default: .)
      -h, --help       show this help

    BOOKNOTES_NOW (ISO 8601, UTC) stands in for the clock. Lines of the log that do
    not read are skipped with a warning on stderr.
    Exits with 0, or 2 on bad usage, a root that cannot be read or no terminal.

    """

  static func run(_ arguments: [String]) -> Int32 {
    let listDue = arguments.contains("--due")
    let parsed: LibraryQueryArguments
    switch LibraryQueryArguments.parse(
      arguments.filter { $0 != "--due" }, formats: ["text", "json"], options: ["--book", "--tag", "--limit"])
    {
    case .success(let value): parsed = value
    case .failure(let problem):
      Output.error("booknotes review: \(problem.message)\n\n\(help)")
      return ExitStatus.usage
    }
    if let word = parsed.words.first {
      Output.error("booknotes review: unexpected argument '\(word)'\n\n\(help)")
      return ExitStatus.usage
    }
    var limit: Int?
    if parsed.options["--limit"] != nil {
      switch parsed.limit(default: 0) {
      case .success(let value): limit = value
      case .failure(let problem):
        Output.error("booknotes review: \(problem.message)")
        return ExitStatus.usage
      }
    }
    if !listDue && !Terminal.isInteractive {
      Output.error("booknotes review: needs a terminal (use --due to list what is due)")
      return ExitStatus.usage
    }
    let engine: LibraryEngine
    let names: NoteNames
    // Only the notes' prompts (and for a filter, their titles and tags) are read from
    // the index cache.
    switch LibraryLoading.open(root: parsed.root, command: name, needsWords: false, needsSummaries: false) {
    case .success(let (value, listed)):
      engine = value
      names = listed
    case .failure(let problem):
      Output.error("booknotes review: \(problem.message)")
      return ExitStatus.usage
    }
    let filter = LibraryEngine.ReviewFilter(book: parsed.options["--book"], tag: parsed.options["--tag"])
    let (due, warnings) = engine.dueReviews(filter, limit: limit)
    for warning in warnings { Output.error("booknotes review: \(warning)") }
    guard !listDue else {
      list(due, json: parsed.json, names: names)
      KeptUntilExit.keep(engine)
      return ExitStatus.success
    }
    var session = ReviewSession(engine: engine, queue: due, names: names)
    return session.run()
  }

  /// Writes the due prompts as text lines or a JSON array.
  static func list(_ due: [DueReview], json: Bool, names: NoteNames) {
    var output = ListOutput(json: json)
    for item in due {
      let state = item.card.isNew ? "new" : item.card.state.rawValue
      let when = item.card.due.map(UTCTime.format)
      if json {
        var writer = JSONWriter()
        PromptExport.write(item.prompt, file: names(item.path), to: &writer) { writer in
          writer.key("due")
          when.writeJSON(to: &writer)
          writer.key("state")
          writer.write(state)
        }
        output.add(String(decoding: writer.bytes, as: UTF8.self))
      } else {
        let front = item.prompt.front.count > 60 ? item.prompt.front.prefix(59) + "…" : item.prompt.front[...]
        output.add("\(when ?? "new")\t\(state)\t\(names(item.path)):\(item.prompt.line + 1)\t\(front)\n")
      }
    }
    output.finish()
  }
}
