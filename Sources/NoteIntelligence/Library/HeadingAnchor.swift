/// How a link names a heading: by GitHub's slug (`#chapter-3-the-lazy-controller`) or
/// by its text (`[[Note#Chapter 3: The Lazy Controller]]`). Both compare as slugs, and
/// a slug is its own slug, so one comparison serves both styles.
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

  /// Whether `written` (after a link's `#`, percent-escapes decoded) names `heading`.
  public static func names(_ written: String, heading: String) -> Bool {
    slug(written) == slug(heading)
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
