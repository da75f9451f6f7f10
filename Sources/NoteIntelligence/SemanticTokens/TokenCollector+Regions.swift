import NoteSyntax

/// Where the tokens of one of a block's inline regions (an `inlineContent` node) lie
/// among the block's tokens, and the style the region inherited.
///
/// A region's tokens follow from its nodes, its bytes, its inherited style, the
/// findings over it and the note's link reference definitions alone. So when the parse
/// of a later version of the block copies the region (``RegionCopy``: the same nodes
/// over the same bytes, moved), the region is not walked again: its tokens are the old
/// ones moved, provided it inherits the same style, no finding covers it in either
/// version, and the old tokens were the region's alone (none joined across its edges).
/// The cache keeps the old block's entry while the definitions stay the same, and drops
/// those that may use them when they change.
struct RegionSpan {
  /// The region's `inlineContent` node in its block.
  var node: UInt32
  /// Its tokens: the block's tokens `first..<end`.
  var first: Int32
  var end: Int32
  var style: TokenCollector.Style?
}

/// An older version of a block being collected: its tokens and regions, and the
/// regions the new parse copied from it.
struct RegionSource {
  let tokens: UnsafeBufferPointer<PackedToken>
  let spans: [RegionSpan]
  let copies: [RegionCopy]
  /// The next copy and span to look at: regions come in order.
  var nextCopy = 0
  var nextSpan = 0

  /// The old tokens of the region the new block's node `node` copies, moved to it, when
  /// they are the region's alone and it inherited `style`; `nil` otherwise.
  mutating func tokens(
    ofCopied node: Int, start: Int, length: Int, style: TokenCollector.Style?
  ) -> (tokens: UnsafeBufferPointer<PackedToken>, moved: Int)? {
    while nextCopy < copies.count && Int(copies[nextCopy].node) < node { nextCopy += 1 }
    guard nextCopy < copies.count, Int(copies[nextCopy].node) == node else { return nil }
    let copy = copies[nextCopy]
    while nextSpan < spans.count && spans[nextSpan].node < copy.sourceNode { nextSpan += 1 }
    guard nextSpan < spans.count, spans[nextSpan].node == copy.sourceNode else { return nil }
    let span = spans[nextSpan]
    guard TokenCollector.same(span.style, style) else { return nil }
    let moved = Int(copy.moved)
    let oldStart = start - moved
    let first = Int(span.first)
    let end = Int(span.end)
    // Nothing joined across the region's edges: the token before it ends before it,
    // and its last token ends inside it.
    if first > 0 && Int(tokens[first - 1].start) + Int(tokens[first - 1].length) > oldStart { return nil }
    if end > first && Int(tokens[end - 1].start) + Int(tokens[end - 1].length) > oldStart + length { return nil }
    return (UnsafeBufferPointer(rebasing: tokens[first..<end]), moved)
  }
}

extension TokenCollector {
  static func same(_ a: Style?, _ b: Style?) -> Bool {
    switch (a, b) {
    case (nil, nil): true
    case (let a?, let b?): a.type == b.type && a.modifiers == b.modifiers
    default: false
    }
  }

  /// At region `node`, inheriting `style`: copies its tokens from the ``source`` when it
  /// holds them and returns `true`; otherwise starts recording the region and returns
  /// `false`, for the walk to go into it.
  mutating func startRegion(_ node: Int, in tree: FlatSubtree, _ style: Style?) -> Bool {
    let start = tree.relativeStart(node)
    let length = tree.length(node)
    if covered(start, length) { return false }
    let first = count
    if source != nil, let (copied, moved) = source!.tokens(ofCopied: node, start: start, length: length, style: style) {
      append(copied: copied, movedBy: moved)
      copiedRegions += 1
      regions.append(RegionSpan(node: UInt32(node), first: Int32(first), end: Int32(count), style: style))
      return true
    }
    openRegion = (node, tree.subtreeEnd(node), first, style)
    return false
  }

  /// Records the region being walked, now that its tokens are written.
  mutating func closeRegion() {
    guard let region = openRegion else { return }
    openRegion = nil
    regions.append(
      RegionSpan(node: UInt32(region.node), first: Int32(region.first), end: Int32(count), style: region.style))
  }

  /// Whether a finding covers part of `start..<start + length`; regions come in order,
  /// so the findings ending before one are passed over once.
  private mutating func covered(_ start: Int, _ length: Int) -> Bool {
    while nextUncovered < invalid.count && invalid[nextUncovered].upperBound <= start { nextUncovered += 1 }
    return nextUncovered < invalid.count && invalid[nextUncovered].lowerBound < start + length
  }
}
