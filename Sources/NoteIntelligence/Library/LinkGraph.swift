import Locking

/// Where a link leads in the library.
public enum LinkResolution: Sendable, Hashable {
  /// The note at this path.
  case note(String)
  /// A wiki link whose name matches several notes, shortest path first: it leads to
  /// the first (as Obsidian does), and `link-ambiguous` names the others.
  case ambiguous([String])
  /// A note that is not in the library: a wiki link to no note's name or alias, or a
  /// Markdown link to a note file the library does not have.
  case missing
  /// Not a note: a web address, an image, another kind of file, or a relative path
  /// from a note that has no folder.
  case elsewhere

  /// The note the link leads to, when it leads to one.
  public var path: String? {
    switch self {
    case .note(let path): path
    case .ambiguous(let paths): paths.first
    case .missing, .elsewhere: nil
    }
  }
}

/// The library's names for wiki links: each note by its file name without extension
/// and by its aliases, folded (``TextFolding``). Depends only on the notes' paths and
/// aliases, so an edit that keeps both keeps the table.
public struct WikiLinkNames: Sendable {
  /// Folded file name → paths, shortest first.
  var byName: [String: [String]] = [:]
  /// Folded alias → paths, shortest first.
  var byAlias: [String: [String]] = [:]
  /// Each note's names for completion, in path order.
  var entries: [Entry] = []

  /// A note's names: its title first, then its file name and aliases, and each folded.
  struct Entry: Sendable {
    var path: String
    var keys: [String]
  }

  /// Every entry's keys folded, side by side in one buffer (a keystroke's completion
  /// reads them all without touching an entry): key `k` is
  /// `keyBytes[keyStarts[k]..<keyStarts[k + 1]]`, of entry `keyEntries[k]` (keys of an
  /// entry follow each other, in the entry's order), its characters `keyMasks[k]`.
  var keyBytes: [UInt8] = []
  var keyStarts: [Int] = [0]
  var keyEntries: [Int32] = []
  var keyMasks: [UInt64] = []

  init(_ notes: some Sequence<NoteSummary>) {
    for note in notes {
      var keys = [note.title ?? titleFileName(note.path) ?? note.path]
      if let name = titleFileName(note.path), name != keys[0] { keys.append(name) }
      keys += note.book.aliases.filter { !$0.isEmpty }
      entries.append(Entry(path: note.path, keys: keys))
      if let name = titleFileName(note.path) { byName[TextFolding.folded(name), default: []].append(note.path) }
      for alias in note.book.aliases where !alias.isEmpty {
        byAlias[TextFolding.folded(alias), default: []].append(note.path)
      }
    }
    entries.sort { $0.path < $1.path }
    for (index, entry) in entries.enumerated() {
      for key in entry.keys {
        let folded = TextFolding.fold(key)
        keyBytes += folded
        keyStarts.append(keyBytes.count)
        keyEntries.append(Int32(index))
        keyMasks.append(FuzzyQuery.mask(of: folded[...]))
      }
    }
    for key in byName.keys { byName[key]?.sort(by: Self.shortestFirst) }
    for key in byAlias.keys { byAlias[key]?.sort(by: Self.shortestFirst) }
  }

  /// The entry of the note at `path`, if it has one.
  func entry(of path: String) -> Int? {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].path < path { low = middle + 1 } else { high = middle }
    }
    return low < entries.count && entries[low].path == path ? low : nil
  }

  /// Fewer folders first, then the shorter path, then in order.
  static func shortestFirst(_ a: String, _ b: String) -> Bool {
    let depthA = a.utf8.count { $0 == UInt8(ascii: "/") }
    let depthB = b.utf8.count { $0 == UInt8(ascii: "/") }
    if depthA != depthB { return depthA < depthB }
    if a.utf8.count != b.utf8.count { return a.utf8.count < b.utf8.count }
    return a < b
  }

  /// The notes a wiki link's `target` names: a file name without extension (case
  /// aside), a path ending in one (`folder/Note`, `Note.md`), or an alias.
  public func notes(named target: String) -> [String] {
    var name = target.trimmed
    for suffix in [".md", ".markdown"] where name.lowercased().hasSuffix(suffix) {
      name = String(name.dropLast(suffix.count))
    }
    guard !name.isEmpty else { return [] }
    let parts = name.split(separator: "/", omittingEmptySubsequences: true)
    guard let last = parts.last else { return [] }
    let candidates = byName[TextFolding.folded(last)] ?? []
    if parts.count > 1 {
      // The path's folders, case aside, must end the note's folder.
      let folders = TextFolding.folded(parts.dropLast().joined(separator: "/"))
      return candidates.filter { path in
        guard let folder = LinkTarget.folder(of: path) else { return false }
        let folded = TextFolding.folded(folder)
        return folded == "/" + folders || folded.hasSuffix("/" + folders)
      }
    }
    if !candidates.isEmpty { return candidates }
    return byAlias[TextFolding.folded(name)] ?? []
  }

  /// The shortest name that leads a wiki link to `path`: its file name when that is
  /// unique or the note lies at the top of its root (the shortest path wins), else its
  /// path from the fewest folders under `root` that set it apart.
  public func shortestName(of path: String, root: String? = nil) -> String {
    guard let name = titleFileName(path) else { return path }
    if notes(named: name).count <= 1 { return name }
    var folder = LinkTarget.folder(of: path) ?? ""
    if let root, folder.hasPrefix(root) { folder = String(folder.dropFirst(root.utf8.count)) }
    let folders = folder.split(separator: "/")
    guard !folders.isEmpty else { return name }
    for count in 1...folders.count {
      let candidate = (folders.suffix(count) + [Substring(name)]).joined(separator: "/")
      if notes(named: candidate) == [path] { return candidate }
    }
    return (folders + [Substring(name)]).joined(separator: "/")
  }
}

