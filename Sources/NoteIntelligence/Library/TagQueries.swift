public import NoteSyntax

extension NoteSummary.TagUse {
  /// The bytes that count as "on the tag": its characters, with the `#` before them
  /// for a tag in the text.
  var reach: ClosedRange<Int> {
    (inFrontMatter ? span.bytes.lowerBound : span.bytes.lowerBound - 1)...span.bytes.upperBound
  }
}

extension NoteSummary {
  /// The tag uses of `doc` as its summary lists them (text and front matter, code
  /// excluded), without building the rest of the summary: the cheap way to read an
  /// open note's tags as they are now.
  public static func tagUses(in doc: NoteDocument) -> [TagUse] {
    var uses: [TagUse] = []
    doc.tree.forEachBlock { appendTagUses(of: $0, doc, to: &uses) }
    return uses
  }

  /// The tag uses of the top-level blocks around byte `offset` (the block holding it
  /// and the one ending there): enough to find the tag under a cursor without reading
  /// the whole note.
  public static func tagUses(in doc: NoteDocument, around offset: Int) -> [TagUse] {
    var indices: [Int] = []
    for point in [offset - 1, offset] where point >= 0 {
      if let index = doc.tree.blockIndex(containing: point), !indices.contains(index) { indices.append(index) }
    }
    var uses: [TagUse] = []
    for index in indices { appendTagUses(of: doc.tree.block(at: index), doc, to: &uses) }
    return uses
  }

  /// Appends the tag uses of the top-level `block` (its front matter's `tags` too).
  static func appendTagUses(of block: SyntaxNode, _ doc: NoteDocument, to uses: inout [TagUse]) {
    switch block.kind {
    case .frontMatter:
      uses += frontMatterTags(block, doc)
    case .codeBlockStart, .codeLines, .codeBlockEnd:
      return
    default:
      // Most blocks have no hashtag to look for among their nodes.
      guard block.mayHold(.hashtag) else { return }
      block.withFlatSubtree { flat in
        for index in flat.root..<flat.end where flat.kind(index) == .hashtag {
          let start = flat.blockStart + flat.relativeStart(index)
          let range = (start + 1)..<(start + flat.length(index))
          uses.append(TagUse(name: doc.text.string(in: range), span: doc.span(of: range), inFrontMatter: false))
        }
      }
    }
  }
}

/// The hashtag under a cursor, for hover, references and rename.
public struct TagAtCursor: Sendable, Hashable {
  /// The tag meant, as written without `#`: the whole tag, or the part up to the end of
  /// the component under the cursor (`books` on the `books` of `#books/2021`).
  public var name: String
  /// The bytes of `name` in the note.
  public var range: Range<Int>
  /// The use the cursor is on.
  public var use: NoteSummary.TagUse

  /// The tag at byte `offset` among `uses` (a note's ``NoteSummary/tagUses(in:)``):
  /// on the `#` or the last component, the whole tag; on an earlier component, the tag
  /// up to it. A cursor just after a tag is on it.
  public static func find(at offset: Int, in uses: [NoteSummary.TagUse]) -> TagAtCursor? {
    guard let use = uses.first(where: { $0.reach.contains(offset) }) else { return nil }
    let start = use.span.bytes.lowerBound
    let relative = offset - start
    let bytes = Array(use.name.utf8)
    var end = bytes.count
    if relative >= 0, let slash = bytes[min(relative, bytes.count)...].firstIndex(of: UInt8(ascii: "/")) {
      end = slash
    }
    let name = String(decoding: bytes[..<end], as: UTF8.self)
    return TagAtCursor(name: name, range: start..<(start + end), use: use)
  }
}

/// Where a hashtag is being typed, for completion.
public struct TagCompletionContext: Sendable, Hashable {
  /// The bytes from the `#` to the cursor: what a completion replaces.
  public var range: Range<Int>
  /// What is typed after the `#` (`bo`, `books/`), possibly empty.
  public var prefix: String

