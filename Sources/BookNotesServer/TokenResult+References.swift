import LanguageServerProtocol
import NoteSyntax

/// The blocks outside an edit's region that may hold reference links, as regions to
/// compute again once the note's link reference definitions changed: adding or
/// removing a definition makes links of `[label]`s anywhere in the note, or text again.
///
/// `before` lies before the edit (where old and new positions agree), `after` after it,
/// in the new version's positions (the edit's region is replaced first); neighbouring
/// blocks are one region.
struct ReferenceRegions {
  var before: [ChangedRegion] = []
  var after: [ChangedRegion] = []

  init(note: NoteDocument, outside region: ChangedRegion) {
    note.tree.forEachBlock { block in
      guard block.mayHold(.referenceLink) || block.mayHold(.referenceImage) else { return }
      let range = block.range
      if range.upperBound <= region.start {
        Self.add(range, to: &before)
      } else if range.lowerBound >= region.newEnd {
        Self.add(range, to: &after)
      }
    }
  }

  private static func add(_ range: Swift.Range<Int>, to regions: inout [ChangedRegion]) {
    if let last = regions.last, last.newEnd == range.lowerBound {
      regions[regions.count - 1] = ChangedRegion(start: last.start, oldEnd: range.upperBound, newEnd: range.upperBound)
    } else {
      regions.append(ChangedRegion(start: range.lowerBound, oldEnd: range.upperBound, newEnd: range.upperBound))
    }
  }
}

/// Edits made one after another on an array of integers, each at its place in the array
/// as the earlier ones left it and each at or after the earlier ones' starts, said as
/// the protocol says a delta's edits: in order, apart, each at its place in the original
/// array. An edit that touches what an earlier one inserted is joined with it.
struct ComposedEdits {
  private(set) var edits: [SemanticTokensEdit] = []
  /// How many more integers the array holds after the edits so far than before them.
  private var growth = 0

  mutating func add(_ edit: SemanticTokensEdit?) {
    guard let edit else { return }
    let data = edit.data ?? []
    guard let last = edits.last else {
      edits.append(edit)
      growth = data.count - edit.deleteCount
      return
    }
    let lastData = last.data ?? []
    // Where the last edit's inserted integers are now.
    let lastStart = last.start + growth - (lastData.count - last.deleteCount)
    let lastEnd = lastStart + lastData.count
    growth += data.count - edit.deleteCount
    guard edit.start <= lastEnd else {
      edits.append(
        SemanticTokensEdit(
          start: edit.start - (growth - (data.count - edit.deleteCount)), deleteCount: edit.deleteCount,
          data: edit.data))
      return
    }
    // Joined: the last edit's old integers, and past them what the new edit deletes
    // beyond its inserted ones; the new edit's integers amid the last's.
    let lower = min(lastStart, edit.start)
    let upper = max(lastEnd, edit.start + edit.deleteCount)
    let head = edit.start > lastStart ? Array(lastData[0..<(edit.start - lastStart)]) : []
    let tailStart = edit.start + edit.deleteCount - lastStart
    let tail = tailStart < lastData.count ? Array(lastData[max(0, tailStart)...]) : []
    let deleted = last.deleteCount + (upper - lastEnd) + (lastStart - lower)
    let joined = head + data + tail
    edits[edits.count - 1] = SemanticTokensEdit(
      start: last.start - (lastStart - lower), deleteCount: deleted, data: joined.isEmpty ? nil : joined)
  }
}
