public import NoteText

/// A note being edited: its text, line index and syntax tree, kept in step by
/// incremental reparsing (``replace(_:with:)``). Copies are cheap snapshots.
public struct NoteDocument: Sendable {
  public private(set) var text: TextStorage
  public private(set) var lines: LineIndex
  public private(set) var tree: SyntaxTree
  /// The note's link reference definitions, kept in step with the tree.
  public private(set) var linkReferences: LinkReferences

  /// What one edit did, for incremental consumers and statistics.
  public struct EditSummary: Sendable, Equatable {
    /// The byte range of the new text whose blocks were reparsed.
    public var reparsed: Range<Int>
    /// Blocks parsed again.
    public var reparsedBlocks: Int
    /// The bytes of text the reparse read: the windows it parsed in.
    public var readLength: Int
    /// The bytes of inline text the reparse parsed: inline regions the edit left alone
    /// are copied from the blocks they were in, not parsed.
    public var inlineParsedLength: Int
    /// Blocks of the new tree in all.
    public var totalBlocks: Int
    /// The edit's own range after clamping to scalar boundaries (old offsets) and the new length.
    public var replacedRange: Range<Int>
    public var insertedLength: Int
  }

  /// Parses `string`.
  public init(_ string: String) {
    self.init(validUTF8: Array(string.utf8))
  }

  /// Parses arbitrary bytes: invalid UTF-8 is read with replacement characters.
  public init(bytes: [UInt8]) {
    if Self.isValidUTF8(bytes) {
      self.init(validUTF8: bytes)
    } else {
      self.init(validUTF8: Array(String(decoding: bytes, as: UTF8.self).utf8))
    }
  }

  /// Parses bytes already found to be well-formed UTF-8 (``isValidUTF8(_:)``), without
  /// checking them again: a note file is checked when it is read.
  public init(checkedUTF8 bytes: [UInt8]) {
    assert(Self.isValidUTF8(bytes), "bytes said to be UTF-8 are not")
    self.init(validUTF8: bytes)
  }