  /// The context at byte `offset` of `doc`: a `#` at the start of a line or after a
  /// space or tab, then tag characters up to the cursor. `nil` inside code (fenced or
  /// inline), front matter, a heading's `#` marker and a word (`a#b`).
  public static func find(at offset: Int, in doc: NoteDocument) -> TagCompletionContext? {
    let offset = doc.scalarBoundary(atOrBefore: min(max(offset, 0), doc.utf8Count))
    let lineStart = doc.lines.startOfLine(doc.lines.lineContaining(offset))
    guard lineStart < offset else { return nil }
    let before = doc.text.string(in: lineStart..<offset).unicodeScalars
    var index = before.endIndex
    var typed = 0
    while index > before.startIndex {
      let previous = before.index(before: index)
      guard TagCharacters.contains(before[previous]) else { break }
      typed += before[previous].utf8.count
      index = previous
    }
    guard index > before.startIndex else { return nil }
    let hashIndex = before.index(before: index)
    guard before[hashIndex] == "#" else { return nil }
    if hashIndex > before.startIndex {
      let space = before[before.index(before: hashIndex)]
      guard space == " " || space == "\t" else { return nil }
    }
    let hash = offset - typed - 1
    guard isTagPosition(hash, in: doc) else { return nil }
    return TagCompletionContext(range: hash..<offset, prefix: doc.text.string(in: (hash + 1)..<offset))
  }

  /// Whether a `#` at byte `offset` may start a tag: not in code, front matter or a
  /// heading marker.
  static func isTagPosition(_ offset: Int, in doc: NoteDocument) -> Bool {
    guard let index = doc.tree.blockIndex(containing: offset) else { return false }
    let block = doc.tree.block(at: index)
    guard block.range.contains(offset) else { return false }
    switch block.kind {
    case .frontMatter, .codeBlockStart, .codeLines, .codeBlockEnd, .indentedCode, .htmlBlock: return false
    default: break
    }
    var node = block
    while let next = node.children.first(where: { $0.range.contains(offset) }) {
      switch next.kind {
      case .headingMarker where node.kind == .heading && next.length == 1 && node.child(.inlineContent) == nil:
        // A `#` alone on its line, an empty heading until a tag's name follows it.
        return true
      case .headingMarker, .code, .linkTarget, .codeBlockStart, .codeLines, .codeBlockEnd, .indentedCode, .htmlBlock:
        return false
      default: node = next
      }
    }
    return true
  }
}

extension LibrarySnapshot {
  /// Replaces the tags of the note at `path` (adding the note when the library does
  /// not have it): an open note's tags as they are now, over the indexed ones.
  public mutating func replaceTags(of path: String, with tags: [NoteSummary.TagUse]) {
    var summary = note(at: path) ?? NoteSummary(nameOnly: path, byteCount: 0)
    summary.tags = tags
    // Only the tags change: the book index (a table over the whole library) is not
    // copied.
    update(summary, sameBook: true)
  }
}

/// Renaming a hashtag across the library.
public enum TagRename {
  /// One replacement: the part of a tag use that names the renamed tag.
  public struct Edit: Sendable, Hashable {
    public var path: String
    public var span: NoteSpan
    public var newText: String
  }

  /// The edits that rename tag `old` (any case, without `#`) to `new`, in every note
  /// of `library`, the tags inside it included: `books` → `reading` turns
  /// `#books/2021` into `#reading/2021`. By path, then position. Throws
  /// ``LibrarySnapshot/Superseded`` when a newer change replaces the library while it runs.
  public static func edits(renaming old: String, to new: String, in library: LibrarySnapshot) throws -> [Edit] {
    let depth = old.split(separator: "/", omittingEmptySubsequences: false).count
    return try library.tagUses(of: old, includingChildren: true).map { path, use in
      let components = use.name.split(separator: "/", omittingEmptySubsequences: false).prefix(depth)
      let written = components.joined(separator: "/")
      var end = use.span.start
      end.utf8 += Int32(written.utf8.count)
      end.utf16 += Int32(written.utf16.count)
      end.utf32 += Int32(written.unicodeScalars.count)
      let bytes = use.span.bytes.lowerBound..<(use.span.bytes.lowerBound + written.utf8.count)
      return Edit(path: path, span: NoteSpan(bytes: bytes, start: use.span.start, end: end), newText: new)
    }
  }
}
