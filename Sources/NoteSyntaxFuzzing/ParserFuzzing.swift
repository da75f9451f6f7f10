import NoteSyntax
import NoteText

/// The parser's properties, checked on one input: a note and a script of edits.
///
/// The input up to its first zero byte is the note (any bytes: invalid UTF-8 is
/// repaired). The rest is a series of edits, each `offset` (two bytes, least
/// significant first, taken modulo the text's length + 1), `delete` (one byte: how many
/// bytes to replace), `count` (one byte) and `count` bytes to insert (repaired to UTF-8).
/// A `count` of 255 inserts the next `length` byte's bytes repeated to `repeatedLength`
/// bytes, so that a short input makes a long paragraph, quote, list or line (and the
/// edits after it land in one).
///
/// After the fresh parse and after every edit (up to ``maximumEdits``, and while the
/// fresh parses compared with have read under ``freshBytesBudget``): the text is the
/// expected text (the edit moved back to scalar starts, as `NoteDocument.replace`
/// documents); the incremental tree equals a fresh parse of the same text, block for
/// block and node for node; the line index agrees with the line breaks of the text
/// (`\n`, `\r\n`, `\r`) and, line for line, with the fresh one; the link reference
/// definitions are the fresh parse's, and their stamp changes exactly when a label or
/// destination does; the blocks tile the text and every node lies inside its parent,
/// after its previous sibling.
///
/// The nodes and the lines' columns are checked in full after the fresh parse and the
/// last edit; after the edits between, where the edit wrote or reparsed (a block or a
/// line elsewhere is one already checked, moved, as the comparisons with the fresh
/// parse and its line index show).
public enum ParserFuzzing {
  /// At most this many edits are applied (each costs a fresh parse to compare with).
  static let maximumEdits = 64
  /// Edits stop once the fresh parses compared with have read this many bytes (a dozen
  /// edits after a repeated insertion): after one every comparison reads a large note,
  /// and without a bound the fuzzer ran 4 inputs a second under AddressSanitizer.
  static let freshBytesBudget = 16 * 1024
  /// After an edit, the columns of the lines about it are checked when they are no longer
  /// than this; each check reads the line several times, so a large block's line
  /// (thousands of bytes) has its columns checked after the fresh parse and the last
  /// edit.
  static let longLine = 256
  /// The length of a repeated insertion.
  static let repeatedLength = 1_250

  /// What is wrong, or `nil` when every property holds.
  public static func check(_ input: some Collection<UInt8>) -> String? {
    let bytes = Array(input)
    let split = bytes.firstIndex(of: 0) ?? bytes.count
    var document = NoteDocument(bytes: Array(bytes[..<split]))
    var text = document.text.bytes(in: 0..<document.utf8Count)
    var scratch = Scratch(lineCount: document.lines.lineCount)
    if let problem = problems(in: document, text, near: nil, &scratch) { return "fresh parse: \(problem)" }
    var script = FuzzInput(bytes, from: split + 1)
    var step = 0
    var freshBytes = 0
    while !script.isAtEnd && step < maximumEdits && freshBytes < freshBytesBudget {
      let before = text
      let offset = script.uint16() % (before.count + 1)
      let range = offset..<min(before.count, offset + Int(script.byte()))
      let insert = insertion(&script)
      let previousReferences = document.linkReferences
      let summary = document.replace(range, with: insert)
      // What the edit was, written only when a property fails.
      func edit() -> String {
        let shown = insert.utf8.count > 200 ? "\(insert.utf8.count) bytes" : insert.debugDescription
        let note =
          before.count > 2_000
          ? "a note of \(before.count) bytes" : String(decoding: before, as: UTF8.self).debugDescription
        return "edit \(step), \(range) ← \(shown), on \(note)"
      }
      text = expectedText(before, replacing: range, with: insert.utf8)
      guard sameText(document.text, text) else {
        return "\(edit()): the text is \(document.string.debugDescription)"
      }
      // `text` is UTF-8: the last text's bytes with a string's bytes put in at scalar
      // starts (a debug build checks it again).
      let fresh = NoteDocument(checkedUTF8: text)
      freshBytes += text.count
      guard document.tree.isStructurallyEqual(to: fresh.tree) else {
        if text.count > 2_000 { return "\(edit()): the incremental tree differs from a fresh parse" }
        return
          "\(edit()): the incremental tree differs from a fresh parse\nincremental:\n\(document.dump())\nfresh:\n\(fresh.dump())"
      }
      if let problem = sameLines(document.lines, fresh.lines) { return "\(edit()): \(problem)" }
      if let problem = definitionProblem(document.linkReferences, previous: previousReferences, fresh: fresh) {
        return "\(edit()): \(problem)"
      }
      // The blocks and lines the edit reparsed or wrote; the others are those of the
      // previous step, moved.
      let written = summary.replacedRange.lowerBound + summary.insertedLength
      let near =
        min(summary.replacedRange.lowerBound, summary.reparsed.lowerBound)..<max(written, summary.reparsed.upperBound)
      if let problem = problems(in: document, text, near: near, &scratch) { return "\(edit()): \(problem)" }
      step += 1
    }
    // The last text's every block and line.
    if step > 0, let problem = problems(in: document, text, near: nil, &scratch) {
      return "after edit \(step - 1): \(problem)"
    }
    return nil
  }

