import NoteSyntax

@testable import NoteIntelligence

/// The cards of every note the agreement tests read come in document order.
extension OutlinePromptAgreementTests {
  /// Where the cards of `doc` are out of document order, in words: each card starts at
  /// or after the one before it, and a card starting where the one before it starts is
  /// held by it. Empty when they are in order.
  static func orderProblems(_ doc: NoteDocument) -> [String] {
    let ranges = Prompts.prompts(for: doc).map(\.range)
    var problems: [String] = []
    for (previous, next) in zip(ranges, ranges.dropFirst())
    where previous.lowerBound > next.lowerBound
      || (previous.lowerBound == next.lowerBound && previous.upperBound < next.upperBound)
    {
      problems.append("the card at \(previous) comes before the card at \(next)")
    }
    return problems
  }
}
