/// The cache file (its version is `IndexCache.version`):
///
/// ```
/// header     "BNIDX", version (u32), fingerprint (string), note count (u32), the
///            lengths of the four sections (u64 each), a checksum of the first three
///            sections and one of the words (u64 each)
/// notes      per note, sorted by path: path, size, modification time (the stamp
///            checked against the file); then per note where its structure ends in
///            `structure` and where its words end in `words` (u64 each)
/// tables     the library's tag table, tag totals and book index over these notes
///            (``LibraryTables``), notes named by their index
/// structure  per note its summary without the words (``SummaryArchive``)
/// words      per note its word table
/// ```
///
/// A warm start reads the header, notes, tables and structure (a fifth of the file),
/// checks them against their checksum and makes the library from the tables and one
/// box per note (``NoteBox``), decoded when first read; the words are read in the
/// second pass. Every length is checked while reading, so a truncated or damaged
/// file is refused, never trusted.
enum Layout {
  static func header(fingerprint: String, count: Int, lengths: [Int], checksums: [UInt64]) -> [UInt8] {
    var header = IndexCache.magic
    IndexCache.append(IndexCache.version, to: &header)
    var print = ArchiveWriter(bytes: [])
    print.string(fingerprint)
    header += print.bytes
    IndexCache.append(UInt32(count), to: &header)
    for length in lengths { IndexCache.append(UInt64(length), to: &header) }
    for checksum in checksums { IndexCache.append(checksum, to: &header) }
    return header
  }

  /// A checksum of `parts` one after another (not a cryptographic one: it tells a
  /// damaged file from the one written).
  static func checksum(_ parts: [[UInt8]]) -> UInt64 {
    var result: UInt64 = 0
    for part in parts { result = combine(result, part.withUnsafeBytes { hash($0) }) }
    return result
  }

  static func combine(_ a: UInt64, _ b: UInt64) -> UInt64 {
    (a ^ (b &+ 0x9E37_79B9_7F4A_7C15 &+ (a << 6) &+ (a >> 2))) &* 0xFF51_AFD7_ED55_8CCD
  }

  /// Four independent lanes of 8 bytes, so that the multiplications overlap.
  static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    let multiplier: UInt64 = 0x87C3_7B91_1142_53D5
    var lanes: (UInt64, UInt64, UInt64, UInt64) = (
      0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0x27D4_EB2F_1656_67C5
    )
    func mix(_ lane: inout UInt64, _ word: UInt64) {
      lane = (lane ^ word) &* multiplier
      lane = (lane << 31) | (lane >> 33)
    }
    var index = 0
    let count = bytes.count
    while index + 32 <= count {
      mix(&lanes.0, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
      mix(&lanes.1, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)))
      mix(&lanes.2, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)))
      mix(&lanes.3, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)))
      index += 32
    }
    var tail = UInt64(count)
    while index < count {
      mix(&tail, UInt64(bytes[index]))
      index += 1
    }
    return combine(combine(combine(combine(lanes.0, lanes.1), lanes.2), lanes.3), tail)
  }
}
