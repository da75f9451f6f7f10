import NoteSyntax

/// The links of an older version of a block, for the scan of a new version whose parse
/// copied some of its inline regions (``RegionCopy``): a copied region's links are the
/// old region's moved, as a region's links follow from its nodes and bytes alone.
final class CopiedLinks {
  /// The old block's links, relative to its start, in order.
  private let links: [LinkUse]
  private let copies: [RegionCopy]
  /// The next copy and link to look at: regions are asked for in order.
  private var nextCopy = 0
  private var nextLink = 0
  /// Regions whose links were taken from the old block.
  private(set) var regions = 0

  init(links: [LinkUse], copies: [RegionCopy]) {
    self.links = links
    self.copies = copies
  }

  /// For the new block's `inlineContent` node `node` at `start` (relative to the block),
  /// `length` bytes long: when it was copied, the old region's links (relative to the old
  /// block) and how far they move to the new block's region.
  func links(ofRegion node: Int, start: Int, length: Int) -> (ArraySlice<LinkUse>, moved: Int)? {
    while nextCopy < copies.count && Int(copies[nextCopy].node) < node { nextCopy += 1 }
    guard nextCopy < copies.count, Int(copies[nextCopy].node) == node else { return nil }
    let moved = Int(copies[nextCopy].moved)
    let oldStart = start - moved
    while nextLink < links.count && links[nextLink].range.lowerBound < oldStart { nextLink += 1 }
    let first = nextLink
    while nextLink < links.count && links[nextLink].range.lowerBound < oldStart + length { nextLink += 1 }
    regions += 1
    return (links[first..<nextLink], moved)
  }
}
