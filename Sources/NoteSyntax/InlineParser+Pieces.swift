/// Parsing the text of a large paragraph, or of a long quote line, in pieces: where a
/// piece may be cut (see ``Pieces``).
extension InlineParser {
  /// Where a piece of a large paragraph's text stopped.
  enum PieceEnd {
    /// At a place where the paragraph is cut: the next piece starts there. `farRead`
    /// when the piece had read more than `Pieces.lookahead` bytes past it.
    case cut(Int, farRead: Bool)
    /// At the end of the paragraph's text (before its last line break, if any).
    case end(Int)
  }

  /// Parses a large paragraph's text from `start` (where the top-level parse is at rest)
  /// to the paragraph's end, or to the first place where it may be cut once the piece
  /// started at `pieceStart` holds `minimum` bytes: at top level, at a scalar start
  /// after a space, a tab, a line break or a non-ASCII scalar (scripts written without
  /// spaces), where a hash of the 16 bytes before it picks about one such place in 64;
  /// once the piece holds `Pieces.cutAnywhereFrom` bytes, at any scalar start the hash picks;
  /// once it holds twice that, at the place ``lastResortPlace(from:)`` picks. A text run
  /// is cut where the paragraph is (``Block/merged(_:)`` joins it again).
  ///
  /// An unclosed `*`, `_` or backtick at the top level searches for its closer to the
  /// text's end, but that read is not the piece's: the kind goes into ``foundAbsent``,
  /// the pieces after it are parsed assuming none (``KnownAbsence/assumed``) and check their
  /// own text for one, and the piece's examined span ends near its cut. A link's `[`
  /// without `]` (or `](` without `)`) on its line is found absent likewise, to the
  /// line's end (``finishPiece(from:to:)``).
  ///
  /// A piece that has read more than `Pieces.lookahead` bytes past a place (a cloze's
  /// `?[` without its `]` on a long line) is cut there only if `mayCutAfterFarRead`:
  /// once per paragraph, since every later piece that reads as far would scan the rest
  /// of the line again (the pieces after such a cut are parsed with it false, and one
  /// that reads far runs to the paragraph's end). The far read stays in the piece's
  /// examined span; an edit there parses it again and keeps it when it comes out the
  /// same (``NoteDocument/replace(_:with:)``).
  ///
  /// In a long quote line's text (`quoteLineFrom`: where its text, or the piece, starts),
  /// a place must also pass ``mayCutQuoteLine(at:_:)``.
  ///
  /// The places depend on the bytes before them and on the piece's start only, so a
  /// reparse from an old piece's start finds the old places again after the edit.
  mutating func parsePiece(
    from start: Int, pieceStart: Int, minimum: Int, regionStart: Int?, mayCutAfterFarRead: Bool,
    quoteLineFrom: Int? = nil, into builder: inout TreeBuilder
  ) -> PieceEnd {
    let bufferEnd = bytes.count
    let searchFrom = pieceStart + minimum
    // A hashtag may start the paragraph's text without whitespace before it.
    let textRegionStart = regionStart ?? -1
    var i = start
    var textStart = start
    pieceTextStart = start
    // Past twice `Pieces.cutAnywhereFrom`: the place picked among the bytes ahead.
    var lastResort: Int?
    // In a quote line's text: what its places to cut depend on, read so far.
    var quoteLine = quoteLineFrom.map { QuoteLineReading(start: $0) }
    while true {
      let end = region.bound(after: i, bytes)
      guard i < end else { break }
      if i >= searchFrom {
        let held = i - pieceStart
        let candidate: Bool
        if held >= 2 * Pieces.cutAnywhereFrom {
          if lastResort == nil { lastResort = lastResortPlace(from: i) }
          candidate = i >= lastResort! && bytes[i] & 0xC0 != 0x80
        } else {
          candidate = isCutCandidate(i, afterAnyByte: held >= Pieces.cutAnywhereFrom)
        }
        if candidate, mayCutAfterFarRead || region.reach <= i + Pieces.lookahead,
          quoteLine == nil || mayCutQuoteLine(at: i, &quoteLine!)
        {
          flush(&textStart, i, &builder)
          let farRead = region.reach > i + Pieces.lookahead
          region.reach = max(region.reach, i + 1)
          finishPiece(from: start, to: i)
          return .cut(i, farRead: farRead)
        }
      } else {
        i = nextConstructStart(from: i, before: min(end, searchFrom), grammar.triggers)
        if i == min(end, searchFrom) { continue }
      }
      if !grammar.startsConstruct[Int(bytes[i])] {
        i += 1
        continue
      }
      i = construct(at: i, textRegionStart, bufferEnd, &textStart, &builder, 0)
      region.reach = max(region.reach, i + 2)
    }
    flush(&textStart, i, &builder)
    region.reach = max(region.reach, i + 1)
    finishPiece(from: start, to: i)
    return .end(i)
  }

