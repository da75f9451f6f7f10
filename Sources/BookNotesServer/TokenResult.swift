import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax

/// A semantic-token result as sent: its id, its integers and each token's byte start
/// in the version it was computed for.
struct TokenResult: Sendable {
  var id: String
  var data: [UInt32]
  var starts: [Int]

  /// The full result for `tokens` (absolute, sorted).
  init(id: String, tokens: [SemanticToken], note: NoteDocument, encoding: PositionEncoding) {
    self.id = id
    data = TokenEncoder.encode(tokens, in: note, encoding: encoding)
    starts = tokens.map(\.start)
  }

  init(id: String, data: [UInt32], starts: [Int]) {
    self.id = id
    self.data = data
    self.starts = starts
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

  /// The result for `note`, given that only `region` changed since this one, and the
  /// edit that turns this result's integers into the new ones (`nil` when equal).
  ///
  /// Tokens before the region are kept as they are; the tokens of the region are
  /// computed (from `cache`, which reuses unchanged blocks) and encoded; after the
  /// region only the first token's position changes. The edit is then trimmed to
  /// the integers that really differ, comparing only inside the region.
  func updated(
    id newID: String, region: ChangedRegion, note: NoteDocument, cache: SemanticTokenCache,
    encoding: PositionEncoding
  ) -> (TokenResult, SemanticTokensEdit?) {
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

    var newData: [UInt32] = []
    newData.reserveCapacity(data.count - (replacedEnd - first) * 5 + chunk.count)
    newData.append(contentsOf: data[..<(first * 5)])
    newData.append(contentsOf: chunk)
    newData.append(contentsOf: data[(replacedEnd * 5)...])

    var newStarts: [Int] = []
    newStarts.reserveCapacity(starts.count - (after - first) + fresh.count)
    newStarts.append(contentsOf: starts[..<first])
    newStarts.append(contentsOf: fresh.lazy.map(\.start))
    let shift = region.shift
    newStarts.append(contentsOf: starts[after...].lazy.map { $0 + shift })

    let edit = Self.trimmedEdit(replacing: data[(first * 5)..<(replacedEnd * 5)], with: chunk[...])
    return (TokenResult(id: newID, data: newData, starts: newStarts), edit)
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
