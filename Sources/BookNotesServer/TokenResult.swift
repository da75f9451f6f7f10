import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax

/// A semantic-token result as sent: its id, its integers and each token's byte start
/// in the version it was computed for.
///
/// A keystroke changes it in place: the integers of the changed region are replaced
/// (without moving the rest when the region keeps its number of tokens), and the
/// starts after the region move by the edit's length lazily (``TokenStarts``), so that
/// its cost follows the edit rather than the note's size.
struct TokenResult: Sendable {
  var id: String
  private(set) var data: [UInt32]
  private(set) var starts: TokenStarts

  /// The full result for `tokens` (absolute, sorted).
  init(id: String, tokens: [SemanticToken], note: NoteDocument, encoding: PositionEncoding) {
    self.id = id
    data = TokenEncoder.encode(tokens, in: note, encoding: encoding)
    starts = TokenStarts(tokens.map(\.start))
  }

  /// The index of the first token starting at or after byte `offset`.
  func firstToken(atOrAfter offset: Int) -> Int {
    var low = 0
    var high = starts.count
    while low < high {
      let mid = (low + high) / 2
      if starts[mid] < offset { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// Turns this result into the one for `note`, given that only `region` changed since
  /// it was made, and returns the edit that turns the old integers into the new ones
  /// (`nil` when equal).
  ///
  /// Tokens before the region are kept as they are; the tokens of the region are
  /// computed (from `cache`, which reuses unchanged blocks) and encoded; after the
  /// region only the first token's position changes. The edit is then trimmed to
  /// the integers that really differ, comparing only inside the region.
  mutating func update(
    id newID: String, region: ChangedRegion, note: NoteDocument, cache: SemanticTokenCache,
    encoding: PositionEncoding
  ) -> SemanticTokensEdit? {
    let first = firstToken(atOrAfter: region.start)
    let after = firstToken(atOrAfter: region.oldEnd)
    let fresh = cache.tokens(for: note, in: region.start..<region.newEnd)

    var encoder = TokenEncoder(note: note, encoding: encoding, capacity: fresh.count + 1)
    if first > 0 { encoder.continueAfter(tokenAt: starts[first - 1]) }
    for token in fresh { encoder.append(token) }
    let replacedEnd = after < starts.count ? after + 1 : after
    if after < starts.count {
      let base = after * 5
      encoder.append(
        encodedAt: starts[after] + region.shift, length: data[base + 2], type: data[base + 3],
        modifiers: data[base + 4])
    }
    let chunk = encoder.data
    let edit = Self.trimmedEdit(replacing: data[(first * 5)..<(replacedEnd * 5)], with: chunk[...])
    // Same length: written over in place, the tail not moved.
    data.replaceSubrange((first * 5)..<(replacedEnd * 5), with: chunk)
    starts.replace(first..<after, with: fresh.lazy.map(\.start), shiftingTheRestBy: region.shift)
    id = newID
    return edit
  }

  /// The edit replacing `old` with `new` (both slices of the old and new arrays at the
  /// same start), without their common prefix and suffix; `nil` when they are equal.
  static func trimmedEdit(replacing old: ArraySlice<UInt32>, with new: ArraySlice<UInt32>) -> SemanticTokensEdit? {
    var prefix = 0
    let shorter = min(old.count, new.count)
    while prefix < shorter && old[old.startIndex + prefix] == new[new.startIndex + prefix] { prefix += 1 }
    var suffix = 0
    while suffix < shorter - prefix && old[old.endIndex - 1 - suffix] == new[new.endIndex - 1 - suffix] {
      suffix += 1
    }
    let deleteCount = old.count - prefix - suffix
    let inserted = Array(new[(new.startIndex + prefix)..<(new.endIndex - suffix)])
    guard deleteCount > 0 || !inserted.isEmpty else { return nil }
    return SemanticTokensEdit(
      start: old.startIndex + prefix, deleteCount: deleteCount, data: inserted.isEmpty ? nil : inserted)
  }
}

/// Each token's byte start, sorted, with the shift of the starts after the latest edit
/// kept pending: a keystroke moves every later token, and applying that to all of them
/// would cost as much as the note is long. The pending shift applies from one index
/// on; an edit elsewhere applies it only to the tokens between the two edits.
struct TokenStarts: Sendable {
  private var stored: [Int]
  /// The starts from this index on are `pendingShift` further than stored.
  private var pendingFrom: Int
  private var pendingShift = 0

  init(_ starts: [Int]) {
    stored = starts
    pendingFrom = starts.count
  }

  var count: Int { stored.count }

  subscript(index: Int) -> Int { stored[index] + (index >= pendingFrom ? pendingShift : 0) }

  /// The starts in the order they are.
  var values: [Int] { stored.indices.map { self[$0] } }

  /// Replaces the starts of `range` with `fresh` (absolute) and moves every start after
  /// it by `shift`.
  mutating func replace(_ range: Swift.Range<Int>, with fresh: some Collection<Int>, shiftingTheRestBy shift: Int) {
    let growth = fresh.count - range.count
    if pendingFrom <= range.upperBound {
      // The tail already carries the pending shift; the starts between it and the
      // range (if any) get it written in, then the tail carries both.
      if pendingShift != 0 && pendingFrom < range.lowerBound {
        for index in pendingFrom..<range.lowerBound { stored[index] += pendingShift }
      }
      stored.replaceSubrange(range, with: fresh)
      pendingFrom = range.lowerBound + fresh.count
      pendingShift += shift
    } else {
      // The pending shift starts after the range: the starts between the range and it
      // get the new shift written in; from it on both apply.
      for index in range.upperBound..<pendingFrom { stored[index] += shift }
      stored.replaceSubrange(range, with: fresh)
      pendingFrom += growth
      pendingShift += shift
    }
  }
}
