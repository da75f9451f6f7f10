import NoteSyntax
import NoteText

/// Renders inline nodes as a single line of text: plain (markup dropped) or Markdown
/// (markup kept), with clozes showing their answers except one hidden cloze, which
/// shows a placeholder.
struct InlineText {
  /// The note's text (only its bytes are read).
  let text: TextStorage
  /// The note's link reference definitions: which reference links are links.
  let references: LinkReferences
  /// Keep strong, emphasis, code and link syntax as written.
  var keepsMarkup = false
  /// The range of the cloze to hide.
  var hiddenCloze: Range<Int>?
  /// The text shown in place of the hidden cloze, given its hint and answer; `nil`:
  /// `[hint]` (`[...]` without a hint), copied from the note's bytes.
  var placeholder: ((_ hint: String, _ answer: String) -> String)?

  /// The most bytes to render; the rendering stops there (at a character's start).
  var limit = Int.max

  /// The part of the note to render, when not all of it (UTF-8 offsets): nodes outside
  /// it are left out and text is cut at its ends. The rendering is then a run of the
  /// whole rendering's bytes, but for a space the whole one may have at its start.
  var window: Range<Int>?

  /// When set, the rendering is hashed into it as it is made (whitespace collapsed,
  /// ``FNV1a/Collapsing``) and ``bytes`` stays empty: a prompt's id without its text.
  var hashing: FNV1a.Stream?

  /// The rendering so far, as UTF-8.
  private(set) var bytes: [UInt8] = []
  /// Where the placeholder is in the output, in UTF-8 bytes.
  private(set) var placeholderRange: Range<Int>?
  /// Whether the rendering stopped at `limit` with more to come.
  private(set) var truncated = false
  /// Where each shown cloze's answer is in the output, in UTF-8 bytes, in order.
  private(set) var clozeOutputs: [Range<Int>] = []
  /// Where each shown cloze starts in the note, in the order of ``clozeOutputs``.
  private(set) var clozeStarts: [Int] = []

  /// Whether a node whose subtree holds only text, markup, line breaks, clozes and
  /// links is rendered from its flat subtree (``appendFlatSubtree(of:)``) rather than
  /// node by node; the two give the same bytes.
  var readsFlatSubtrees = true

  /// The storage chunk that holds what is being rendered (``readingChunk(holding:_:)``),
  /// read by offset rather than looked up in ``text`` node by node.
  var chunk: (bytes: UnsafeBufferPointer<UInt8>, start: Int)?

  init(doc: NoteDocument, keepsMarkup: Bool = false, hiddenCloze: Range<Int>? = nil) {
    self.text = doc.text
    self.references = doc.linkReferences
    self.keepsMarkup = keepsMarkup
    self.hiddenCloze = hiddenCloze
  }

