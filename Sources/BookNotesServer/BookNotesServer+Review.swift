import LanguageServerProtocol
import Locking
import NoteIntelligence
import NoteSyntax
import NoteText
import NoteWorkspace
import ReviewScheduling

/// The review logs' warnings already logged: each unreadable log is said once.
private let loggedReviewWarnings = Lock<Set<String>>([])

extension BookNotesServer {
  func registerReview() {
    connection.register(ReviewDueParams.self, scope: { _ in .library(document: nil) }) { [self] params, _ in
      try timed(ReviewDueParams.method) { try reviewDue(params) }
    }
    connection.register(ReviewGradeParams.self, scope: { _ in .library(document: nil) }) { [self] params, _ in
      try timed(ReviewGradeParams.method) { try reviewGrade(params) }
    }
  }

  /// The open note at a library path, as edited.
  func openNote(atLibraryPath path: String) -> NoteDocument? {
    documents.withLock { $0[Self.uri(ofLibraryPath: path)] }?.note
  }

  /// The open notes by library path, taken once for a whole-library pass.
  func openNotesByPath() -> [String: NoteDocument] {
    let open = documents.withLock { Array($0.values) }
    return Dictionary(open.map { (Self.libraryPath(of: $0.uri), $0.note) }) { first, _ in first }
  }

  /// Logs each of the review logs' `warnings` once.
  func logReviewWarnings(_ warnings: [String]) {
    for warning in warnings where loggedReviewWarnings.withLock({ $0.insert(warning).inserted }) {
      logger.warning(warning)
    }
  }

  func reviewDue(_ params: ReviewDueParams) throws -> [ReviewItem] {
    if let limit = params.limit, limit < 0 { throw ResponseError.invalidParams("limit: must not be negative") }
    let filter = LibraryEngine.ReviewFilter(book: params.book, tag: params.tag)
    let open = openNotesByPath()
    // Picked from the index; only the prompts answered are read from their notes.
    let candidates = library.reviewCandidates(filter) { open[$0] }
    try Task.checkCancellation()
    let now = LibraryEngine.now()
    let (schedule, warnings) = library.reviewSchedule(now: now)
    logReviewWarnings(warnings)
    let queued = ReviewQueue.due(
      candidates, schedule: schedule, now: now, settings: library.reviewSettings, limit: params.limit)
    let encoding = self.encoding
    return library.reviewTexts(queued) { open[$0] }.map { item in
      let prompt = PromptItem(
        item.prompt, file: item.path, uri: Self.uri(ofLibraryPath: item.path), range: item.span.lspRange(in: encoding))
      return ReviewItem(
        prompt, due: item.card.due.map(UTCTime.format), state: item.card.isNew ? "new" : item.card.state.rawValue)
    }
  }

  func reviewGrade(_ params: ReviewGradeParams) throws -> ReviewGradeResult {
    guard let grade = ReviewGrade(rawValue: params.grade) else {
      throw ResponseError.invalidParams("grade: 1 (again), 2 (hard), 3 (good) or 4 (easy), not \(params.grade)")
    }
    let open = openNotesByPath()
    guard let id = PromptID(params.id), let path = library.notePath(ofPrompt: id, openNote: { open[$0] }) else {
      throw ResponseError.invalidParams("id: no prompt of the library has the id \(params.id)")
    }
    let record = ReviewRecord(
      time: LibraryEngine.now(), promptID: params.id, grade: grade, seconds: min(max(params.seconds ?? 0, 0), 86_400))
    // The card as the schedule has it at the grade's time (kept in memory and beside
    // the index cache), graded: the log is appended to, not read again.
    let (schedule, warnings) = library.reviewSchedule(now: record.time)
    logReviewWarnings(warnings)
    if let problem = library.recordReview(record, notePath: path) {
      logger.error("The review log could not be written: \(problem)")
      throw ResponseError.internalError("The review log could not be written: \(problem)")
    }
    let card = library.reviewSettings.scheduler.review(schedule.card(id), grade: grade, at: record.time)
    let due = card.due ?? record.time
    let comesBack = SessionQueue<String>.comesBack(card, at: record.time)
    return ReviewGradeResult(
      id: params.id, due: UTCTime.format(due), state: card.state.rawValue,
      comesBackIn: comesBack ? Int(max(due - record.time, 0)) : nil)
  }
}

extension BookNotesServer {
  /// The client's command that starts a review, arguments `[{book}]`: the editors
  /// run it themselves (it is not the server's).
  static let reviewCommand = "booknotes.review"

  /// On a note's title, when it has prompts: "N prompts · M due" (new prompts count as
  /// due), whose command starts a review of that book.
  func reviewLenses(_ document: OpenDocument, _ encoding: PositionEncoding) -> [CodeLens] {
    let note = document.note
    let path = Self.libraryPath(of: document.uri)
    let identity = NoteSummary.bookIdentity(path: path, doc: note)
    guard let title = identity.title, let span = identity.titleSpan else { return [] }
    let prompts = Prompts.prompts(for: note, path: path)
    guard !prompts.isEmpty else { return [] }
    let now = LibraryEngine.now()
    let (schedule, warnings) = library.reviewSchedule(now: now)
    logReviewWarnings(warnings)
    let due = prompts.count { prompt in
      let card = PromptID(prompt.id).map(schedule.card) ?? ReviewCard()
      return card.isNew || (card.due ?? now) <= now
    }
    let text = "\(prompts.count) \(prompts.count == 1 ? "prompt" : "prompts") · \(due) due"
    let command = Command(title: text, command: Self.reviewCommand, arguments: [["book": .string(title)]])
    return [CodeLens(range: note.lspRange(of: span.bytes, in: encoding), command: command)]
  }

  /// The review line of the prompt at byte `offset` of `note`, with the prompt's range:
  /// when it is next due, or that it was never reviewed. `card` is the range of the card
  /// the hover shows (``HoverContent``), whose prompt is the one meant.
  func reviewHover(at offset: Int, in note: NoteDocument, uri: DocumentURI, card: Swift.Range<Int>?) -> (
    markdown: String, range: Swift.Range<Int>
  )? {
    let path = Self.libraryPath(of: uri)
    // The card the hover shows, else the last prompt around the offset; its text alone hashed.
    guard let hovered = Prompts.hoveredCard(at: offset, shown: card, in: note, path: path) else { return nil }
    let (schedule, warnings) = library.reviewSchedule(now: LibraryEngine.now())
    logReviewWarnings(warnings)
    // An id counts the identical cards before it: they are looked for only when a card
    // of this text was reviewed. Otherwise the card is new, whichever it is.
    let id =
      schedule.hasReviews(ofHash: hovered.hash)
      ? Prompts.id(of: hovered, in: note, path: path) : PromptID(hash: hovered.hash)
    let range = hovered.range
    let card = schedule.card(id)
    guard let due = card.due, !card.isNew else { return ("*Review:* new, not reviewed yet", range) }
    let reviews = card.reviews == 1 ? "1 review" : "\(card.reviews) reviews"
    return ("*Next review:* \(UTCTime.formatDate(due)) (\(card.state.rawValue), \(reviews))", range)
  }
}
