public import JSONCore
public import NoteIntelligence

/// Search hits as the command line prints them (`booknotes search --format json`) and
/// the `booknotes/search` request answers them.
public enum SearchExport {
  /// Writes `{file, book, heading, line, snippet, matches, score, …}`: `line` 0-based
  /// or 1-based as `firstLine` says, `book` and `heading` `null` when missing,
  /// `matches` as `[start, end]` UTF-16 offsets into `snippet`; `extra` appends more
  /// members.
  public static func write(
    _ hit: SearchHit, file: String, firstLine: Int, to writer: inout JSONWriter,
    extra: (inout JSONWriter) -> Void = { _ in }
  ) {
    writer.beginObject()
    writer.key("file")
    writer.write(file)
    writer.key("book")
    hit.book.writeJSON(to: &writer)
    writer.key("heading")
    hit.heading.writeJSON(to: &writer)
    writer.key("line")
    writer.write(hit.line + firstLine)
    writer.key("snippet")
    writer.write(hit.snippet)
    writer.key("matches")
    writeRanges(hit.utf16Matches, to: &writer)
    writer.key("score")
    writer.write(hit.score)
    extra(&writer)
    writer.endObject()
  }

  /// `[[start, end], …]`.
  public static func writeRanges(_ ranges: [Range<Int>], to writer: inout JSONWriter) {
    writer.beginArray()
    for range in ranges {
      writer.beginArray()
      writer.write(range.lowerBound)
      writer.write(range.upperBound)
      writer.endArray()
    }
    writer.endArray()
  }

  /// `snippet` with `open` and `close` around each of `matches` (UTF-8 offsets).
  public static func marked(_ snippet: String, matches: [Range<Int>], open: String = "**", close: String = "**")
    -> String
  {
    var bytes = Array(snippet.utf8)
    for range in matches.reversed() {
      bytes.insert(contentsOf: close.utf8, at: range.upperBound)
      bytes.insert(contentsOf: open.utf8, at: range.lowerBound)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// Reading-list entries as the command line prints them (`booknotes books --format
/// json`) and the `booknotes/books` request answers them.
public enum BookExport {
  /// Writes `{title, authors, status, started, finished, rating, isbn, file, …}`,
  /// missing values as `null`; `extra` appends more members.
  public static func write(
    _ entry: BookEntry, file: String, to writer: inout JSONWriter, extra: (inout JSONWriter) -> Void = { _ in }
  ) {
    writer.beginObject()
    writer.key("title")
    writer.write(entry.title)
    writer.key("authors")
    entry.authors.writeJSON(to: &writer)
    writer.key("status")
    entry.status?.rawValue.writeJSON(to: &writer) ?? writer.writeNull()
    writer.key("started")
    entry.started.writeJSON(to: &writer)
    writer.key("finished")
    entry.finished.writeJSON(to: &writer)
    writer.key("rating")
    if let rating = entry.rating {
      // A whole rating is written as an integer, a half as `4.5`.
      if rating == rating.rounded() { writer.write(Int(rating)) } else { writer.write(rating) }
    } else {
      writer.writeNull()
    }
    writer.key("isbn")
    entry.isbn.writeJSON(to: &writer)
    writer.key("file")
    writer.write(file)
    extra(&writer)
    writer.endObject()
  }
}
