import BookNotesTestSupport
import Testing

@testable import NoteSyntax
@testable import NoteText

/// A paragraph, quote or list of any length is one block, parsed whole: after any edit
/// it is the block a fresh parse makes, and an edit inside it reparses that block and
/// the blocks around it only, never the rest of the note.
@Suite(.onThreadsOfItsOwn) struct LargeBlockTests {
  /// A note made of one large block between a heading and a closing paragraph.
  struct Case: CustomStringConvertible, Sendable {
    var name: String
    /// Builds the block from about `bytes` bytes.
    var make: @Sendable (inout SplitMix, Int) -> String

    var description: String { name }

    func note(_ rng: inout SplitMix, bytes: Int = 90_000) -> String {
      "# Heading\n\n" + make(&rng, bytes) + "\n\nAfter the block.\n"
    }
  }

  /// Text of about `bytes` bytes from `part`, joined by `separator`.
  static func text(
    _ rng: inout SplitMix, _ bytes: Int, separator: (inout SplitMix) -> String, _ part: (inout SplitMix) -> String
  ) -> String {
    var out = part(&rng)
    while out.utf8.count < bytes { out += separator(&rng) + part(&rng) }
    return out
  }

  /// `text` with no `*`, `=`, `$`, `%` or backtick that could close an opener before it.
  static func withoutClosers(_ text: String) -> String {
    String(text.map { $0 == "*" || $0 == "`" || $0 == "=" || $0 == "$" || $0 == "%" ? "+" : $0 })
  }

