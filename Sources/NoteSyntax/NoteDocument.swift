/// A note being edited: its text, its line index and its syntax tree, kept in step by
/// incremental reparsing.
///
/// A value: copies are cheap snapshots that share storage. An edit reparses only the
/// blocks whose examined span touches it, from the first such block until the new
/// parse lands on the start of an old block after the edit, in the context that block
/// was parsed in (inside or outside a fenced code block); every later block is reused
/// as it is.
public struct NoteDocument: Sendable {
  public private(set) var text: TextStorage
  public private(set) var lines: LineIndex
  public private(set) var tree: SyntaxTree

  /// What one edit did, for incremental consumers and statistics.
  public struct EditSummary: Sendable, Equatable {
    /// The byte range of the new text whose blocks were reparsed.
    public var reparsed: Range<Int>
    /// Blocks parsed again, or taken over from further on (see `parsedLength`).
    public var reparsedBlocks: Int
    /// The bytes of `reparsed` that were parsed: less, where old pieces of a paragraph
    /// repeated over and over were taken over at new places by their bytes.
    public var parsedLength: Int
    /// The bytes of text the reparse read: copied into the windows it parsed in, and
    /// read by blocks parsed again before it (those that searched far).
    public var readLength: Int
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
        var minimum: UInt32
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
        for k in 1..<length {
          let c = buffer[i + k]
          guard c & 0xC0 == 0x80 else { return false }
          value = value << 6 | UInt32(c & 0x3F)
        }
        guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { return false }
        minimum = 0
        i += length
      }
      return true
    }
  }

  init(validUTF8 bytes: [UInt8], cutsLargeBlocks: Bool = true) {
    text = TextStorage(validUTF8: bytes)
    (lines, tree) = bytes.withUnsafeBufferPointer { buffer in
      let (blocks, lines) = Self.parseBlocks(buffer, cutsLargeBlocks: cutsLargeBlocks)
      return (lines ?? LineIndex(bytes: buffer), SyntaxTree(blocks: blocks))
    }
  }

  /// Parses every block of `buffer`, a whole note, straight into the chunks of a block
  /// list, indexing each chunk as its blocks are made. The line index comes from the
  /// lines the parse examined (each is read once), or is `nil` if some line was not.
  static func parseBlocks(_ buffer: UnsafeBufferPointer<UInt8>, cutsLargeBlocks: Bool = true) -> (
    BlockList, LineIndex?
  ) {
    var parser = BlockParser(
      buffer: buffer, startsDocument: true, recordsLines: true, cutsLargeBlocks: cutsLargeBlocks)
    var chunks: [BlockList.Chunk] = []
    var blocks: [Block] = []
    var starts: [Int] = []
    var chunkStart = 0
    var reach = 0
    var hasFindings = false
    var heads = 0
    var offset = 0
    var context = BlockContext.text
    while offset < buffer.count {
      if blocks.isEmpty {
        blocks.reserveCapacity(BlockList.chunkSize)
        starts.reserveCapacity(BlockList.chunkSize + 1)
        chunkStart = offset
        reach = 0
        hasFindings = false
        heads = 0
      }
      let block = parser.parseBlock(at: offset, in: context)
      starts.append(offset - chunkStart)
      reach = max(reach, offset - chunkStart + block.examined)
      hasFindings = hasFindings || block.hasFindings
      if !block.continues { heads += 1 }
      offset += block.length
      context = block.nextContext
      blocks.append(block)
      if blocks.count == BlockList.chunkSize || offset >= buffer.count {
        starts.append(offset - chunkStart)
        chunks.append(
          BlockList.Chunk(blocks: blocks, starts: starts, reach: reach, hasFindings: hasFindings, heads: heads))
        blocks = []
        starts = []
      }
    }
    return (BlockList(chunks: chunks), parser.recordedLineIndex())
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
    // A small edit inside a line is applied to the line index from the bytes it removes
    // and inserts, without reading the rest of the line.
    let removed = edit.count <= 4096 ? text.bytes(in: edit) : nil
    text.replace(edit, with: inserted)
    if removed == nil || !lines.applyEditInsideLine(replacing: edit, removed: removed!, inserted: inserted) {
      lines.applyEdit(replacing: edit, newLength: inserted.count, text: text)
    }
    let (reparsed, count, parsed, read) = reparse(after: edit, newLength: inserted.count)
    return EditSummary(
      reparsed: reparsed, reparsedBlocks: count, parsedLength: parsed, readLength: read,
      totalBlocks: tree.blocks.count,
      replacedRange: edit, insertedLength: inserted.count)
  }

  /// The start of the scalar holding byte `offset` (or `offset` itself on a boundary).
  public func scalarBoundary(atOrBefore offset: Int) -> Int {
    var i = offset
    while i > 0 && i < text.count && text[i] & 0xC0 == 0x80 { i -= 1 }
    return i
  }

  private mutating func reparse(after edit: Range<Int>, newLength: Int) -> (Range<Int>, Int, parsed: Int, read: Int) {
    var blocks = tree.blocks
    var read = 0
    var firstInvalid = keepingBlocksThatReadFar(&blocks, before: edit.lowerBound, read: &read)
    while true {
      switch reparse(&blocks, from: firstInvalid, after: edit, newLength: newLength, read: &read) {
      case .done(let result): return (result.0, result.1, result.parsed, read)
      case .again(let earlier): firstInvalid = earlier
      }
    }
  }

  private enum Reparse {
    case done((Range<Int>, Int, parsed: Int))
    /// A new piece holds a closer that the pieces before it said was absent: the parse
    /// starts again from this earlier block, whose search for it is now answered.
    case again(from: Int)
  }

  /// Reparses from block `firstInvalid` until the parse lands on an old block after the
  /// edit, and puts the new blocks in the tree.
  private mutating func reparse(
    _ blocks: inout BlockList, from firstInvalid: Int, after edit: Range<Int>, newLength: Int, read: inout Int
  ) -> Reparse {
    let delta = newLength - edit.count
    let newEnd = edit.lowerBound + newLength
    let start = firstInvalid < blocks.count ? blocks.block(at: firstInvalid).start : blocks.length
    var context = firstInvalid > 0 ? blocks.block(at: firstInvalid - 1).block.nextContext : .text
    var fresh: [Block] = []
    var position = start
    var parsed = 0
    var resumeAt = blocks.count
    // As large as the first block read before (a piece whose `?[` searched to the end of
    // its long line likely reads as far again).
    let firstExamined = firstInvalid < blocks.count ? blocks.block(at: firstInvalid).block.examined : 0
    let divisor = Pieces.lengthDivisor
    var window = max(
      64 * 1024 / divisor, newEnd - start + 16 * 1024 / divisor, firstExamined + max(delta, 0) + 1024 / divisor)
    var resynchronised = false
    let text = self.text
    // The first old piece after the edit inside a large block's text, if it was parsed
    // assuming closers absent: none lies from there to the text's end, so a search for
    // one stops there.
    var absentAfter: (position: Int, kinds: ClosersAbsent, text: BlockContext.Piece.Text)?
    if let index = blocks.blockIndex(startingAtOrAfter: edit.upperBound + 1) {
      let (old, oldStart) = blocks.block(at: index)
      if old.context.absentClosers != 0, let kind = old.context.piece.text {
        absentAfter = (oldStart + delta, old.context.absentClosers, kind)
      }
    }
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
    // A piece of a paragraph repeated over and over that an old piece further on holds:
    // that piece, whose bytes (and the byte before it) are the same as here, in the same
    // context. Such pieces are cut at the same point of every period
    // (``InlineParser/parsePiece(from:pieceStart:minimum:regionStart:mayCutAfterFarRead:quoteLineFrom:into:)``),
    // so after an edit the new ones are the old ones moved by whole periods.
    func moved() -> Block? {
      guard context.continues, position > newEnd, let index = blocks.blockIndex(startingAtOrAfter: position - delta)
      else { return nil }
      let (old, oldStart) = blocks.block(at: index)
      // Where its bytes are now: after the edit, so they are the bytes it was parsed from.
      // Moved by less than its length, so that the parse goes on past its old place (a
      // block is in the tree once).
      let now = oldStart + delta
      // Not one whose opener found no closer to the text's end (or the line's): that
      // depends on the text after it, which is longer here.
      let absent = old.nextContext.absentClosers
      guard old.context == context, absent & (~old.context.absentClosers | InlineGrammar.Absence.onTheLine) == 0,
        now > position, now - position < old.length, now - 1 >= newEnd,
        now + old.examined <= text.count,
        text.bytesEqual((position - 1)..<(position + old.examined), (now - 1)..<(now + old.examined))
      else { return nil }
      return old
    }
    // Blocks are parsed in windows of the text copied from the parse position; a block
    // that looks past a window's end (not the text's) is parsed again in a window twice
    // as large. So a long reparse copies each byte about once, like a fresh parse.
    while !resynchronised && position < text.count {
      if let block = moved() {
        _ = add(block)
        continue
      }
      // A piece that continues a block reads the byte before it (what precedes a `_` or a `#`).
      let base = context.continues && position > 0 ? position - 1 : position
      let windowEnd = min(text.count, base + window)
      let truncated = windowEnd < text.count
      var outgrown = false
      var searchedPastWindow = false
      var contradicted = false
      read += windowEnd - base
      text.bytes(in: base..<windowEnd).withUnsafeBufferPointer { buffer in
        var parser = BlockParser(buffer: buffer, startsDocument: base == 0, endsText: !truncated)
        parser.absentAfter = absentAfter.map { ($0.position - base, $0.kinds, $0.text) }
        while position < windowEnd {
          if let block = moved() {
            if add(block) { return }
            continue
          }
          let block = parser.parseBlock(at: position - base, in: context)
          if truncated && position + block.examined > windowEnd {
            outgrown = true
            searchedPastWindow = parser.searchedPastBuffer
            return
          }
          // (From the first block, whose context assumes nothing, no piece can: each
          // parse that starts again starts before the last, so this ends.)
          if parser.contradictsContext && firstInvalid > 0 {
            contradicted = true
            return
          }
          parsed += block.length
          if add(block) { return }
        }
      }
      if contradicted { return .again(from: Self.originOfAbsentClosers(blocks, before: firstInvalid)) }
      if outgrown {
        window *= 2
        // An opener's search in vain reads to the end of its large block: a window to
        // there at once (where the old block ended), not one doubling after another.
        if searchedPastWindow {
          window = max(window, Self.endOfLargeBlock(blocks, at: firstInvalid) + max(delta, 0) + 4096 / divisor - base)
        }
      }
    }
    blocks.replace(firstInvalid..<resumeAt, with: fresh)
    tree = SyntaxTree(blocks: blocks)
    return .done((start..<position, fresh.count, parsed))
  }

  /// Where the large block that block `index` is part of ends.
  private static func endOfLargeBlock(_ blocks: BlockList, at index: Int) -> Int {
    guard index < blocks.count else { return blocks.length }
    let next = blocks.head(ofBlock: index) + 1
    return next < blocks.headCount ? blocks.block(at: blocks.blockIndex(ofHead: next)).start : blocks.length
  }

  /// Where to parse again from when a piece parsed after block `first - 1` holds a
  /// closer that its context said was absent: the piece whose opener searched for it in
  /// vain, the last before `first` parsed in a context that assumed none. (The pieces
  /// parsed anew did not add it: their searches read the new text to its end.)
  private static func originOfAbsentClosers(_ blocks: BlockList, before first: Int) -> Int {
    var origin = first - 1
    while origin > 0 && blocks.block(at: origin).block.context.absentClosers != 0 { origin -= 1 }
    return max(origin, 0)
  }

  /// The first block an edit at `offset` must reparse from, in `blocks` (the new text is
  /// already in place): the first whose examined span reaches past `offset`, except
  /// that one ending `Pieces.lookahead` bytes or more before it (a piece of a long line
  /// whose unclosed `?[` searched to the line's end) is parsed again
  /// first. If it comes out the same (nodes, findings, length and contexts), it stays,
  /// with its new examined span, and so do the blocks after it whose spans end before
  /// `offset`: the reparse starts at the next block that reaches past it, instead of
  /// parsing every block in between again.
  private func keepingBlocksThatReadFar(_ blocks: inout BlockList, before offset: Int, read: inout Int) -> Int {
    var first = blocks.firstBlock(reachingPast: offset) ?? blocks.count
    while first < blocks.count {
      let (old, start) = blocks.block(at: first)
      guard start + old.length + Pieces.lookahead <= offset, let again = parseAgain(old, at: start, read: &read)
      else { break }
      if again !== old { blocks.replace(first..<(first + 1), with: [again]) }
      first = blocks.firstBlock(reachingPast: offset, from: first + 1) ?? blocks.count
    }
    return first
  }

  /// `old`, the block at `start`, parsed again in the current text: `old` itself when
  /// nothing changed, the new block when only its examined span did, `nil` otherwise.
  private func parseAgain(_ old: Block, at start: Int, read: inout Int) -> Block? {
    let base = old.context.continues && start > 0 ? start - 1 : start
    var window = old.examined + (start - base) + 1024
    while true {
      let windowEnd = min(text.count, base + window)
      let truncated = windowEnd < text.count
      read += windowEnd - base
      let (block, contradicts) = text.bytes(in: base..<windowEnd).withUnsafeBufferPointer { buffer in
        var parser = BlockParser(buffer: buffer, startsDocument: base == 0, endsText: !truncated)
        let block = parser.parseBlock(at: start - base, in: old.context)
        return (block, parser.contradictsContext)
      }
      if truncated && start + block.examined > windowEnd {
        window *= 2
        continue
      }
      guard !contradicts, block.length == old.length, block.sameTree(as: old) else { return nil }
      return block.examined == old.examined ? old : block
    }
  }
}
