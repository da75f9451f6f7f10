import NoteSyntax

/// The ids of many clozes of one region in time linear in the region.
///
/// A cloze's front is its whole region with that cloze hidden, so hashing each front
/// afresh costs the region's length per cloze. Here the region is rendered once, every
/// cloze showing its answer, as the hash reads it (whitespace collapsed: ``Recording``),
/// and each front is hashed as the rendering before the cloze, its placeholder, then the
/// rendering after it, which is the same for every front that hides an earlier cloze.
///
/// FNV-1a's step `h → (h ^ byte) · prime` changes the low byte of `h` according to the low
/// byte alone, so a text's hash from any state `h` is `(h − l) · primeⁿ + T[l]`, `l` the
/// low byte of `h`, `n` the text's length and `T` the hashes of the text from the 256
/// states `0…255` (``SuffixMap``). The maps of the rendering's suffixes are composed
/// from its end, a segment at a time: 256 steps a byte in all, whatever the clozes.
enum ClozeHashes {
  /// From this many clozes in a region on, their ids are hashed from one rendering;
  /// below it, rendering the region once a cloze costs less.
  static let linearFrom = 48

  /// The hashes (``Prompts/idHash(kind:front:back:)``) of `clozes`, the well-formed
  /// clozes of `region` in order, rendered by `renderer` (no placeholder of its own);
  /// `nil` when the rendering does not show each of them as a cloze (one in a link's
  /// text is text): each is then hashed from its own rendering.
  static func hashes(of clozes: [SyntaxNode], in region: InlineRegion, _ doc: NoteDocument, renderer: inout InlineText)
    -> [UInt64]?
  {
    renderer.hiddenCloze = nil
    var stream = FNV1a.Stream(FNV1a())
    stream.recording = FNV1a.Recording()
    renderer.hashing = stream
    renderer.renderBytes(region.nodes)
    guard let recording = renderer.hashing?.recording else { return nil }
    renderer.hashing = nil
    let marks = recording.clozes
    guard marks.count == clozes.count, zip(marks, clozes).allSatisfy({ $0.range == $1.range }) else { return nil }
    let out = recording.bytes

    var kind = FNV1a()
    kind.add(PromptKind.cloze.rawValue)
    kind.add(0x1F)
    // Each front up to what follows its placeholder: the rendering before the cloze (the
    // hash run on from one cloze to the next), then the placeholder.
    var entering: [UInt64] = []
    entering.reserveCapacity(marks.count)
    var running = kind
    var position = 0
    for (mark, cloze) in zip(marks, clozes) {
      out.withUnsafeBufferPointer { running.add(UnsafeBufferPointer(rebasing: $0[position..<mark.start])) }
      position = mark.start
      var front = running
      var collapsing = FNV1a.Collapsing(started: mark.started, pendingSpace: mark.pendingSpace)
      placeholder(of: cloze, doc) { front.add($0, &collapsing) }
      if mark.next != nil && mark.spaced { front.add(0x20) }
      entering.append(front.value)
    }
    // The rendering after each placeholder, from the last cloze's to the first's.
    var hashes = entering
    var map = SuffixMap()
    var mapStart = out.count
    for index in marks.indices.reversed() {
      guard let next = marks[index].next else { continue }
      if next < mapStart {
        map = SuffixMap(out[next..<mapStart]).followed(by: map)
        mapStart = next
      }
      if next > mapStart {
        // A later cloze's suffix starts before this one's (never in order); hashed directly.
        var hash = FNV1a(value: entering[index])
        out.withUnsafeBufferPointer { hash.add(UnsafeBufferPointer(rebasing: $0[next...])) }
        hashes[index] = hash.value
      } else {
        hashes[index] = map.apply(to: entering[index])
      }
    }
    for (index, cloze) in clozes.enumerated() {
      var hash = FNV1a(value: hashes[index])
      hash.add(0x1F)
      var collapsing = FNV1a.Collapsing()
      if let answer = cloze.child(.clozeAnswer) {
        doc.text.forEachPiece(of: answer.range) { hash.add($0, &collapsing) }
      }
      hashes[index] = hash.value
    }
    return hashes
  }

