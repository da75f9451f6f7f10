import BookNotesTestSupport
import Foundation
import NoteSyntax
import Testing

/// Our whole block structure against cmark-gfm's on random notes (``RandomNotes``, what
/// they leave out and why), read by `Tests/commonmark/cmark_blocks.py full NOTES.json`:
/// every paragraph, heading, code and HTML block, quote, list, item, table, thematic break
/// and footnote definition (put back where it is written), with the lines it starts and ends on and the block holding
/// it. A block's end is its last line that holds more than spaces, tabs and `>`s (cmark-gfm
/// ends a container at the blank lines after it). `BOOKNOTES_CMARK_SEED` draws other notes
/// (that seed's alone). A lazy line's spaces before a definition's `[` are left out of the
/// notes: cmark-gfm 0.29 keeps them in the paragraph and so reads no definition there,
/// where CommonMark strips a paragraph line's leading spaces (ours: a definition).
@Suite(.onThreadsOfItsOwn) struct CommonMarkRandomNotesTests {
  static let noteCount = 3000
  static let seeds: [UInt64] =
    ProcessInfo.processInfo.environment["BOOKNOTES_CMARK_SEED"].flatMap { UInt64($0) }.map { [$0] }
    ?? [20_261_128, 1, 2, 3]
  /// How many of the disagreeing notes, the shortest first, a failure prints
  /// (`BOOKNOTES_CMARK_SHOW=all`: every one).
  static let shown = CommonMarkAgreementTests.showsAll ? Int.max : 8

  /// The notes are made and compared on a thread of their own, off the pool other tests'
  /// servers use.
  @Test(.timeLimit(.minutes(10))) func randomNotesAgreeWithCmarkGFM() async throws {
    let notes = await onThreadOfItsOwn {
      Self.seeds.flatMap { seed in
        var generator = RandomNotes(seed: seed)
        return (0..<Self.noteCount).map { _ in generator.note() }
      }
    }
    // One file of them all: thousands of files take seconds to write and remove.
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("booknotes-random-notes-\(getpid()).json")
    try JSONEncoder().encode(notes).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    guard let theirs = try await CommonMarkAgreementTests.cmarkBlocks(["full", file.path]) else { return }
    #expect(theirs.count == notes.count)
    let disagreeing = await onThreadOfItsOwn {
      var disagreeing: [(note: String, ours: [String], theirs: [String])] = []
      for (index, note) in notes.enumerated() {
        let lines = Self.lines(note)
        let ours = Self.ourBlocks(note).map { Self.trimmingEnd($0, lines) }
        let cmark = (theirs[String(index)] ?? []).map { Self.trimmingEnd($0, lines) }
        if ours != cmark { disagreeing.append((note, ours, cmark)) }
      }
      return disagreeing
    }
    let shortest = disagreeing.sorted { ($0.note.count, $0.note) < ($1.note.count, $1.note) }.prefix(Self.shown)
    for (note, ours, cmark) in shortest {
      print("== disagrees:\n\(note.debugDescription)\nours:\n\(ours.joined(separator: "\n"))")
      print("cmark-gfm:\n\(cmark.joined(separator: "\n"))")
    }
    let disagreeingCount = disagreeing.count
    #expect(disagreeingCount == 0, "\(disagreeingCount) of \(notes.count) random notes disagree with cmark-gfm")
    print("CommonMark agreement, random notes (seeds \(Self.seeds)): \(notes.count - disagreeing.count)/\(notes.count)")
  }

  /// The note's lines, without their line breaks.
  static func lines(_ text: String) -> [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }

  /// A block line of `cmark_blocks.py full`'s format whose end is moved back over the
  /// lines that hold only spaces, tabs and `>`s, not before its start.
  static func trimmingEnd(_ block: String, _ lines: [Substring]) -> String {
    var words = block.split(separator: " ", omittingEmptySubsequences: false)
    guard words.count >= 2, let start = Int(words[words.count - 2]), var end = Int(words[words.count - 1]) else {
      return block
    }
    while end > start && end <= lines.count && lines[end - 1].allSatisfy({ " \t>".contains($0) }) { end -= 1 }
    words[words.count - 1] = Substring(String(end))
    return words.joined(separator: " ")
  }

  /// Our blocks of `text`, in `cmark_blocks.py full`'s format.
  static func ourBlocks(_ text: String) -> [String] {
    let document = NoteDocument(text)
    var blocks: [SyntaxNode] = []
    document.tree.forEachBlock { blocks.append($0) }
    var out: [String] = []
    var walker = BlockWalker(document: document)
    for block in walker.walk(blocks) { block.write(depth: 0, into: &out) }
    return out
  }
}

/// A block as `cmark_blocks.py --full` lists it: its name, lines and the blocks it holds.
struct ListedBlock {
  var name: String
  var start: Int
  var end: Int
  var children: [ListedBlock] = []

  func write(depth: Int, into out: inout [String]) {
    out.append("\(String(repeating: "  ", count: depth))\(name) \(start) \(end)")
    for child in children { child.write(depth: depth + 1, into: &out) }
  }
}

