import NoteSyntax

/// The parser's properties, checked on one input: a note and a script of edits.
///
/// The input up to its first zero byte is the note (any bytes: invalid UTF-8 is
/// repaired). The rest is a series of edits, each `offset` (two bytes, least
/// significant first, taken modulo the text's length + 1), `delete` (one byte: how many
/// bytes to replace), `count` (one byte) and `count` bytes to insert (repaired to UTF-8).
/// A `count` of 255 inserts the next `length` byte's bytes repeated to `repeatedLength`
/// bytes, so that a short input makes a paragraph, quote or list large enough to be
/// stored in pieces (and the edits after it land in one).
///
/// After the fresh parse and after every edit (up to ``maximumEdits``, and while the
/// fresh parses compared with have read under ``freshBytesBudget``): the text is the
/// expected text (the edit moved back to scalar starts, as `NoteDocument.replace`
/// documents); the incremental tree equals a fresh parse of the same text, block for
/// block and node for node; the line index agrees with the line breaks of the text
/// (`\n`, `\r\n`, `\r`) and with the fresh one; the blocks tile the text and every node
/// lies inside its parent, after its previous sibling.
public enum ParserFuzzing {
  /// At most this many edits are applied (each costs a fresh parse to compare with).
  static let maximumEdits = 64
  /// Edits stop once the fresh parses compared with have read this many bytes (a 40 KB
  /// note gets a dozen): after a repeated insertion every comparison reads a large note,
  /// and without a bound the fuzzer ran 4 inputs a second under AddressSanitizer (about
  /// 20 with it).
  static let freshBytesBudget = 1 << 19
  /// The length of a repeated insertion: past the length from which blocks are cut.
  static let repeatedLength = 40_000

  /// What is wrong, or `nil` when every property holds.
  public static func check(_ input: some Collection<UInt8>) -> String? {
    let bytes = Array(input)
    let split = bytes.firstIndex(of: 0) ?? bytes.count
    var document = NoteDocument(bytes: Array(bytes[..<split]))
    if let problem = problems(in: document) { return "fresh parse: \(problem)" }
    var script = FuzzInput(bytes, from: split + 1)
    var step = 0
    var freshBytes = 0
    while !script.isAtEnd && step < maximumEdits && freshBytes < freshBytesBudget {
      let before = Array(document.string.utf8)
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
      document.replace(range, with: insert)
      let shown = insert.utf8.count > 200 ? "\(insert.utf8.count) bytes" : insert.debugDescription
      let text =
        before.count > 2_000
        ? "a note of \(before.count) bytes" : String(decoding: before, as: UTF8.self).debugDescription
      let edit = "edit \(step), \(range) ← \(shown), on \(text)"
      let expected = expectedText(before, replacing: range, with: Array(insert.utf8))
      guard Array(document.string.utf8) == expected, document.utf8Count == expected.count else {
        return "\(edit): the text is \(document.string.debugDescription)"
      }
      let fresh = NoteDocument(bytes: expected)
      freshBytes += expected.count
      guard document.tree.isStructurallyEqual(to: fresh.tree) else {
        if expected.count > 2_000 { return "\(edit): the incremental tree differs from a fresh parse" }
        return
          "\(edit): the incremental tree differs from a fresh parse\nincremental:\n\(document.dump())\nfresh:\n\(fresh.dump())"
      }
      if let problem = problems(in: document) { return "\(edit): \(problem)" }
      if let problem = sameLines(document, fresh) { return "\(edit): \(problem)" }
      step += 1
    }
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

  /// What is inconsistent in one document's tree and line index, if anything.
  static func problems(in document: NoteDocument) -> String? {
    let text = Array(document.string.utf8)
    if let problem = treeProblem(document.tree, length: text.count) { return problem }
    return lineProblem(document, text)
  }

  static func treeProblem(_ tree: SyntaxTree, length: Int) -> String? {
    guard tree.length == length else { return "the tree covers \(tree.length) of \(length) bytes" }
    var end = 0
    var problem: String?
    tree.forEachBlock { block in
      guard problem == nil else { return }
      guard block.startOffset == end, block.length > 0 else {
        problem = "block \(block) does not follow the previous one, at \(end)"
        return
      }
      end = block.endOffset
      problem = nodeProblem(block)
    }
    if let problem { return problem }
    guard end == length else { return "the blocks end at \(end) of \(length)" }
    for finding in tree.findings where finding.range.lowerBound < 0 || finding.range.upperBound > length {
      return "finding \(finding) outside the text"
    }
    return nil
  }

  /// A child outside its parent or before its previous sibling.
  static func nodeProblem(_ node: SyntaxNode) -> String? {
    var previousEnd = node.startOffset
    for child in node.children {
      guard child.startOffset >= previousEnd, child.endOffset <= node.endOffset, child.length >= 0 else {
        return "node \(child) is not inside \(node) after its previous sibling (which ends at \(previousEnd))"
      }
      previousEnd = child.endOffset
      if let problem = nodeProblem(child) { return problem }
    }
    return nil
  }

  /// The line index against the line breaks of the text.
  static func lineProblem(_ document: NoteDocument, _ text: [UInt8]) -> String? {
    // Reference lines: content ranges, split at `\r\n`, `\n` and `\r`.
    var contents: [Range<Int>] = []
    var start = 0
    var i = 0
    while i < text.count {
      if text[i] == 0x0A || text[i] == 0x0D {
        contents.append(start..<i)
        i += text[i] == 0x0D && i + 1 < text.count && text[i + 1] == 0x0A ? 2 : 1
        start = i
      } else {
        i += 1
      }
    }
    contents.append(start..<text.count)
    let lines = document.lines
    guard lines.lineCount == contents.count else { return "\(lines.lineCount) lines instead of \(contents.count)" }
    guard lines.byteCount == text.count else {
      return "the line index counts \(lines.byteCount) of \(text.count) bytes"
    }
    for (number, content) in contents.enumerated() {
      let line = text[content]
      guard lines.contentRange(ofLine: number) == content else {
        return "line \(number) is \(lines.contentRange(ofLine: number)) instead of \(content)"
      }
      guard lines.isASCII(line: number) == line.allSatisfy({ $0 < 0x80 }) else {
        return "line \(number) is wrongly marked ASCII or not"
      }
      guard lines.lineContaining(content.lowerBound) == number, lines.lineContaining(content.upperBound) == number
      else { return "the line containing the ends of line \(number) is wrong" }
      let string = String(decoding: line, as: UTF8.self)
      let widths: [(PositionEncoding, Int)] = [
        (.utf8, line.count), (.utf16, string.utf16.count), (.utf32, string.unicodeScalars.count),
      ]
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