  /// The bytes `InlineText` shows in place of a hidden cloze: `[hint]`, or `[...]`.
  private static func placeholder(
    of cloze: SyntaxNode, _ doc: NoteDocument, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    func raw(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { body($0) } }
    if let hint = cloze.child(.clozeHint), !hint.range.isEmpty {
      raw([0x5B])
      doc.text.forEachPiece(of: hint.range) { body($0) }
      raw([0x5D])
    } else {
      raw(Array("[...]".utf8))
    }
  }

  /// A text's FNV-1a hash from any state: `(h − l) · power + table[l]`, `l = h & 0xFF`.
  struct SuffixMap {
    var power: UInt64 = 1
    var table: [UInt64] = (0..<256).map { UInt64($0) }

    /// The map of the empty text.
    init() {}

    /// The map of `bytes`: the hash run from each of the 256 low bytes.
    init(_ bytes: ArraySlice<UInt8>) {
      table.withUnsafeMutableBufferPointer { table in
        for byte in bytes {
          let value = UInt64(byte)
          for index in 0..<256 { table[index] = (table[index] ^ value) &* FNV1a.prime }
          power = power &* FNV1a.prime
        }
      }
    }

    /// The map of this text followed by `next`'s.
    func followed(by next: SuffixMap) -> SuffixMap {
      var result = SuffixMap()
      result.power = power &* next.power
      for index in 0..<256 {
        let value = table[index]
        let low = value & 0xFF
        result.table[index] = (value &- low) &* next.power &+ next.table[Int(low)]
      }
      return result
    }

    /// The hash of the text from state `hash`.
    func apply(to hash: UInt64) -> UInt64 {
      let low = hash & 0xFF
      return (hash &- low) &* power &+ table[Int(low)]
    }
  }
}

extension FNV1a {
  /// What a ``Stream`` would hash, recorded instead: the bytes it would add (whitespace
  /// collapsed), and for each cloze whose answer it shows, where the answer starts and
  /// the first byte after it that is not a space.
  struct Recording {
    struct Cloze {
      var range: Range<Int>
      /// Where the rendering is when the cloze starts, and how its whitespace stands.
      var start: Int
      var started: Bool
      var pendingSpace: Bool
      /// The first byte other than a space after the cloze, if any.
      var next: Int?
      /// Whether whitespace came between the cloze and `next`.
      var spaced = false
    }

    private(set) var bytes: [UInt8] = []
    private(set) var clozes: [Cloze] = []
    /// The clozes whose `next` is not known yet.
    private var awaiting: [Int] = []

    mutating func add(_ piece: UnsafeBufferPointer<UInt8>, _ collapsing: inout Collapsing) {
      for byte in piece {
        if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
          addSpace(&collapsing)
        } else {
          if collapsing.pendingSpace { bytes.append(0x20) }
          collapsing.pendingSpace = false
          collapsing.started = true
          if !awaiting.isEmpty {
            for index in awaiting { clozes[index].next = bytes.count }
            awaiting.removeAll()
          }
          bytes.append(byte)
        }
      }
    }

    mutating func addSpace(_ collapsing: inout Collapsing) {
      collapsing.pendingSpace = collapsing.started
      for index in awaiting { clozes[index].spaced = true }
    }

    mutating func beginCloze(_ range: Range<Int>, _ collapsing: Collapsing) {
      clozes.append(
        Cloze(range: range, start: bytes.count, started: collapsing.started, pendingSpace: collapsing.pendingSpace))
    }

    /// After the cloze's answer: what follows decides its `next` and `spaced`.
    mutating func endCloze() {
      // The clozes awaiting a byte before this one's answer saw none in it either; their
      // whitespace so far is theirs still.
      awaiting.append(clozes.count - 1)
    }
  }
}
