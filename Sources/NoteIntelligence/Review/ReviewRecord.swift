public import ReviewScheduling

/// One line of the review log (`.booknotes/reviews.tsv`): when a prompt was graded,
/// which, how, and in how many seconds; four fields separated by tabs.
public struct ReviewRecord: Sendable, Hashable {
  /// Seconds since 1970 in UTC.
  public var time: Int64
  /// The prompt's id, as `booknotes prompts` prints it.
  public var promptID: String
  public var grade: ReviewGrade
  /// The seconds taken to answer.
  public var seconds: Int

  public init(time: Int64, promptID: String, grade: ReviewGrade, seconds: Int) {
    self.time = time
    self.promptID = promptID
    self.grade = grade
    self.seconds = seconds
  }

  /// What one line of a log holds.
  public enum Line: Sendable, Equatable {
    case record(ReviewRecord)
    /// A comment (`#…`) or a blank line.
    case ignored
    /// A line that does not read.
    case malformed
  }

  /// Reads one line, its line break removed (a trailing carriage return is allowed).
  public static func read(_ line: Substring) -> Line {
    var text = line
    if text.last == "\r" { text.removeLast() }
    if text.isEmpty || text.first == "#" || text.allSatisfy({ $0 == " " || $0 == "\t" }) { return .ignored }
    let fields = text.split(separator: "\t", omittingEmptySubsequences: false)
    guard fields.count == 4, let time = UTCTime.parse(fields[0]), !fields[1].isEmpty,
      !fields[1].contains(where: \.isWhitespace), let number = Int(fields[2]),
      let grade = ReviewGrade(rawValue: number), let seconds = Int(fields[3]), seconds >= 0
    else { return .malformed }
    return .record(ReviewRecord(time: time, promptID: String(fields[1]), grade: grade, seconds: seconds))
  }

  /// The line that records it, line feed included.
  public var line: String {
    "\(UTCTime.format(time))\t\(promptID)\t\(grade.rawValue)\t\(seconds)\n"
  }
}