  static let cases: [Case] = [
    Case(name: "paragraph, one line") { rng, bytes in
      text(&rng, bytes, separator: { _ in " " }) { NoteGenerator.inline(&$0) }
    },
    Case(name: "paragraph, many lines") { rng, bytes in
      text(&rng, bytes, separator: { NoteGenerator.breaks.randomElement(using: &$0)! }) {
        "and " + NoteGenerator.inline(&$0)
      }
    },
    Case(name: "paragraph, A: lines and code spans over lines") { rng, bytes in
      text(&rng, bytes, separator: { _ in "\n" }) { rng in
        ["A: answer ", "so `code\nspan` ", "*over\nlines* ", "word "].randomElement(using: &rng)!
          + NoteGenerator.inline(&rng)
      }
    },
    Case(name: "paragraph, short line then one long line") { rng, bytes in
      "Short first line\n" + text(&rng, bytes, separator: { _ in " " }) { NoteGenerator.inline(&$0) }
    },
    Case(name: "paragraph without spaces") { rng, bytes in
      // Chinese prose: characters drawn from a few hundred, a full stop now and then.
      text(&rng, bytes, separator: { _ in "。" }) { rng in
        String(
          (0..<Int.random(in: 5..<40, using: &rng)).map { _ in
            Character(Unicode.Scalar(UInt32.random(in: 0x4E00..<0x4F2C, using: &rng))!)
          })
      } + "?[a](b)"
    },
    Case(name: "one sentence repeated") { _, bytes in
      // Text whose hashes may pick no place at all: cut at the same point of every period.
      String(repeating: "中文段落没有空格", count: bytes / 24) + "?[a](b)" + String(repeating: "字", count: 2000)
    },
    Case(name: "one English sentence repeated") { _, bytes in
      String(repeating: "The quick brown fox jumps over the lazy dog. ", count: bytes / 45)
    },
    Case(name: "one word repeated") { _, bytes in
      String(repeating: "word ", count: bytes / 5) + "and *then* the end"
    },
    Case(name: "two words repeated, then other text") { rng, bytes in
      String(repeating: "Hello world! ", count: bytes / 26)
        + text(&rng, bytes / 2, separator: { _ in " " }) {
          NoteGenerator.inline(&$0)
        }
    },
    Case(name: "paragraph after an unclosed star") { rng, bytes in
      "*open " + text(&rng, bytes, separator: { _ in " " }) { withoutClosers(NoteGenerator.inline(&$0)) }
    },
    Case(name: "paragraph after an unclosed backtick, then an unclosed star") { rng, bytes in
      "An `open " + text(&rng, bytes / 2, separator: { _ in " " }) { withoutClosers(NoteGenerator.inline(&$0)) }
        + " *again " + text(&rng, bytes / 2, separator: { _ in " " }) { withoutClosers(NoteGenerator.inline(&$0)) }
    },
    Case(name: "paragraph of one line starting with a backtick") { rng, bytes in
      // One or two backticks open no fence: the line is a paragraph's, cut as any.
      "``code`` and `" + text(&rng, bytes, separator: { _ in " " }) { withoutClosers(NoteGenerator.inline(&$0)) }
    },
    Case(name: "paragraph of lines starting with backticks and tildes") { rng, bytes in
      text(
        &rng, bytes, separator: { rng in ["\n`", "\n``", "\n~~", "\n   ``x", "\n    ```"].randomElement(using: &rng)! }
      ) {
        // Math and comments, which may run over many of these lines to a rare closer,
        // left out: typing inside a span that long reparses all of it.
        NoteGenerator.inline(&$0).replacingOccurrences(of: "$", with: "+").replacingOccurrences(of: "%", with: "+")
          + String(repeating: " long", count: 60)
      }
    },
    Case(name: "paragraph with unclosed openers throughout") { rng, bytes in
      // Every opener searches to the end in vain: `*`, `**`, `_`, a backtick, `==`, `$`
      // and `%%`, each again and again, none with a closer after it.
      text(&rng, bytes, separator: { _ in " " }) { rng in
        let opener = Int.random(in: 0..<40, using: &rng)
        let word = withoutClosers(NoteGenerator.inline(&rng)).replacingOccurrences(of: "_", with: "-")
        switch opener {
        case 0: return "*note " + word
        case 1: return "**bold " + word
        case 2: return "_under " + word
        case 3: return "`tick " + word
        case 4: return "==mark " + word
        case 5: return "$math " + word
        case 6: return "%%comment " + word
        default: return word
        }
      }
    },
    Case(name: "paragraph of one line with links unclosed throughout") { rng, bytes in
      // `[` without `]`, and `](` without `)`, again and again on one line.
      text(&rng, bytes, separator: { _ in " " }) { rng in
        let word = NoteGenerator.inline(&rng).replacingOccurrences(of: "[", with: "{")
          .replacingOccurrences(of: "]", with: "}").replacingOccurrences(of: ")", with: "}")
        switch Int.random(in: 0..<30, using: &rng) {
        case 0: return "[open " + word
        case 1: return "![alt](open " + word
        case 2: return "[[wiki " + word
        case 3: return "![[embed " + word
        case 4: return "[^note " + word
        default: return word
        }
      }
    },
    Case(name: "paragraph of long lines, some with a link unclosed") { rng, bytes in
      text(&rng, bytes, separator: { _ in "\n" }) { rng in
        let line = text(&rng, Int.random(in: 100..<6000, using: &rng), separator: { _ in " " }) {
          NoteGenerator.inline(&$0)
        }
        return Bool.random(using: &rng) ? "see [the " + line.replacingOccurrences(of: "]", with: "}") : line
      }
    },
    Case(name: "list item with unclosed openers in its text") { rng, bytes in
      "- *open "
        + text(&rng, bytes, separator: { _ in " " }) { rng in
          (Int.random(in: 0..<50, using: &rng) == 0 ? "`tick " : "") + withoutClosers(NoteGenerator.inline(&rng))
        } + "\n- next"
    },
    Case(name: "quote line with unclosed openers in its text") { rng, bytes in
      "> _open "
        + text(&rng, bytes, separator: { _ in " " }) { rng in
          (Int.random(in: 0..<50, using: &rng) == 0 ? "**bold " : "")
            + withoutClosers(NoteGenerator.inline(&rng)).replacingOccurrences(of: "_", with: "-")
        } + " (p. 9)"
    },
    Case(name: "quote of one long line") { rng, bytes in
      "> " + text(&rng, bytes, separator: { _ in " " }) { NoteGenerator.inline(&$0) }
    },
    Case(name: "quote of one long line with a citation, then lines") { rng, bytes in
      "> first line\n>\n> " + text(&rng, bytes, separator: { _ in " " }) { NoteGenerator.inline(&$0) }
        + " (p. 42)  \n>  \n"
    },
    Case(name: "quote of one long line with dashes, ending in a dash citation") { rng, bytes in
      "> "
        + text(
          &rng, bytes,
          separator: { rng in
            Int.random(in: 0..<20, using: &rng) == 0
              ? [" — ", " -- ", " – ", " — Kahneman, p. 6 ", " --- ch. 3 "].randomElement(using: &rng)! : " "
          }
        ) { NoteGenerator.inline(&$0) } + " — Kahneman, Thinking, Fast and Slow, p. 6"
    },
    Case(name: "callout with a long title, then lines") { rng, bytes in
      "> [!quote]- " + text(&rng, bytes / 2, separator: { _ in " " }) { NoteGenerator.inline(&$0) } + "\n> "
        + text(&rng, bytes / 2, separator: { _ in " " }) { NoteGenerator.inline(&$0) } + " (p. 3)"
    },
    Case(name: "quote of long lines and short ones") { rng, bytes in
      (0..<3).map { _ in
        "> " + text(&rng, bytes / 3, separator: { _ in " " }) { NoteGenerator.inline(&$0) } + "\n> (short) line"
      }.joined(separator: "\n") + " (ch. 3)"
    },
    Case(name: "quote of one line, one word repeated") { _, bytes in
      "> " + String(repeating: "word ", count: bytes / 5) + "(p. 7)"
    },
    Case(name: "list item of one long line") { rng, bytes in
      "- " + text(&rng, bytes, separator: { _ in " " }) { NoteGenerator.inline(&$0) }
    },
    Case(name: "ordered list of long items, continued, and short ones") { rng, bytes in
      (1...3).map { number in
        "\(number). " + text(&rng, bytes / 3, separator: { _ in " " }) { NoteGenerator.inline(&$0) }
          + "\ncontinued *here*\n\n\(number). short"
      }.joined(separator: "\n")
    },
    Case(name: "list item of one word repeated") { _, bytes in
      "* " + String(repeating: "word ", count: bytes / 5) + "\n* next"
    },
    Case(name: "quote") { rng, bytes in
      text(&rng, bytes, separator: { _ in "\n" }) { rng in
        Int.random(in: 0..<12, using: &rng) == 0 ? ">" : "> " + NoteGenerator.inline(&rng)
      } + "\n> " + NoteGenerator.inline(&rng) + " (p. 42)"
    },
    Case(name: "quote ending in empty lines") { rng, bytes in
      text(&rng, bytes, separator: { _ in "\r\n" }) { "> " + NoteGenerator.inline(&$0) } + " (ch. 3)\r\n>\r\n>  "
    },
    Case(name: "unordered list") { rng, bytes in
      text(&rng, bytes, separator: { rng in Int.random(in: 0..<10, using: &rng) == 0 ? "\n\n" : "\n" }) { rng in
        (Bool.random(using: &rng) ? "- " : "  - ") + NoteGenerator.inline(&rng)
      }
    },
    Case(name: "ordered list") { rng, bytes in
      var number = 0
      return text(&rng, bytes, separator: { _ in "\n" }) { rng in
        number += 1
        return "\(number). " + NoteGenerator.inline(&rng) + "\ncontinued " + NoteGenerator.inline(&rng)
      }
    },
  ]

