import NoteIntelligence
import NoteSyntax

/// `booknotes-bench hover [N]`: a note of N sections (1,000 by default), each a quote
/// with its citation, a pair across two lists, a quote in a list item and a paragraph
/// with a cloze. The hover's card (``HoverContent/markdown(at:in:)``) at the start of
/// every card, against the note's prompts made once (``Prompts/prompts(for:path:)``) and
/// their ids alone (``Prompts/marks(for:path:)``, which the server's review line reads),
/// median of 3: a hover makes the prompts of its block only, so it costs the block, not
/// the note.
enum HoverBenchmark {
  static func run(arguments: [String]) {
    let sections = arguments.compactMap { Int($0) }.first ?? 1_000
    var text = "# Hovers\n\n"
    for index in 0..<sections {
      text += "> Quoted words \(index), said once. (p. \(index))\n\n"
      text += "- Q: Question \(index)?\n* A: Answer \(index).\n\n"
      text += "- item \(index)\n  > a quote in an item \(index)\n\n"
      text += "Some ?[hint](answer \(index)) in a paragraph.\n\n"
    }
    let doc = NoteDocument(text)
    var prompts: [Prompt] = []
    let all = Measure.median((0..<3).map { _ in Measure.seconds { prompts = Prompts.prompts(for: doc) } })
    let ids = Measure.median((0..<3).map { _ in Measure.seconds { _ = Prompts.marks(for: doc) } })
    var shown = 0
    let hovers = Measure.median(
      (0..<3).map { _ in
        Measure.seconds {
          shown = 0
          for prompt in prompts where HoverContent.markdown(at: prompt.range.lowerBound, in: doc) != nil { shown += 1 }
        }
      })
    print(
      "\(sections) sections (\(text.utf8.count) bytes, \(prompts.count) cards): the note's prompts \(Measure.format(all)),"
        + " their ids alone (the review line's) \(Measure.format(ids)),"
        + " a hover at each card's start \(Measure.format(hovers / Double(max(prompts.count, 1))))"
        + " (\(shown) of \(prompts.count) showed their card)")
  }
}
