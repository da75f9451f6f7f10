public import NoteSyntax

/// The quick fixes for the malformed syntax that has one unambiguous fix.
public enum QuickFixes {
  /// The fixes of every finding whose construct touches `range` (a cursor is an empty
  /// range): a fix is in reach anywhere on the lines of what it mends, not only on the
  /// few characters its diagnostic flags (see ``reach(of:in:)``).
  public static func fixes(at range: Range<Int>, in doc: NoteDocument) -> [QuickFix] {
    Diagnostics.findings(of: doc).filter { touches(reach(of: $0, in: doc), range) }.compactMap {
      fix(for: $0, in: doc)
    }
  }

  /// Where a finding's fix is offered: the whole lines of the construct it belongs to,
  /// both lines of a question and answer for a finding inside one, every line of a
  /// question without an answer, otherwise the lines the finding itself is on (a
  /// cloze's line, a front matter entry).
  public static func reach(of finding: SyntaxFinding, in doc: NoteDocument) -> Range<Int> {
    var range = finding.range
    if let index = doc.tree.blockIndex(containing: range.lowerBound) {
      let block = doc.tree.block(at: index)
      if block.kind == .questionAnswer { range = block.range }
    }
    let lines = doc.lines
    let first = lines.lineContaining(range.lowerBound)
    var last = lines.lineContaining(max(range.lowerBound, range.upperBound - 1))
    if finding.code == .qaMissingAnswer { last = max(last, lastQuestionLine(at: finding.range.lowerBound, in: doc)) }
    return lines.startOfLine(first)..<lines.contentRange(ofLine: last).upperBound
  }

  /// The fixes of every finding touching the cursor at `offset`.
  public static func fixes(at offset: Int, in doc: NoteDocument) -> [QuickFix] {
    fixes(at: offset..<offset, in: doc)
  }

  /// The fix for a diagnostic, when its code has one and it matches a finding of `doc`.
  public static func fixes(for diagnostic: NoteDiagnostic, in doc: NoteDocument) -> [QuickFix] {
    Diagnostics.findings(of: doc).filter { $0.code.rawValue == diagnostic.code && $0.range == diagnostic.range }
      .compactMap { fix(for: $0, in: doc) }
  }

  /// The fix for a finding, when its code has one.
  public static func fix(for finding: SyntaxFinding, in doc: NoteDocument) -> QuickFix? {
    let range = finding.range
    let code = finding.code.rawValue
    func make(_ title: String, _ edit: TextReplacement, cursor: Int? = nil) -> QuickFix {
      QuickFix(title: title, code: code, diagnosticRange: range, edits: [edit], cursor: cursor)
    }
    switch finding.code {
    case .clozeMissingAnswer:
      let at = range.upperBound
      return make("Insert '()' for the answer", TextReplacement(range: at..<at, newText: "()"), cursor: at + 1)
    case .clozeUnclosedAnswer:
      var at = range.upperBound
      while at > range.lowerBound && isSpaceOrTab(doc.text[at - 1]) { at -= 1 }
      return make("Insert ')' to close the answer", TextReplacement(range: at..<at, newText: ")"), cursor: at + 1)
    case .clozeSpaceBeforeAnswer:
      return make("Remove the space before '('", TextReplacement(range: range, newText: ""))
    case .qaBlankLineBetween:
      return make("Remove the blank line", TextReplacement(range: range, newText: ""))
    case .qaMissingAnswer:
      return listAnswerFix(for: finding, in: doc) ?? answerLineFix(for: finding, in: doc)
    case .qaMissingSpace:
      return markerFix(for: finding, in: doc)
    default:
      return nil
    }
  }