  /// Whether the parse may be cut at `i`, a scalar start after a space, a tab, a line
  /// break or a non-ASCII scalar (or after any byte): where the hash of the 16 bytes
  /// before it has its six low bits clear.
  @inline(__always)
  private func isCutCandidate(_ i: Int, afterAnyByte: Bool) -> Bool {
    let before = bytes[i - 1]
    guard bytes[i] & 0xC0 != 0x80, afterAnyByte || before >= 0x80 || ByteClass.isWhitespace(before) else {
      return false
    }
    return hashBefore(i) & 63 == 0
  }

  /// What the places where a long quote line's text may be cut depend on, read on
  /// from where its text (or the piece) starts, each byte once per piece.
  struct QuoteLineReading {
    /// Where the text (or the piece) starts: nothing before it is read.
    let start: Int
    /// The bytes before this one are read.
    var read: Int
    /// Whether the last parenthesis read is a `(`.
    var open = false
    /// Where the last dash after a space that may open a citation starts.
    var lastDash: Int?

    init(start: Int) {
      self.start = start
      read = start
    }
  }

  /// Whether a quote line's text may be cut at `i`: not where the line's closing
  /// citation could begin or run, so that every piece before the line's last holds
  /// plain inline text. `i` is no space, tab or `(`, the last parenthesis before it is
  /// no `(` (a citation is a trailing parenthetical with none inside), and no dash after
  /// a space that may open a citation (``DashCitation``) starts at `i` or in the
  /// `DashCitation.maximumLength` bytes before it. At the piece's start no parenthesis
  /// is open and no such dash is that near (the cut before kept the same rule, and a
  /// piece is longer than that).
  private func mayCutQuoteLine(at i: Int, _ reading: inout QuoteLineReading) -> Bool {
    while reading.read < i {
      let offset = reading.read
      let b = bytes[offset]
      if b == UInt8(ascii: "(") {
        reading.open = true
      } else if b == UInt8(ascii: ")") {
        reading.open = false
      } else if offset > reading.start && ByteClass.isSpaceOrTab(bytes[offset - 1])
        && DashCitation.startsDash(bytes, offset, i + 1)
      {
        // Every byte a dash before `i` is told by is read: `i` starts a scalar.
        reading.lastDash = offset
      }
      reading.read += 1
    }
    let b = bytes[i]
    guard !reading.open && !ByteClass.isSpaceOrTab(b) && b != UInt8(ascii: "(") else { return false }
    if let dash = reading.lastDash, i - dash <= DashCitation.maximumLength { return false }
    // A dash may start at `i` (its bytes after `i` unread).
    return !(i > reading.start && ByteClass.isSpaceOrTab(bytes[i - 1]) && DashCitation.startsDash(bytes, i, i + 1))
  }

  /// A hash (FNV-1a, its high bits folded in) of the 16 bytes before `i`.
  @inline(__always)
  private func hashBefore(_ i: Int) -> UInt32 {
    var hash: UInt32 = 0x811C_9DC5
    for index in (i - 16)..<i { hash = (hash ^ UInt32(bytes[index])) &* 0x0100_0193 }
    return hash ^ hash >> 15
  }

  /// Where a piece that holds twice `Pieces.cutAnywhereFrom` bytes without a place its hashes
  /// picked (text repeated over and over) is cut: at the first place the parse is at
  /// rest from the scalar start, among the next `Pieces.lastResortSpan` bytes of the
  /// region from `i`, whose 16 bytes before it hash lowest (the first of equals). In
  /// text repeated with a period shorter than that span, every such piece is cut at the
  /// same point of the period: after an edit, the new pieces are the old ones moved by
  /// whole periods, which hold the same bytes, and the reparse takes them over as they
  /// are (``NoteDocument/replace(_:with:)``) instead of parsing the rest of the paragraph.
  private mutating func lastResortPlace(from i: Int) -> Int {
    let end = min(region.bound(after: i + Pieces.lastResortSpan, bytes), i + Pieces.lastResortSpan)
    region.reach = max(region.reach, end)
    var best = i
    var lowest = UInt32.max
    for j in i..<end where bytes[j] & 0xC0 != 0x80 {
      let hash = hashBefore(j)
      if hash < lowest {
        (best, lowest) = (j, hash)
      }
    }
    return best
  }
}
