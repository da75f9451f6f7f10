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
    line.withUnsafeBufferPointer { read(bytes: $0) }
  }

  /// Reads one line's UTF-8 `bytes` (its line feed removed) as ``read(_:)`` reads its
  /// text: a plain record in place, allocating only its prompt id; anything else
  /// through the text.
  public static func read(bytes line: UnsafeBufferPointer<UInt8>) -> Line {
    var end = line.count
    if end > 0 && line[end - 1] == 0x0D { end -= 1 }
    // The three tabs of a plain record, and no fourth.
    var tabs = (0, 0, 0)
    var found = 0
    for index in 0..<end where line[index] == 0x09 {
      switch found {
      case 0: tabs.0 = index
      case 1: tabs.1 = index
      case 2: tabs.2 = index
      default: break
      }
      found += 1
    }
    if found == 3, tabs.1 > tabs.0 + 1, tabs.2 == tabs.1 + 2, end > tabs.2 + 1, end - tabs.2 - 1 <= 9,
      let time = UTCTime.parse(bytes: UnsafeBufferPointer(rebasing: line[0..<tabs.0])),
      let grade = ReviewGrade(rawValue: Int(line[tabs.1 + 1]) - 0x30)
    {
      let id = UnsafeBufferPointer(rebasing: line[(tabs.0 + 1)..<tabs.1])
      var seconds = 0
      var plain = id.allSatisfy { $0 > 0x20 && $0 < 0x7F }
      for index in (tabs.2 + 1)..<end {
        let byte = line[index]
        guard byte >= 0x30 && byte <= 0x39 else {
          plain = false
          break
        }
        seconds = seconds * 10 + Int(byte - 0x30)
      }
      if plain {
        let promptID = String(decoding: id, as: UTF8.self)
        return .record(ReviewRecord(time: time, promptID: promptID, grade: grade, seconds: seconds))
      }
    }
    return read(Substring(String(decoding: line, as: UTF8.self)))
  }

  /// The line that records it, line feed included.
  public var line: String {
    "\(UTCTime.format(time))\t\(promptID)\t\(grade.rawValue)\t\(seconds)\n"
  }
}
