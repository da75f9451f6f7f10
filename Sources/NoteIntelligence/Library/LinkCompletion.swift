public import NoteSyntax

/// Where a link is being typed, for completion: after `[[` (a note), `[[Note#` or
/// `[[#` (a heading), `](` (a note's relative path) or `](note.md#` (its heading).
public struct LinkCompletionContext: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    /// A wiki link's note.
    case wikiNote
    /// A wiki link's heading, of the note named before `#` (empty: this note).
    case wikiHeading(note: String)
    /// A Markdown link's path.
    case path
    /// A Markdown link's heading, of the note at the path before `#` (empty: this note).
    case pathHeading(path: String)
  }

  public var kind: Kind
  /// What a completion replaces: from after `[[`, `](` or `#` to the cursor.
  public var range: Range<Int>
  /// What is typed in `range`.
  public var typed: String
  /// Whether the link is closed right after the cursor (`]]`, `)`).
  public var isClosed: Bool

  /// The context at byte `offset` of `doc`, on the cursor's line; `nil` when no link
  /// is being typed there.
  public static func find(at offset: Int, in doc: NoteDocument) -> LinkCompletionContext? {
    let offset = doc.scalarBoundary(atOrBefore: min(max(offset, 0), doc.utf8Count))
    let line = doc.lines.lineContaining(offset)
    let lineStart = doc.lines.startOfLine(line)
    guard lineStart < offset else { return nil }
    let before = doc.text.bytes(in: lineStart..<offset)
    let after = doc.text.bytes(in: offset..<doc.lines.contentRange(ofLine: line).upperBound)
    // The nearest opener with nothing that closes it between it and the cursor.
    var index = before.count - 1
    while index >= 1 {
      let byte = before[index]
      if byte == UInt8(ascii: "]") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "|") { return nil }
      if before[index - 1] == UInt8(ascii: "["), byte == UInt8(ascii: "[") {
        return context(wiki: true, typedFrom: index + 1, before, lineStart, after)
      }
      if before[index - 1] == UInt8(ascii: "]"), byte == UInt8(ascii: "(") {
        return context(wiki: false, typedFrom: index + 1, before, lineStart, after)
      }
      index -= 1
    }
    return nil
  }

  private static func context(
    wiki: Bool, typedFrom start: Int, _ before: [UInt8], _ lineStart: Int, _ after: [UInt8]
  ) -> LinkCompletionContext? {
    let typed = before[start...]
    if !wiki && typed.contains(where: { $0 == 0x20 || $0 == 0x09 }) { return nil }
    let closer: [UInt8] = wiki ? [UInt8(ascii: "]"), UInt8(ascii: "]")] : [UInt8(ascii: ")")]
    let isClosed = after.starts(with: closer)
    if let hash = typed.firstIndex(of: UInt8(ascii: "#")) {
      let target = String(decoding: typed[..<hash], as: UTF8.self)
      return LinkCompletionContext(
        kind: wiki ? .wikiHeading(note: target) : .pathHeading(path: target),
        range: (lineStart + hash + 1)..<(lineStart + before.count),
        typed: String(decoding: typed[(hash + 1)...], as: UTF8.self), isClosed: isClosed)
    }
    return LinkCompletionContext(
      kind: wiki ? .wikiNote : .path, range: (lineStart + start)..<(lineStart + before.count),
      typed: String(decoding: typed, as: UTF8.self), isClosed: isClosed)
  }
}

/// A note offered after `[[` or `](`.
public struct NoteCandidate: Sendable, Hashable {
  public var path: String
  public var title: String
  /// The name (file name, alias or title) that matched what was typed.
  public var matched: String
  public var linkingNotes: Int
}

/// How recently a note changed, as link completion ranks notes: open in the editor,
/// changed within a day, a week, a month, or longer ago (or at a time not known).
public enum NoteRecency: Int, Sendable, Comparable {
  case open
  case day
  case week
  case month
  case older

