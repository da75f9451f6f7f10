import JSONCore
import NoteIntelligence
import NoteWorkspace

/// `booknotes books`: the reading list.
enum BooksCommand: Subcommand {
  static let name = "books"
  static let summary = "list the books of the library by reading status"
  static let help = """
    usage: booknotes books [--status S] [--sort title|author|date] [--format text|json] [--root DIR]

    Lists every note with a title (front matter `title`, else its first heading)
    as a book, with the front matter's authors, status, dates, rating and ISBN.

    --sort title   by title (the default)
    --sort author  by the first author's last name, then title; no author last
    --sort date    by `finished`, else `started`, newest first; undated last

    text:  one group per status (reading, wishlist, finished, abandoned,
           archived, then books without one), a line per book: title, authors, dates, rating,
           file
    json:  an array of {title, authors, status, started, finished, rating, isbn,
           file}, in the sort order; missing values are null

    options:
      --status S       only books whose status is S: reading, wishlist, finished,
                       abandoned or archived (or a word for one: to-read, dnf…)
      --sort ORDER     title, author or date
      --format FORMAT  text (default) or json
      --root DIR       the library root, whose .booknotes.json sets index.exclude
                       and index.maxFileSize (default: .)
      -h, --help       show this help

    Files that are binary or not UTF-8 are skipped with a line on stderr.
    Exits with 0, or 2 on bad usage or a root that cannot be read.

    """

  static func run(_ arguments: [String]) -> Int32 {
    let parsed: LibraryQueryArguments
    switch LibraryQueryArguments.parse(arguments, formats: ["text", "json"], options: ["--status", "--sort"]) {
    case .success(let value): parsed = value
    case .failure(let problem):
      Output.error("booknotes books: \(problem.message)\n\n\(help)")
      return ExitStatus.usage
    }
    var problem: String?
    if let word = parsed.words.first { problem = "unexpected argument '\(word)'" }
    var status: ReadingStatus?
    if let name = parsed.options["--status"] {
      status = ReadingStatus(frontMatter: name)
      if status == nil {
        problem = "unknown status '\(name)' (expected reading, wishlist, finished, abandoned or archived)"
      }
    }
    let order = BookOrder(rawValue: parsed.options["--sort"] ?? "title")
    if order == nil { problem = "unknown order '\(parsed.options["--sort"] ?? "")' (expected title, author or date)" }
    if let problem {
      Output.error("booknotes books: \(problem)\n\n\(help)")
      return ExitStatus.usage
    }
    let snapshot: LibrarySnapshot
    let names: NoteNames
    switch LibraryLoading.load(root: parsed.root, command: name) {
    case .success(let (value, listed)):
      snapshot = value
      names = listed
    case .failure(let problem):
      Output.error("booknotes books: \(problem.message)")
      return ExitStatus.usage
    }
    let books = snapshot.books(status: status, sort: order ?? .title)
    if parsed.json {
      var output = ListOutput(json: true)
      for book in books {
        var writer = JSONWriter()
        BookExport.write(book, file: names(book.path), to: &writer)
        output.add(String(decoding: writer.bytes, as: UTF8.self))
      }
      output.finish()
    } else {
      Output.standard(text(books, names: names))
    }
    return ExitStatus.success
  }

  /// The books grouped by status, each group a table.
  static func text(_ books: [BookEntry], names: NoteNames) -> String {
    var groups: [String] = []
    for status in ReadingStatus.allCases.map(Optional.some) + [nil] {
      let group = books.filter { $0.status == status }
      guard !group.isEmpty else { continue }
      var table = TextTable()
      for book in group {
        table.rows.append([
          book.title, book.authors.joined(separator: ", "), dates(book), book.rating.map { Self.rating($0) } ?? "",
          names(book.path),
        ])
      }
      let heading = (status?.rawValue ?? "no status") + " (\(group.count))"
      groups.append(([heading] + table.lines(indent: "  ")).joined(separator: "\n") + "\n")
    }
    return groups.joined(separator: "\n")
  }

  /// `2021-01-04 – 2021-02-20`, `started 2021-01-04`, `finished 2021-02-20` or nothing.
  /// `4/5`, or `4.5/5` for a half.
  static func rating(_ rating: Double) -> String {
    rating == rating.rounded() ? "\(Int(rating))/5" : "\(Int(rating)).5/5"
  }

  static func dates(_ book: BookEntry) -> String {
    switch (book.started, book.finished) {
    case (let started?, let finished?): "\(started) – \(finished)"
    case (let started?, nil): "started \(started)"
    case (nil, let finished?): "finished \(finished)"
    case (nil, nil): ""
    }
  }
}