/// Our tree read as cmark-gfm's blocks: a quote's lines as the paragraphs and blocks they
/// hold, a list item's or footnote's opening text as its first paragraph, the runs of lines of code and HTML blocks as one block each.
struct BlockWalker {
  let document: NoteDocument

  func line(_ offset: Int) -> Int { document.lineColumn(of: offset, in: .utf8).line + 1 }

  /// The lines of `node`, its last byte counted (its line break, if any, is not).
  func lines(_ node: SyntaxNode) -> (start: Int, end: Int) {
    (line(node.startOffset), line(max(node.startOffset, node.endOffset - 1)))
  }

  /// The blocks the sibling `nodes` (a container's children) are.
  mutating func walk(_ nodes: [SyntaxNode]) -> [ListedBlock] {
    var out: [ListedBlock] = []
    // Where the paragraph open at the end of `out` may go on: a line of text that goes
    // on with it extends it.
    var paragraphOpen = false
    // The lines of the link reference definitions just before: cmark-gfm 0.29 starts the
    // paragraph (or setext heading) that goes on from them at them. (An item's blank
    // lines are no nodes: blocks go on from each other only on the next line.)
    var definitions: (start: Int, end: Int)?
    // The kind of the code or HTML block at the end of `out`, which its later lines and
    // runs extend (blank lines between).
    var runKind: NodeKind?
    /// Adds `block`, a paragraph (which text may go on with) or not; one that a paragraph
    /// of definitions goes on as starts at them.
    func add(_ block: ListedBlock, paragraph: Bool = false, afterDefinitions: Bool = false) {
      var block = block
      if afterDefinitions, let definitions, definitions.end + 1 == block.start { block.start = definitions.start }
      out.append(block)
      paragraphOpen = paragraph
      definitions = nil
      runKind = nil
    }
    for node in nodes.flatMap(Self.contents) {
      let (start, end) = lines(node)
      switch node.kind {
      case .quoteLine, .blankLine:
        // A blank line, or a quote's line that holds nothing.
        paragraphOpen = false
        definitions = nil
      case .inlineContent, .citation:
        // A quote's line that goes on with its paragraph; a citation (`-- text`) is
        // that paragraph's text.
        if paragraphOpen && (node.continuesBlock || node.kind == .citation) {
          out[out.count - 1].end = max(out[out.count - 1].end, end)
        } else {
          add(ListedBlock(name: "paragraph", start: start, end: end), paragraph: true, afterDefinitions: true)
        }
      case .paragraph:
        add(ListedBlock(name: "paragraph", start: start, end: end), paragraph: true, afterDefinitions: true)
      case .heading:
        // A setext heading's text may go on from definitions; an ATX heading ends them.
        let setext = Array(node.children).first?.kind != .headingMarker
        add(ListedBlock(name: "heading \(node.headingLevel)", start: start, end: end), afterDefinitions: setext)
      case .codeBlockStart:
        let fence = node.child(.codeFence).map { document.text.string(in: $0.range) } ?? ""
        // `$$` and `%%` blocks are ours alone: cmark-gfm reads them as paragraphs.
        if !fence.hasPrefix("$") && !fence.hasPrefix("%") {
          add(ListedBlock(name: "code", start: start, end: end))
          runKind = .codeBlockStart
        }
      case .codeLines, .codeBlockEnd:
        if runKind == .codeBlockStart { out[out.count - 1].end = end }
      case .indentedCode, .htmlBlock:
        if node.continuesBlock && runKind == node.kind {
          out[out.count - 1].end = end
        } else {
          add(ListedBlock(name: node.kind == .htmlBlock ? "html" : "code", start: start, end: end))
          runKind = node.kind
        }
      case .blockquote:
        add(ListedBlock(name: "quote", start: start, end: end, children: walk(Array(node.children))))
      case .unorderedList, .orderedList:
        add(ListedBlock(name: "list", start: start, end: end, children: walk(Array(node.children))))
      case .listItem:
        add(ListedBlock(name: "item", start: start, end: end, children: walk(Array(node.children))))
      case .table:
        // cmark-gfm 0.29 starts a table under a paragraph's lines (or definitions) at
        // that paragraph, which it writes without a position: not listed.
        var table = ListedBlock(name: "table", start: start, end: end)
        if paragraphOpen, let paragraph = out.last, paragraph.end + 1 == start {
          table.start = paragraph.start
          out.removeLast()
        }
        add(table, afterDefinitions: true)
      case .thematicBreak: add(ListedBlock(name: "break", start: start, end: end))
      case .footnoteDefinition:
        add(ListedBlock(name: "footnote", start: start, end: end, children: walk(Array(node.children))))
      case .linkReferenceDefinition:
        paragraphOpen = false
        runKind = nil
        definitions = (definitions?.start ?? start, end)
      default: break
      }
    }
    return out
  }

  /// A node as the blocks it stands for: a quote's line, its markers left out, as what it
  /// holds (or itself, when it holds nothing: a blank line).
  static func contents(_ node: SyntaxNode) -> [SyntaxNode] {
    guard node.kind == .quoteLine else { return [node] }
    let held = node.children.filter { $0.kind != .quoteMarker && $0.kind != .listMarker }
    return held.isEmpty ? [node] : held
  }
}
