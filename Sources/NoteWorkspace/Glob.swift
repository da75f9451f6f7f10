/// A path glob of `index.exclude`: `*` matches within one path component, `?` one
/// character of it, `**` any number of components. A pattern without `/` is tried on
/// every component (`drafts` or `*.tmp.md` anywhere); one with `/` on the whole path
/// relative to the root. A folder that matches excludes everything in it.
public struct Glob: Sendable, Hashable {
  public let pattern: String
  private let parts: [Substring]
  private let anyComponent: Bool

  public init(_ pattern: String) {
    var trimmed = Substring(pattern)
    while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
    while trimmed.hasPrefix("/") { trimmed = trimmed.dropFirst() }
    while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    self.pattern = pattern
    anyComponent = !trimmed.contains("/")
    parts = trimmed.split(separator: "/", omittingEmptySubsequences: true)
  }

  /// Whether `relativePath` (components joined by `/`) matches.
  public func matches(_ relativePath: String) -> Bool {
    let components = relativePath.split(separator: "/")
    if anyComponent {
      guard let only = parts.first else { return false }
      return components.contains { Self.matches(component: $0, pattern: only) }
    }
    return Self.matches(components[...], parts[...])
  }

  /// Whether `relativePath` or a folder it is in matches.
  public func matchesItselfOrAFolder(of relativePath: String) -> Bool {
    let components = relativePath.split(separator: "/")
    return (1...max(components.count, 1)).contains { matches(components.prefix($0).joined(separator: "/")) }
  }

  private static func matches(_ path: ArraySlice<Substring>, _ pattern: ArraySlice<Substring>) -> Bool {
    guard let first = pattern.first else { return path.isEmpty }
    if first == "**" {
      let rest = pattern.dropFirst()
      var start = path.startIndex
      while true {
        if matches(path[start...], rest) { return true }
        if start == path.endIndex { return false }
        start += 1
      }
    }
    guard let component = path.first, matches(component: component, pattern: first) else { return false }
    return matches(path.dropFirst(), pattern.dropFirst())
  }

  /// `*` and `?` within one component, by characters.
  static func matches(component: Substring, pattern: Substring) -> Bool {
    let text = Array(component)
    let glob = Array(pattern)
    var t = 0
    var g = 0
    var starG = -1
    var starT = 0
    while t < text.count {
      if g < glob.count && (glob[g] == "?" || glob[g] == text[t]) {
        t += 1
        g += 1
      } else if g < glob.count && glob[g] == "*" {
        starG = g
        starT = t
        g += 1
      } else if starG >= 0 {
        g = starG + 1
        starT += 1
        t = starT
      } else {
        return false
      }
    }
    while g < glob.count && glob[g] == "*" { g += 1 }
    return g == glob.count
  }
}
