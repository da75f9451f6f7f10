import NoteSyntax

/// The ids of many clozes of one region in time about linear in the region.
///
/// A cloze's front is its whole region with that cloze hidden, so hashing each front
/// afresh costs the region's length per cloze. Here the region is rendered once, every
/// cloze showing its answer, as the hash reads it (whitespace collapsed: ``Recording``),
/// and each front is hashed as the rendering before the cloze, its placeholder, then the
/// rendering after it: the hashes of the rendering's suffixes, each from the state its
/// front reaches there, come from one pass over it (``SuffixHashes``).
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
    // The rendering after each placeholder, from where the next cloze's front goes on.
    var hashes = entering
    let following = marks.indices.filter { marks[$0].next != nil }
    let suffixes = SuffixHashes.hashes(
      of: out, suffixes: following.map { (start: marks[$0].next!, state: entering[$0]) })
    for (index, hash) in zip(following, suffixes) { hashes[index] = hash }
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
