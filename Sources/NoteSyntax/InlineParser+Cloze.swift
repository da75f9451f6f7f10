/// Clozes: `?[hint](answer)`, and the malformed ones the diagnostics name.
extension InlineParser {
  /// A cloze or a malformed one at `i` (`?[` is there); returns its end. Its parts end
  /// at the line's end (or at `end`, if sooner).
  mutating func cloze(at i: Int, _ end: Int, _ builder: inout TreeBuilder) -> Int {
    let k = bracketOrBreak(from: i + 2)
    guard k < end, p[k] == UInt8(ascii: "]") else {
      // No `]` on the line: `k` is the line's end (or past `end`).
      let lineEnd = min(k, end)
      let node = builder.open(.malformedCloze, at: i)
      builder.leaf(.delimiter, i, i + 2)
      builder.close(node, at: i + 2)
      builder.finding(.clozeUnclosedHint, i, lineEnd)
      return i + 2
    }
    if k + 1 < end && p[k + 1] == UInt8(ascii: "(") {
      let m = parenOrBreak(from: k + 2)
      if m >= end || p[m] != UInt8(ascii: ")") {
        let lineEnd = min(m, end)
        let node = builder.open(.malformedCloze, at: i)
        clozeHead(i, k, closeLength: 2, &builder)
        if lineEnd > k + 2 { builder.leaf(.clozeAnswer, k + 2, lineEnd) }
        builder.close(node, at: lineEnd)
        builder.finding(.clozeUnclosedAnswer, i, lineEnd)
        return lineEnd
      }
      if m == k + 2 {
        let node = builder.open(.malformedCloze, at: i)
        clozeHead(i, k, closeLength: 2, &builder)
        builder.leaf(.delimiter, m, m + 1)
        builder.close(node, at: m + 1)
        builder.finding(.clozeEmptyAnswer, k + 1, m + 1)
        return m + 1
      }
      let node = builder.open(.cloze, at: i)
      clozeHead(i, k, closeLength: 2, &builder)
      clozeTail(answerStart: k + 2, m, &builder)
      builder.close(node, at: m + 1)
      return m + 1
    }
    var s = k + 1
    while s < end && ByteClass.isSpaceOrTab(p[s]) { s += 1 }
    if s > k + 1 && s < end && p[s] == UInt8(ascii: "(") {
      let m = parenOrBreak(from: s + 1)
      if m < end && p[m] == UInt8(ascii: ")") && m > s + 1 {
        let node = builder.open(.cloze, at: i)
        clozeHead(i, k, closeLength: 1, &builder)
        builder.leaf(.delimiter, s, s + 1)
        builder.finding(.clozeSpaceBeforeAnswer, k + 1, s)
        clozeTail(answerStart: s + 1, m, &builder)
        builder.close(node, at: m + 1)
        return m + 1
      }
    }
    let node = builder.open(.malformedCloze, at: i)
    clozeHead(i, k, closeLength: 1, &builder)
    builder.close(node, at: k + 1)
    builder.finding(.clozeMissingAnswer, i, k + 1)
    return k + 1
  }

  /// `?[`, the hint, and `]` or `](` at `k`.
  private func clozeHead(_ i: Int, _ k: Int, closeLength: Int, _ builder: inout TreeBuilder) {
    builder.leaf(.delimiter, i, i + 2)
    if k > i + 2 { builder.leaf(.clozeHint, i + 2, k) }
    builder.leaf(.delimiter, k, k + closeLength)
  }

  /// The answer from `answerStart` to the `)` at `m`, the `)`, and a nested-parenthesis finding.
  private func clozeTail(answerStart: Int, _ m: Int, _ builder: inout TreeBuilder) {
    builder.leaf(.clozeAnswer, answerStart, m)
    builder.leaf(.delimiter, m, m + 1)
    var j = answerStart
    while j < m && p[j] != UInt8(ascii: "(") { j += 1 }
    if j < m { builder.finding(.clozeNestedParenthesis, j, m + 1) }
  }
}
