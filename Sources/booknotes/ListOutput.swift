/// Streams a command's results to stdout as they come, in batches of about 64 KB:
/// either one JSON array (each piece is one or more objects joined by `,\n`) or plain
/// lines.
struct ListOutput {
  let json: Bool
  private var buffer: String
  private var isEmpty = true

  init(json: Bool) {
    self.json = json
    buffer = json ? "[" : ""
  }

  /// Adds the results of one file.
  mutating func add(_ piece: String) {
    guard !piece.isEmpty else { return }
    if json { buffer += isEmpty ? "\n" : ",\n" }
    isEmpty = false
    buffer += piece
    if buffer.utf8.count > 1 << 16 {
      Output.standard(buffer)
      buffer = ""
    }
  }

  /// Closes the array and writes what is left.
  mutating func finish() {
    if json { buffer += isEmpty ? "]\n" : "\n]\n" }
    Output.standard(buffer)
    buffer = ""
  }
}
