/// A hashtag of the library: its name, how many notes use it, and its children.
public struct TagSummary: Sendable, Hashable {
  /// The most used spelling, without `#`.
  public var name: String
  /// Notes that use exactly this tag.
  public var noteCount: Int
  /// Notes that use this tag or one inside it (`#books` counts `#books/2021`).
  public var totalCount: Int
  /// The names of the direct children (`books/2021` for `books`), most used first.
  public var children: [String]
}

/// Rules for hashtag names, as the spec gives them.
public enum Hashtag {
  /// Whether `name` (without `#`) is a tag: letters, digits, `_`, `-`, `/` and emoji,
  /// not digits only, no empty component, no leading or trailing `/`.
  public static func isValidName(_ name: String) -> Bool {
    guard !name.isEmpty, !name.hasPrefix("/"), !name.hasSuffix("/"), !name.contains("//") else { return false }
    var allDigits = true
    for scalar in name.unicodeScalars {
      let properties = scalar.properties
      let isDigit = ("0"..."9").contains(scalar)
      if !isDigit { allDigits = false }
      let allowed =
        isDigit || scalar == "_" || scalar == "-" || scalar == "/" || properties.isAlphabetic
        || properties.numericType != nil || properties.isEmoji && scalar.value > 0xFF || scalar.value == 0x200D
        || scalar.value == 0xFE0F || (0x1F3FB...0x1F3FF).contains(scalar.value)
      if !allowed { return false }
    }
    return !allDigits
  }

  /// Whether `folded` is `parent` or inside it, component by component
  /// (`books/2021` is inside `books`, `bookshelf` is not). Both folded.
  public static func isWithin(_ folded: String, _ parent: String) -> Bool {
    folded == parent
      || (folded.hasPrefix(parent) && folded.utf8.dropFirst(parent.utf8.count).first == UInt8(ascii: "/"))
  }
}

extension LibrarySnapshot {
  /// Every tag, most used first (then by name).
  public func tags() -> [TagSummary] {
    let totals = totalCounts()
    return tagTable.map { folded, stat in summary(folded, stat, totals) }
      .sorted { ($1.noteCount, $0.name) < ($0.noteCount, $1.name) }
  }

  /// The tag `name` (any case, without `#`), or `nil` when no note uses it or a tag
  /// inside it.
  public func tag(named name: String) -> TagSummary? {
    let folded = TextFolding.folded(name)
    let totals = totalCounts()
    guard let total = totals[folded] else { return nil }
    if let stat = tagTable[folded] { return summary(folded, stat, totals) }
    // Only children use it: a parent that exists through them.
    return TagSummary(name: name, noteCount: 0, totalCount: total, children: children(of: folded, totals))
  }

  /// What to offer after `#` + `prefix`: with no `/` in the prefix, every tag whose
  /// name starts with it (all when it is empty); after a `/`, the direct children of
  /// the tag before it that start with the rest. Most used first.
  public func tagCompletions(prefix: String) -> [TagSummary] {
    let folded = TextFolding.folded(prefix)
    let totals = totalCounts()
    if let slash = folded.lastIndex(of: "/") {
      let parent = String(folded[..<slash])
      return children(of: parent, totals).compactMap { child in
        let childFolded = TextFolding.folded(child)
        guard childFolded.hasPrefix(folded) else { return nil }
        return tagTable[childFolded].map { summary(childFolded, $0, totals) }
          ?? TagSummary(name: child, noteCount: 0, totalCount: totals[childFolded] ?? 0, children: [])
      }
    }
    return tags().filter { folded.isEmpty || TextFolding.folded($0.name).hasPrefix(folded) }
  }

  /// Every use of tag `name` (any case), and of the tags inside it when
  /// `includingChildren`, by note path and position. Throws ``Superseded`` when a
  /// newer change replaces the snapshot while it runs.
  public func tagUses(of name: String, includingChildren: Bool) throws -> [(path: String, use: NoteSummary.TagUse)] {
    try tagUses(folded: TextFolding.folded(name), includingChildren: includingChildren)
  }

  func tagUses(folded: String, includingChildren: Bool) throws -> [(path: String, use: NoteSummary.TagUse)] {
    guard tagTotals[folded] != nil else { return [] }
    var result: [(path: String, use: NoteSummary.TagUse)] = []
    var visited = 0
    for note in notes {
      if visited & 255 == 0 { try checkCurrent() }
      visited += 1
      for use in note.tags {
        let name = use.folded
        if name == folded || (includingChildren && Hashtag.isWithin(name, folded)) { result.append((note.path, use)) }
      }
    }
    // By note, then by position within it.
    result.sort { ($0.path, $0.use.span.bytes.lowerBound) < ($1.path, $1.use.span.bytes.lowerBound) }
    return result
  }

  private func totalCounts() -> TagTree { TagTree(totals: tagTotals) }

  private func summary(_ folded: String, _ stat: TagStat, _ totals: TagTree) -> TagSummary {
    TagSummary(
      name: stat.name, noteCount: stat.noteCount, totalCount: totals[folded] ?? stat.noteCount,
      children: children(of: folded, totals))
  }

  /// The direct children of `parent` (folded), spelled as used, most used first.
  private func children(of parent: String, _ totals: TagTree) -> [String] {
    var result: [(name: String, count: Int)] = []
    for folded in totals.children[parent] ?? [] {
      let name = tagTable[folded]?.name ?? spelling(of: folded)
      result.append((name, totals[folded] ?? 0))
    }
    return result.sorted { ($1.count, $0.name) < ($0.count, $1.name) }.map(\.name)
  }

  /// How a tag that only exists as a parent is spelled: as in its most used child.
  private func spelling(of folded: String) -> String {
    let prefix = folded + "/"
    let child = tagTable.filter { $0.key.hasPrefix(prefix) }.max { $0.value.noteCount < $1.value.noteCount }
    guard let name = child?.value.name else { return folded }
    return String(name.unicodeScalars.prefix(folded.unicodeScalars.count).map(Character.init))
  }
}

/// The tag totals with each tag's direct children, built once per query.
private struct TagTree {
  let totals: [String: Int]
  /// Folded parent → folded direct children.
  let children: [String: [String]]

  init(totals: [String: Int]) {
    self.totals = totals
    var children: [String: [String]] = [:]
    for name in totals.keys {
      if let slash = name.lastIndex(of: "/") { children[String(name[..<slash]), default: []].append(name) }
    }
    self.children = children
  }

  subscript(folded: String) -> Int? { totals[folded] }
}
