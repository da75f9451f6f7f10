import NoteSyntax

@testable import NoteIntelligence

/// The outline of every note the agreement tests read nests as editors draw it.
extension OutlinePromptAgreementTests {
  /// Where the outline of `doc` does not nest, in words: an entry whose range does not
  /// hold its selection or a child's range, and siblings that overlap or are out of
  /// document order. Empty when it nests.
  static func nestingProblems(_ doc: NoteDocument) -> [String] {
    var problems: [String] = []
    func describe(_ symbol: OutlineSymbol) -> String {
      "\(symbol.kind) \(symbol.name.debugDescription) \(symbol.range.lowerBound)..<\(symbol.range.upperBound)"
    }
    func holds(_ outer: Range<Int>, _ inner: Range<Int>) -> Bool {
      outer.lowerBound <= inner.lowerBound && inner.upperBound <= outer.upperBound
    }
    func check(_ symbols: [OutlineSymbol], in parent: OutlineSymbol?) {
      var previous: OutlineSymbol?
      for symbol in symbols {
        if !holds(symbol.range, symbol.selectionRange) {
          problems.append("\(describe(symbol)) does not hold its selection \(symbol.selectionRange)")
        }
        if let parent, !holds(parent.range, symbol.range) {
          problems.append("\(describe(parent)) does not hold its child \(describe(symbol))")
        }
        if let previous, previous.range.upperBound > symbol.range.lowerBound {
          problems.append("\(describe(previous)) overlaps or follows its next sibling \(describe(symbol))")
        }
        previous = symbol
        check(symbol.children, in: symbol)
      }
    }
    check(Outline.symbols(for: doc), in: nil)
    return problems
  }
}
