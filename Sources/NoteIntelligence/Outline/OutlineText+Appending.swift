import NoteSyntax
import NoteText

/// Names appended as UTF-8 bytes to a block's buffer of names (``Outline/BlockEntry``)
/// rather than made into strings: the same bytes as the functions that return a string,
/// without an allocation and a UTF-8 check per name.
extension OutlineText {
  /// ``firstWords(of:truncated:maxWords:maxBytes:)`` of `bytes`, appended to `names`.
  static func appendFirstWords(
    of bytes: UnsafeBufferPointer<UInt8>, truncated: Bool, maxWords: Int, maxBytes: Int, to names: inout [UInt8]
  ) {
    if let cut = asciiFirstWordsCut(of: bytes, truncated: truncated, maxWords: maxWords, maxBytes: maxBytes)
      ?? singleSpacedFirstWordsCut(of: bytes, truncated: truncated, maxWords: maxWords, maxBytes: maxBytes)
    {
      names.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[cut.words]))
      // ` …`
      if cut.more { names.append(contentsOf: [0x20, 0xE2, 0x80, 0xA6]) }
      return
    }
    names.append(
      contentsOf: firstWords(of: bytes, truncated: truncated, maxWords: maxWords, maxBytes: maxBytes).utf8)
  }

  /// ``firstWords(rendered:maxWords:maxBytes:)``, appended to `names`.
  static func appendFirstWords(rendered renderer: InlineText, maxWords: Int, maxBytes: Int, to names: inout [UInt8]) {
    let truncated = renderer.truncated
    let rendered = renderer.bytes
    var end = rendered.count
    while end > 0 && rendered[end - 1] == 0x20 { end -= 1 }
    rendered.withUnsafeBufferPointer { bytes in
      appendFirstWords(
        of: UnsafeBufferPointer(rebasing: bytes[..<end]), truncated: truncated, maxWords: maxWords, maxBytes: maxBytes,
        to: &names)
    }
  }

  /// ``firstWords(of:_:maxWords:maxBytes:)`` of `node`, rendered by `renderer` (kept from
  /// one name to the next, so that its buffer is allocated once), appended to `names`.
  static func appendFirstWords(
    of node: SyntaxNode, with renderer: inout InlineText, maxWords: Int = maxWords, maxBytes: Int = maxBytes,
    to names: inout [UInt8]
  ) {
    if let text = plainWords(of: node, renderer, maxBytes: maxBytes) {
      return appendFirstWords(of: text, truncated: false, maxWords: maxWords, maxBytes: maxBytes, to: &names)
    }
    renderer.window = nil
    renderer.limit = maxBytes + 1
    renderer.renderBytes(node)
    appendFirstWords(rendered: renderer, maxWords: maxWords, maxBytes: maxBytes, to: &names)
  }

  /// The bytes of `node` in the renderer's chunk when they are its rendering, read
  /// without rendering: its one child is text of at most `maxBytes + 1` bytes whose words
  /// stand one space apart (spaces at its ends aside, which the rendering and a name
  /// drop). Most headings and questions are such a text.
  static func plainWords(of node: SyntaxNode, _ renderer: InlineText, maxBytes: Int)
    -> UnsafeBufferPointer<UInt8>?
  {
    let isPlain = node.withFlatSubtree { flat in flat.end == flat.root + 2 && flat.kind(flat.root + 1) == .text }
    guard isPlain, let bytes = renderer.chunkPiece(node.range) else { return nil }
    var start = 0
    var end = bytes.count
    while start < end && InlineText.isSpace(bytes[start]) { start += 1 }
    while end > start && InlineText.isSpace(bytes[end - 1]) { end -= 1 }
    guard end - start <= maxBytes + 1 else { return nil }
    let words = UnsafeBufferPointer(rebasing: bytes[start..<end])
    guard words.isEmpty || InlineText.wordRunEnd(in: words, from: 1, scanEnd: words.count) == words.count else {
      return nil
    }
    return words
  }

  /// ``firstWords(of:_:maxWords:maxBytes:)`` of the part of `node` within `window`
  /// (nodes outside it left out, text cut at its ends), appended to `names`.
  static func appendFirstWords(
    of node: SyntaxNode, within window: Range<Int>, with renderer: inout InlineText, to names: inout [UInt8]
  ) {
    renderer.window = window
    renderer.limit = maxBytes + 1
    renderer.renderBytes(node)
    renderer.window = nil
    appendFirstWords(rendered: renderer, maxWords: maxWords, maxBytes: maxBytes, to: &names)
  }

  /// ``firstWords(of:_:maxWords:maxBytes:)`` of the part of `nodes` within `window`,
  /// appended to `names`.
  static func appendFirstWords(
    of nodes: [SyntaxNode], within window: Range<Int>, with renderer: inout InlineText, to names: inout [UInt8]
  ) {
    renderer.window = window
    renderer.limit = maxBytes + 1
    renderer.renderBytes(nodes)
    renderer.window = nil
    appendFirstWords(rendered: renderer, maxWords: maxWords, maxBytes: maxBytes, to: &names)
  }

  /// ``firstWords(of:_:maxWords:maxBytes:)`` of `nodes`, appended to `names`.
  static func appendFirstWords(of nodes: [SyntaxNode], with renderer: inout InlineText, to names: inout [UInt8]) {
    renderer.window = nil
    renderer.limit = maxBytes + 1
    renderer.renderBytes(nodes)
    appendFirstWords(rendered: renderer, maxWords: maxWords, maxBytes: maxBytes, to: &names)
  }

  /// ``bounded(_:maxBytes:)`` of UTF-8 `text`, appended to `names`.
  static func appendBounded(_ text: UnsafeBufferPointer<UInt8>, maxBytes: Int = maxBytes, to names: inout [UInt8]) {
    guard text.count > maxBytes else { return names.append(contentsOf: text) }
    appendFirstWords(of: text, truncated: false, maxWords: .max, maxBytes: maxBytes, to: &names)
  }

  /// ``bounded(_:maxBytes:)`` of the note's text at `range`, appended to `names`.
  static func appendBounded(
    _ range: Range<Int>, of text: TextStorage, maxBytes: Int = maxBytes, to names: inout [UInt8]
  ) {
    let start = names.count
    text.forEachPiece(of: range) { names.append(contentsOf: $0) }
    guard names.count - start > maxBytes else { return }
    let whole = Array(names[start...])
    names.removeSubrange(start...)
    whole.withUnsafeBufferPointer {
      appendFirstWords(of: $0, truncated: false, maxWords: .max, maxBytes: maxBytes, to: &names)
    }
  }
}
