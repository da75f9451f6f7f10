package import NoteIntelligence

/// Appends little-endian integers and length-prefixed bytes.
package struct ArchiveWriter {
  package var bytes: [UInt8]

  package init(bytes: [UInt8]) { self.bytes = bytes }

  package mutating func int(_ value: Int) {
    // Variable length: 7 bits a byte, zig-zag for negatives.
    var v = UInt64(bitPattern: Int64((value << 1) ^ (value >> 63)))
    while v >= 0x80 {
      bytes.append(UInt8(v & 0x7F) | 0x80)
      v >>= 7
    }
    bytes.append(UInt8(v))
  }

  package mutating func bytes(_ value: [UInt8]) {
    int(value.count)
    bytes += value
  }

  package mutating func string(_ value: String) { bytes(Array(value.utf8)) }

  package mutating func optionalString(_ value: String?) {
    if let value {
      int(1)
      string(value)
    } else {
      int(0)
    }
  }

  package mutating func strings(_ values: [String]) {
    int(values.count)
    for value in values { string(value) }
  }

  package mutating func array<T: FixedWidthInteger>(_ values: [T]) {
    int(values.count)
    for value in values {
      withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
  }

  package mutating func point(_ point: NotePoint) {
    int(Int(point.line))
    int(Int(point.utf8))
    int(Int(point.utf16))
    int(Int(point.utf32))
  }

  package mutating func span(_ span: NoteSpan) {
    int(span.bytes.lowerBound)
    int(span.bytes.count)
    point(span.start)
    point(span.end)
  }

  package mutating func optionalSpan(_ span: NoteSpan?) {
    if let span {
      int(1)
      self.span(span)
    } else {
      int(0)
    }
  }
}

/// Reads what ``ArchiveWriter`` writes, checking every length against the buffer.
package struct ArchiveReader {
  package let buffer: UnsafeRawBufferPointer
  package var offset: Int

  package init(buffer: UnsafeRawBufferPointer, offset: Int) {
    self.buffer = buffer
    self.offset = offset
  }

  var corrupt: SummaryArchive.Corrupt { SummaryArchive.Corrupt(offset: offset) }

  /// Inlined where it is read (a review reads a million of them); the numbers of more
  /// than a byte are read out of line.
  @inline(__always)
  package mutating func int() throws(SummaryArchive.Corrupt) -> Int {
    // Most numbers fit in one byte.
    if offset < buffer.count, buffer[offset] < 0x80 {
      let byte = Int(buffer[offset])
      offset += 1
      return (byte >> 1) ^ -(byte & 1)
    }
    return try longInt()
  }

  @inline(never)
  private mutating func longInt() throws(SummaryArchive.Corrupt) -> Int {
    var result: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      guard offset < buffer.count, shift < 64 else { throw corrupt }
      let byte = buffer[offset]
      offset += 1
      result |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { break }
      shift += 7
    }
    // Zig-zag undone on the unsigned value, so that the top bit is kept.
    return Int(Int64(bitPattern: result >> 1) ^ -Int64(bitPattern: result & 1))
  }

  /// A count of elements: not negative and not more than the bytes left.
  package mutating func count() throws(SummaryArchive.Corrupt) -> Int {
    let value = try int()
    guard value >= 0, value <= buffer.count - offset else { throw corrupt }
    return value
  }

  package mutating func bytes() throws(SummaryArchive.Corrupt) -> [UInt8] {
    let length = try count()
    defer { offset += length }
    return Array(UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + length)]))
  }

  package mutating func skipBytes() throws(SummaryArchive.Corrupt) {
    offset += try count()
  }

  package mutating func skipOptionalBytes() throws(SummaryArchive.Corrupt) {
    if try int() == 1 { try skipBytes() }
  }

  package mutating func skipSpan() throws(SummaryArchive.Corrupt) {
    for _ in 0..<10 { _ = try int() }  // start, length, two points of four
  }

  package mutating func skipArray<T: FixedWidthInteger>(_ type: T.Type) throws(SummaryArchive.Corrupt) {
    let count = try count()
    guard count <= (buffer.count - offset) / MemoryLayout<T>.size else { throw corrupt }
    offset += count * MemoryLayout<T>.size
  }

  package mutating func string() throws(SummaryArchive.Corrupt) -> String {
    let length = try count()
    defer { offset += length }
    let raw = UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + length)])
    // Decoding repairs invalid UTF-8 (and so changes its length); unlike
    // `String(validating:as:)` it takes no generic path per call.
    let text = String(decoding: raw.bindMemory(to: UInt8.self), as: UTF8.self)
    guard text.utf8.count == length else { throw corrupt }
    return text
  }

  package mutating func optionalString() throws(SummaryArchive.Corrupt) -> String? {
    try int() == 1 ? try string() : nil
  }

  package mutating func strings() throws(SummaryArchive.Corrupt) -> [String] {
    var result: [String] = []
    for _ in 0..<(try count()) { result.append(try string()) }
    return result
  }

  package mutating func array<T: FixedWidthInteger>(_ type: T.Type) throws(SummaryArchive.Corrupt) -> [T] {
    let count = try count()
    let size = MemoryLayout<T>.size
    guard count <= (buffer.count - offset) / size else { throw corrupt }
    // An empty array made with `unsafeUninitializedCapacity` would write to the
    // storage every empty array shares.
    guard count > 0 else { return [] }
    let source = UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + count * size)])
    let result = [T](unsafeUninitializedCapacity: count) { elements, initialized in
      UnsafeMutableRawBufferPointer(elements).copyMemory(from: source)
      initialized = count
    }
    offset += count * size
    #if _endian(big)
      return result.map { T(littleEndian: $0) }
    #else
      return result
    #endif
  }

  package mutating func point() throws(SummaryArchive.Corrupt) -> NotePoint {
    NotePoint(line: try int(), utf8: try int(), utf16: try int(), utf32: try int())
  }

  package mutating func span() throws(SummaryArchive.Corrupt) -> NoteSpan {
    let lower = try int()
    let length = try int()
    guard lower >= 0, length >= 0, length <= Int.max - lower else { throw corrupt }
    return NoteSpan(bytes: lower..<(lower + length), start: try point(), end: try point())
  }

  package mutating func optionalSpan() throws(SummaryArchive.Corrupt) -> NoteSpan? {
    try int() == 1 ? try span() : nil
  }
}
