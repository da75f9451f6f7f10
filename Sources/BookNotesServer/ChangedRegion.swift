import NoteSyntax

/// Where a note's tokens may differ from an earlier version's.
///
/// Bytes before `start` are the same in both versions, in the same blocks; the old
/// version's bytes from `oldEnd` on are the new version's from `newEnd` on, also in
/// the same blocks. Both ends are block starts (or the end of the text), so tokens
/// outside the region are the same tokens, shifted by `newEnd - oldEnd` after it.
///
/// Inside the region, the bytes the edits changed: those before `editStart` are the
/// same in both versions, and the old version's bytes from `editNewEnd - shift` on are
/// the new version's from `editNewEnd` on. A token of the region wholly outside them
/// that is found again unchanged keeps its integers (``TokenResult``).
struct ChangedRegion: Sendable, Equatable {
  var start: Int
  var oldEnd: Int
  var newEnd: Int
  var editStart: Int
  var editNewEnd: Int

  /// A region whose bytes may all have changed.
  init(start: Int, oldEnd: Int, newEnd: Int) {
    self.init(start: start, oldEnd: oldEnd, newEnd: newEnd, editStart: start, editNewEnd: newEnd)
  }

  init(start: Int, oldEnd: Int, newEnd: Int, editStart: Int, editNewEnd: Int) {
    self.start = start
    self.oldEnd = oldEnd
    self.newEnd = newEnd
    self.editStart = editStart
    self.editNewEnd = editNewEnd
  }

  /// The region one incremental edit reparsed, and the bytes it replaced.
  init(_ summary: NoteDocument.EditSummary) {
    let delta = summary.insertedLength - summary.replacedRange.count
    start = summary.reparsed.lowerBound
    newEnd = summary.reparsed.upperBound
    oldEnd = newEnd - delta
    editStart = summary.replacedRange.lowerBound
    editNewEnd = summary.replacedRange.lowerBound + summary.insertedLength
  }

  /// How far bytes after the region moved.
  var shift: Int { newEnd - oldEnd }

  /// This region followed by `next`, whose old version is this region's new one.
  ///
  /// The same rule joins the regions and the edits' bytes: what lies before both starts
  /// is the same in all three versions, and what lies after both ends (this one's moved
  /// by `next`) was only moved.
  func followed(by next: ChangedRegion) -> ChangedRegion {
    let end = max(newEnd, next.oldEnd)
    let editEnd = max(editNewEnd + next.shift, next.editNewEnd)
    return ChangedRegion(
      start: min(start, next.start), oldEnd: end - shift, newEnd: end + next.shift,
      editStart: min(editStart, next.editStart), editNewEnd: editEnd)
  }
}
