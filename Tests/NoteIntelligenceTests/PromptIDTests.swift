import BookNotesTestSupport
import Foundation
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// Prompt ids: the review log and Anki's GUIDs hold them, so they never change; the
/// index keeps them as numbers and writes them out as text only at the edge.
@Suite(.onThreadsOfItsOwn) struct PromptIDTests {
  static let dune = """
    ---
    title: Dune
    ---
    # Dune

    > Fear is the   mind-killer. (p. 8)

    > [!quote] Frank Herbert
    > I must not fear.

    ==The spice must flow.==

    The ?[spice](melange) comes from *Arrakis*, and ?[worms](makers) guard it.

    Q: Who is the Kwisatz Haderach?
    A: Paul **Atreides**.

    Q: Who is the Kwisatz Haderach?
    A: Paul **Atreides**.

    - Q: Planet?
    - A: Arrakis

    """

  /// The ids of every kind of prompt, as written to logs and Anki exports before ids
  /// were kept as numbers.
  @Test func idsArePinned() {
    let doc = NoteDocument(Self.dune)
    let pinned = [
      "101d37dd5bf80d78", "953b61de2095a182", "12f38b3ec55c76d7", "dce34cdbb11346ae", "4bff1af615d0b21c",
      "b0e31e61a111571f", "b0e31e61a111571f-2", "4cb3f2e45104d72b",
    ]
    #expect(Prompts.prompts(for: doc, path: "/books/dune.md").map(\.id) == pinned)
    #expect(Prompts.marks(for: doc, path: "/books/dune.md").map(\.id.description) == pinned)
    #expect(Prompts.marks(for: doc, path: "/books/dune.md").map(\.id) == pinned.map { PromptID($0)! })
  }

  @Test func idsReadBackAsWritten() {
    for text in ["0000000000000000", "ffffffffffffffff", "0123456789abcdef-2", "0123456789abcdef-1234567"] {
      #expect(PromptID(text)?.description == text)
    }
    #expect(PromptID("8000000000000000-3") == PromptID(hash: 1 << 63, occurrence: 3))
    // Anything else is no prompt's id: upper case, other lengths, `-1`, `-02`, spaces.
    for text in [
      "", "0123456789ABCDEF", "0123456789abcde", "0123456789abcdef0", "0123456789abcdef-", "0123456789abcdef-1",
      "0123456789abcdef-02", "0123456789abcdef-x", " 0123456789abcdef", "0123456789abcdef-12345678901",
      "g123456789abcdef",
    ] {
      #expect(PromptID(text) == nil, "\(text)")
    }
  }

  /// The index's marks hash the rendered bytes; the prompts hash their texts: the same
  /// ids on every note of the repository's sample notes and the spec's example.
  @Test func marksHaveThePromptsIds() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../commonmark/notes").standardized
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }
    #expect(names.count >= 8)
    var texts = [ExampleNote.text, Self.dune]
    for name in names { texts.append(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) }
    var compared = 0
    for text in texts {
      let doc = NoteDocument(text)
      let prompts = Prompts.prompts(for: doc, path: "/notes/a note.md")
      let marks = Prompts.marks(for: doc, path: "/notes/a note.md")
      #expect(marks.map(\.id.description) == prompts.map(\.id))
      #expect(marks.map(\.kind) == prompts.map(\.kind))
      #expect(marks.map(\.span.bytes) == prompts.map(\.range))
      compared += prompts.count
    }
    #expect(compared > 15)
  }

  /// The prompts picked by id are those of the whole note, texts and ids alike: every
  /// other prompt, one prompt, a repeated card's second copy, and clozes picked from a
  /// paragraph of many (where the cards of all are made from one rendering).
  @Test func promptsPickedByIdAreTheNotesOwn() throws {
    var paragraph = "# Many\n\n"
    for index in 0..<120 { paragraph += "Word \(index % 5) is ?[h](a \(index % 3)) and so. " }
    paragraph += "\n\n> A quote.\n\nQ: Why?\nA: Because.\n"
    for text in [ExampleNote.text, Self.dune, paragraph] {
      let doc = NoteDocument(text)
      let all = Prompts.prompts(for: doc, path: "/notes/a note.md")
      #expect(all.count >= 4)
      let picks: [[Prompt]] = [
        all.enumerated().filter { $0.offset % 2 == 1 }.map(\.element), [all[all.count / 2]],
        all.filter { $0.id.contains("-") }, Array(all.prefix(30)), [],
      ]
      for picked in picks {
        let ids = Set(picked.compactMap { PromptID($0.id) })
        #expect(Prompts.prompts(for: doc, path: "/notes/a note.md", ids: ids) == picked)
      }
    }
  }
}
