/// A new note for a book: its file name and its text (front matter, then a first
/// heading).
public struct NewNote: Sendable, Hashable {
  public var fileName: String
  public var text: String

  /// The note for `book`, or for `typedTitle` alone when there is no book; `today`
  /// (`YYYY-MM-DD`) is when reading started.
  public init(book: CatalogBook?, typedTitle: String, today: String) {
    let title = book?.title ?? typedTitle.split(separator: " ").joined(separator: " ")
    var lines = ["---", "title: " + YAMLScalar.written(title)]
    if let book {
      if let subtitle = book.subtitle { lines.append("subtitle: " + YAMLScalar.written(subtitle)) }
      for key in BookFill.keys {
        if let value = BookFill.value(of: key, in: book) { lines.append(key + ": " + value) }
      }
    }
    lines += ["status: reading", "started: " + today, "---", "", "# " + title, ""]
    text = lines.joined(separator: "\n")
    fileName = Self.slug(title) + ".md"
  }

  /// `title` folded to lowercase words joined by `-` (letters and digits of any script
  /// kept), at most 60 bytes; `note` when nothing is left.
  public static func slug(_ title: String) -> String {
    var slug = ""
    var pendingDash = false
    for scalar in TextFolding.folded(title).unicodeScalars {
      if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
        if pendingDash && !slug.isEmpty { slug += "-" }
        pendingDash = false
        if slug.utf8.count + scalar.utf8.count > 60 { break }
        slug.unicodeScalars.append(scalar)
      } else {
        pendingDash = true
      }
    }
    return slug.isEmpty ? "note" : slug
  }
}