  /// Inserts an `A: ` line after the question's last line, indented as the `Q:` line (in
  /// a list item, to its text; in a quote, after its `>` markers), with that line's own line break (a line feed on the last
  /// line of the note). The insertion goes at the end of that line's text, never past the
  /// note's last line, where clients differ.
  private static func answerLineFix(for finding: SyntaxFinding, in doc: NoteDocument) -> QuickFix {
    let lines = doc.lines
    let line = lastQuestionLine(at: finding.range.lowerBound, in: doc)
    let end = lines.contentRange(ofLine: line).upperBound
    let lineBreak = line + 1 < lines.lineCount ? doc.text.string(in: end..<lines.startOfLine(line + 1)) : ""
    let questionLine = lines.startOfLine(lines.lineContaining(finding.range.lowerBound))
    let indentation = doc.text.string(in: questionLine..<finding.range.lowerBound)
    let newText =
      (lineBreak.isEmpty ? "\n" : lineBreak) + (indentation.allSatisfy { " \t>".contains($0) } ? indentation : "")
      + "A: "
    return QuickFix(
      title: "Add an 'A: ' line", code: finding.code.rawValue, diagnosticRange: finding.range,
      edits: [TextReplacement(range: end..<end, newText: newText)], cursor: end + newText.utf8.count)
  }

  /// The last line of the question that the `Q:` marker at `offset` opens: its
  /// paragraph's lines from there on (a question continues over the lines after its
  /// `Q:` line), up to the next line that opens with a `Q:` or `A:` marker, and no more
  /// than ``QuestionAnswerGrammar/maxQuestionLines``.
  static func lastQuestionLine(at offset: Int, in doc: NoteDocument) -> Int {
    let lines = doc.lines
    let first = lines.lineContaining(offset)
    guard let end = questionEnd(at: offset, in: doc) else { return first }
    let last = lines.lineContaining(max(offset, end - 1))
    return min(max(last, first), first + QuestionAnswerGrammar.maxQuestionLines - 1)
  }

  /// Where the question whose marker is at `offset` ends at the latest: the end of the
  /// innermost paragraph holding it (in a list item too) or the start of the line of the
  /// next marker in it; in a quote, the end of its line and of the lines of text after it,
  /// up to one that opens with a marker.
  private static func questionEnd(at offset: Int, in doc: NoteDocument) -> Int? {
    guard let index = doc.tree.blockIndex(containing: offset) else { return nil }
    var node = doc.tree.block(at: index)
    var paragraph = node.kind == .paragraph ? node : nil
    while let child = node.children.first(where: { $0.range.contains(offset) }) {
      if child.kind == .quoteLine {
        var end = child.range.upperBound
        for line in node.children where line.startOffset >= end {
          guard line.kind == .quoteLine, let text = line.child(.inlineContent),
            !Prompts.opensWithMarker(text.range, doc)
          else { break }
          end = line.range.upperBound
        }
        return end
      }
      node = child
      if child.kind == .paragraph { paragraph = child }
    }
    guard let paragraph else { return nil }
    let lines = doc.lines
    var end = paragraph.range.upperBound
    paragraph.forEachDescendant { node in
      guard node.kind == .questionMarker || node.kind == .answerMarker, node.range.lowerBound > offset else { return }
      end = min(end, lines.startOfLine(lines.lineContaining(node.range.lowerBound)))
    }
    return end
  }

  /// Rewrites `q:`, `Q:text`, `a:` or `A:text` as `Q: ` or `A: `.
  private static func markerFix(for finding: SyntaxFinding, in doc: NoteDocument) -> QuickFix? {
    let range = finding.range
    guard range.count == 2 else { return nil }
    let letter = doc.text[range.lowerBound] & ~0x20
    let markerText = String(decoding: [letter, UInt8(ascii: ":")], as: UTF8.self)
    let end = range.upperBound
    let spaced = end >= doc.text.count || isSpaceOrTab(doc.text[end]) || doc.text[end] == 0x0A || doc.text[end] == 0x0D
    let title = spaced ? "Write '\(markerText)'" : "Insert a space after '\(markerText)'"
    return QuickFix(
      title: title, code: finding.code.rawValue, diagnosticRange: range,
      edits: [TextReplacement(range: range, newText: markerText + (spaced ? "" : " "))])
  }

  private static func isSpaceOrTab(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

  /// Whether a finding's range touches a selection or cursor (ends count).
  private static func touches(_ finding: Range<Int>, _ selection: Range<Int>) -> Bool {
    finding.lowerBound <= selection.upperBound && selection.lowerBound <= finding.upperBound
  }
}
