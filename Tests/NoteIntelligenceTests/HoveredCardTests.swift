import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// The card a hover's review line reads, found and hashed from the hovered blocks alone,
/// is the card of the note's marks there, and its id counted among the cards before it
/// is that mark's: on every shape the agreement tests read, alone, in items and quotes,
/// beside another and twice (its cards then identical).
@Suite(.onThreadsOfItsOwn) struct HoveredCardTests {
  @Test func theHoveredCardIsTheMarkOfItsRangeWithItsHash() {
    var notes: [String] = []
    let shapes = OutlinePromptAgreementTests.shapes
    for (index, shape) in shapes.enumerated() {
      let second = shapes[(index * 7 + 3) % shapes.count]
      notes += [
        shape, OutlinePromptAgreementTests.inItem(shape), OutlinePromptAgreementTests.inQuote(shape),
        shape + second, shape + "\n" + second, shape + "\n" + shape,
      ]
    }
    var checked = 0
    for note in notes {
      let doc = NoteDocument("# Book\n\n" + note)
      let marks = Prompts.marks(for: doc, path: "notes/book.md")
      for mark in marks {
        let offsets = [mark.span.bytes.lowerBound, mark.span.bytes.upperBound, (mark.span.bytes.lowerBound + 1)]
        for offset in offsets {
          let shown = HoverContent.markdown(at: offset, in: doc)?.range
          // The card the hover showed before it hashed the hovered card alone.
          let meant =
            shown.flatMap { shown in marks.first { $0.span.bytes == shown } }
            ?? marks.last { $0.span.bytes.contains(offset) || $0.span.bytes.upperBound == offset }
          let hovered = Prompts.hoveredCard(at: offset, shown: shown, in: doc, path: "notes/book.md")
          #expect(hovered?.range == meant?.span.bytes, "\(note.debugDescription) at \(offset)")
          #expect(hovered?.kind == meant?.kind, "\(note.debugDescription) at \(offset)")
          #expect(hovered?.hash == meant?.id.hash, "\(note.debugDescription) at \(offset)")
          let id = hovered.map { Prompts.id(of: $0, in: doc, path: "notes/book.md") }
          #expect(id == meant?.id, "\(note.debugDescription) at \(offset)")
          checked += 1
        }
      }
    }
    #expect(checked > 1_000)
  }
}
