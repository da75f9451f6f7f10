/// Something the framer found in the byte stream.
public enum FramerEvent: Sendable, Equatable {
  /// The body of one complete message.
  case message([UInt8])
  /// A corrupt header; the framer skipped to the next `Content-Length:` header.
  case error(String)
}

/// Splits a byte stream into `Content-Length`-framed message bodies.
///
/// Feed it chunks of any size with ``feed(_:)`` and drain ``next()`` until it
/// returns `nil`. A header block is a series of `Name: value\r\n` lines ended by an
/// empty line; only `Content-Length` matters (names are case-insensitive) and other
/// headers such as `Content-Type` are ignored. A header block without a valid
/// `Content-Length` produces one ``FramerEvent/error(_:)`` and the framer
/// resynchronises on the next `Content-Length:` in the stream.
public struct MessageFramer: Sendable {
  /// Bodies larger than this are treated as a corrupt header.
  public static let maximumBodySize = 256 * 1024 * 1024
  /// Header blocks longer than this are treated as corrupt.
  static let maximumHeaderSize = 64 * 1024
  /// Bodies from this size on get a buffer of their own, handed over whole.
  static let largeBodySize = 256 * 1024
  /// Room left after a large body for the bytes of the read that completes it.
  static let readAllowance = 64 * 1024

  private enum State: Sendable {
    case header
    case body(length: Int)
  }

  private var buffer: [UInt8] = []
  /// Index of the first unconsumed byte in `buffer`.
  private var start = 0
  private var state = State.header
  /// Set after an error: skip everything up to the next `Content-Length:`.
  private var resynchronising = false

  public init() {}

  /// What the stream left unfinished, when it ends now: a body shorter than its
  /// `Content-Length`, or a header block without its end; `nil` between messages.
  public var unfinished: String? {
    let pending = buffer.count - start
    switch state {
    case .body(let length):
      return "a message body of \(length) bytes ended after \(pending)"
    case .header:
      guard pending > 0, !resynchronising else { return nil }
      return "a header block ended after \(pending) bytes"
    }
  }