  /// Whether `bytes` is well-formed UTF-8 (checked without building a string).
  public static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      var i = 0
      let n = buffer.count
      while i < n {
        i = ByteScan.nonASCII(buffer, from: i, to: n)
        guard i < n else { break }
        let b = buffer[i]
        let length: Int
        let minimum: UInt32
        var value: UInt32
        if b & 0xE0 == 0xC0 {
          (length, minimum, value) = (2, 0x80, UInt32(b & 0x1F))
        } else if b & 0xF0 == 0xE0 {
          (length, minimum, value) = (3, 0x800, UInt32(b & 0x0F))
        } else if b & 0xF8 == 0xF0 {
          (length, minimum, value) = (4, 0x10000, UInt32(b & 0x07))
        } else {
          return false
        }
        guard i + length <= n else { return false }
        for offset in 1..<length {
          let continuation = buffer[i + offset]
          guard continuation & 0xC0 == 0x80 else { return false }
          value = value << 6 | UInt32(continuation & 0x3F)
        }
        guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { return false }
        i += length
      }
      return true
    }
  }

  init(validUTF8 bytes: [UInt8]) {
    text = TextStorage(validUTF8: bytes)
    (lines, tree) = bytes.withUnsafeBufferPointer { buffer in
      let lines = LineIndex(chunks: LineIndex.chunkedLines(buffer))
      return (lines, SyntaxTree(blocks: Self.parseBlocks(buffer, lines: lines)))
    }
    linkReferences = LinkReferences.build(tree, text, previous: nil)
  }

  /// Parses every block of `buffer`, a whole note, straight into a block list's chunks;
  /// its `lines` spare the parser its search for each line's end.
  static func parseBlocks(_ buffer: UnsafeBufferPointer<UInt8>, lines: LineIndex) -> BlockList {
    // A block holds a line at least, and rarely more nodes than an eighth of its bytes:
    // the arrays are made no larger than a short note needs (each is a fresh allocation).
    var linesLeft = lines.lineCount
    var parser = BlockParser(
      buffer: buffer, startsDocument: true, knownLines: lines.chunks,
      expectedNodes: min(BlockParser.defaultExpectedNodes, buffer.count / 8))
    var chunks: [BlockList.Chunk] = []
    var blocks: [Block] = []
    var starts: [Int] = []
    var chunkStart = 0
    var reach = 0
    var hasFindings = false
    var offset = 0
    var context = BlockContext.text
    while offset < buffer.count {
      if blocks.isEmpty {
        let room = min(BlockList.chunkSize, max(linesLeft, 1))
        blocks.reserveCapacity(room)
        starts.reserveCapacity(room + 1)
        chunkStart = offset
        reach = 0
        hasFindings = false
      }
      let block = parser.parseBlock(at: offset, in: context)
      starts.append(offset - chunkStart)
      reach = max(reach, offset - chunkStart + block.examined)
      hasFindings = hasFindings || block.hasFindings
      offset += block.length
      context = block.nextContext
      blocks.append(block)
      linesLeft -= 1
      if blocks.count == BlockList.chunkSize || offset >= buffer.count {
        starts.append(offset - chunkStart)
        chunks.append(
          BlockList.Chunk(blocks: blocks, starts: starts, reach: reach, hasFindings: hasFindings))
        blocks = []
        starts = []
      }
    }
    return BlockList(chunks: chunks)
  }

  /// The whole text as a string.
  public var string: String { text.string(in: 0..<text.count) }

  /// The length in UTF-8 bytes.
  public var utf8Count: Int { text.count }

  /// Replaces the UTF-8 byte range `range` with `replacement` and reparses incrementally.
  ///
  /// Offsets inside a multi-byte character are moved back to its start, and the range
  /// is clamped to the text, so any edit leaves valid UTF-8.
  @discardableResult
  public mutating func replace(_ range: Range<Int>, with replacement: String) -> EditSummary {
    let lower = scalarBoundary(atOrBefore: min(max(range.lowerBound, 0), text.count))
    let upper = max(lower, scalarBoundary(atOrBefore: min(max(range.upperBound, 0), text.count)))
    let edit = lower..<upper
    let inserted = Array(replacement.utf8)
    lines.replace(edit, with: inserted, in: &text)
    let (reparsed, count, read, inlineParsed) = reparse(after: edit, newLength: inserted.count)
    return EditSummary(
      reparsed: reparsed, reparsedBlocks: count, readLength: read, inlineParsedLength: inlineParsed,
      totalBlocks: tree.blocks.count,
      replacedRange: edit, insertedLength: inserted.count)
  }

  /// Reparses from the first block whose examined span reaches past the edit until the
  /// parse lands on the start of an old block after the edit, in the context that block
  /// was parsed in, and puts the new blocks in the tree: the reparsed range, the number
  /// of new blocks, the bytes read and the bytes of inline text parsed.
  private mutating func reparse(
    after edit: Range<Int>, newLength: Int
  ) -> (Range<Int>, Int, read: Int, inlineParsed: Int) {
    // The tree lets go of its blocks, so that the edit splices them in place unless a
    // snapshot of the document holds them too.
    var blocks = tree.blocks
    tree = SyntaxTree(blocks: .empty)
    let firstInvalid = blocks.firstBlock(reachingPast: edit.lowerBound) ?? blocks.count
    let delta = newLength - edit.count
    let newEnd = edit.lowerBound + newLength
    let start = firstInvalid < blocks.count ? blocks.block(at: firstInvalid).start : blocks.length
    var context = firstInvalid > 0 ? blocks.block(at: firstInvalid - 1).block.nextContext : .text
    var fresh: [Block] = []
    var position = start
    var read = 0
    var inlineParsed = 0
    var resumeAt = blocks.count
    // As large as the first block read before, which likely reads as far again.
    let firstExamined = firstInvalid < blocks.count ? blocks.block(at: firstInvalid).block.examined : 0
    // Room for as many nodes as the first block had, and some: a long quote or list is a
    // node per few bytes, and a builder that grows copies all its nodes each time.
    let firstNodes = firstInvalid < blocks.count ? blocks.block(at: firstInvalid).block.nodeCount : 0
    var window = max(64 * 1024, newEnd - start + 16 * 1024, firstExamined + max(delta, 0) + 1024)
    var resynchronised = false
    let text = self.text
    // Adds a block of the new parse; whether the old blocks from here on are reused:
    // the parse arrives at one's start in the context it was parsed in.
    func add(_ block: Block) -> Bool {
      fresh.append(block)
      position += block.length
      context = block.nextContext
      guard position > newEnd, let old = blocks.blockIndex(startingAt: position - delta),
        blocks.block(at: old).block.context == context
      else { return false }
      resumeAt = old
      resynchronised = true
      return true
    }
    // Blocks are parsed in windows of the text from the parse position; a block that
    // looks past a window's end (not the text's) is parsed again in a window twice as
    // large. So a long reparse reads each byte about once, like a fresh parse.
    while !resynchronised && position < text.count {
      let windowEnd = min(text.count, position + window)
      let truncated = windowEnd < text.count
      var outgrown = false
      read += windowEnd - position
      let base = position
      // The line index, already edited, gives the lines' ends.
      let firstLine = lines.place(ofLine: lines.lineContaining(base))
      let knownLines = lines.chunks
      // The window is read where it lies in the text when one chunk holds it (in a note
      // of up to 16 KB, and in a longer one whose window fits in a chunk), else copied.
      text.withContiguousBytes(in: base..<windowEnd) { buffer in
        // About a node per 16 bytes of prose, so that a long block's nodes are not
        // copied again and again as the builder grows.
        var parser = BlockParser(
          buffer: buffer, startsDocument: base == 0, knownLines: knownLines, firstKnownLine: firstLine,
          expectedNodes: max(buffer.count / 16, firstNodes + firstNodes / 8))
        defer { inlineParsed += parser.inlineParsed }
        // The first block takes the place of the first old one: the inline regions the
        // edit left alone are copied from it.
        if fresh.isEmpty && firstInvalid < blocks.count {
          parser.inlineReuse = InlineReuse(
            old: blocks.block(at: firstInvalid).block, oldStart: start - base, editStart: edit.lowerBound - base,
            insertedEnd: newEnd - base, delta: delta)
        }
        while position < windowEnd {
          let block = parser.parseBlock(at: position - base, in: context)
          parser.inlineReuse = nil
          if truncated && position + block.examined > windowEnd {
            outgrown = true
            return
          }
          if add(block) { return }
        }
      }
      if outgrown { window *= 2 }
    }
    // The table of definitions is built again when a definition block goes or comes;
    // otherwise the definitions after the edit move with the text.
    var definitionsChanged = fresh.contains { $0.holds(.linkReferenceDefinition) }
    if !definitionsChanged && !linkReferences.isEmpty {
      for index in firstInvalid..<resumeAt where blocks.block(at: index).block.holds(.linkReferenceDefinition) {
        definitionsChanged = true
        break
      }
    }
    blocks.replace(firstInvalid..<resumeAt, with: fresh)
    tree = SyntaxTree(blocks: blocks)
    if definitionsChanged {
      linkReferences = LinkReferences.build(tree, text, previous: linkReferences)
    } else {
      linkReferences.shift(from: edit.upperBound, by: delta)
    }
    return (start..<position, fresh.count, read, inlineParsed)
  }
}
