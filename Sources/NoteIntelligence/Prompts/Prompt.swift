/// The kind of a review prompt.
public enum PromptKind: String, Sendable, CaseIterable {
  case quote
  case cloze
  case qa
}

/// One review prompt: a card with a front and a back.
public struct Prompt: Sendable, Hashable {
  /// Stable: derived from the kind and the card's text only, so edits elsewhere in the
  /// note keep it; repeated identical cards get `-2`, `-3`, … in document order.
  public var id: String
  public var kind: PromptKind
  /// 0-based line where the prompt starts.
  public var line: Int
  /// UTF-8 byte range of the quote, cloze or question-and-answer pair.
  public var range: Range<Int>
  /// The note's title (``noteTitle(of:path:)``), if it has one.
  public var book: String?
  public var front: String
  public var back: String
  /// A cloze's paragraph with the cloze as `{{c1::answer::hint}}` (`{{c1::answer}}`
  /// without a hint) and other clozes showing their answers: Anki's Cloze note type.
  public var clozeMarkup: String?

  public init(
    id: String, kind: PromptKind, line: Int, range: Range<Int>, book: String?, front: String, back: String,
    clozeMarkup: String? = nil
  ) {
    self.id = id
    self.kind = kind
    self.line = line
    self.range = range
    self.book = book
    self.front = front
    self.back = back
    self.clozeMarkup = clozeMarkup
  }
}

/// The 64-bit FNV-1a hash, over bytes added one at a time.
struct FNV1a {
  static let prime: UInt64 = 0x0000_0100_0000_01b3

  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  /// The hash of nothing.
  init() {}

  /// The hash whose state is `value`.
  init(value: UInt64) { self.value = value }

  /// The hash as 16 lowercase hex digits.
  static func hex(_ bytes: some Sequence<UInt8>) -> String {
    var hash = FNV1a()
    for byte in bytes { hash.add(byte) }
    return PromptID(hash: hash.value).description
  }

  mutating func add(_ byte: UInt8) {
    value ^= UInt64(byte)
    value = value &* Self.prime
  }

  /// Adds bytes as they are.
  mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
    for byte in bytes { add(byte) }
  }

  mutating func add(_ text: String) {
    var text = text
    text.withUTF8 { for byte in $0 { add(byte) } }
  }

  /// Adds `text` as ``Swift/String/collapsingWhitespace`` reads it: runs of spaces, tabs
  /// and line breaks as one space, none at either end.
  mutating func addCollapsingWhitespace(_ text: String) {
    var text = text
    var collapsing = Collapsing()
    text.withUTF8 { add($0, &collapsing) }
  }

  /// Where a text added in pieces is in collapsing its whitespace: whether a byte
  /// other than a space was added yet, and whether a space waits for the next one.
  struct Collapsing {
    var started = false
    var pendingSpace = false
  }

  /// A hash taking a text in pieces, its whitespace collapsed.
  struct Stream {
    var hash: FNV1a
    var collapsing = Collapsing()
    /// When set, what would be hashed is recorded there instead (``ClozeHashes``).
    var recording: Recording?

    init(_ hash: FNV1a) { self.hash = hash }

    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
      if recording != nil { return recording!.add(bytes, &collapsing) }
      hash.add(bytes, &collapsing)
    }

    /// A space between pieces: one byte of whitespace.
    mutating func addSpace() {
      if recording != nil { return recording!.addSpace(&collapsing) }
      collapsing.pendingSpace = collapsing.started
    }

    /// Around the answer of a cloze that shows it: where the rendering is, when recorded.
    mutating func beginCloze(_ range: Range<Int>) { recording?.beginCloze(range, collapsing) }
    mutating func endCloze() { recording?.endCloze() }
  }

  /// Adds a piece of a text as ``addCollapsingWhitespace(_:)`` adds a whole one.
  mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, _ collapsing: inout Collapsing) {
    for byte in bytes {
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        collapsing.pendingSpace = collapsing.started
      } else {
        if collapsing.pendingSpace { add(0x20) }
        collapsing.pendingSpace = false
        collapsing.started = true
        add(byte)
      }
    }
  }
}
