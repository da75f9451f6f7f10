/// The names of one shard's notes (titles, headings, questions, folded) side by side,
/// for workspace symbols: a query runs over one buffer per shard instead of visiting
/// every note's box. Built on first use, like the search index.
typealias ShardSymbolIndex = ShardValue<ShardSymbols>

extension ShardValue where Value == ShardSymbols {
  /// The names of `notes` (the shard this index belongs to).
  func symbols(of notes: [String: NoteBox]) -> ShardSymbols { value { ShardSymbols(notes) } }
}

/// A shard's notes and their names' keys, with, per key, its note, what it names and
/// the name as written: a query matches, classifies and ranks names without visiting
/// their notes.
struct ShardSymbols: Sendable {
  let boxes: [NoteBox]
  let keys: SymbolKeys
  /// Per key: its note (an index into `boxes`).
  let owners: [UInt32]
  /// Per key: what it names (``LibrarySymbol/Kind``'s raw value), or ``skipped`` for a
  /// heading that is its note's title (the title's key stands for it).
  let kinds: [UInt8]
  /// Per key: the heading's or question's index in its note (0 for a title).
  let items: [UInt32]
  /// The names as written, in UTF-8, side by side (ranking reads them in place).
  let names: NameBytes
  /// Per key: where its name ends in `names`.
  let nameEnds: [UInt32]

  static let skipped = UInt8.max

  /// The name of key `index`, in place: valid while this value lives.
  func name(at index: Int) -> UnsafeBufferPointer<UInt8> {
    let start = index == 0 ? 0 : Int(nameEnds[index - 1])
    return UnsafeBufferPointer(rebasing: names.buffer[start..<Int(nameEnds[index])])
  }

  init(_ shard: [String: NoteBox]) {
    boxes = LibrarySnapshot.inPathOrder(shard)
    var keys = SymbolKeys()
    var owners: [UInt32] = []
    var kinds: [UInt8] = []
    var items: [UInt32] = []
    var names: [UInt8] = []
    var nameEnds: [UInt32] = []
    for (note, box) in boxes.enumerated() {
      let summary = box.summary
      let own = summary.keys
      keys.bytes += own.bytes
      let base = keys.ends.last ?? 0
      for index in 0..<own.count {
        keys.ends.append(base + own.ends[index])
        keys.masks.append(own.masks[index])
      }
      // The keys' order (``NoteSummary``): the title, the headings, the questions. A
      // key without a name (keys and names read back from a damaged cache disagree)
      // is never shown.
      var named: [(name: String, kind: LibrarySymbol.Kind?, item: Int)] = []
      if let title = summary.title { named.append((title, .book, 0)) }
      for item in summary.headings.indices {
        let kind = LibrarySnapshot.headingKind(summary, item)
        named.append((summary.headings[item].text, kind == .book ? nil : kind, item))
      }
      for item in summary.questions.indices { named.append((summary.questions[item].text, .question, item)) }
      for index in 0..<own.count {
        let entry = index < named.count ? named[index] : (name: "", kind: nil, item: 0)
        owners.append(UInt32(note))
        kinds.append(entry.kind.map { UInt8($0.rawValue) } ?? Self.skipped)
        items.append(UInt32(entry.item))
        names += entry.name.utf8
        nameEnds.append(UInt32(names.count))
      }
    }
    self.keys = keys
    self.owners = owners
    self.kinds = kinds
    self.items = items
    self.names = NameBytes(names)
    self.nameEnds = nameEnds
  }
}

/// Bytes that stay where they are for as long as this object lives, so that a query
/// can hold pointers into them.
final class NameBytes: @unchecked Sendable {
  let buffer: UnsafeBufferPointer<UInt8>

  init(_ bytes: [UInt8]) {
    let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
    _ = storage.initialize(from: bytes)
    buffer = UnsafeBufferPointer(rebasing: storage[0..<bytes.count])
  }

  deinit { buffer.baseAddress.map { UnsafeMutablePointer(mutating: $0).deallocate() } }
}
