/// How large paragraphs, quotes and lists are stored: in pieces, each a block of its own.
///
/// A block rule that runs past `largeBlock` bytes from its start cuts its block into
/// pieces of at least `minimum` bytes, at places chosen by the text just before them (a
/// hash, like content-defined chunking): a paragraph between two top-level inline
/// constructs or inside a run of text (between words, or between scalars in scripts
/// written without spaces), a quote before a line with text or inside a long line's
/// text as a paragraph is (``BlockParser/quoteTextPiece(_:mayCutAfterFarRead:)``), a
/// list before an item or inside a long item's text, likewise.
/// Every piece after the first is parsed in a context that says which block it
/// continues (``BlockContext/continuing(_:)``), so the block memo table reuses the
/// pieces an edit did not reach, and a reparse stops at the first old piece it lands
/// on, as between any two blocks. A keystroke in a 1 MB paragraph reparses a piece or
/// two, not the paragraph. The tree's blocks (``SyntaxTree/block(at:)``) join the
/// pieces again (``Block/merged(_:)``); analyses that cache per stored block
/// (semantic tokens, links) work on the pieces.
package enum Pieces {
  /// What the lengths below, the text's chunks (`TextStorage`) and the reparse's windows
  /// are divided by: 1, or 32 in a build with `BOOKNOTES_SMALL_PIECES` (the fuzzers',
  /// `Fuzz/run.sh`), where a note of a kilobyte or two is cut into pieces, chunks and
  /// windows as one of tens of kilobytes is, so that the parser fuzzer reaches the same
  /// paths with a thirty-second of the parsing and checking.
  #if BOOKNOTES_SMALL_PIECES
    package static let lengthDivisor = 32
  #else
    package static let lengthDivisor = 1
  #endif
  /// A paragraph, quote or list longer than this is cut into pieces.
  package static let largeBlock = 16 * 1024 / lengthDivisor
  /// The least length of a piece after the first (the first is at least `largeBlock`).
  static let minimum = 2 * 1024 / lengthDivisor
  /// Past this length a paragraph is cut where the hash picks any scalar start, not only
  /// one after a space or a non-ASCII scalar; past twice this, where the hash is lowest
  /// among the next `lastResortSpan` bytes.
  static let cutAnywhereFrom = 16 * 1024 / lengthDivisor
  /// How many bytes the last resort of a paragraph's cut looks at: text repeated with a
  /// period up to this long is cut at the same point of every period.
  static let lastResortSpan = 1024 / lengthDivisor
  /// A quote or a list is cut before any line with text (or item) after this many lines.
  static let maximumLines = 256 / lengthDivisor
  /// A piece of a paragraph is cut only where it has read no more than this past the cut.
  static let lookahead = 2 * 1024 / lengthDivisor
  /// How far a paragraph's region is read ahead at a time to find its end.
  static let regionStep = 512 / lengthDivisor

  /// Whether a quote or a list may be cut before the line after `start..<end`: the
  /// line's FNV-1a hash has its low four bits clear (one line in sixteen).
  static func endsRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
    BlockParser.endsCodeRun(bytes, from: start, to: end)
  }
}
