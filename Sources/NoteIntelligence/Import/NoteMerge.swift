import NoteSyntax

/// An imported book written into its note: only additions, so every word the reader
/// wrote stays as it was. Front matter keys that are missing or empty are filled (with
/// `overwrite`, the import's own keys are rewritten too, but never `title` or
/// `authors`); highlights and the review not yet in the note are added under a
/// `Highlights` (`Review`) heading, made at the end when the note has none.
public enum NoteMerge {
  /// What a merge did.
  public struct Outcome: Sendable, Equatable {
    /// The note's new text; the old one when nothing changed.
    public var text: [UInt8]
    /// Keys written where the note had none or an empty value.
    public var filled: [String] = []
    /// Keys rewritten (`overwrite`).
    public var updated: [String] = []
    /// Highlights (and notes on none) added.
    public var highlights = 0
    public var review = false
    /// Why the front matter was left alone, if it was.
    public var problem: String?

    public var changed: Bool { !filled.isEmpty || !updated.isEmpty || highlights > 0 || review }
  }

  /// The keys an import never rewrites: they name the book the note was matched by.
  static let identityKeys: Set<String> = ["title", "authors"]

  /// A new note for `book`: front matter, a first heading, the highlights and the review.
  public static func newNote(for book: ImportedBook) -> (fileName: String, text: [UInt8], highlights: Int) {
    var text = "---\n"
    for field in book.fields { text += field.key + ": " + field.written + "\n" }
    text += "---\n\n# " + book.title + "\n"
    let blocks = book.highlights.map(block(for:))
    if !blocks.isEmpty { text += "\n## Highlights\n\n" + blocks.joined(separator: "\n\n") + "\n" }
    if let review = book.review { text += "\n## Review\n\n" + review + "\n" }
    return (NewNote.slug(book.title) + ".md", Array(text.utf8), blocks.count)
  }

  /// `book` merged into the note whose text is `bytes` (valid UTF-8).
  public static func merge(_ book: ImportedBook, into bytes: [UInt8], overwrite: Bool) -> Outcome {
    let doc = NoteDocument(bytes: bytes)
    var outcome = Outcome(text: bytes)
    var edits: [Edit] = []
    let newline =
      bytes.firstIndex(of: UInt8(ascii: "\n")).map { $0 > 0 && bytes[$0 - 1] == UInt8(ascii: "\r") }
        == true ? "\r\n" : "\n"
    frontMatterEdits(book, doc, bytes, overwrite: overwrite, newline: newline, into: &edits, outcome: &outcome)

    // The note's words, folded: a highlight is in the note when its words are, in order,
    // whatever the punctuation, case or line breaks around them.
    var known = Array((" " + DuplicateBooks.normalizedName(String(decoding: bytes, as: UTF8.self)) + " ").utf8)
    func isNew(_ text: String) -> Bool {
      let words = DuplicateBooks.normalizedName(text)
      guard !words.isEmpty else { return false }
      let needle = Array((" " + words + " ").utf8)
      guard !Self.contains(needle, in: known) else { return false }
      known += needle.dropFirst()
      return true
    }
    // A quote the reader reworded (a typo fixed, a phrase cut) is still its highlight:
    // it keeps the highlight's citation and at least half of its words.
    let quotes = Prompts.prompts(for: doc, title: nil, clozeMarkup: false).filter { $0.kind == .quote }
    func isReworded(_ highlight: KindleHighlight) -> Bool {
      guard let citation = highlight.citation?.dropFirst().dropLast() else { return false }
      let words = Set(DuplicateBooks.normalizedName(highlight.text).split(separator: " "))
      return !words.isEmpty
        && quotes.contains { quote in
          quote.back == citation
            && words.intersection(DuplicateBooks.normalizedName(quote.front).split(separator: " ")).count * 2
              >= words.count
        }
    }
    var blocks: [String] = []
    for highlight in book.highlights {
      if !isReworded(highlight) && isNew(highlight.text) {
        var fresh = highlight
        fresh.notes = highlight.notes.filter(isNew)
        blocks.append(block(for: fresh))
      } else {
        // A note written on the device after the highlight was imported.
        for note in highlight.notes where isNew(note) {
          var alone = KindleHighlight(text: note, page: highlight.page, location: highlight.location)
          alone.isNote = true
          blocks.append(block(for: alone))
        }
      }
    }
    outcome.highlights = blocks.count
    if !blocks.isEmpty {
      edits.append(section("Highlights", blocks.joined(separator: "\n\n"), doc, bytes, order: 1))
    }
    if let review = book.review, isNew(review) {
      outcome.review = true
      edits.append(section("Review", review, doc, bytes, order: 2))
    }
    guard !edits.isEmpty else { return outcome }
    var result = bytes
    // From the end, so earlier offsets stay valid; at one offset, the later text first.
    for edit in edits.sorted(by: { ($0.offset, $0.order) > ($1.offset, $1.order) }) {
      let text =
        newline == "\n"
        ? edit.text
        : edit.text.split(separator: "\n", omittingEmptySubsequences: false)
          .joined(separator: "\r\n")
      result.replaceSubrange(edit.offset..<(edit.offset + edit.removing), with: Array(text.utf8))
    }
    outcome.text = result
    return outcome
  }

  /// Whether `needle` occurs in `haystack`.
  static func contains(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
    guard let first = needle.first, needle.count <= haystack.count else { return needle.isEmpty }
    var index = 0
    let last = haystack.count - needle.count
    while index <= last {
      if haystack[index] == first && haystack[index..<(index + needle.count)].elementsEqual(needle) { return true }
      index += 1
    }
    return false
  }

  /// A change to the note's bytes.
  struct Edit {
    var offset: Int
    var removing = 0
    var text: String
    var order = 0
  }

  /// A highlight as a quote with its citation, the reader's notes as paragraphs under it;
  /// a note on no highlight as a paragraph with its citation.
  static func block(for highlight: KindleHighlight) -> String {
    var lines = highlight.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if let citation = highlight.citation { lines[lines.count - 1] += " " + citation }
    if highlight.isNote { return lines.joined(separator: "\n") }
    var text = lines.map { $0.isEmpty ? ">" : "> " + $0 }.joined(separator: "\n")
    for note in highlight.notes { text += "\n\n" + note }
    return text
  }

  /// The insertion of `body` at the end of the note's section headed `name` (any level,
  /// case aside), or under a new `## name` heading at the end of the note.
  static func section(_ name: String, _ body: String, _ doc: NoteDocument, _ bytes: [UInt8], order: Int) -> Edit {
    var offset = bytes.count
    var found = false
    var level = 0
    for index in 0..<doc.tree.blockCount where doc.tree.blockKind(at: index) == .heading {
      let heading = doc.tree.block(at: index)
      let headingLevel = heading.child(.headingMarker)?.length ?? 1
      if found {
        if headingLevel <= level {
          offset = heading.range.lowerBound
          break
        }
        continue
      }
      if let content = heading.child(.inlineContent), doc.plainText([content]).lowercased() == name.lowercased() {
        found = true
        level = headingLevel
      }
    }
    let before = bytes[..<offset]
    let blankBefore = offset == 0 || before.suffix(2) == [10, 10] || before.suffix(4) == [13, 10, 13, 10]
    let lineBefore = blankBefore || before.last == 10
    var text = blankBefore ? "" : lineBefore ? "\n" : "\n\n"
    if !found { text += "## " + name + "\n\n" }
    text += body + "\n"
    if offset < bytes.count { text += "\n" }
    return Edit(offset: offset, text: text, order: order)
  }
}