  /// Appends bytes read from the stream.
  public mutating func feed(_ bytes: some Collection<UInt8>) {
    if start > 0 && start >= buffer.count / 2 {
      buffer.removeSubrange(0..<start)
      start = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// The next complete event, or `nil` when more bytes are needed.
  public mutating func next() -> FramerEvent? {
    while true {
      switch state {
      case .body(let length):
        guard buffer.count - start >= length else { return nil }
        state = .header
        if start == 0 && length >= Self.largeBodySize {
          // The buffer was sized for this body: hand it over instead of copying it,
          // keeping only what follows (less than one read).
          let rest = Array(buffer[length...])
          buffer.removeSubrange(length...)
          let body = buffer
          buffer = rest
          return .message(body)
        }
        let body = Array(buffer[start..<start + length])
        start += length
        return .message(body)
      case .header:
        if resynchronising {
          guard let found = Self.find(Self.contentLengthName, in: buffer, from: start, caseInsensitive: true) else {
            // Keep the tail that could be the beginning of the header name.
            start = max(start, buffer.count - Self.contentLengthName.count + 1)
            return nil
          }
          start = found
          resynchronising = false
        }
        guard let end = Self.find(Self.headerTerminator, in: buffer, from: start, caseInsensitive: false) else {
          if buffer.count - start > Self.maximumHeaderSize {
            return fail("Header block longer than \(Self.maximumHeaderSize) bytes")
          }
          return nil
        }
        let header = buffer[start..<end]
        let headerEnd = end + Self.headerTerminator.count
        switch Self.contentLength(in: header) {
        case .success(let length):
          start = headerEnd
          state = .body(length: length)
          if length >= Self.largeBodySize && buffer.count - start < length {
            // Room for the whole body and one more read, so the buffer never grows by
            // doubling (which would hold two copies of a large note for a moment).
            var sized: [UInt8] = []
            sized.reserveCapacity(length + Self.readAllowance)
            sized.append(contentsOf: buffer[start...])
            buffer = sized
            start = 0
          }
        case .failure(let problem):
          // Restart at a `Content-Length:` after the offending line if the block has
          // one (garbage before a header); otherwise skip the whole block.
          if let restart = Self.find(
            Self.contentLengthName, in: buffer, from: problem.lineStart + 1, caseInsensitive: true),
            restart < end
          {
            start = restart
          } else {
            start = headerEnd
            resynchronising = true
          }
          return .error(problem.message)
        }
      }
    }
  }

  private mutating func fail(_ message: String) -> FramerEvent {
    // Skip at least one byte so the same corrupt header is not found again.
    start = min(buffer.count, start + 1)
    resynchronising = true
    return .error(message)
  }

  struct HeaderProblem: Error {
    let message: String
    /// Where the offending line starts (the block's start when a header is missing).
    let lineStart: Int
  }

  private static let contentLengthName = Array("content-length:".utf8)
  private static let headerTerminator: [UInt8] = [13, 10, 13, 10]

  /// Parses the `Content-Length` of a header block (without the final blank line).
  static func contentLength(in header: ArraySlice<UInt8>) -> Result<Int, HeaderProblem> {
    var length: Int?
    var lineStart = header.startIndex
    while lineStart < header.endIndex {
      var lineEnd = lineStart
      while lineEnd < header.endIndex && header[lineEnd] != 13 && header[lineEnd] != 10 { lineEnd += 1 }
      let line = header[lineStart..<lineEnd]
      let thisLine = lineStart
      lineStart = lineEnd
      while lineStart < header.endIndex && (header[lineStart] == 13 || header[lineStart] == 10) { lineStart += 1 }
      if line.isEmpty { continue }
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
        return .failure(HeaderProblem(message: "Malformed header line '\(describe(line))'", lineStart: thisLine))
      }
      let name = line[line.startIndex..<colon]
      guard equalsIgnoringCase(name, contentLengthName.dropLast()) else { continue }
      let value = trimmed(line[(colon + 1)...])
      guard !value.isEmpty, value.count <= 10, value.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
        return .failure(HeaderProblem(message: "Non-numeric Content-Length '\(describe(value))'", lineStart: thisLine))
      }
      let number = value.reduce(0) { $0 * 10 + Int($1 - 48) }
      guard number <= maximumBodySize else {
        return .failure(
          HeaderProblem(
            message: "Content-Length \(number) exceeds the limit of \(maximumBodySize) bytes", lineStart: thisLine))
      }
      length = number
    }
    guard let length else {
      return .failure(HeaderProblem(message: "Missing Content-Length header", lineStart: header.startIndex))
    }
    return .success(length)
  }

  private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var result = bytes
    while let first = result.first, first == 32 || first == 9 { result.removeFirst() }
    while let last = result.last, last == 32 || last == 9 { result.removeLast() }
    return result
  }

  private static func describe(_ bytes: ArraySlice<UInt8>) -> String {
    String(decoding: bytes.prefix(80), as: UTF8.self)
  }

  private static func lowercased(_ byte: UInt8) -> UInt8 {
    byte >= 65 && byte <= 90 ? byte + 32 : byte
  }

  private static func equalsIgnoringCase(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { lowercased($0) == $1 }
  }

  /// The index of the first occurrence of `needle` in `haystack[from...]`.
  private static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int, caseInsensitive: Bool) -> Int? {
    guard haystack.count - from >= needle.count else { return nil }
    let first = needle[0]
    var index = from
    let last = haystack.count - needle.count
    while index <= last {
      let byte = caseInsensitive ? lowercased(haystack[index]) : haystack[index]
      if byte == first {
        var matched = true
        for offset in 1..<needle.count {
          let candidate = caseInsensitive ? lowercased(haystack[index + offset]) : haystack[index + offset]
          if candidate != needle[offset] {
            matched = false
            break
          }
        }
        if matched { return index }
      }
      index += 1
    }
    return nil
  }
}
