public import NoteSyntax

/// A link where it is written, with the spans of its parts: what a rename rewrites.
public struct PlacedLink: Sendable, Hashable {
  /// The path of the note it is written in.
  public var source: String
  public var link: LinkUse
  public var targetSpan: NoteSpan
  public var headingSpan: NoteSpan?

  public init(source: String, link: LinkUse, targetSpan: NoteSpan, headingSpan: NoteSpan?) {
    self.source = source
    self.link = link
    self.targetSpan = targetSpan
    self.headingSpan = headingSpan
  }

  /// A link of the index.
  public init(source: String, _ link: NoteSummary.NoteLink) {
    self.init(source: source, link: link.use, targetSpan: link.targetSpan, headingSpan: link.headingSpan)
  }

  /// A link of a note's live text.
  public init(source: String, _ link: LinkUse, in doc: NoteDocument) {
    self.init(
      source: source, link: link, targetSpan: doc.span(of: link.targetRange),
      headingSpan: link.headingRange.map { doc.span(of: $0) })
  }

  /// A Markdown link's path, before its `#` (the whole target without one).
  var pathSpan: NoteSpan {
    guard let heading = headingSpan else { return targetSpan }
    // The `#` before the heading is one byte and one unit in every encoding.
    var end = heading.start
    end.utf8 -= 1
    end.utf16 -= 1
    end.utf32 -= 1
    return NoteSpan(
      bytes: targetSpan.bytes.lowerBound..<(heading.bytes.lowerBound - 1), start: targetSpan.start, end: end)
  }
}

/// One replacement a rename makes in a note.
public struct LinkEdit: Sendable, Hashable {
  public var path: String
  public var span: NoteSpan
  public var newText: String

  public init(path: String, span: NoteSpan, newText: String) {
    self.path = path
    self.span = span
    self.newText = newText
  }
}

/// The link edits of renames: a heading renamed, notes moved or renamed.
public enum LinkRewrite {
  /// The edits of the links among `links` (links to the note whose headings are
  /// `headings`) when its heading at `index` is renamed `newHeading`: the links that name
  /// it, a wiki link by its text (or that part of its heading path) and a Markdown link by
  /// its GitHub anchor, and the Markdown links to a later heading whose anchor the rename
  /// changes (`#windows-2` becomes `#windows-1` when an earlier `Windows` is renamed).
  public static func renaming(
    heading index: Int, of headings: [NoteSummary.Heading], to newHeading: String, in links: [PlacedLink]
  ) -> [LinkEdit] {
    let texts = headings.map(\.text)
    var renamed = texts
    renamed[index] = newHeading
    let anchors = HeadingAnchor.anchors(texts)
    let newAnchors = HeadingAnchor.anchors(renamed)
    // Links that use one definition (`[text][label]`) share its target: one edit.
    var seen: Set<[Int]> = []
    return links.compactMap { placed in
      guard let written = placed.link.heading, let span = placed.headingSpan,
        seen.insert([placed.source.hashValue, span.bytes.lowerBound]).inserted
      else { return nil }
      if placed.link.kind.isWiki {
        guard let part = HeadingAnchor.textPath(written, among: headings)?.first(where: { $0.heading == index })?.part
        else { return nil }
        var newText = written
        newText.replaceSubrange(part, with: newHeading)
        return LinkEdit(path: placed.source, span: span, newText: newText)
      }
      guard let named = HeadingAnchor.index(of: LinkTarget.percentDecoded(written[...]), among: headings),
        named == index || newAnchors[named] != anchors[named]
      else { return nil }
      return LinkEdit(path: placed.source, span: span, newText: newAnchors[named])
    }
  }

