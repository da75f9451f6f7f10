import NoteIntelligence
import NoteSyntax
import NoteText

/// Encodes absolute byte-offset tokens as LSP's relative integers: five per token,
/// delta line, delta start, length, type, modifiers, in the negotiated encoding; types
/// and modifiers as ``SemanticTokenLegend`` numbers them.
///
/// Tokens must come in increasing order and never span a line (NoteIntelligence
/// guarantees both), so one ``PositionWalker`` converts starts and ends in a single
/// forward pass.
struct TokenEncoder {
  private var walker: PositionWalker
  private var previous = LineColumn(line: 0, column: 0)
  private(set) var data: [UInt32] = []

  init(note: NoteDocument, encoding: PositionEncoding, capacity: Int = 0) {
    walker = note.makeWalker(encoding: encoding)
    data.reserveCapacity(capacity * 5)
  }

  /// Makes the next token relative to the token starting at byte `offset`.
  mutating func continueAfter(tokenAt offset: Int) {
    previous = walker.position(of: offset)
  }

  mutating func append(_ token: SemanticToken) {
    let start = walker.position(of: token.start)
    let end = walker.position(of: token.end)
    let length = end.line == start.line ? end.column - start.column : 0
    append(
      at: start, length: UInt32(length), type: SemanticTokenLegend.wire(token.type),
      modifiers: SemanticTokenLegend.wire(token.modifiers))
  }

  /// Appends a token whose length, type and modifiers are already encoded, found at byte `offset`.
  mutating func append(encodedAt offset: Int, length: UInt32, type: UInt32, modifiers: UInt32) {
    append(at: walker.position(of: offset), length: length, type: type, modifiers: modifiers)
  }

  private mutating func append(at start: LineColumn, length: UInt32, type: UInt32, modifiers: UInt32) {
    let deltaLine = start.line - previous.line
    let deltaStart = deltaLine == 0 ? start.column - previous.column : start.column
    data.append(UInt32(deltaLine))
    data.append(UInt32(deltaStart))
    data.append(length)
    data.append(type)
    data.append(modifiers)
    previous = start
  }

  /// Encodes all of `tokens`.
  static func encode(_ tokens: [SemanticToken], in note: NoteDocument, encoding: PositionEncoding) -> [UInt32] {
    var encoder = TokenEncoder(note: note, encoding: encoding, capacity: tokens.count)
    for token in tokens { encoder.append(token) }
    return encoder.data
  }
}
