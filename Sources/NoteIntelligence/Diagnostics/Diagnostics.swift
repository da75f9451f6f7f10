public import NoteSyntax

/// Turns the parser's findings into diagnostics with the spec's severities and
/// messages that say what to type.
public enum Diagnostics {
  /// The diagnostics of `doc`, in document order; `questions`, kept with the note, pairs
  /// only the lists of the blocks an edit changed.
  public static func compute(
    _ doc: NoteDocument, options: DiagnosticSettings = .default, questions: ListQuestionCache? = nil
  ) -> [NoteDiagnostic] {
    guard options.enabled else { return [] }
    // The lists are paired once: for their unanswered questions and, when a finding asks
    // whether the note has prompts, for their pairs.
    let lists = (questions ?? ListQuestionCache()).scan(doc)
    let findings = Self.findings(of: doc, unanswered: lists.unanswered)
    var presence: PromptPresence?
    return findings.compactMap { finding in
      if !options.promptsExpected, let kind = reportedWherePromptsAreExpected[finding.code] {
        if presence == nil { presence = PromptPresence(doc) { lists.pairs } }
        guard presence?.has(kind) == true else { return nil }
      }
      return diagnostic(for: finding, in: doc, options: options)
    }
  }

  /// The parser's findings of `doc`, its front matter's bad values and, from its lists, a
  /// `qa-missing-answer` for each item's question that no item answers (``ListPairing``),
  /// in document order.
  public static func findings(of doc: NoteDocument) -> [SyntaxFinding] {
    findings(of: doc, unanswered: ListPairing.scan(doc).unanswered)
  }

  /// The parser's findings of `doc`, after its front matter's bad values, with a
  /// `qa-missing-answer` for each of `unanswered`.
  private static func findings(of doc: NoteDocument, unanswered: [ListQuestion]) -> [SyntaxFinding] {
    let badValues = FrontMatterValues.badValues(of: doc)
    let findings = badValues.isEmpty ? doc.tree.findings : badValues + doc.tree.findings
    guard !unanswered.isEmpty else { return findings }
    var merged: [SyntaxFinding] = []
    merged.reserveCapacity(findings.count + unanswered.count)
    var next = 0
    for question in unanswered {
      while next < findings.count && findings[next].range.lowerBound <= question.marker.lowerBound {
        merged.append(findings[next])
        next += 1
      }
      merged.append(SyntaxFinding(code: .qaMissingAnswer, range: question.marker))
    }
    return merged + findings[next...]
  }

  /// The codes of text that may not be meant as a prompt at all (`Really?[citation
  /// needed]`, a mnemonic list `C: … A: … S: …`), each with the kind of prompt whose
  /// presence in the note says that prompts are meant: outside a notes folder
  /// (``DiagnosticSettings/promptsExpected``) they are reported only in a note that has a
  /// well-formed prompt of that kind.
  public static let reportedWherePromptsAreExpected: [FindingCode: PromptPresence.Kind] = [
    .clozeUnclosedHint: .cloze, .clozeMissingAnswer: .cloze, .qaMissingAnswer: .questionAnswer,
    .qaOrphanAnswer: .questionAnswer,
  ]

  /// The diagnostic for one finding of `doc`, or `nil` when options turn its code off.
  public static func diagnostic(
    for finding: SyntaxFinding, in doc: NoteDocument, options: DiagnosticSettings = .default
  ) -> NoteDiagnostic? {
    let code = finding.code.rawValue
    guard let severity = options.severity(for: code, default: defaultSeverity(of: finding.code)) else { return nil }
    let text: String
    if finding.code == .frontMatterBadValue {
      text = badValueMessage(for: finding, in: doc)
    } else if finding.code == .qaMissingAnswer, let bullet = QuickFixes.listAnswerBullet(for: finding, in: doc) {
      // A list item's question is answered by the next item, which its quick fix adds.
      text = "Question has no answer: add an item '\(bullet) A: ' right after it."
    } else {
      text = message(for: finding.code)
    }
    return NoteDiagnostic(range: finding.range, severity: severity, code: code, message: text)
  }

