/// How a link names a heading: by GitHub's anchor (`#chapter-3-the-lazy-controller`,
/// `#windows-1` for a second `Windows`) or by its text (`[[Note#Chapter 3: The Lazy
/// Controller]]`). Both compare as slugs, and a slug is its own slug.
public enum HeadingAnchor {
  /// GitHub's anchor of a heading's text: lower case, spaces to `-`, every character
  /// but letters, digits, `-` and `_` dropped (emoji and punctuation among them).
  public static func slug(_ text: some StringProtocol) -> String {
    var result = ""
    result.unicodeScalars.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if scalar == " " {
        result.unicodeScalars.append("-")
      } else if scalar == "-" || scalar == "_" {
        result.unicodeScalars.append(scalar)
      } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
        if scalar.properties.isEmojiPresentation { continue }
        result += String(scalar).lowercased()
      }
    }
    return result
  }

  /// GitHub's anchors of a note's headings, in order: each heading's slug, or, where an
  /// earlier heading has that anchor already, the slug and the next number that makes
  /// it new (`windows-1` for the second `Windows`, `windows-2` for the third).
  public static func anchors(_ headings: [String]) -> [String] {
    // For each anchor given, how many times its slug was repeated so far.
    var repeats: [String: Int] = [:]
    return headings.map { heading in
      let base = slug(heading)
      var anchor = base
      while repeats[anchor] != nil {
        let count = repeats[base, default: 0] + 1
        repeats[base] = count
        anchor = "\(base)-\(count)"
      }
      repeats[anchor] = 0
      return anchor
    }
  }

  /// The index among `headings` (a note's, in order) of the heading that `written`
  /// (after a link's `#`, percent-escapes decoded) names: a Markdown link's by its GitHub
  /// anchor (``anchors(_:)``), a wiki link's (`byText`) by its text or its heading path
  /// (``textPath(_:among:)``).
  public static func index(of written: String, among headings: [NoteSummary.Heading], byText: Bool = false) -> Int? {
    if byText { return textPath(written, among: headings)?.last?.heading }
    return anchors(headings.map(\.text)).firstIndex(of: slug(written))
  }

  /// The headings among `headings` that a wiki link's `written` heading names, each with
  /// the part of `written` that names it: the first heading of that text (`C# tips`),
  /// else, part by part between `#`s, a heading in the section of the one before
  /// (Obsidian's heading path: `Unix#Build` is the `Build` under `Unix`); `nil` when none
  /// fits.
  public static func textPath(_ written: String, among headings: [NoteSummary.Heading])
    -> [(heading: Int, part: Range<String.Index>)]?
  {
    let slugs = headings.map { slug($0.text) }
    if let whole = slugs.firstIndex(of: slug(written)) { return [(whole, written.startIndex..<written.endIndex)] }
    var parts: [Range<String.Index>] = []
    var start = written.startIndex
    for index in written.indices where written[index] == "#" {
      if start < index { parts.append(start..<index) }
      start = written.index(after: index)
    }
    if start < written.endIndex { parts.append(start..<written.endIndex) }
    guard parts.count > 1 else { return nil }
    let partSlugs = parts.map { slug(written[$0]) }
    // The path from part `part` on, among the headings in `range`.
    func path(from part: Int, in range: Range<Int>) -> [(heading: Int, part: Range<String.Index>)]? {
      for index in range where slugs[index] == partSlugs[part] {
        if part + 1 == parts.count { return [(index, parts[part])] }
        var sectionEnd = index + 1
        while sectionEnd < range.upperBound && headings[sectionEnd].level > headings[index].level { sectionEnd += 1 }
        if let rest = path(from: part + 1, in: (index + 1)..<sectionEnd) { return [(index, parts[part])] + rest }
      }
      return nil
    }
    return path(from: 0, in: 0..<headings.count)
  }

  /// Whether `written` names a block (`^id`), which is not a heading and not checked.
  public static func isBlockReference(_ written: String) -> Bool { written.hasPrefix("^") }

  /// Of `headings`, the one whose slug is closest to `written`'s: at most a third of
  /// its characters apart (and no more than four), `nil` when none is that close.
  public static func closest(to written: String, among headings: [String]) -> String? {
    let target = Array(slug(written).unicodeScalars)
    var best: (heading: String, distance: Int)?
    for heading in headings {
      let candidate = Array(slug(heading).unicodeScalars)
      let distance = editDistance(target, candidate)
      let limit = min(4, max(1, max(target.count, candidate.count) / 3))
      guard distance <= limit, distance < (best?.distance ?? .max) else { continue }
      best = (heading, distance)
    }
    return best?.heading
  }

  /// Levenshtein distance.
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
