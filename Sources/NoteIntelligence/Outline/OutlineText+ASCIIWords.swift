extension OutlineText {
  /// ``firstWords(of:truncated:maxWords:maxBytes:)`` of a text whose first
  /// `maxBytes + 2` bytes are words one space apart, with no space at either end and no
  /// byte beyond ASCII next to a space (each space is then a character of its own): the
  /// words taken end at a space, found eight bytes at a time, and the name is their
  /// bytes. `nil` for any other text (the byte-by-byte paths take it). Most names are
  /// such a text, cut from a rendering.
  static func asciiFirstWords(of bytes: UnsafeBufferPointer<UInt8>, truncated: Bool, maxWords: Int, maxBytes: Int)
    -> String?
  {
    asciiFirstWordsCut(of: bytes, truncated: truncated, maxWords: maxWords, maxBytes: maxBytes).map {
      name(UnsafeBufferPointer(rebasing: bytes[$0.words]), more: $0.more)
    }
  }

  /// Where ``asciiFirstWords(of:truncated:maxWords:maxBytes:)`` cuts `bytes`: the words
  /// taken, and whether ` …` follows them.
  static func asciiFirstWordsCut(of bytes: UnsafeBufferPointer<UInt8>, truncated: Bool, maxWords: Int, maxBytes: Int)
    -> (words: Range<Int>, more: Bool)?
  {
    guard let base = bytes.baseAddress, bytes.count > 0, maxWords > 0 else { return nil }
    let count = bytes.count
    guard base[0] != 0x20 && base[count - 1] != 0x20 else { return nil }
    // Every space a byte-by-byte reading passes, and the byte after it, lies in here.
    let scan = maxBytes >= count - 2 ? count : maxBytes + 2
    let raw = UnsafeRawPointer(base)
    var taken = 0
    var takenEnd = 0
    var previousEnd = 0
    // Whether a word that does not fit was reached.
    var stopped = false
    var edge = SpaceEdge()
    var offset = 0
    while offset < scan && !stopped {
      guard var spaces = edge.spaces(raw, at: offset, end: scan) else { return nil }
      if spaces & (spaces >> 8) != 0 || (edge.spaceBefore && spaces & 0x80 != 0) { return nil }
      edge.pass(spaces)
      while spaces != 0 {
        // A space at `end` ends the next word.
        let end = offset + spaces.trailingZeroBitCount / 8
        spaces &= spaces &- 1
        guard taken < maxWords && end <= maxBytes else {
          stopped = true
          break
        }
        previousEnd = takenEnd
        takenEnd = end
        taken += 1
      }
      offset += 8
    }
    // The last word, when every space before it was passed and it fits.
    if !stopped && scan == count && taken < maxWords && count <= maxBytes {
      previousEnd = takenEnd
      takenEnd = count
      taken += 1
    }
    let allTaken = takenEnd == count
    // The last word of a cut text may be cut too.
    if truncated && allTaken && taken > 1 {
      taken -= 1
      takenEnd = previousEnd
    }
    // A first word longer than the limit is cut by another path.
    guard taken > 0 else { return nil }
    return (0..<takenEnd, truncated || takenEnd < count)
  }

  /// `words` as a string, with ` …` when `more`: written into the string's own storage,
  /// one allocation and no byte array.
  static func name(_ words: UnsafeBufferPointer<UInt8>, more: Bool) -> String {
    let length = words.count
    return String(unsafeUninitializedCapacity: length + (more ? 4 : 0)) { name in
      guard let target = name.baseAddress else { return 0 }
      if let source = words.baseAddress { target.update(from: source, count: length) }
      guard more else { return length }
      // ` …`
      target[length] = 0x20
      target[length + 1] = 0xE2
      target[length + 2] = 0x80
      target[length + 3] = 0xA6
      return length + 4
    }
  }
}