/// One link to a note, as its backlink: the note that links and the link.
public struct Backlink: Sendable, Hashable {
  /// The linking note's path.
  public var source: String
  public var link: NoteSummary.NoteLink
}

/// Every link of the library by the note it leads to.
public struct Backlinks: Sendable {
  var byTarget: [String: [Backlink]] = [:]
  /// How many notes link to each note.
  var linkingNotes: [String: Int] = [:]

  init(_ snapshot: LibrarySnapshot, names: WikiLinkNames) {
    for note in snapshot.notes {
      for link in note.links {
        guard let target = snapshot.resolve(link.use, from: note.path, names: names).path else { continue }
        byTarget[target, default: []].append(Backlink(source: note.path, link: link))
      }
    }
    for key in byTarget.keys {
      byTarget[key]?.sort { ($0.source, $0.link.span.bytes.lowerBound) < ($1.source, $1.link.span.bytes.lowerBound) }
    }
    for (target, links) in byTarget {
      var count = 0
      var last: String?
      for link in links where link.source != last {
        count += 1
        last = link.source
      }
      linkingNotes[target] = count
    }
  }
}

extension Backlinks {
  /// The backlinks after the note at `path` changed from `old` to `new` while every
  /// note's name stayed (so the other notes' links lead where they did): its old
  /// links leave the targets they led to, its new ones join theirs.
  func replacing(
    _ path: String, old: [NoteSummary.NoteLink], new: [NoteSummary.NoteLink], in snapshot: LibrarySnapshot,
    names: WikiLinkNames
  ) -> Backlinks {
    var result = self
    var touched: Set<String> = []
    for link in old {
      guard let target = snapshot.resolve(link.use, from: path, names: names).path, touched.insert(target).inserted
      else { continue }
      result.byTarget[target]?.removeAll { $0.source == path }
      if result.byTarget[target]?.isEmpty == true { result.byTarget[target] = nil }
    }
    for link in new {
      guard let target = snapshot.resolve(link.use, from: path, names: names).path else { continue }
      if touched.insert(target).inserted { result.byTarget[target]?.removeAll { $0.source == path } }
      result.byTarget[target, default: []].append(Backlink(source: path, link: link))
    }
    for target in touched {
      result.byTarget[target]?.sort {
        ($0.source, $0.link.span.bytes.lowerBound) < ($1.source, $1.link.span.bytes.lowerBound)
      }
      var count = 0
      var last: String?
      for link in result.byTarget[target] ?? [] where link.source != last {
        count += 1
        last = link.source
      }
      result.linkingNotes[target] = count == 0 ? nil : count
    }
    return result
  }
}

/// The link tables of one snapshot, built on first use and shared by the snapshots
/// that follow it until a change makes them wrong.
final class LinkTables: Sendable {
  let names: Lock<WikiLinkNames?>
  let backlinks: Lock<Backlinks?>
  /// Per entry of the names (in their order), when its note's file changed: what note
  /// completion orders by. An edit that keeps the names patches its own entry.
  let times: Lock<[Int64]?>

  init(names: WikiLinkNames? = nil, backlinks: Backlinks? = nil, times: [Int64]? = nil) {
    self.names = Lock(names)
    self.backlinks = Lock(backlinks)
    self.times = Lock(times)
  }

  /// The names, when they are built.
  var builtNames: WikiLinkNames? { names.withLock { $0 } }
  /// The backlinks, when they are built.
  var builtBacklinks: Backlinks? { backlinks.withLock { $0 } }
  /// The times, when they are built.
  var builtTimes: [Int64]? { times.withLock { $0 } }

  /// Whether no table is built.
  var isEmpty: Bool { builtNames == nil && builtBacklinks == nil && builtTimes == nil }
}

extension String {
  /// Without leading and trailing spaces and tabs.
  var trimmed: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
      let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
    else { return "" }
    return String(scalars[first...last])
  }
}
