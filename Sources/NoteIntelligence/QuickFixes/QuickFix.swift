/// Replaces a byte range of a note with new text.
public struct TextReplacement: Sendable, Hashable, CustomStringConvertible {
  /// UTF-8 byte offsets into the note before the edit.
  public var range: Range<Int>
  public var newText: String

  public init(range: Range<Int>, newText: String) {
    self.range = range
    self.newText = newText
  }

  public var description: String { "\(range.lowerBound)..<\(range.upperBound) -> \(newText.debugDescription)" }
}

/// A one-keystroke fix for one diagnostic.
public struct QuickFix: Sendable, Hashable, CustomStringConvertible {
  /// What the fix does, for a menu.
  public var title: String
  /// The code of the diagnostic it fixes.
  public var code: String
  /// The diagnostic's range (UTF-8 offsets), so a client can attach the fix to it.
  public var diagnosticRange: Range<Int>
  /// The edits, non-overlapping, in the note's offsets before any of them is applied.
  public var edits: [TextReplacement]
  /// Where to put the cursor after the edits, as a byte offset into the edited text.
  public var cursor: Int?

  public init(
    title: String, code: String, diagnosticRange: Range<Int>, edits: [TextReplacement], cursor: Int? = nil
  ) {
    self.title = title
    self.code = code
    self.diagnosticRange = diagnosticRange
    self.edits = edits
    self.cursor = cursor
  }

  public var description: String {
    "\(code): \(title) " + edits.map(\.description).joined(separator: ", ")
      + (cursor.map { " cursor \($0)" } ?? "")
  }

  /// `text` (a note's UTF-8 bytes) with the edits applied.
  public func applied(to text: [UInt8]) -> [UInt8] {
    var result = text
    for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
      result.replaceSubrange(edit.range, with: Array(edit.newText.utf8))
    }
    return result
  }

  /// `text` with the edits applied.
  public func applied(to text: String) -> String {
    String(decoding: applied(to: Array(text.utf8)), as: UTF8.self)
  }
}