  /// The large block is one block: the note's three blocks and a blank line between
  /// each.
  @Test(arguments: cases)
  func aLargeBlockIsOneBlock(_ large: Case) {
    var rng = SplitMix(seed: 41)
    let text = large.note(&rng)
    let document = NoteDocument(text)
    let middle = text.utf8.count / 2
    let index = document.tree.blockIndex(containing: middle)!
    let block = document.tree.block(at: index)
    #expect(index == 2, "\(large): the block at the middle is block \(index)")
    #expect(block.range.lowerBound == "# Heading\n\n".utf8.count)
    #expect(document.tree.blockKind(at: index) == block.kind)
    #expect(document.tree.block(at: index).range == Array(document.tree.blockSequence)[index].range)
  }

  /// Each block knows which kinds its nodes are (passes looking for one kind skip the
  /// blocks without it): in small notes, in a large block, and after edits.
  @Test(arguments: cases)
  func eachBlockKnowsTheKindsOfItsNodes(_ large: Case) {
    #expect(NodeKind.allCases.allSatisfy { $0.rawValue < 128 })
    func check(_ document: NoteDocument) {
      document.tree.forEachBlock { block in
        let kinds = block.withFlatSubtree { flat in Set((flat.root..<flat.end).map(flat.kind)) }
        for kind in NodeKind.allCases {
          #expect(block.mayHold(kind) == kinds.contains(kind), "\(kind) in \(block.kind) at \(block.range)")
        }
      }
    }
    var rng = SplitMix(seed: 17)
    for _ in 0..<5 { check(NoteDocument(NoteGenerator.note(&rng))) }
    var document = NoteDocument(large.note(&rng))
    check(document)
    for insertion in ["#tag ", "[a](b) ", "x"] {
      _ = document.replace((document.utf8Count / 2)..<(document.utf8Count / 2), with: insertion)
      check(document)
    }
  }

  /// A long quote line ending in a dash citation holds that citation, whatever its
  /// length (the citations' long names make many dashes and words before them).
  @Test func aLongQuoteLineKeepsItsDashCitation() {
    var rng = SplitMix(seed: 23)
    for _ in 0..<20 {
      let name = (0..<Int.random(in: 4...24, using: &rng)).map { _ in NoteGenerator.words.randomElement(using: &rng)! }
      let text =
        "> "
        + Self.text(&rng, 16_000 + Int.random(in: 0..<600, using: &rng), separator: { _ in " " }) {
          NoteGenerator.inline(&$0)
        }
        + " — " + name.joined(separator: " ") + ", p. 6\n"
      let document = NoteDocument(text)
      let citations = document.tree.block(at: 0).withFlatSubtree { flat in
        (flat.root..<flat.end).filter { flat.kind($0) == .citation }.count
      }
      #expect(citations == 1)
    }
  }

