public import JSONCore
public import LanguageServerProtocol
import NoteIntelligence
import NoteWorkspace
import ReviewScheduling

/// A prompt as `booknotes/review/due` answers it: the `booknotes/prompts` item plus
/// when it is due (UTC ISO 8601, `null` for a new prompt) and its FSRS state (`new`,
/// `learning`, `review`, `relearning`).
public struct ReviewItem: Sendable, Hashable, Codable, FastJSONEncodable {
  public var item: PromptItem
  public var due: String?
  public var state: String

  public init(_ item: PromptItem, due: String?, state: String) {
    self.item = item
    self.due = due
    self.state = state
  }

  public init(from decoder: any Decoder) throws {
    item = try PromptItem(from: decoder)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    due = try container.decodeIfPresent(String.self, forKey: .due)
    state = try container.decode(String.self, forKey: .state)
  }

  private enum CodingKeys: String, CodingKey { case due, state }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    var writer = JSONWriter()
    writeJSON(to: &writer)
    try container.encode(JSONParser.parse(writer.bytes))
  }

  /// `{id, kind, file, line, book, front, back, uri, range, due, state}`.
  public func writeJSON(to writer: inout JSONWriter) {
    PromptExport.write(item.prompt, file: item.file, to: &writer) { writer in
      writer.key("uri")
      writer.write(item.uri)
      writer.key("range")
      item.range.writeJSON(to: &writer)
      writer.key("due")
      due.writeJSON(to: &writer)
      writer.key("state")
      writer.write(state)
    }
  }
}

/// `booknotes/review/due`: the prompts a review session shows now, due ones first,
/// then new ones; `book` (words of a title), `tag` and `limit` narrow them.
public struct ReviewDueParams: LSPRequest, Hashable {
  public static let method = "booknotes/review/due"
  public typealias Response = [ReviewItem]

  public var book: String?
  public var tag: String?
  public var limit: Int?

  public init(book: String? = nil, tag: String? = nil, limit: Int? = nil) {
    self.book = book
    self.tag = tag
    self.limit = limit
  }
}

/// `booknotes/review/grade`: a grade (1 again, 2 hard, 3 good, 4 easy) for a prompt by
/// its id, appended to the review log; answers when the prompt is next due.
public struct ReviewGradeParams: LSPRequest, Hashable {
  public static let method = "booknotes/review/grade"
  public typealias Response = ReviewGradeResult

  public var id: String
  public var grade: Int
  public var seconds: Int?

  public init(id: String, grade: Int, seconds: Int? = nil) {
    self.id = id
    self.grade = grade
    self.seconds = seconds
  }
}

/// When a graded prompt is next due (UTC ISO 8601) and its state, and whether it comes
/// back in the session under way: `comesBackIn`, the seconds from the grade until its
/// learning or relearning step is due when that is within the session's learn-ahead
/// (``SessionQueue/comesBack(_:at:)``), else `null`. An editor shows it again once that
/// time has passed, or sooner when nothing else is left.
public struct ReviewGradeResult: Sendable, Hashable, Codable {
  public var id: String
  public var due: String
  public var state: String
  public var comesBackIn: Int?

  public init(id: String, due: String, state: String, comesBackIn: Int? = nil) {
    self.id = id
    self.due = due
    self.state = state
    self.comesBackIn = comesBackIn
  }

  private enum CodingKeys: String, CodingKey { case id, due, state, comesBackIn }

  /// `comesBackIn` is written as `null` when the prompt does not come back.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(due, forKey: .due)
    try container.encode(state, forKey: .state)
    if let comesBackIn {
      try container.encode(comesBackIn, forKey: .comesBackIn)
    } else {
      try container.encodeNil(forKey: .comesBackIn)
    }
  }
}
