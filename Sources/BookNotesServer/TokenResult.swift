import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax
import NoteText

/// A semantic-token result as sent: its id, its integers and each token's byte start
/// in the version it was computed for.
///
/// A keystroke changes it in place: the tokens of the changed region are replaced and
/// those after it move by the edit's length, in chunks (``TokenTable``), so that its
/// cost follows the edit rather than the note's size.
struct TokenResult: Sendable {
  var id: String
  private(set) var table: TokenTable
  /// The link reference definitions the tokens were computed with.
  private(set) var references: LinkReferences.Stamp

  /// The full result for `tokens` (absolute, sorted) of `note`, encoded as `data`.
  init(id: String, tokens: [SemanticToken], data: [UInt32], note: NoteDocument) {
    self.id = id
    table = TokenTable(data: data, starts: tokens.map(\.start), lengths: tokens.map { UInt32($0.length) })
    references = note.linkReferences.stamp
  }

  /// Turns this result into the one for `note`, given that only `region` changed since
  /// it was made, and returns the edits that turn the old integers into the new ones
  /// (none when equal), in order and apart, each at its place in the old integers.
  ///
  /// When the note's link reference definitions changed too, the blocks that may hold
  /// reference links are computed again as well (``ReferenceRegions``).
  mutating func update(
    id newID: String, region: ChangedRegion, note: NoteDocument, cache: SemanticTokenCache,
    encoding: PositionEncoding
  ) -> [SemanticTokensEdit] {
    id = newID
    guard references !== note.linkReferences.stamp else {
      return replace(region, note: note, cache: cache, encoding: encoding).map { [$0] } ?? []
    }
    references = note.linkReferences.stamp
    let blocks = ReferenceRegions(note: note, outside: region)
    var edits = ComposedEdits()
    for block in blocks.before {
      edits.add(replace(block, note: note, cache: cache, encoding: encoding))
    }
    edits.add(replace(region, note: note, cache: cache, encoding: encoding))
    for block in blocks.after {
      edits.add(replace(block, note: note, cache: cache, encoding: encoding))
    }
    return edits.edits
  }

  /// Replaces the tokens of `region` and returns the edit, at its place in the integers
  /// as they were before it (`nil` when equal).
  ///
  /// Tokens before the region are kept as they are; the tokens of the region are
  /// computed (from `cache`, which reuses unchanged blocks). Of those, the first ones
  /// that are the old ones and end before the edited bytes, and the last ones that are
  /// the old ones moved and start after them, keep their integers (``unchangedEnds``);
  /// the tokens between are encoded, and after them only the first token's position
  /// changes. So a keystroke in a block of a megabyte encodes its line's tokens, not
  /// the block's. The edit is then trimmed to the integers that really differ.
  private mutating func replace(
    _ region: ChangedRegion, note: NoteDocument, cache: SemanticTokenCache, encoding: PositionEncoding
  ) -> SemanticTokensEdit? {
    let first = table.firstToken(atOrAfter: region.start)
    let after = table.firstToken(atOrAfter: region.oldEnd)
    let fresh = cache.tokens(for: note, in: region.start..<region.newEnd)
    let unchanged = unchangedEnds(of: fresh, old: first..<after, region: region)
    let lower = first + unchanged.prefix
    let upper = after - unchanged.suffix
    let middle = fresh[unchanged.prefix..<(fresh.count - unchanged.suffix)]

    var encoder = TokenEncoder(note: note, encoding: encoding, capacity: middle.count + 1)
    // Tokens before `lower` lie before the edited bytes: their starts are the same in both versions.
    if lower > 0 { encoder.continueAfter(tokenAt: table.start(at: lower - 1)) }
    for token in middle { encoder.append(token) }
    var starts = middle.map(\.start)
    var lengths = middle.map { UInt32($0.length) }
    let replacedEnd = upper < table.count ? upper + 1 : upper
    if upper < table.count {
      // The first token after the new ones: only its position is encoded again.
      let moved = table.start(at: upper) + region.shift
      let old = table.integers(upper..<(upper + 1))
      encoder.append(encodedAt: moved, length: old[2], type: old[3], modifiers: old[4])
      starts.append(moved)
      lengths.append(table.length(at: upper))
    }
    let chunk = encoder.data
    let edit = Self.trimmedEdit(at: lower * 5, replacing: table.integers(lower..<replacedEnd), with: chunk)
    table.replace(lower..<replacedEnd, data: chunk, starts: starts, lengths: lengths, shiftingTheRestBy: region.shift)
    return edit
  }

  /// How many of `fresh`'s first tokens are the `old` tokens' first ones and end before
  /// the edited bytes, and how many of its last tokens are the `old` tokens' last ones
  /// moved by the region's shift and start after them (never counting a token twice).
  ///
  /// Such a token keeps its integers: its bytes, and those between it and the token
  /// before it (when that one is kept too), are the same bytes in both versions, so its
  /// line, column, length and distance from that token are the same. Only the first of
  /// the last ones is encoded again, from the token before it.
  private func unchangedEnds(
    of fresh: [SemanticToken], old: Swift.Range<Int>, region: ChangedRegion
  ) -> (prefix: Int, suffix: Int) {
    let prefix = table.sameTokens(fresh[...], old: old, backward: false, movedBy: 0) {
      $0.end <= region.editStart
    }
    let suffix = table.sameTokens(
      fresh[prefix...], old: (old.lowerBound + prefix)..<old.upperBound, backward: true, movedBy: region.shift
    ) { $0.start >= region.editNewEnd }
    return (prefix, suffix)
  }

  /// The edit replacing `old` with `new` (both at integer `start` of the old and new
  /// arrays), without their common prefix and suffix; `nil` when they are equal.
  static func trimmedEdit(at start: Int, replacing old: [UInt32], with new: [UInt32]) -> SemanticTokensEdit? {
    var prefix = 0
    let shorter = min(old.count, new.count)
    while prefix < shorter && old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < shorter - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
      suffix += 1
    }
    let deleteCount = old.count - prefix - suffix
    let inserted = Array(new[prefix..<(new.count - suffix)])
    guard deleteCount > 0 || !inserted.isEmpty else { return nil }
    return SemanticTokensEdit(
      start: start + prefix, deleteCount: deleteCount, data: inserted.isEmpty ? nil : inserted)
  }
}
