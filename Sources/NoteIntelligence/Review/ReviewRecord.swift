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

  /// Reads one line's UTF-8 bytes (its line feed removed) as ``read(_:)`` reads its
  /// text: a plain record straight from the bytes, anything else through the text.
  public static func read(utf8 line: ArraySlice<UInt8>) -> Line {
    var bytes = line
    if bytes.last == 0x0D { bytes.removeLast() }
    let fields = bytes.split(separator: 0x09, maxSplits: 4, omittingEmptySubsequences: false)
    func digits(_ field: ArraySlice<UInt8>) -> Bool { field.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
    if fields.count == 4, let time = UTCTime.parse(utf8: fields[0]), !fields[1].isEmpty,
      fields[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F }), fields[2].count == 1,
      let grade = ReviewGrade(rawValue: Int(fields[2].first!) - 0x30), (1...9).contains(fields[3].count),
      digits(fields[3])
    {
      let seconds = fields[3].reduce(0) { $0 * 10 + Int($1 - 0x30) }
      let id = String(decoding: fields[1], as: UTF8.self)
      return .record(ReviewRecord(time: time, promptID: id, grade: grade, seconds: seconds))
    }
    return read(Substring(String(decoding: line, as: UTF8.self)))
  }

  /// The line that records it, line feed included.
  public var line: String {
    "\(UTCTime.format(time))\t\(promptID)\t\(grade.rawValue)\t\(seconds)\n"
  }
}