  /// The rendering of `nodes`, joined by spaces, with runs of whitespace collapsed.
  mutating func render(_ regions: [SyntaxNode]) -> String {
    renderBytes(regions)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Renders `nodes` as ``render(_:)`` does into ``bytes``, without making a string.
  /// The buffer is kept from one rendering to the next, so that a renderer used again
  /// allocates nothing once it has grown.
  mutating func renderBytes(_ regions: [SyntaxNode]) {
    guard let first = regions.first, let last = regions.last else { return startRendering() }
    readingChunk(holding: first.startOffset..<last.endOffset) { $0.renderEach(regions) }
  }

  private mutating func renderEach(_ regions: [SyntaxNode]) {
    startRendering()
    for (i, node) in regions.enumerated() {
      if truncated { break }
      if i > 0 { appendSpace() }
      add(node)
    }
    if truncated { dropIncompleteCharacter() }
  }

  /// Renders one node as ``renderBytes(_:)`` renders `[node]`.
  mutating func renderBytes(_ node: SyntaxNode) {
    readingChunk(holding: node.range) { $0.renderOne(node) }
  }

  private mutating func renderOne(_ node: SyntaxNode) {
    startRendering()
    add(node)
    if truncated { dropIncompleteCharacter() }
  }

  /// Starts a rendering that ``continueRendering(with:)`` adds nodes to one at a time
  /// and ``endRendering()`` ends, for nodes found as they are rendered (a quote's lines,
  /// of which a name reads the first few).
  mutating func beginRendering() { startRendering() }

  /// Adds `node` as ``renderBytes(_:)`` adds each of its nodes, after a space unless it
  /// is the first; whether the rendering goes on (it has not reached the limit).
  mutating func continueRendering(with node: SyntaxNode, first: Bool) -> Bool {
    guard !truncated else { return false }
    if !first { appendSpace() }
    add(node)
    return !truncated
  }

  /// Ends a rendering begun by ``beginRendering()``.
  mutating func endRendering() {
    if truncated { dropIncompleteCharacter() }
  }

  private mutating func startRendering() {
    bytes.removeAll(keepingCapacity: true)
    // Room for a bounded rendering at once (most are a name's 81 bytes), made only once.
    if limit != .max && bytes.capacity < min(limit, 256) { bytes.reserveCapacity(min(limit, 256)) }
    placeholderRange = nil
    truncated = false
    if !clozeOutputs.isEmpty { clozeOutputs.removeAll(keepingCapacity: true) }
    if !clozeStarts.isEmpty { clozeStarts.removeAll(keepingCapacity: true) }
  }

  /// One space, unless the output is empty or already ends with one.
  mutating func appendSpace() {
    if hashing != nil { return hashing!.addSpace() }
    guard let last = bytes.last, last != 0x20 else { return }
    guard bytes.count < limit else {
      truncated = true
      return
    }
    bytes.append(0x20)
  }

  /// Appends UTF-8 text, each run of spaces, tabs and line breaks as one space. The
  /// words and the single spaces between them, which the collapsing leaves as they are,
  /// are copied at once: a line of prose is one copy, not one a word.
  private mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
    if hashing != nil { return hashing!.add(text) }
    let count = text.count
    var index = 0
    while index < count && !truncated {
      if Self.isSpace(text[index]) {
        appendSpace()
        index += 1
        continue
      }
      // From a word through each single space that another word follows, read no
      // further than one byte past the room left.
      let room = max(0, limit - bytes.count)
      let scanEnd = room >= count - index ? count : index + room + 1
      let end = Self.wordRunEnd(in: text, from: index + 1, scanEnd: scanEnd)
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[index..<(index + min(end - index, room))]))
      if end - index > room {
        truncated = true
        return
      }
      index = end
    }
  }

  static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

  /// What the text shows of the `Q:` or `A:` marker at `range`: a bold marker (`**Q:**`,
  /// opening a list item) shows as the strong text it is, unless markup is kept.
  func shownMarker(_ range: Range<Int>) -> Range<Int> {
    !keepsMarkup && range.count == 6 ? (range.lowerBound + 2)..<(range.lowerBound + 4) : range
  }

  /// Appends a node's text, reading no more of it than the limit needs.
  private mutating func append(_ node: SyntaxNode) { append(range: node.range) }

  /// Appends the text in `range`, reading no more of it than the limit needs.
  mutating func append(range: Range<Int>) {
    let range = window.map { range.clamped(to: $0) } ?? range
    if let piece = chunkPiece(range) { return append(piece) }
    guard limit != .max else { return text.forEachPiece(of: range) { append($0) } }
    var start = range.lowerBound
    let end = range.upperBound
    while start < end && !truncated {
      let step = min(end - start, max(64, 2 * (limit - bytes.count)))
      text.forEachPiece(of: start..<(start + step)) { if !truncated { append($0) } }
      start += step
    }
  }

  /// Removes the bytes of a character cut by the limit.
  private mutating func dropIncompleteCharacter() {
    guard let lead = bytes.lastIndex(where: { $0 & 0xC0 != 0x80 }) else { return bytes.removeAll() }
    let byte = bytes[lead]
    let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
    if lead + length > bytes.count { bytes.removeSubrange(lead...) }
  }

  private func source(_ node: SyntaxNode) -> String { text.string(in: node.range) }

  private mutating func add(_ node: SyntaxNode) {
    guard !truncated else { return }
    if let window, node.endOffset <= window.lowerBound || node.startOffset >= window.upperBound { return }
    switch node.kind {
    case .questionMarker, .answerMarker:
      append(range: shownMarker(node.range))
    case .text, .emoji, .hashtag, .malformedCloze:
      append(node)
    case .lineBreak:
      appendSpace()
    case .codeLines:
      // An answer that is a code block: its lines, as written.
      append(node)
    case .delimiter:
      if keepsMarkup { append(node) }
    case .citation, .quoteMarker, .comment:
      break
    case .cloze:
      let answer = node.child(.clozeAnswer)
      if node.range == hiddenCloze {
        let start = bytes.count
        let hint = node.child(.clozeHint)
        if let placeholder {
          appendRaw(Array(placeholder(hint.map(source) ?? "", answer.map(source) ?? "").utf8))
        } else if let hint, !hint.range.isEmpty {
          appendRaw([0x5B])
          text.forEachPiece(of: hint.range) { appendRaw($0) }
          appendRaw([0x5D])
        } else {
          appendRaw(Array("[...]".utf8))
        }
        placeholderRange = start..<bytes.count
      } else if let answer {
        appendCloze(node.range, answer: answer.range)
      }
    case .link, .image:
      if keepsMarkup {
        append(node)
      } else if let shown = node.child(.linkText) ?? node.child(.linkTarget) {
        append(shown)
      }
    case .referenceLink, .referenceImage:
      addReferenceLink(node)
    case .wikiLink:
      if keepsMarkup {
        append(node)
      } else if let shown = node.child(.wikiAlias) ?? node.child(.wikiTarget) ?? node.child(.wikiHeading) {
        append(shown)
      }
    default:
      // Most headings, questions and lines: their subtree read in place.
      if readsFlatSubtrees && appendFlatSubtree(of: node) { return }
      for child in node.children {
        if truncated { break }
        add(child)
      }
    }
  }

  /// How much a rendering holds, to go back to with ``rewind(to:)``.
  var mark: (bytes: Int, clozes: Int) { (bytes.count, clozeOutputs.count) }

  /// Drops what was rendered after `mark` (never a hashed rendering's).
  mutating func rewind(to mark: (bytes: Int, clozes: Int)) {
    bytes.removeSubrange(mark.bytes...)
    clozeOutputs.removeSubrange(mark.clozes...)
    clozeStarts.removeSubrange(mark.clozes...)
    truncated = false
  }

  /// A shown cloze at `range`: its answer, as written.
  mutating func appendCloze(_ range: Range<Int>, answer: Range<Int>) {
    let start = bytes.count
    hashing?.beginCloze(range)
    append(range: answer)
    hashing?.endCloze()
    clozeOutputs.append(start..<bytes.count)
    clozeStarts.append(range.lowerBound)
  }

  /// A reference link: its text when the note defines its label, else the text as
  /// written, brackets and all (`[sic]`).
  private mutating func addReferenceLink(_ node: SyntaxNode) {
    if keepsMarkup { return append(node) }
    let parts = ReferenceLinkParts(
      range: node.range, labelRange: node.child(.linkLabel)?.range, isImage: node.kind == .referenceImage, in: text)
    let defined = !references.isEmpty && references.definition(forLabel: text.string(in: parts.label)) != nil
    if !defined { append(range: node.range.lowerBound..<parts.text.lowerBound) }
    for child in node.children where child.kind != .linkLabel {
      if truncated { break }
      add(child)
    }
    if !defined { append(range: parts.text.upperBound..<node.range.upperBound) }
  }

  /// Appends bytes as they are (a placeholder's), whitespace and all.
  private mutating func appendRaw(_ piece: UnsafeBufferPointer<UInt8>) {
    if hashing != nil { return hashing!.add(piece) }
    bytes.append(contentsOf: piece)
  }

  private mutating func appendRaw(_ piece: [UInt8]) { piece.withUnsafeBufferPointer { appendRaw($0) } }

  /// Trims trailing whitespace from the output.
  static func trimmed(_ text: String) -> String {
    guard text.utf8.last == 0x20 else { return text }
    var result = Substring(text)
    while let last = result.last, last == " " { result.removeLast() }
    return String(result)
  }
}

extension NoteDocument {
  /// The plain text of inline `nodes`, joined by spaces, clozes showing their answers.
  func plainText(_ nodes: [SyntaxNode]) -> String {
    var renderer = InlineText(doc: self)
    return InlineText.trimmed(renderer.render(nodes))
  }
}

extension String {
  /// Without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    var s = Substring(self)
    while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
    while let c = s.last, c == " " || c == "\t" { s.removeLast() }
    return String(s)
  }

  /// With every run of whitespace turned into one space, trimmed.
  var collapsingWhitespace: String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count)
    var pendingSpace = false
    for byte in utf8 {
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        pendingSpace = !bytes.isEmpty
      } else {
        if pendingSpace { bytes.append(0x20) }
        pendingSpace = false
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
