import BookCatalog
import BookNotesServer
import Dispatch
import JSONCore
import Locking
import NoteIntelligence
import NoteSyntax
import NoteWorkspace
import SystemIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The arguments `lookup` and `new` share: title words (or `--isbn N`), `--root`,
/// `--endpoint`.
struct CatalogArguments {
  var words: [String] = []
  var isbn: String?
  var json = false
  var root = "."
  var endpoint: String?

  static func parse(_ arguments: [String], allowJSON: Bool) -> Result<CatalogArguments, UsageError> {
    var result = CatalogArguments()
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--json" where allowJSON: result.json = true
      case "--root":
        guard let value = rest.popFirst() else { return .failure(UsageError("--root needs a folder")) }
        result.root = value
      case "--endpoint":
        guard let value = rest.popFirst() else { return .failure(UsageError("--endpoint needs a URL")) }
        result.endpoint = value
      case "--isbn" where allowJSON:
        guard let value = rest.popFirst() else { return .failure(UsageError("--isbn needs an ISBN")) }
        result.isbn = value
      default:
        if argument.hasPrefix("--root=") {
          result.root = String(argument.dropFirst("--root=".count))
        } else if allowJSON && argument.hasPrefix("--isbn=") {
          result.isbn = String(argument.dropFirst("--isbn=".count))
        } else if argument.hasPrefix("--endpoint=") {
          result.endpoint = String(argument.dropFirst("--endpoint=".count))
        } else if argument.hasPrefix("-") && argument != "-" {
          return .failure(UsageError("unknown option '\(argument)'"))
        } else {
          result.words.append(argument)
        }
      }
    }
    return .success(result)
  }

  /// Looks the words up with the settings of the root's `.booknotes.json` and the
  /// environment; problems go to stderr.
  func lookup(command: String) -> Result<[CatalogBook], CatalogError>? {
    let query: CatalogQuery
    if let isbn {
      guard words.isEmpty else {
        Output.error("booknotes \(command): --isbn takes no title words")
        return nil
      }
      guard let byISBN = CatalogQuery(isbn: isbn), FrontMatterValues.isValidISBN(Array(isbn.utf8)) else {
        Output.error("booknotes \(command): '\(isbn)' is not an ISBN-10 or ISBN-13 (its check digit is wrong)")
        return nil
      }
      query = byISBN
    } else {
      guard let typed = CatalogQuery(typed: words.joined(separator: " ")) else {
        Output.error("booknotes \(command): no title words to look up")
        return nil
      }
      query = typed
    }
    var settings: LibrarySettings
    do {
      let file = try LibraryConfigurationFile.read(root: root)
      settings = SettingsSources(file: file, environment: SettingsSources.processEnvironment()).settings
    } catch {
      Output.error("booknotes \(command): \(error)")
      return nil
    }
    if let endpoint { settings.books.endpoint = endpoint }
    let catalog = CatalogChoice.make(
      settings: CatalogSettings(settings.books, version: BookNotesServer.version),
      cacheDirectory: LibraryEngine.cacheDirectory(settings),
      transport: FetchProcess(executable: FetchProcess.locateHelper())
    ) { report in
      if report.level == .warning { Output.error("booknotes \(command): \(report.message)") }
    }
    let outcome = Lock<Result<[CatalogBook], CatalogError>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
      do throws(CatalogError) {
        let books = try await catalog.lookup(query, channel: nil)
        outcome.withLock { $0 = .success(books) }
      } catch {
        outcome.withLock { $0 = .failure(error) }
      }
      done.signal()
    }
    done.wait()
    return outcome.withLock { $0 }
  }
}

/// `booknotes lookup "title words"` or `--isbn N`: the catalog's matches.
enum LookupCommand: Subcommand {
  static let name = "lookup"
  static let summary = "look a book up by title or ISBN (Google Books, Open Library)"
  static let help = """
    usage: booknotes lookup TITLE WORDS… [--json] [--root DIR] [--endpoint URL]
           booknotes lookup --isbn ISBN [--json] [--root DIR] [--endpoint URL]

    Looks the title ("title by author" narrows it to an author) or the ISBN up in
    the catalog books.provider names (Google Books with an API key, else Open
    Library) and lists the matches, best first. Answers are cached under the cache
    folder, so asking again costs no request.

    text:  title: subtitle — authors (year) · ISBN · the catalog's id
    json:  an array of {id, title, subtitle, authors, publisher, publishedDate,
           isbn13, isbn10, pageCount, description, thumbnail, infoLink, language,
           source}; source is there for Open Library's books ("openlibrary")

    options:
      --isbn ISBN     look up this ISBN-10 or ISBN-13 (hyphens allowed)
      --json          print JSON
      --root DIR      read DIR/.booknotes.json (books.provider, books.apiKey, …)
      --endpoint URL  Google Books' base URL instead of books.endpoint
      -h, --help      show this help

    The API key comes from books.apiKey or GOOGLE_BOOKS_API_KEY and is never printed.
    Exits with 0 when a book matches, 1 when none does or the lookup fails, 2 on bad
    usage.

    """

