import Foundation
import NoteIntelligence
import NoteSyntax

/// `booknotes-bench hover --corpus [--reviewed] [BOOKNOTES_BINARY]`: hovers at 40 quotes
/// of the 1 MiB corpus note. In process, per hover: the card (``HoverContent``), the
/// review line's card and hash alone (``Prompts/hoveredCard(at:shown:in:path:)``), with
/// the id counted among the cards before it (``Prompts/id(of:in:path:)``, when its text
/// was reviewed), and, to compare, every card's id (``Prompts/marks(for:path:)``). Over the
/// server, the note open in a library of its own (with `--reviewed`, a review log holding those
/// quotes): each hover request to its answer, 5 rounds, median and 90th percentile.
enum HoverServerBenchmark {
  static func run(arguments: [String]) throws {
    let binary =
      arguments.first { !$0.hasPrefix("--") } ?? ProcessInfo.processInfo.environment["BOOKNOTES_BINARY"]
      ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("booknotes")
      .path
    let reviewed = arguments.contains("--reviewed")
    let text = try String(contentsOfFile: try Corpus.note(bytes: 1 << 20), encoding: .utf8)
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("booknotes-hover-\(getpid())")
    let path = root.appendingPathComponent("note.md").path
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent(".booknotes"), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let doc = NoteDocument(text)
    let quotes = Prompts.prompts(for: doc, path: path).filter { $0.kind == .quote }
    let picked = (0..<40).map { quotes[$0 * quotes.count / 40] }
    if reviewed {
      let log = picked.map { "2026-11-01T08:00:00Z\t\($0.id)\t3\t4\n" }.joined()
      try Data(log.utf8).write(to: root.appendingPathComponent(".booknotes/reviews.tsv"))
    }
    inProcess(doc, picked.map(\.range), path: path)

    let session = try LSPBenchmark.Session(binary: binary, uri: URL(fileURLWithPath: path).absoluteString)
    _ = try session.initialize(root: root.absoluteString)
    session.open(text: text)
    func hover(_ offset: Int) throws -> Double {
      let position = doc.lineColumn(of: offset, in: .utf16)
      let start = DispatchTime.now().uptimeNanoseconds
      let id = session.request(
        "textDocument/hover",
        [
          "textDocument": ["uri": session.uri],
          "position": ["line": .int(position.line), "character": .int(position.column)],
        ])
      return Double(try session.response(id).time - start) / 1e9
    }
    // The library indexed and the review log read before the rounds.
    Thread.sleep(forTimeInterval: 2)
    for quote in picked { _ = try hover(quote.range.lowerBound + 2) }
    var latencies: [Double] = []
    for _ in 0..<5 {
      for quote in picked { latencies.append(try hover(quote.range.lowerBound + 2)) }
    }
    session.close()
    print(
      "over the server (\(binary)\(reviewed ? ", quotes reviewed" : ", no review log")): hover at 40 quotes,"
        + " median \(Measure.format(Measure.median(latencies))),"
        + " p90 \(Measure.format(Measure.percentile(latencies, 0.9)))")
  }

  /// The parts of a hover at each of `cards` (starts of quotes), in process, median of 3.
  static func inProcess(_ doc: NoteDocument, _ cards: [Range<Int>], path: String) {
    func perHover(_ body: (Int) -> Void) -> Double {
      Measure.median((0..<3).map { _ in Measure.seconds { for card in cards { body(card.lowerBound + 2) } } })
        / Double(cards.count)
    }
    let shown = cards.map { HoverContent.markdown(at: $0.lowerBound + 2, in: doc)?.range }
    var index = 0
    let card = perHover { offset in _ = HoverContent.markdown(at: offset, in: doc) }
    let hovered = perHover { offset in
      _ = Prompts.hoveredCard(at: offset, shown: shown[index % cards.count], in: doc, path: path)
      index += 1
    }
    let counted = perHover { offset in
      if let found = Prompts.hoveredCard(at: offset, shown: shown[index % cards.count], in: doc, path: path) {
        _ = Prompts.id(of: found, in: doc, path: path)
      }
      index += 1
    }
    let every = perHover { _ in _ = Prompts.marks(for: doc, path: path) }
    print(
      "1 MiB corpus note (\(doc.utf8Count) bytes), 40 quotes, in process per hover: the card \(Measure.format(card)),"
        + " the review line's card and hash \(Measure.format(hovered)),"
        + " with its id counted among the cards before it \(Measure.format(counted)), every card's id \(Measure.format(every))"
    )
  }
}
