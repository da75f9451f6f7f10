#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal of an interactive command: raw mode (keys arrive one by one, not
/// echoed), its size, and colours unless `NO_COLOR` is set.
struct Terminal {
  private var saved = termios()
  private var isRaw = false

  /// Whether standard input and output are a terminal.
  static var isInteractive: Bool { isatty(0) == 1 && isatty(1) == 1 }

  /// Whether colours are wanted: `NO_COLOR` unset or empty (no-color.org).
  static var usesColour: Bool {
    guard let value = getenv("NO_COLOR") else { return true }
    return value.pointee == 0
  }

  /// Columns and rows, 80×24 when the terminal does not say.
  static var size: (columns: Int, rows: Int) {
    var window = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else { return (80, 24) }
    return (Int(window.ws_col), Int(window.ws_row))
  }

  /// Keys one at a time without echo; Ctrl-C arrives as a key (3), not a signal.
  mutating func enterRawMode() {
    guard tcgetattr(0, &saved) == 0 else { return }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    isRaw = tcsetattr(0, TCSAFLUSH, &raw) == 0
    Output.standard("\u{1B}[?25l")
  }

  /// The terminal as it was.
  mutating func restore() {
    guard isRaw else { return }
    _ = tcsetattr(0, TCSAFLUSH, &saved)
    isRaw = false
    Output.standard("\u{1B}[?25h")
  }

  /// The next byte typed; `nil` at the end of input.
  func readKey() -> UInt8? {
    var byte: UInt8 = 0
    while true {
      let count = read(0, &byte, 1)
      if count == 1 { return byte }
      if count < 0 && errno == EINTR { continue }
      return nil
    }
  }
}

/// `text` in lines of at most `width` columns, broken at spaces (a longer word is cut).
func wrapped(_ text: String, width: Int) -> [String] {
  var lines: [String] = []
  var line = ""
  var lineWidth = 0
  for word in text.split(separator: " ", omittingEmptySubsequences: true) {
    var word = String(word)
    var wordWidth = DisplayWidth.of(word)
    if lineWidth > 0 && lineWidth + 1 + wordWidth > width {
      lines.append(line)
      line = ""
      lineWidth = 0
    }
    while wordWidth > width {
      var head = ""
      var headWidth = 0
      for character in word {
        let columns = DisplayWidth.of(character)
        if headWidth + columns > width - lineWidth { break }
        head.append(character)
        headWidth += columns
      }
      if head.isEmpty { break }
      lines.append(line + head)
      line = ""
      lineWidth = 0
      word.removeFirst(head.count)
      wordWidth = DisplayWidth.of(word)
    }
    if lineWidth > 0 {
      line += " "
      lineWidth += 1
    }
    line += word
    lineWidth += wordWidth
  }
  if !line.isEmpty { lines.append(line) }
  return lines
}
