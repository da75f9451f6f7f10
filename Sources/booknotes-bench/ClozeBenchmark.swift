import NoteIntelligence
import NoteSyntax

/// `booknotes-bench clozes [N…]`: one paragraph of N clozes (2,000 by default, between
/// words): the prompts' ids as the library index makes them (``Prompts/marks(for:path:)``)
/// and their texts (``Prompts/prompts(for:path:)``), median of 3. Each cloze's front is
/// the whole paragraph, so the texts grow as N²; the ids need not, nor the text of the
/// one card a review shows (``Prompts/prompts(for:path:ids:)``, the middle cloze); past
/// 4,000 clozes the texts are not made. Then a paragraph of 1 MiB of prose with a cloze
/// now and then (``LargeBlocks/paragraph(bytes:lineBreaks:)``): its ids, and its summary
/// as the library makes it again after an edit (``NoteSummary``), median of 5.
enum ClozeBenchmark {
  static func run(arguments: [String]) {
    let counts = arguments.compactMap { Int($0) }
    for count in counts.isEmpty ? [500, 1_000, 2_000] : counts {
      var text = "# Clozes\n\n"
      for index in 0..<count { text += "Word \(index) is ?[hint \(index % 7)](answer \(index)) and more. " }
      text += "\n"
      let doc = NoteDocument(text)
      var marks = 0
      var length = 0
      let ids = Measure.median((0..<3).map { _ in Measure.seconds { marks = Prompts.marks(for: doc).count } })
      guard count <= 4_000 else {
        print(
          "\(count) clozes in one paragraph (\(text.utf8.count) bytes): ids of \(marks) prompts \(Measure.format(ids))")
        continue
      }
      let texts = Measure.median(
        (0..<3).map { _ in
          Measure.seconds { length = Prompts.prompts(for: doc).reduce(0) { $0 + $1.front.utf8.count } }
        })
      let middle = Set(Prompts.marks(for: doc).dropFirst(marks / 2).prefix(1).map(\.id))
      var picked = 0
      let one = Measure.median(
        (0..<3).map { _ in Measure.seconds { picked = Prompts.prompts(for: doc, path: nil, ids: middle).count } })
      print(
        "\(count) clozes in one paragraph (\(text.utf8.count) bytes): ids of \(marks) prompts \(Measure.format(ids)),"
          + " texts \(Measure.format(texts)) (\(Measure.megabytes(length)) of fronts),"
          + " one review card's text \(Measure.format(one)) (\(picked) prompt)")
    }
    let prose = NoteDocument(LargeBlocks.paragraph(bytes: 1 << 20, lineBreaks: false))
    var marks = 0
    let ids = Measure.median((0..<5).map { _ in Measure.seconds { marks = Prompts.marks(for: prose).count } })
    let summary = Measure.median(
      (0..<5).map { _ in Measure.seconds { _ = NoteSummary(path: "/notes/prose.md", doc: prose) } })
    print(
      "1 MiB paragraph of prose (\(prose.text.count) bytes, \(marks) clozes): ids \(Measure.format(ids)),"
        + " summary \(Measure.format(summary))")
  }
}
