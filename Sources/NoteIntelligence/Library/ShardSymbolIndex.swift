/// The names of one shard's notes (titles, headings, questions, folded) side by side,
/// for workspace symbols: a query runs over one buffer per shard instead of visiting
/// every note's box. Built on first use, like the search index.
typealias ShardSymbolIndex = ShardValue<ShardSymbols>

extension ShardValue where Value == ShardSymbols {
  /// The names of `notes` (the shard this index belongs to).
  func symbols(of notes: [String: NoteBox]) -> ShardSymbols { value { ShardSymbols(notes) } }
}

/// A shard's notes and their names' keys, with, per key, its note and its index among
/// that note's keys.
struct ShardSymbols: Sendable {
  let boxes: [NoteBox]
  let keys: SymbolKeys
  /// Per key: its note (an index into `boxes`).
  let owners: [UInt32]
  /// Per key: its index among its note's keys.
  let slots: [UInt32]

  init(_ shard: [String: NoteBox]) {
    boxes = Array(shard.values)
    var keys = SymbolKeys()
    var owners: [UInt32] = []
    var slots: [UInt32] = []
    for (note, box) in boxes.enumerated() {
      let own = box.summary.keys
      keys.bytes += own.bytes
      let base = keys.ends.last ?? 0
      for index in 0..<own.count {
        keys.ends.append(base + own.ends[index])
        keys.masks.append(own.masks[index])
        owners.append(UInt32(note))
        slots.append(UInt32(index))
      }
    }
    self.keys = keys
    self.owners = owners
    self.slots = slots
  }
}
