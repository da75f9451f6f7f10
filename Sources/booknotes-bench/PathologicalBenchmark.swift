import NoteSyntax

/// Parse time of pathological inputs at 1 MB and 2 MB: a ratio near 2 shows linear time.
enum PathologicalBenchmark {
  static let cases: [(name: String, make: @Sendable (Int) -> String)] = [
    ("one long line", { n in String(repeating: "word ?[a](b) *x* ", count: n / 17) }),
    ("'*' repeated", { n in String(repeating: "*", count: n) }),
    ("'?[' repeated", { n in String(repeating: "?[", count: n / 2) }),
    ("'[[' repeated", { n in String(repeating: "[[", count: n / 2) }),
    ("'[[a' unclosed", { n in String(repeating: "[[a ", count: n / 4) + "]]" }),
    ("'$' repeated", { n in String(repeating: "$", count: n) }),
    ("'$a ' unclosed", { n in String(repeating: "$a ", count: n / 3) }),
    ("'%%a ' unclosed", { n in String(repeating: "%%a ", count: n / 4) }),
    ("'[^a' unclosed", { n in String(repeating: "[^a", count: n / 3) }),
    ("'*a ' unclosed", { n in String(repeating: "*a ", count: n / 3) }),
    ("'[a] ' repeated", { n in String(repeating: "[a] ", count: n / 4) }),
    ("'[a][b]' repeated", { n in String(repeating: "[a][b]", count: n / 6) }),
    ("'[a ' unclosed", { n in String(repeating: "[a ", count: n / 3) + "]" }),
    ("deep list indent", { n in (0..<(n / 60)).map { String(repeating: " ", count: $0 % 40) + "- item\n" }.joined() }),
    ("'#' repeated", { n in String(repeating: "#", count: n) }),
    ("'> ' lines", { n in String(repeating: "> q ?[\n", count: n / 7) }),
    ("'Q: ' lines", { n in String(repeating: "Q: x\n", count: n / 5) }),
  ]

  static func run() throws {
    print("\npathological inputs (parse time at 1 MB and 2 MB; ratio ≈ 2 is linear)")
    for (name, make) in cases {
      let half = make(1024 * 1024)
      let full = make(2 * 1024 * 1024)
      let t1 = Measure.median((0..<3).map { _ in Measure.seconds { _ = NoteDocument(half) } })
      let t2 = Measure.median((0..<3).map { _ in Measure.seconds { _ = NoteDocument(full) } })
      print(
        "\(name.padding(toLength: 18, withPad: " ", startingAt: 0)) \(Measure.format(t1)) → \(Measure.format(t2))  ratio \(String(format: "%.2f", t2 / t1))"
      )
    }
  }
}