  /// The recency of a note changed at `modified` (nanoseconds since 1970; 0 not
  /// known), at `now`.
  public init(modified: Int64, now: Int64) {
    let day: Int64 = 86_400_000_000_000
    let age = now - modified
    switch age {
    case _ where modified <= 0: self = .older
    case ..<day: self = .day
    case ..<(7 * day): self = .week
    case ..<(30 * day): self = .month
    default: self = .older
    }
  }

  public static func < (a: NoteRecency, b: NoteRecency) -> Bool { a.rawValue < b.rawValue }
}

extension LibrarySnapshot {
  /// The notes matching `typed` by title, file name or alias, best match first; among
  /// equal matches the most recent (``NoteRecency``: the notes of `open` first, then by
  /// when their files changed, as of `now` in nanoseconds since 1970), then the most
  /// linked, then the latest changed, then by path; at most `limit` (and whether there
  /// were more).
  public func noteCandidates(
    matching typed: String, limit: Int, open: Set<String> = [], now: Int64 = 0
  ) -> (notes: [NoteCandidate], more: Bool) {
    let query = FuzzyQuery(typed)
    let names = noteNames
    let backlinks = allBacklinks
    let times = entryTimes
    let openEntries = open.compactMap { names.entry(of: $0) }
    // Integers only while matching and ordering (tier, recency, linking notes, time,
    // entry in path order): a keystroke over 10,000 notes.
    var matches: [(tier: Int, recency: Int, links: Int, modified: Int64, entry: Int, key: Int)] = []
    names.keyBytes.withUnsafeBufferPointer { bytes in
      // The best key of the entry being read, and its first key.
      var entry = -1
      var first = 0
      var best: (tier: MatchTier, key: Int)?
      func flush() {
        guard let found = best else { return }
        best = nil
        let modified = times[entry]
        let recency = openEntries.contains(entry) ? NoteRecency.open : NoteRecency(modified: modified, now: now)
        matches.append(
          (
            found.tier.rawValue, recency.rawValue, backlinks.linkingNotes[names.entries[entry].path] ?? 0, modified,
            entry, found.key
          ))
      }
      for key in names.keyMasks.indices {
        let owner = Int(names.keyEntries[key])
        if owner != entry {
          flush()
          entry = owner
          first = key
        }
        let name = UnsafeBufferPointer(rebasing: bytes[names.keyStarts[key]..<names.keyStarts[key + 1]])
        guard let tier = query.match(name, mask: names.keyMasks[key]), best == nil || tier < best!.tier else {
          continue
        }
        best = (tier, key - first)
      }
      flush()
    }
    matches.sort { a, b in
      if a.tier != b.tier { return a.tier < b.tier }
      if a.recency != b.recency { return a.recency < b.recency }
      if a.links != b.links { return a.links > b.links }
      if a.modified != b.modified { return a.modified > b.modified }
      return a.entry < b.entry
    }
    let notes = matches.prefix(limit).map { match in
      let entry = names.entries[match.entry]
      return NoteCandidate(
        path: entry.path, title: entry.keys[0], matched: entry.keys[match.key], linkingNotes: match.links)
    }
    return (notes, matches.count > limit)
  }
}

/// The relative path from a folder to a file, for a Markdown link: `..` up to their
/// common folder, spaces written `%20`.
public func relativeLinkPath(from folder: String, to path: String) -> String {
  let from = folder.split(separator: "/")
  let to = path.split(separator: "/")
  var common = 0
  while common < from.count && common < to.count - 1 && from[common] == to[common] { common += 1 }
  let parts = Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
  return parts.joined(separator: "/").replacingSpaces
}

extension String {
  /// Spaces written `%20`, as a Markdown link's target needs them.
  var replacingSpaces: String {
    var result = ""
    for scalar in unicodeScalars {
      if scalar == " " { result += "%20" } else { result.unicodeScalars.append(scalar) }
    }
    return result
  }
}
