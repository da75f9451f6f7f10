import NoteIntelligence
import NoteWorkspace
import ReviewScheduling

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A review session in the terminal: each prompt's front, its back once revealed,
/// a grade appended to the log at once, so quitting at any point keeps every grade.
struct ReviewSession {
  let engine: LibraryEngine
  let queue: [DueReview]
  let names: NoteNames
  var terminal = Terminal()
  let colour = Terminal.usesColour
  /// The prompts graded at least once, by their place in the queue.
  var reviewed: Set<Int> = []

  /// Each prompt's card as graded in the session (by its place in the queue); the
  /// queue's card until then.
  var cards: [Int: ReviewCard] = [:]

  init(engine: LibraryEngine, queue: [DueReview], names: NoteNames) {
    self.engine = engine
    self.queue = queue
    self.names = names
  }

  /// Runs the session; the exit status.
  mutating func run() -> Int32 {
    guard !queue.isEmpty else {
      Output.standard("Nothing to review: no prompt is due.\n")
      return ExitStatus.success
    }
    terminal.enterRawMode()
    defer { terminal.restore() }
    var failure: String?
    // Prompts graded into a learning step due within the session come back (``SessionQueue``).
    var order = SessionQueue(Array(queue.indices))
    var firstShown: [Int: Int] = [:]
    let scheduler = engine.reviewSettings.scheduler
    session: while let (index, back) = order.next(at: LibraryEngine.now()) {
      let item = queue[index]
      let number = firstShown[index] ?? (firstShown.count + 1)
      firstShown[index] = number
      let card = cards[index] ?? item.card
      var revealed = false
      var location: String?
      let shown = time(nil)
      while true {
        draw(item, card: card, number: number, back: back, revealed: revealed, location: location)
        guard let key = terminal.readKey() else { break session }
        switch key {
        case UInt8(ascii: "q"), UInt8(ascii: "Q"), 3, 4: break session
        case UInt8(ascii: " "), 13, 10: revealed = true
        case UInt8(ascii: "e"), UInt8(ascii: "E"): location = "\(names(item.path)):\(item.prompt.line + 1)"
        case UInt8(ascii: "1")...UInt8(ascii: "4") where revealed:
          let grade = ReviewGrade(rawValue: Int(key - UInt8(ascii: "0")))!
          let seconds = Int(min(max(time(nil) - shown, 0), 3_600))
          let record = ReviewRecord(
            time: LibraryEngine.now(), promptID: item.prompt.id, grade: grade, seconds: seconds)
          if let problem = engine.recordReview(record, notePath: item.path) {
            failure = problem
            break session
          }
          reviewed.insert(index)
          // The card graded: the log is appended to, never read again.
          let next = scheduler.review(card, grade: grade, at: record.time)
          cards[index] = next
          order.graded(index, card: next, at: record.time)
          continue session
        default: continue
        }
      }
    }
    terminal.restore()
    Output.standard(clearScreen)
    if let failure {
      Output.error("booknotes review: could not save the grade: \(failure)")
      return ExitStatus.failure
    }
    let prompts = reviewed.count == 1 ? "prompt" : "prompts"
    Output.standard(
      "Reviewed \(reviewed.count) of \(queue.count) \(prompts), saved in .booknotes/reviews.tsv.\n\(nextDue())")
    return ExitStatus.success
  }

  /// `Next due: DATE.` and a line break for the earliest due date of the prompts
  /// reviewed, or nothing.
  func nextDue() -> String {
    let dates = queue.indices.compactMap { index -> Int64? in
      let card = cards[index] ?? queue[index].card
      return card.isNew ? nil : card.due
    }
    guard let first = dates.min() else { return "" }
    return "Next due: \(UTCTime.format(first)).\n"
  }

  var clearScreen: String { "\u{1B}[H\u{1B}[2J" }

  func style(_ text: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }

  /// One screen: a header (the prompt's number among the session's, `back` when it
  /// comes back after a grade, its state by `card`), the front, the back once
  /// revealed, the keys, the location once asked for; every part cut to the
  /// terminal's width and height.
  func draw(_ item: DueReview, card: ReviewCard, number: Int, back: Bool, revealed: Bool, location: String?) {
    let (columns, rows) = Terminal.size
    let width = max(20, columns - 4)
    // Header, blank, kind, blank, front, blank, rule, blank, back, blank, keys, location.
    let room = max(2, rows - 10)
    let frontLines = cut(wrapped(item.prompt.front, width: width), to: revealed ? room - room / 2 : room)
    let backLines = revealed ? cut(wrapped(item.prompt.back, width: width), to: room / 2) : []
    let state = card.isNew ? "new" : card.state.rawValue
    var header = "Review \(number) of \(queue.count)\(back ? " (back)" : "") · \(state)"
    if let book = item.prompt.book { header += " · " + book }
    var screen = clearScreen
    screen += style(cut(header, width: columns - 1), "1") + "\r\n\r\n"
    screen += style(question(item.prompt.kind), "2") + "\r\n\r\n"
    for line in frontLines { screen += "  " + line + "\r\n" }
    screen += "\r\n"
    if revealed {
      screen += "  " + style(String(repeating: "─", count: min(width, 20)), "2") + "\r\n\r\n"
      for line in backLines { screen += "  " + style(line, "36") + "\r\n" }
      screen += "\r\n" + style("1 again  2 hard  3 good  4 easy   e where  q quit", "2") + "\r\n"
    } else {
      screen += style("space show answer   e where  q quit", "2") + "\r\n"
    }
    if let location { screen += cut(location, width: columns - 1) + "\r\n" }
    Output.standard(screen)
  }

  /// What the reader is asked, by kind.
  func question(_ kind: PromptKind) -> String {
    switch kind {
    case .quote: "Quote: which book, who said it?"
    case .cloze: "Cloze: what is hidden?"
    case .qa: "Question"
    }
  }

  func cut(_ lines: [String], to count: Int) -> [String] {
    guard lines.count > count else { return lines }
    return Array(lines.prefix(max(1, count) - 1)) + [(lines[max(1, count) - 1]) + " …"]
  }

  func cut(_ line: String, width: Int) -> String {
    guard DisplayWidth.of(line) > width else { return line }
    var result = ""
    var used = 0
    for character in line {
      let columns = DisplayWidth.of(character)
      if used + columns > width - 1 { break }
      result.append(character)
      used += columns
    }
    return result + "…"
  }
}
