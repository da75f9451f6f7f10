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

  /// For a reference link not yet looked up (``NoteLinkCache`` keeps them so per
  /// block): its label as written; `nil` for every link given out.
  var unresolvedLabel: String?

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
  ///
  /// A reference link (`[text][label]`) is a link when the note defines its label, with
  /// the definition's destination as its target (`targetRange` in the definition); with
  /// `resolving` false, it is kept with its label (``unresolvedLabel``) for
  /// ``resolved(in:keep:)`` to look up later.
  static func append(
    of block: SyntaxNode, in doc: NoteDocument, keep: (Range<Int>) -> Bool, resolving: Bool = true,
    reusing copied: CopiedLinks? = nil, to links: inout [LinkUse]
  ) {
    // Most blocks have no link.
    guard
      block.mayHold(.link) || block.mayHold(.image) || block.mayHold(.wikiLink) || block.mayHold(.referenceLink)
        || block.mayHold(.referenceImage)
    else { return }
    block.withFlatSubtree { flat in
      var index = flat.root
      while index < flat.end {
        defer { index += 1 }
        let kind = flat.kind(index)
        if kind == .inlineContent, let copied,
          let (old, moved) = copied.links(
            ofRegion: index, start: flat.relativeStart(index), length: flat.length(index))
        {
          for link in old { links.append(link.shifted(by: flat.blockStart + moved)) }
          index = flat.subtreeEnd(index) - 1
          continue
        }
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
        if kind == .referenceLink || kind == .referenceImage {
          // Its text holds no bracket, so no other link.
          if resolving && doc.linkReferences.isEmpty {
            index = flat.subtreeEnd(index) - 1
            continue
          }
          var label: Range<Int>?
          let last = flat.subtreeEnd(index) - 1
          if last > index && flat.kind(last) == .linkLabel { label = childRange(last) }
          let parts = ReferenceLinkParts(
            range: range, labelRange: label, isImage: kind == .referenceImage, in: doc.text)
          var placeholder = LinkUse(
            target: "", kind: kind == .referenceImage ? .image : .link, range: range, targetRange: parts.label)
          placeholder.unresolvedLabel = doc.text.string(in: parts.label)
          if !resolving {
            links.append(placeholder)
          } else if let link = placeholder.resolved(in: doc, keep: keep) {
            links.append(link)
          }
          index = flat.subtreeEnd(index) - 1
          continue
        }
        guard kind == .link || kind == .image else { continue }
        var child = index + 1
        while child < flat.subtreeEnd(index) && flat.kind(child) != .linkTarget { child = flat.subtreeEnd(child) }
        guard child < flat.subtreeEnd(index) else { continue }
        let targetRange = childRange(child)
        guard keep(targetRange) else { continue }
        links.append(
          LinkUse(
            written: doc.text.string(in: targetRange), kind: kind == .image ? .image : .link, range: range,
            targetRange: targetRange))
      }
    }
  }

  /// A Markdown link or image whose target, `written` at `targetRange`, may name a
  /// heading after `#`.
  private init(written target: String, kind: Kind, range: Range<Int>, targetRange: Range<Int>) {
    var heading: String?
    var headingRange: Range<Int>?
    if let hash = target.utf8.firstIndex(of: UInt8(ascii: "#")) {
      let offset = target.utf8.distance(from: target.utf8.startIndex, to: hash) + 1
      heading = String(target[target.utf8.index(after: hash)...])
      headingRange = (targetRange.lowerBound + offset)..<targetRange.upperBound
    }
    self.init(
      target: target, kind: kind, range: range, targetRange: targetRange, heading: heading,
      headingRange: headingRange)
  }

  /// Whether the link's target is written in a link reference definition, away from
  /// the link itself (`[text][label]`).
  public var usesDefinition: Bool { !(range.lowerBound...range.upperBound).contains(targetRange.lowerBound) }

  /// This reference link looked up in `doc`'s definitions: the link with the
  /// definition's destination, if its label is defined and `keep` accepts the target.
  func resolved(in doc: NoteDocument, keep: (Range<Int>) -> Bool) -> LinkUse? {
    guard let label = unresolvedLabel else { return self }
    guard let definition = doc.linkReferences.definition(forLabel: label), keep(definition.destinationRange) else {
      return nil
    }
    return LinkUse(written: definition.destination, kind: kind, range: range, targetRange: definition.destinationRange)
  }

  /// The same link moved by `delta` bytes.
  func shifted(by delta: Int) -> LinkUse {
    var link = LinkUse(
      target: target, kind: kind, range: range.shifted(by: delta), targetRange: targetRange.shifted(by: delta),
      heading: heading, headingRange: headingRange?.shifted(by: delta))
    link.unresolvedLabel = unresolvedLabel
    return link
  }
}
