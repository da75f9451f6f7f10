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

  /// The index among `headings` (a note's heading texts, in order) of the heading that
  /// `written` (after a link's `#`, percent-escapes decoded) names: a Markdown link's
  /// by its GitHub anchor (``anchors(_:)``), a wiki link's (`byText`) by its text, the
  /// first of several alike.
  public static func index(of written: String, among headings: [String], byText: Bool = false) -> Int? {
    let target = slug(written)
    if byText { return headings.firstIndex { slug($0) == target } }
    return anchors(headings).firstIndex(of: target)
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
