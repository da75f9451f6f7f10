import Locking

/// A value of one shard built on first use, under a lock (a second reader waits for
/// it rather than building it again), and replaced by an empty one whenever the shard
/// changes: the words → notes index for search (``ShardPostings``), the names side by
/// side for symbols (``ShardSymbols``).
final class ShardValue<Value: Sendable>: Sendable {
  private let built = Lock<Value?>(nil)

  /// The value, built by `make` the first time.
  func value(_ make: () -> Value) -> Value {
    built.withLock { built in
      if let built { return built }
      let value = make()
      built = value
      return value
    }
  }

  /// Forgets the value (only for a value no other snapshot can read).
  func clear() { built.withLock { $0 = nil } }
}

/// The words → notes index of one shard of the library (a posting list per word),
/// so that a search reads the lists of its words instead of every note's word table.
typealias ShardSearchIndex = ShardValue<ShardPostings>

extension ShardValue where Value == ShardPostings {
  /// The index of `notes` (the shard this index belongs to).
  func postings(of notes: [String: NoteBox]) -> ShardPostings { value { ShardPostings(notes) } }
}

/// A shard's notes and, per distinct word, the notes that use it with how often.
struct ShardPostings: Sendable {
  /// The shard's notes; postings refer to them by index.
  let boxes: [NoteBox]
  /// The bytes of all the shard's notes.
  let totalBytes: Int
  /// The shard's distinct words, sorted (their counts are not used).
  let words: TermTable
  /// Where each word's postings start in `notes` and `counts` (one more entry than
  /// words: the end).
  let starts: [UInt32]
  /// Per posting: the note (an index into `boxes`), in increasing order per word.
  let notes: [UInt32]
  /// Per posting: how often the note uses the word.
  let counts: [UInt16]
  /// What scoring and tag filters read of each note, side by side (so that a search
  /// matching most notes does not visit their summaries): its length in bytes,
  /// whether its first key is a title, its folded title and heading keys (where they
  /// start in `keyEnds`; their bytes and masks) and its folded tags.
  let byteCounts: [Int]
  let titled: [Bool]
  let keyStarts: [Int]
  let keyBytes: [UInt8]
  let keyEnds: [Int]
  let keyMasks: [UInt64]
  let tagStarts: [Int]
  let tags: [String]
  /// Per note: its word table, for its filter of adjacent word pairs.
  let terms: [TermTable]

  init(_ shard: [String: NoteBox]) {
    boxes = LibrarySnapshot.inPathOrder(shard)
    terms = boxes.map(\.summary.terms)
    var byteCounts: [Int] = []
    var titled: [Bool] = []
    var keyStarts: [Int] = [0]
    var keyBytes: [UInt8] = []
    var keyEnds: [Int] = []
    var keyMasks: [UInt64] = []
    var tagStarts: [Int] = [0]
    var tags: [String] = []
    for box in boxes {
      byteCounts.append(box.summary.byteCount)
      let hasTitle = box.summary.title != nil
      titled.append(hasTitle)
      let keys = box.summary.keys
      for index in 0..<((hasTitle ? 1 : 0) + box.summary.headings.count) {
        keyBytes += keys.key(at: index)
        keyEnds.append(keyBytes.count)
        keyMasks.append(keys.masks[index])
      }
      keyStarts.append(keyEnds.count)
      for use in box.summary.tags { tags.append(use.folded) }
      tagStarts.append(tags.count)
    }
    self.byteCounts = byteCounts
    self.titled = titled
    self.keyStarts = keyStarts
    self.keyBytes = keyBytes
    self.keyEnds = keyEnds
    self.keyMasks = keyMasks
    self.tagStarts = tagStarts
    self.tags = tags
    var bytes = 0
    // Every note's words get the id of the shard's word (first seen first).
    var builder = TermTableBuilder()
    var ids: [UInt32] = []
    var noteEnds: [Int] = []
    var wordCounts: [UInt16] = []
    for box in boxes {
      bytes += box.summary.byteCount
      let terms = box.summary.terms
      terms.bytes.withUnsafeBufferPointer { all in
        var start = 0
        for (index, end) in terms.ends.enumerated() {
          ids.append(UInt32(builder.add(UnsafeBufferPointer(rebasing: all[start..<Int(end)]))))
          wordCounts.append(terms.counts[index])
          start = Int(end)
        }
      }
      noteEnds.append(ids.count)
    }
    totalBytes = bytes
    let (table, rank) = builder.tableWithRanks()
    words = table
    var starts = [UInt32](repeating: 0, count: table.count + 1)
    for id in ids { starts[Int(rank[Int(id)]) + 1] += 1 }
    for index in 0..<table.count { starts[index + 1] += starts[index] }
    var next = starts
    var notes = [UInt32](repeating: 0, count: ids.count)
    var counts = [UInt16](repeating: 0, count: ids.count)
    var posting = 0
    for (note, end) in noteEnds.enumerated() {
      while posting < end {
        let word = Int(rank[Int(ids[posting])])
        notes[Int(next[word])] = UInt32(note)
        counts[Int(next[word])] = wordCounts[posting]
        next[word] += 1
        posting += 1
      }
    }
    self.starts = starts
    self.notes = notes
    self.counts = counts
  }

  /// Adds to `into[note * stride + offset]` how often each note uses `word` (words
  /// starting with it, for a prefix word).
  func addCounts(of word: SearchQuery.Word, into: inout [UInt32], stride: Int, offset: Int) {
    let range = words.indices(of: word.bytes, prefix: word.isPrefix)
    guard !range.isEmpty else { return }
    notes.withUnsafeBufferPointer { notes in
      counts.withUnsafeBufferPointer { counts in
        into.withUnsafeMutableBufferPointer { into in
          for posting in Int(starts[range.lowerBound])..<Int(starts[range.upperBound]) {
            into[Int(notes[posting]) * stride + offset] += UInt32(counts[posting])
          }
        }
      }
    }
  }
}