  /// The message for a bad front matter value, naming what its key accepts.
  static func badValueMessage(for finding: SyntaxFinding, in doc: NoteDocument) -> String {
    let line = doc.lines.contentRange(ofLine: doc.lines.lineContaining(finding.range.lowerBound))
    let key =
      doc.text.string(in: line.lowerBound..<finding.range.lowerBound)
      .split(separator: ":").first.map { String($0).lowercased() } ?? ""
    let value = doc.text.string(in: finding.range)
    switch key {
    case "status":
      let names = FrontMatterValues.statuses.joined(separator: ", ")
      return "Unknown status '\(value)': type one of \(names) (or to-read, currently-reading, read, dnf)."
    case "rating":
      return "Rating '\(value)' is not 1 to 5: type a number from 1 to 5 (halves allowed), stars, or 0 for none."
    case "isbn":
      let bytes = FrontMatterValues.unquoted(doc.text.bytes(in: finding.range))
      if FrontMatterValues.isASIN(bytes) {
        return
          "'\(String(decoding: bytes, as: UTF8.self))' is an Amazon ASIN, not an ISBN: type the book's ISBN, or move this to another key."
      }
      return "ISBN '\(value)' has a wrong check digit: type the 10 or 13 digits exactly as printed."
    default:
      return message(for: .frontMatterBadValue)
    }
  }

  /// The spec's severity for a code.
  public static func defaultSeverity(of code: FindingCode) -> NoteDiagnostic.Severity {
    switch code {
    case .clozeSpaceBeforeAnswer, .clozeNestedParenthesis, .qaMissingSpace, .summaryEmpty, .frontMatterBadValue:
      .warning
    case .clozeUnclosedHint, .clozeMissingAnswer, .clozeUnclosedAnswer, .clozeEmptyAnswer, .qaMissingAnswer,
      .qaOrphanAnswer, .qaBlankLineBetween, .qaEmptyQuestion, .qaEmptyAnswer, .frontMatterUnclosed:
      .error
    }
  }

  /// What is wrong and what to type.
  public static func message(for code: FindingCode) -> String {
    switch code {
    case .clozeUnclosedHint:
      "Cloze hint is not closed: type ']' after the hint, then '(answer)'."
    case .clozeMissingAnswer:
      "Cloze has no answer: type '(answer)' right after the ']'."
    case .clozeUnclosedAnswer:
      "Cloze answer is not closed: type ')' at the end of the answer."
    case .clozeEmptyAnswer:
      "Cloze answer is empty: type the answer between '(' and ')'."
    case .clozeSpaceBeforeAnswer:
      "Space between a cloze's ']' and '(': remove it, or this is not read as one cloze in other apps."
    case .clozeNestedParenthesis:
      "Cloze answer contains '(': it ends at the first ')', so the rest shows as text; remove the inner parentheses."
    case .qaMissingAnswer:
      "Question has no answer: add a line starting 'A: ' right after it."
    case .qaOrphanAnswer:
      "Answer has no question: add a line starting 'Q: ' right before it."
    case .qaBlankLineBetween:
      "Blank line between question and answer: remove it so that 'A: ' follows 'Q: ' directly."
    case .qaEmptyQuestion:
      "Question is empty: type the question after 'Q: '."
    case .qaEmptyAnswer:
      "Answer is empty: type the answer after 'A: '."
    case .qaMissingSpace:
      "Prompt marker must be 'Q: ' or 'A: ': capital letter, colon, then a space."
    case .summaryEmpty:
      "Summary is empty: type the summary after the marker."
    case .frontMatterUnclosed:
      "Front matter is not closed: add a line '---' after its last 'key: value' line."
    case .frontMatterBadValue:
      "Invalid value: 'status' is one of reading, wishlist, finished, abandoned, archived; 'rating' is 1 to 5; 'isbn' needs a valid check digit."
    }
  }
}

/// Which kinds of prompt a note has at least one well-formed example of.
public struct PromptPresence: Sendable, Equatable {
  /// A kind of prompt.
  public enum Kind: Sendable {
    /// `?[hint](answer)`.
    case cloze
    /// A `Q:` line and an `A:` line.
    case questionAnswer
  }

  public var cloze = false
  public var questionAnswer = false

  /// The prompts of `doc`, read from its blocks' sets of node kinds: one bit test a
  /// block, no node visited; the pairs its lists' items make (``ListPairing``) only when
  /// no block is a pair.
  public init(_ doc: NoteDocument) {
    self.init(doc) { ListPairing.scan(doc).pairs }
  }

  /// ``init(_:)`` with the pairs of `doc`'s lists counted by `listPairs`, when needed.
  init(_ doc: NoteDocument, listPairs: () -> Int) {
    for block in doc.tree.blockSequence {
      cloze = cloze || block.mayHold(.cloze)
      questionAnswer = questionAnswer || block.mayHold(.questionAnswer)
      if cloze && questionAnswer { break }
    }
    if !questionAnswer { questionAnswer = listPairs() > 0 }
  }

  public func has(_ kind: Kind) -> Bool {
    switch kind {
    case .cloze: cloze
    case .questionAnswer: questionAnswer
    }
  }
}
