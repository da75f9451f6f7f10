/// A region whose end is found as the parse reads (a large paragraph's text), and the
/// searches that read inside it.
extension InlineParser {
  /// How far a region is known to extend. Given (`known`), or found line by line (a
  /// large paragraph's text): it goes on over a line break unless the next line ends
  /// the paragraph (``LineMarkers/endsParagraph(_:at:)``).
  struct Region {
    let streaming: Bool
    /// Whether the region ends at the first line break (a quote line's text).
    let lineOnly: Bool
    /// The text before this position is inside the region; once `ended`, its end.
    var verified: Int
    var ended: Bool
    /// One past the furthest byte read (by searches too).
    var reach: Int

    init(known end: Int) {
      streaming = false
      lineOnly = false
      verified = end
      ended = true
      reach = end
    }

    init(streamingFrom start: Int, lineOnly: Bool) {
      streaming = true
      self.lineOnly = lineOnly
      verified = start
      ended = false
      reach = start
    }

    /// A position past `x` up to which the text is inside the region, or its end.
    @inline(__always)
    mutating func bound(after x: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
      while !ended && verified <= x { extend(bytes, past: x) }
      return verified
    }

    /// Reads on to the next line break, or past `x` in steps of `Pieces.regionStep`
    /// bytes (one scan for all of them: the same end and reach as one step at a time).
    private mutating func extend(_ bytes: UnsafeBufferPointer<UInt8>, past x: Int) {
      let bufferEnd = bytes.count
      let stepEnd = min(bufferEnd, verified + ((x - verified) / Pieces.regionStep + 1) * Pieces.regionStep)
      let lineBreak = ByteScan.lineBreak(bytes, from: verified, to: stepEnd)
      if lineBreak == stepEnd {
        verified = stepEnd
        reach = max(reach, stepEnd + 1)
        if stepEnd == bufferEnd { ended = true }
        return
      }
      if lineOnly {
        reach = max(reach, lineBreak + 1)
        verified = lineBreak
        ended = true
        return
      }
      var next = lineBreak + 1
      if bytes[lineBreak] == ByteClass.cr && next < bufferEnd && bytes[next] == ByteClass.lf { next += 1 }
      reach = max(reach, next + 1)
      if next >= bufferEnd {
        verified = lineBreak
        ended = true
        return
      }
      let (ends, examined) = LineMarkers.endsParagraph(bytes, at: next)
      reach = max(reach, examined)
      if ends {
        verified = lineBreak
        ended = true
      } else {
        verified = next
      }
    }
  }

  /// The first match of `search` from `start` inside a region found as it goes, or the
  /// buffer's end when there is none before the region's end or `horizon` (from where
  /// none is known to lie).
  @inline(__always)
  static func find(
    _ search: inout ForwardSearch, _ region: inout Region, _ bytes: UnsafeBufferPointer<UInt8>, from start: Int,
    horizon: Int, bytes first: UInt8, _ second: UInt8, _ matches: (Int) -> Bool
  ) -> Int {
    var from = start
    while from < horizon {
      // Each round finds the region's end as far ahead as the search has gone (a closer
      // looked for to the end of a large paragraph takes a few dozen rounds, not one
      // per `Pieces.regionStep` bytes).
      let bound = region.bound(after: min(from + (from - start), horizon), bytes)
      let end = min(bound, horizon)
      let found = search.find(in: bytes, from: from, end: end, bytes: first, second, matches)
      if found < end {
        region.reach = max(region.reach, found + 2)
        return found
      }
      if region.ended { break }
      from = end
    }
    return bytes.count
  }
}