  static func run(_ arguments: [String]) -> Int32 {
    let parsed: CatalogArguments
    switch CatalogArguments.parse(arguments, allowJSON: true) {
    case .success(let value): parsed = value
    case .failure(let error):
      Output.error("booknotes lookup: \(error.message)\n\n\(help)")
      return ExitStatus.usage
    }
    guard let outcome = parsed.lookup(command: name) else { return ExitStatus.usage }
    switch outcome {
    case .failure(let error):
      Output.error("booknotes lookup: \(error)")
      return ExitStatus.failure
    case .success(let books):
      if parsed.json {
        var writer = JSONWriter()
        writer.beginArray()
        for book in books { BookCache.write(book, to: &writer) }
        writer.endArray()
        Output.standard(String(decoding: writer.bytes, as: UTF8.self) + "\n")
      } else {
        for book in books {
          var line = book.fullTitle
          if !book.byline.isEmpty { line += " — " + book.byline }
          if let isbn = book.isbn { line += " · ISBN " + isbn }
          Output.standard(line + " · " + book.id + "\n")
        }
      }
      return books.isEmpty ? ExitStatus.failure : ExitStatus.success
    }
  }
}

/// `booknotes new "title words"`: a new note for the best match.
enum NewCommand: Subcommand {
  static let name = "new"
  static let summary = "start a note for a book, filled from the catalog"
  static let help = """
    usage: booknotes new TITLE WORDS… [--root DIR] [--endpoint URL]

    Looks the title up in the catalog books.provider names (Google Books with an
    API key, else Open Library) and writes a new note for the best match under DIR:
    front matter with title, subtitle, authors, published, isbn, google-books-id (or
    openlibrary-id), `status: reading` and today's date as `started`, then a first
    heading. The file is named after the title (`the-pragmatic-programmer.md`); an
    existing file is never overwritten. When the lookup finds nothing or fails, the
    note is written with the words as its title.

    options:
      --root DIR      where the note goes, and whose .booknotes.json is read (default: .)
      --endpoint URL  Google Books' base URL instead of books.endpoint
      -h, --help      show this help

    Prints the new note's path. Exits with 0 when written, 1 when the file exists or
    cannot be written, 2 on bad usage.

    """

  static func run(_ arguments: [String]) -> Int32 {
    let parsed: CatalogArguments
    switch CatalogArguments.parse(arguments, allowJSON: false) {
    case .success(let value): parsed = value
    case .failure(let error):
      Output.error("booknotes new: \(error.message)\n\n\(help)")
      return ExitStatus.usage
    }
    guard let outcome = parsed.lookup(command: name) else { return ExitStatus.usage }
    let typed = parsed.words.joined(separator: " ")
    var book: CatalogBook?
    switch outcome {
    case .success(let books):
      book = books.first
      if book == nil { Output.error("booknotes new: the catalog has no match; writing the note with the title typed") }
    case .failure(let error):
      Output.error("booknotes new: \(error); writing the note with the title typed")
    }
    let note = NewNote(book: book, typedTitle: typed, today: NewNote.today())
    let path = NoteFiles.join(parsed.root, note.fileName)
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      let reason = errno == EEXIST ? "it already exists" : String(cString: strerror(errno))
      Output.error("booknotes new: not writing \(path): \(reason)")
      return ExitStatus.failure
    }
    let written = writeAll(descriptor, Array(note.text.utf8))
    close(descriptor)
    guard written else {
      Output.error("booknotes new: cannot write \(path)")
      unlink(path)
      return ExitStatus.failure
    }
    Output.standard(path + "\n")
    return ExitStatus.success
  }
}

extension NewNote {
  /// Today's local date as `YYYY-MM-DD`.
  static func today() -> String {
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
  }
}