  /// The text an edit inserts, read from the script: `count` bytes, or with a `count` of
  /// 255 a `length` byte's bytes repeated to ``repeatedLength`` (repaired to UTF-8).
  static func insertion(_ script: inout FuzzInput) -> String {
    let count = Int(script.byte())
    guard count == 255 else { return String(decoding: script.bytes(count), as: UTF8.self) }
    let unit = script.bytes(Int(script.byte()))
    guard !unit.isEmpty else { return "" }
    var repeated: [UInt8] = []
    repeated.reserveCapacity(repeatedLength)
    while repeated.count < repeatedLength { repeated += unit.prefix(repeatedLength - repeated.count) }
    return String(decoding: repeated, as: UTF8.self)
  }

  /// Buffers the checks of one input reuse from edit to edit, so that a check allocates
  /// nothing of its own (each allocation records a stack under AddressSanitizer).
  struct Scratch {
    /// The text's lines (``referenceLines(_:into:)``).
    var lines: [Range<Int>] = []
    /// The nodes a pass over a block's nodes has entered and not left (``nodeProblem(_:_:)``).
    var open: [OpenNode] = []

    /// Buffers with room for the lines of a note of `lineCount` lines, and some, and for
    /// a deep nesting of nodes: growing from empty is an allocation a doubling.
    init(lineCount: Int) {
      lines.reserveCapacity(lineCount + 64)
      open.reserveCapacity(64)
    }
  }

  /// `text` with `range` replaced, its bounds first moved back to the start of the
  /// scalar they fall in.
  static func expectedText(
    _ text: [UInt8], replacing range: Range<Int>, with insert: some Collection<UInt8>
  ) -> [UInt8] {
    func scalarStart(_ offset: Int) -> Int {
      var i = offset
      while i > 0 && i < text.count && text[i] & 0xC0 == 0x80 { i -= 1 }
      return i
    }
    let lower = scalarStart(range.lowerBound)
    let upper = max(lower, scalarStart(range.upperBound))
    var result: [UInt8] = []
    result.reserveCapacity(text.count - (upper - lower) + insert.count)
    result += text[..<lower]
    result += insert
    result += text[upper...]
    return result
  }

  /// What is inconsistent in one document's tree and line index, if anything: its
  /// text is `text`. The blocks tile the text and the findings lie in it. With `near`,
  /// the nodes of the blocks that touch it and the lines about it are checked;
  /// without, those of every block and every line.
  static func problems(
    in document: NoteDocument, _ text: [UInt8], near: Range<Int>?, _ scratch: inout Scratch
  ) -> String? {
    if let problem = treeProblem(document.tree, length: text.count, near: near, &scratch.open) { return problem }
    return lineProblem(document, text, near: near, &scratch.lines)
  }

  static func treeProblem(
    _ tree: SyntaxTree, length: Int, near: Range<Int>?, _ open: inout [OpenNode]
  ) -> String? {
    guard tree.length == length else { return "the tree covers \(tree.length) of \(length) bytes" }
    var end = 0
    var problem: String?
    var count = 0
    tree.forEachBlock { block in
      count += 1
      guard problem == nil else { return }
      let range = block.range
      guard range.lowerBound == end, range.count > 0 else {
        problem = "block \(block) (\(range)) does not follow the previous one, at \(end)"
        return
      }
      end = range.upperBound
    }
    if let problem { return problem }
    guard end == length else { return "the blocks end at \(end) of \(length)" }
    guard count == tree.blockCount else { return "\(count) blocks of \(tree.blockCount)" }
    if let near {
      for index in tree.blockIndices(touching: near) {
        if let problem = nodeProblem(tree.block(at: index), &open) { return problem }
      }
    } else {
      tree.forEachBlock { block in
        if problem == nil { problem = nodeProblem(block, &open) }
      }
      if let problem { return problem }
    }
    tree.forEachFinding { finding in
      if problem == nil && (finding.range.lowerBound < 0 || finding.range.upperBound > length) {
        problem = "finding \(finding) outside the text"
      }
    }
    return problem
  }

  /// A node entered and not yet left in a pass over a block's nodes: its index, its
  /// subtree's end, its end offset and the end of its last child seen.
  typealias OpenNode = (index: Int, subtreeEnd: Int, end: Int, previousEnd: Int)

  /// A child outside its parent or before its previous sibling, read from the block's
  /// flat node array in one pass (a view per node and a call per level cost more than
  /// the check); `open` is the pass's stack, kept from block to block.
  static func nodeProblem(_ node: SyntaxNode, _ open: inout [OpenNode]) -> String? {
    open.removeAll(keepingCapacity: true)
    let holds = node.withFlatSubtree { flat in
      var index = flat.root
      while index < flat.end {
        let start = flat.relativeStart(index)
        let end = start + flat.length(index)
        let subtreeEnd = flat.subtreeEnd(index)
        while let last = open.last, index >= last.subtreeEnd { open.removeLast() }
        if let last = open.last {
          guard start >= last.previousEnd, end <= last.end, subtreeEnd <= last.subtreeEnd else { return false }
          open[open.count - 1].previousEnd = end
        }
        open.append((index, subtreeEnd, end, start))
        index += 1
      }
      return true
    }
    guard !holds else { return nil }
    return describedNodeProblem(node) ?? "a node's subtree ends past its parent's in \(node)"
  }

  /// ``nodeProblem(_:)`` found node by node, to describe it.
  static func describedNodeProblem(_ node: SyntaxNode) -> String? {
    var previousEnd = node.startOffset
    for child in node.children {
      guard child.startOffset >= previousEnd, child.endOffset <= node.endOffset else {
        return "node \(child) is not inside \(node) after its previous sibling (which ends at \(previousEnd))"
      }
      previousEnd = child.endOffset
      if let problem = describedNodeProblem(child) { return problem }
    }
    return nil
  }
}
