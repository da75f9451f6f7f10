public import NoteSyntax

/// A link of a note as written, in byte offsets: a Markdown link or image
/// (`[text](other.md#heading)`), or a wiki link or embed (`[[Other#Heading|text]]`,
/// `![[Other]]`).
public struct LinkUse: Sendable, Hashable {
  /// The link's syntax.
  public enum Kind: UInt8, Sendable, Hashable {
    case link, image, wiki, embed

    /// A wiki link or an embed: its target is a note's name, not a path.
    public var isWiki: Bool { self == .wiki || self == .embed }
  }

  /// A Markdown link's target between the parentheses as written (`#fragment`
  /// included); a wiki link's target before its `#` (empty for `[[#Heading]]`).
  public var target: String
  public var kind: Kind
  /// The whole link, brackets included.
  public var range: Range<Int>
  /// The target's bytes (for `[[#Heading]]`, the empty range after `[[`).
  public var targetRange: Range<Int>
  /// The heading named after `#` (a Markdown link's fragment, percent-escapes kept),
  /// and its bytes; `nil` when the link names none.
  public var heading: String?
  public var headingRange: Range<Int>?

  public var isImage: Bool { kind == .image }

  public init(
    target: String, kind: Kind, range: Range<Int>, targetRange: Range<Int>, heading: String? = nil,
    headingRange: Range<Int>? = nil
  ) {
    self.target = target
    self.kind = kind
    self.range = range
    self.targetRange = targetRange
    self.heading = heading
    self.headingRange = headingRange
  }

  /// A Markdown link's target without its `#fragment`; a wiki link's target.
  public var path: Substring {
    guard !kind.isWiki, let hash = target.utf8.firstIndex(of: UInt8(ascii: "#")) else { return target[...] }
    return target[..<hash]
  }

  /// Every link and image of `doc`, wiki links and embeds included, in order (nothing
  /// in code is a link). Reads each block's flat node array, so it is cheap enough for
  /// every keystroke.
  public static func all(in doc: NoteDocument) -> [LinkUse] {
    all(in: doc) { _ in true }
  }

  /// The links and images whose target bytes `keep` accepts, and every wiki link (a
  /// `String` is made only for those).
  static func all(in doc: NoteDocument, keep: (Range<Int>) -> Bool) -> [LinkUse] {
    var links: [LinkUse] = []
    doc.tree.forEachBlock { append(of: $0, in: doc, keep: keep, to: &links) }
    return links
  }

  /// Appends the links of the top-level `block`: its Markdown links and images whose
  /// target bytes `keep` accepts, and its wiki links.
  static func append(
    of block: SyntaxNode, in doc: NoteDocument, keep: (Range<Int>) -> Bool, to links: inout [LinkUse]
  ) {
    // Most blocks have no link.
    guard block.mayHold(.link) || block.mayHold(.image) || block.mayHold(.wikiLink) else { return }
    block.withFlatSubtree { flat in
      var index = flat.root
      while index < flat.end {
        defer { index += 1 }
        let kind = flat.kind(index)
        let start = flat.blockStart + flat.relativeStart(index)
        let range = start..<(start + flat.length(index))
        func childRange(_ child: Int) -> Range<Int> {
          let childStart = flat.blockStart + flat.relativeStart(child)
          return childStart..<(childStart + flat.length(child))
        }
        if kind == .wikiLink {
          var target: Range<Int>?
          var heading: Range<Int>?
          var child = index + 1
          while child < flat.subtreeEnd(index) {
            switch flat.kind(child) {
            case .wikiTarget: target = childRange(child)
            case .wikiHeading: heading = childRange(child)
            default: break
            }
            child = flat.subtreeEnd(child)
          }
          let isEmbed = doc.text[start] == UInt8(ascii: "!")
          let targetRange = target ?? (start + (isEmbed ? 3 : 2))..<(start + (isEmbed ? 3 : 2))
          links.append(
            LinkUse(
              target: target.map { doc.text.string(in: $0) } ?? "", kind: isEmbed ? .embed : .wiki, range: range,
              targetRange: targetRange, heading: heading.map { doc.text.string(in: $0) }, headingRange: heading))
          continue
        }
        guard kind == .link || kind == .image else { continue }
        var child = index + 1
        while child < flat.subtreeEnd(index) && flat.kind(child) != .linkTarget { child = flat.subtreeEnd(child) }
        guard child < flat.subtreeEnd(index) else { continue }
        let targetRange = childRange(child)
        guard keep(targetRange) else { continue }
        let target = doc.text.string(in: targetRange)
        var heading: String?
        var headingRange: Range<Int>?
        if let hash = target.utf8.firstIndex(of: UInt8(ascii: "#")) {
          let offset = target.utf8.distance(from: target.utf8.startIndex, to: hash) + 1
          heading = String(target[target.utf8.index(after: hash)...])
          headingRange = (targetRange.lowerBound + offset)..<targetRange.upperBound
        }
        links.append(
          LinkUse(
            target: target, kind: kind == .image ? .image : .link, range: range, targetRange: targetRange,
            heading: heading, headingRange: headingRange))
      }
    }
  }

  /// The same link moved by `delta` bytes.
  func shifted(by delta: Int) -> LinkUse {
    LinkUse(
      target: target, kind: kind, range: range.shifted(by: delta), targetRange: targetRange.shifted(by: delta),
      heading: heading, headingRange: headingRange?.shifted(by: delta))
  }
}
