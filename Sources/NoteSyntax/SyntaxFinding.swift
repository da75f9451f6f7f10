/// A stable code for a piece of malformed prompt syntax; the raw value is what users see.
public enum FindingCode: String, Sendable, CaseIterable, Hashable, Comparable {
  case clozeUnclosedHint = "cloze-unclosed-hint"
  case clozeMissingAnswer = "cloze-missing-answer"
  case clozeUnclosedAnswer = "cloze-unclosed-answer"
  case clozeEmptyAnswer = "cloze-empty-answer"
  case clozeSpaceBeforeAnswer = "cloze-space-before-answer"
  case clozeNestedParenthesis = "cloze-nested-parenthesis"
  case qaMissingAnswer = "qa-missing-answer"
  case qaOrphanAnswer = "qa-orphan-answer"
  case qaBlankLineBetween = "qa-blank-line-between"
  case qaEmptyQuestion = "qa-empty-question"
  case qaEmptyAnswer = "qa-empty-answer"
  case qaMissingSpace = "qa-missing-space"
  case summaryEmpty = "summary-empty"
  case frontMatterUnclosed = "front-matter-unclosed"
  case frontMatterBadValue = "front-matter-bad-value"

  public static func < (lhs: FindingCode, rhs: FindingCode) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A malformed construct the parser found: its code and the exact byte range that is wrong.
public struct SyntaxFinding: Sendable, Hashable, CustomStringConvertible {
  public var code: FindingCode
  /// UTF-8 offsets into the note.
  public var range: Range<Int>

  public init(code: FindingCode, range: Range<Int>) {
    self.code = code
    self.range = range
  }

  public var description: String { "\(code.rawValue)@\(range.lowerBound)..<\(range.upperBound)" }

  func shifted(by delta: Int) -> SyntaxFinding {
    SyntaxFinding(code: code, range: (range.lowerBound + delta)..<(range.upperBound + delta))
  }
}
