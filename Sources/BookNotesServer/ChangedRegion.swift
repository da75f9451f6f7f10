import NoteSyntax

/// Where a note's tokens may differ from an earlier version's.
///
/// Bytes before `start` are the same in both versions, in the same blocks; the old
/// version's bytes from `oldEnd` on are the new version's from `newEnd` on, also in
/// the same blocks. Both ends are block starts (or the end of the text), so tokens
/// outside the region are the same tokens, shifted by `newEnd - oldEnd` after it.
struct ChangedRegion: Sendable, Equatable {
  var start: Int
  var oldEnd: Int
  var newEnd: Int

  init(start: Int, oldEnd: Int, newEnd: Int) {
    self.start = start
    self.oldEnd = oldEnd
    self.newEnd = newEnd
  }

  /// The region one incremental edit reparsed.
  init(_ summary: NoteDocument.EditSummary) {
    let delta = summary.insertedLength - summary.replacedRange.count
    start = summary.reparsed.lowerBound
    newEnd = summary.reparsed.upperBound
    oldEnd = newEnd - delta
  }

  /// How far bytes after the region moved.
  var shift: Int { newEnd - oldEnd }

  /// This region followed by `next`, whose old version is this region's new one.
  func followed(by next: ChangedRegion) -> ChangedRegion {
    let end = max(newEnd, next.oldEnd)
    return ChangedRegion(start: min(start, next.start), oldEnd: end - shift, newEnd: end + next.shift)
  }
}
