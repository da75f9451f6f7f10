import Foundation
import NoteSyntax

/// A code fence (or an HTML comment's `<!--`) typed at the top of a long note: the
/// keystroke that opens it turns every later line into code, the keystrokes after it
/// edit one line of that code each, and the one that closes it turns the rest back
/// into notes.
enum FenceBenchmark {
  static func run() throws {
    for (what, opening, closing) in [("code fence", "```\n", "```\n"), ("HTML comment", "<!--\n", "-->\n")] {
      print("\n\(what) typed at the top of a note (in process)")
      print("note    | open | keystrokes inside, median | p99 | close | keystrokes after, median")
      for (name, bytes) in Corpus.sizes where bytes >= 1024 * 1024 {
        let path = try Corpus.note(bytes: bytes)
        var document = NoteDocument(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        let open = Measure.seconds { document.replace(0..<0, with: opening) }
        let inside = keystrokes(&document, seed: 3)
        let firstLine = document.lines.startOfLine(2)
        let close = Measure.seconds { document.replace(firstLine..<firstLine, with: closing) }
        let after = keystrokes(&document, seed: 4)
        print(
          "\(name.padding(toLength: 7, withPad: " ", startingAt: 0)) | \(Measure.format(open)) | "
            + "\(Measure.format(Measure.median(inside))) | \(Measure.format(Measure.percentile(inside, 0.99))) | "
            + "\(Measure.format(close)) | \(Measure.format(Measure.median(after)))")
      }
    }
  }

  /// 300 one-character inserts at seeded random places.
  static func keystrokes(_ document: inout NoteDocument, seed: UInt64) -> [Double] {
    var random = BenchRandom(state: seed)
    return (0..<300).map { _ in
      let at = document.scalarBoundary(atOrBefore: random.next(document.utf8Count))
      return Measure.seconds { document.replace(at..<at, with: "x") }
    }
  }
}