  /// The edits that keep links right when the notes `moves` (old path → new path) are
  /// moved: links to them (`backlinks`: each moved note's), wiki links by name (only
  /// when the name changes), Markdown links by relative path; and each moved note's
  /// own relative Markdown links (`ownLinks`), from its new folder.
  public static func moving(
    _ moves: [String: String], in snapshot: LibrarySnapshot, backlinks: (String) -> [PlacedLink],
    ownLinks: (String) -> [PlacedLink]
  ) -> [LinkEdit] {
    let names = snapshot.noteNames
    var edits: [LinkEdit] = []
    var seen: Set<[Int]> = []
    func add(_ path: String, _ span: NoteSpan, _ text: String) {
      guard seen.insert([path.hashValue, span.bytes.lowerBound, span.bytes.upperBound]).inserted else { return }
      edits.append(LinkEdit(path: path, span: span, newText: text))
    }
    for (old, new) in moves.sorted(by: { $0.key < $1.key }) {
      let oldName = titleFileName(old) ?? old
      let newName = titleFileName(new) ?? new
      for placed in backlinks(old) {
        if placed.link.kind.isWiki {
          let target = placed.link.target.trimmed
          guard !target.isEmpty else { continue }
          var written = target
          for suffix in [".md", ".markdown"] where written.lowercased().hasSuffix(suffix) {
            written = String(written.dropLast(suffix.count))
          }
          let hasFolders = written.contains("/")
          let byName = TextFolding.folded(written.split(separator: "/").last ?? "") == TextFolding.folded(oldName)
          // A link by alias still leads there; one by name alone, while the name stays.
          if !byName || (!hasFolders && TextFolding.folded(oldName) == TextFolding.folded(newName)) { continue }
          let others = names.notes(named: newName).filter { moves[$0] == nil }
          var name = newName
          if !others.isEmpty || hasFolders { name = shortestPath(of: new, in: snapshot, names: names, moves: moves) }
          add(placed.source, placed.targetSpan, name)
        } else if placed.link.kind == .link, moves[placed.source] == nil, !placed.link.path.isEmpty {
          add(
            placed.source, placed.pathSpan, linkPath(to: new, from: placed.source, written: placed.link.path, snapshot))
        }
      }
    }
    for (old, new) in moves.sorted(by: { $0.key < $1.key }) {
      guard let oldFolder = LinkTarget.folder(of: old) else { continue }
      for placed in ownLinks(old) where !placed.link.kind.isWiki && !placed.link.path.isEmpty {
        guard case .file(let target)? = LinkTarget.resolve(placed.link.target, relativeTo: oldFolder),
          !placed.link.path.hasPrefix("/")
        else { continue }
        let text = linkPath(to: moves[target] ?? target, from: new, written: placed.link.path, snapshot)
        guard text != String(placed.link.path) else { continue }
        add(old, placed.pathSpan, text)
      }
    }
    return edits
  }

  /// The wiki link path of the note moving to `path`: its name after the fewest of its
  /// folders (at least one) under its root that no other note's path ends with, without
  /// extension.
  static func shortestPath(
    of path: String, in snapshot: LibrarySnapshot, names: WikiLinkNames, moves: [String: String]
  ) -> String {
    let relative = snapshot.relativePath(path)
    let stem = String(relative.dropLast(extensionLength(relative)))
    let parts = stem.split(separator: "/")
    guard parts.count > 2 else { return stem }
    for count in 2..<parts.count {
      let candidate = parts.suffix(count).joined(separator: "/")
      if names.notes(named: candidate).allSatisfy({ moves[$0] != nil }) { return candidate }
    }
    return stem
  }

  /// How a Markdown link in the note at `source` writes the path of `target`: from
  /// the root when it was written so (`/…`), else relative to the note's folder.
  static func linkPath(to target: String, from source: String, written: Substring, _ snapshot: LibrarySnapshot)
    -> String
  {
    if written.hasPrefix("/"), let root = snapshot.root(of: target) {
      return "/" + relativeLinkPath(from: root, to: target)
    }
    return relativeLinkPath(from: LinkTarget.folder(of: source) ?? "/", to: target)
  }

  /// The length of `path`'s extension, its dot included.
  public static func extensionLength(_ path: String) -> Int {
    for suffix in [".md", ".markdown"] where path.lowercased().hasSuffix(suffix) { return suffix.count }
    return 0
  }
}
