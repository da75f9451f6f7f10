import NoteSyntax
import NoteText

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
/// (`\n`, `\r\n`, `\r`) and with the fresh one; the blocks tile the text and every node
/// lies inside its parent, after its previous sibling.
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
    if let problem = problems(in: document, text, near: nil) { return "fresh parse: \(problem)" }
    var script = FuzzInput(bytes, from: split + 1)
    var step = 0
    var freshBytes = 0
    while !script.isAtEnd && step < maximumEdits && freshBytes < freshBytesBudget {
      let before = text
      let offset = script.uint16() % (before.count + 1)
      let range = offset..<min(before.count, offset + Int(script.byte()))
      let count = Int(script.byte())
      let insert: String
      if count == 255 {
        let unit = Array(script.bytes(Int(script.byte())))
        let repeated =
          unit.isEmpty ? [] : Array(Array(repeating: unit, count: repeatedLength / unit.count + 1).joined())
        insert = String(decoding: repeated.prefix(repeatedLength), as: UTF8.self)
      } else {
        insert = String(decoding: script.bytes(count), as: UTF8.self)
      }
      let summary = document.replace(range, with: insert)
      // What the edit was, written only when a property fails.
      func edit() -> String {
        let shown = insert.utf8.count > 200 ? "\(insert.utf8.count) bytes" : insert.debugDescription
        let note =
          before.count > 2_000
          ? "a note of \(before.count) bytes" : String(decoding: before, as: UTF8.self).debugDescription
        return "edit \(step), \(range) ← \(shown), on \(note)"
      }
      text = expectedText(before, replacing: range, with: Array(insert.utf8))
      guard document.utf8Count == text.count, sameBytes(document.text.bytes(in: 0..<text.count), text) else {
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
      if let problem = sameLines(document, fresh) { return "\(edit()): \(problem)" }
      // The blocks and lines the edit reparsed or wrote; the others are those of the
      // previous step, moved.
      let written = summary.replacedRange.lowerBound + summary.insertedLength
      let near =
        min(summary.replacedRange.lowerBound, summary.reparsed.lowerBound)..<max(written, summary.reparsed.upperBound)
      if let problem = problems(in: document, text, near: near) { return "\(edit()): \(problem)" }
      step += 1
    }
    // The last text's every block and line.
    if step > 0, let problem = problems(in: document, text, near: nil) { return "after edit \(step - 1): \(problem)" }
    return nil
  }

  /// `text` with `range` replaced, its bounds first moved back to the start of the
  /// scalar they fall in.
  static func expectedText(_ text: [UInt8], replacing range: Range<Int>, with insert: [UInt8]) -> [UInt8] {
    func scalarStart(_ offset: Int) -> Int {
      var i = offset
      while i > 0 && i < text.count && text[i] & 0xC0 == 0x80 { i -= 1 }
      return i
    }
    let lower = scalarStart(range.lowerBound)
    let upper = max(lower, scalarStart(range.upperBound))
    return Array(text[..<lower]) + insert + Array(text[upper...])
  }

  /// What is inconsistent in one document's tree and line index, if anything: its
  /// text is `text`. The blocks tile the text and the findings lie in it. With `near`,
  /// the nodes of the blocks that touch it and the lines about it are checked;
  /// without, those of every block and every line.
  static func problems(in document: NoteDocument, _ text: [UInt8], near: Range<Int>?) -> String? {
    if let problem = treeProblem(document.tree, length: text.count, near: near) { return problem }
    return lineProblem(document, text, near: near)
  }

  static func treeProblem(_ tree: SyntaxTree, length: Int, near: Range<Int>?) -> String? {
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
      for block in tree.blocks(touching: near) {
        if let problem = nodeProblem(block) { return problem }
      }
    } else {
      tree.forEachBlock { block in
        if problem == nil { problem = nodeProblem(block) }
      }
      if let problem { return problem }
    }
    for finding in tree.findings where finding.range.lowerBound < 0 || finding.range.upperBound > length {
      return "finding \(finding) outside the text"
    }
    return nil
  }

  /// A child outside its parent or before its previous sibling, read from the block's
  /// flat node array in one pass (a view per node and a call per level cost more than
  /// the check).
  static func nodeProblem(_ node: SyntaxNode) -> String? {
    let holds = node.withFlatSubtree { flat in
      // The nodes entered and not yet left: index, subtree end, end offset and the end
      // of the last child seen.
      var open: [(index: Int, subtreeEnd: Int, end: Int, previousEnd: Int)] = []
      open.reserveCapacity(16)
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

  /// The line index against the line breaks of the text: the number of lines, and the
  /// range and the ASCII mark of each line that touches `near` and of the lines either
  /// side of those, and the columns of its end in every encoding, unless it is longer
  /// than ``longLine`` (of every line, and every line's columns, when `near` is `nil`).
  static func lineProblem(_ document: NoteDocument, _ text: [UInt8], near: Range<Int>?) -> String? {
    let contents = referenceLines(text)
    let lines = document.lines
    guard lines.lineCount == contents.count else { return "\(lines.lineCount) lines instead of \(contents.count)" }
    guard lines.byteCount == text.count else {
      return "the line index counts \(lines.byteCount) of \(text.count) bytes"
    }
    var checked = contents.indices
    if let near {
      // Each line's range here includes its line break.
      let first = firstIndex(in: contents) { $0.upperBound + 2 >= near.lowerBound } ?? contents.count - 1
      let last = (firstIndex(in: contents) { $0.lowerBound > near.upperBound } ?? contents.count) - 1
      checked = max(0, first - 1)..<min(contents.count, max(first, last) + 2)
    }
    for number in checked {
      let content = contents[number]
      let line = text[content]
      guard lines.contentRange(ofLine: number) == content else {
        return "line \(number) is \(lines.contentRange(ofLine: number)) instead of \(content)"
      }
      guard lines.isASCII(line: number) == isASCII(text, content) else {
        return "line \(number) is wrongly marked ASCII or not"
      }
      guard lines.lineContaining(content.lowerBound) == number, lines.lineContaining(content.upperBound) == number
      else { return "the line containing the ends of line \(number) is wrong" }
      if near != nil && content.count > longLine { continue }
      // An ASCII line's columns are its bytes in every encoding, counted the same way
      // (its mark is checked above).
      var widths: [(PositionEncoding, Int)] = [(.utf8, line.count)]
      if !lines.isASCII(line: number) {
        let string = String(decoding: line, as: UTF8.self)
        widths += [(.utf16, string.utf16.count), (.utf32, string.unicodeScalars.count)]
      }
      for (encoding, width) in widths {
        guard document.lineColumn(of: content.upperBound, in: encoding) == LineColumn(line: number, column: width)
        else {
          return
            "the end of line \(number) is \(document.lineColumn(of: content.upperBound, in: encoding)) in \(encoding)"
        }
        guard document.offset(of: LineColumn(line: number, column: width), in: encoding) == content.upperBound,
          document.offset(of: LineColumn(line: number, column: width + 1), in: encoding) == content.upperBound
        else { return "column \(width) of line \(number) is not the line's end in \(encoding)" }
      }
    }
    return nil
  }

  /// The content ranges of the lines of `text`, split at `\r\n`, `\n` and `\r`: found
  /// with `memchr`, which costs the fuzzer no coverage callback per byte (every
  /// comparison in this module is one) where a loop over the bytes cost a tenth of
  /// its time.
  static func referenceLines(_ text: [UInt8]) -> [Range<Int>] {
    text.withUnsafeBufferPointer { buffer in
      var contents: [Range<Int>] = []
      guard let base = buffer.baseAddress else { return [0..<0] }
      let count = buffer.count
      // The offset of the next `byte` at or after `offset`, or `count`.
      func next(_ byte: UInt8, from offset: Int) -> Int {
        guard offset < count, let found = memchr(base + offset, Int32(byte), count - offset) else { return count }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      }
      var start = 0
      var lineFeed = next(0x0A, from: 0)
      var carriageReturn = next(0x0D, from: 0)
      while start < count {
        if lineFeed < start { lineFeed = next(0x0A, from: start) }
        if carriageReturn < start { carriageReturn = next(0x0D, from: start) }
        let end = min(lineFeed, carriageReturn)
        guard end < count else { break }
        contents.append(start..<end)
        start = end + (end == carriageReturn && end + 1 < count && end + 1 == lineFeed ? 2 : 1)
      }
      contents.append(start..<count)
      return contents
    }
  }

  /// The first index of the sorted `ranges` whose range satisfies `isAtOrPast` (which
  /// holds from some index on), by halving.
  static func firstIndex(in ranges: [Range<Int>], where isAtOrPast: (Range<Int>) -> Bool) -> Int? {
    var low = 0
    var high = ranges.count
    while low < high {
      let middle = (low + high) / 2
      if isAtOrPast(ranges[middle]) { high = middle } else { low = middle + 1 }
    }
    return low < ranges.count ? low : nil
  }

  /// Whether `text[range]` is ASCII, read eight bytes at a time (a comparison per byte
  /// would cost the fuzzer a coverage callback per byte).
  static func isASCII(_ text: [UInt8], _ range: Range<Int>) -> Bool {
    text.withUnsafeBytes { bytes in
      var offset = range.lowerBound
      var high: UInt64 = 0
      while offset + 8 <= range.upperBound {
        high |= bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        offset += 8
      }
      while offset < range.upperBound {
        high |= UInt64(bytes[offset])
        offset += 1
      }
      return high & 0x8080_8080_8080_8080 == 0
    }
  }

  /// Whether two byte arrays are equal, compared by `memcmp` (no coverage callback per
  /// byte).
  static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    return a.withUnsafeBytes { a in
      b.withUnsafeBytes { b in a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
    }
  }

  /// The line index kept up to date by edits against the one of a fresh parse.
  static func sameLines(_ document: NoteDocument, _ fresh: NoteDocument) -> String? {
    guard document.lines.lineCount == fresh.lines.lineCount else { return "the line counts differ from a fresh parse" }
    for number in 0..<fresh.lines.lineCount {
      guard document.lines.startOfLine(number) == fresh.lines.startOfLine(number),
        document.lines.contentRange(ofLine: number) == fresh.lines.contentRange(ofLine: number),
        document.lines.isASCII(line: number) == fresh.lines.isASCII(line: number)
      else { return "line \(number) differs from a fresh parse" }
    }
    return nil
  }
}
