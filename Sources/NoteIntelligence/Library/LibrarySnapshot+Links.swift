public import NoteSyntax

extension LibrarySnapshot {
  /// The names of the library's notes for wiki links (built on first use).
  public var noteNames: WikiLinkNames {
    linkTables.names.withLock { names in
      if let names { return names }
      let built = WikiLinkNames(notes)
      names = built
      return built
    }
  }

  /// Every link to the note at `path`, by linking note and position (built on first
  /// use for the whole library).
  public func backlinks(to path: String) -> [Backlink] {
    allBacklinks.byTarget[path] ?? []
  }

  /// How many notes link to the note at `path`.
  public func linkingNoteCount(to path: String) -> Int {
    allBacklinks.linkingNotes[path] ?? 0
  }

  /// The backlinks of every note.
  var allBacklinks: Backlinks {
    let names = noteNames
    return linkTables.backlinks.withLock { backlinks in
      if let backlinks { return backlinks }
      let built = Backlinks(self, names: names)
      backlinks = built
      return built
    }
  }

  /// Per entry of the names, when its note's file changed (built on first use).
  var entryTimes: [Int64] {
    let names = noteNames
    return linkTables.times.withLock { times in
      if let times { return times }
      let built = names.entries.map { modified(of: $0.path) }
      times = built
      return built
    }
  }

  /// The root `path` lies under (the longest that holds it), if any.
  public func root(of path: String) -> String? {
    roots.filter { path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }.max { $0.utf8.count < $1.utf8.count }
  }

  /// Where `link`, written in the note at `path`, leads: a wiki link by the notes'
  /// names, a Markdown link by its path (relative to the note's folder, or to its
  /// root when it starts with `/`); a link to a heading only (`[[#H]]`, `(#h)`) to
  /// the note itself.
  public func resolve(_ link: LinkUse, from path: String?, names: WikiLinkNames? = nil) -> LinkResolution {
    if link.kind.isWiki {
      if link.target.trimmed.isEmpty { return path.map { .note($0) } ?? .elsewhere }
      let found = (names ?? noteNames).notes(named: link.target)
      switch found.count {
      case 0: return .missing
      case 1: return .note(found[0])
      default: return .ambiguous(found)
      }
    }
    guard link.kind == .link else { return .elsewhere }
    if link.path.isEmpty { return link.heading != nil ? (path.map { .note($0) } ?? .elsewhere) : .elsewhere }
    let folder = path.flatMap(LinkTarget.folder(of:))
    guard case .file(let file)? = LinkTarget.resolve(link.target, relativeTo: folder, root: path.flatMap(root(of:))),
      LinkTarget.isNotePath(file)
    else { return .elsewhere }
    return note(at: file) != nil ? .note(file) : .missing
  }
}

extension NoteSummary {
  /// The headings of `doc` as the index keeps them, read from its live text.
  public static func headings(of doc: NoteDocument) -> [Heading] {
    var result: [Heading] = []
    doc.tree.forEachBlock { appendHeadings(of: $0, doc, to: &result) }
    return result
  }
}
