/// Closing delimiters: where a span construct (code, strong, emphasis, highlight…)
/// that opens at a position closes, if it does.
extension InlineParser {
  /// Where the span construct `span` (at `index` of the grammar) that opens at `i`
  /// closes, if it does: its closing delimiter's position, before `end`.
  @inline(__always)
  mutating func spanClose(_ span: Span, _ index: Int, at i: Int, _ start: Int, _ end: Int) -> Int? {
    let count = span.count
    let mark = span.mark
    guard i + 2 * count < end, !span.flanking || !ByteClass.isWhitespace(bytes[i + count]) else { return nil }
    if count == 2 && bytes[i + 1] != mark { return nil }
    if span.outsideWords {
      if bytes[i + 1] == mark || (i > start && ByteClass.isASCIIAlphanumeric(bytes[i - 1])) { return nil }
    }
    let bytes = self.bytes
    let limit = regionEnd
    let matches = { (x: Int) in Self.closes(span, bytes, x, limit) }
    // The closing delimiter lies wholly inside the span.
    let from = i + count + 1
    let to = end - (count - 1)
    guard from < to else { return nil }
    let ordinal = grammar.spanOrdinals[index]
    let found = spanClosers.with(ordinal) { search in
      search.find(in: bytes, from: from, end: to, bytes: mark, mark) { matches($0) }
    }
    return found < to ? found : nil
  }

  /// Whether `span`'s closing delimiter starts at `x` (`limit`: the end of the text).
  @inline(__always)
  static func closes(_ span: Span, _ bytes: UnsafeBufferPointer<UInt8>, _ x: Int, _ limit: Int) -> Bool {
    let mark = span.mark
    let after = x + span.count
    guard after <= limit, !span.flanking || !ByteClass.isWhitespace(bytes[x - 1]) else { return false }
    if bytes[x] != mark || (span.count == 2 && bytes[x + 1] != mark) { return false }
    if !span.closerBeforeDigit && after < limit && ByteClass.isDigit(bytes[after]) { return false }
    if span.closerAloneInItsRun && (bytes[x - 1] == mark || (after < limit && bytes[after] == mark)) { return false }
    if span.outsideWords && after < limit
      && (ByteClass.isASCIIAlphanumeric(bytes[after]) || bytes[after] == UInt8(ascii: "_"))
    {
      return false
    }
    return true
  }
}