  /// What is typed: letters, deletions, line breaks, and what opens or closes a construct.
  static let insertions = [
    "x", "x", "x", "", "", "*", "?[", ")", "]", "`", "_", "#tag ", "\n", "\n\n", "\r", "> ", "- ", "Q: ", "😀", " ",
  ]

  @Test(arguments: cases)
  func editsEqualAFreshParse(_ large: Case) {
    var rng = SplitMix(seed: 97)
    var document = NoteDocument(large.note(&rng))
    for step in 0..<60 {
      let count = document.utf8Count
      let at: Int
      switch step % 6 {
      case 0: at = 11
      case 1: at = max(0, count - 20)
      default: at = Int.random(in: 0...count, using: &rng)
      }
      let insert = Self.insertions.randomElement(using: &rng)!
      let delete =
        insert.isEmpty ? Int.random(in: 1...3, using: &rng) : (Int.random(in: 0..<4, using: &rng) == 0 ? 1 : 0)
      let range = at..<min(count, at + delete)
      let before = document.string
      document.replace(range, with: insert)
      let fresh = NoteDocument(document.string)
      guard document.tree.isStructurallyEqual(to: fresh.tree) else {
        Issue.record(
          "\(large) step \(step): \(range) ← \(insert.debugDescription) on a note of \(before.utf8.count) bytes")
        return
      }
      // The line index too (edits inside a long line only adjust its lengths).
      guard document.lines.lineCount == fresh.lines.lineCount,
        (0..<fresh.lines.lineCount).allSatisfy({ document.lines.record(ofLine: $0) == fresh.lines.record(ofLine: $0) })
      else {
        Issue.record("\(large) step \(step): the line index differs from a fresh one")
        return
      }
      if step % 10 == 9 {
        #expect(document.dump() == fresh.dump(), "\(large) step \(step)")
      }
    }
  }

  /// A letter typed inside a word, anywhere in the block, reparses that block alone:
  /// the heading before it and the paragraph after it stay the same objects.
  @Test(arguments: cases)
  func typingInsideAWordReparsesItsBlockOnly(_ large: Case) {
    var rng = SplitMix(seed: 13)
    var document = NoteDocument(large.note(&rng))
    var typed = 0
    for _ in 0..<4000 where typed < 10 {
      let at = Int.random(in: 20..<(document.utf8Count - 30), using: &rng)
      // Inside a word, or between two characters of a script written without spaces.
      let (before, after) = (document.text[at - 1], document.text[at])
      guard
        ByteClass.isASCIIAlphanumeric(before) && ByteClass.isASCIIAlphanumeric(after)
          || (before >= 0x80 && after == 0xE4)  // U+4E00…U+4FFF start with E4
      else { continue }
      let old = document
      let summary = document.replace(at..<at, with: "x")
      let index = document.tree.blockIndex(containing: at)!
      #expect(summary.reparsed == document.tree.block(at: index).range, "\(large): \(summary.reparsed)")
      #expect(summary.reparsedBlocks == 1)
      #expect(document.tree.sharedBlockCount(with: old.tree) == document.tree.blockCount - 1)
      typed += 1
    }
    #expect(typed == 10)
    #expect(document.tree.isStructurallyEqual(to: NoteDocument(document.string).tree))
  }

  /// A paragraph, a quote, a list item and a line of 1 MB each, edited here and there
  /// (letters, line breaks, openers and closers): each time the tree is a fresh parse's.
  @Test(arguments: ["", "> ", "- "])
  func aOneMegabyteBlockEditedEqualsAFreshParse(_ marker: String) {
    var rng = SplitMix(seed: 71)
    let body = Self.text(&rng, 1_000_000, separator: { _ in " " }) { NoteGenerator.inline(&$0) }
    var document = NoteDocument("# Heading\n\n" + marker + body + "\n\nAfter the block.\n")
    for step in 0..<8 {
      let at = Int.random(in: 20..<(document.utf8Count - 30), using: &rng)
      let insert = ["x", "*", "?[", "](", "`", "\n", ""].randomElement(using: &rng)!
      document.replace(at..<(at + (insert.isEmpty ? 1 : 0)), with: insert)
      #expect(
        document.tree.isStructurallyEqual(to: NoteDocument(document.string).tree),
        "\(marker.debugDescription) step \(step): \(insert.debugDescription) at \(at)")
    }
  }
}
