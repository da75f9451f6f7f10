import NoteSyntax

/// What the library index keeps of one note: exactly what workspace queries need
/// (book metadata, headings, tags, questions, links, prompts' ids and places, and the
/// note's words), never its syntax tree nor texts that a query reads from the note
/// itself (prompts' fronts and backs). Plain values in byte offsets and ``NoteSpan``s.
public struct NoteSummary: Sendable, Equatable {
  /// The note's path (the key in the library).
  public var path: String
  /// The front matter's book metadata.
  public var book: BookInfo
  /// The note's title (``noteTitle(of:path:)``): front matter `title`, else the first
  /// level-1 heading's text, else the file name without its extension.
  public var title: String?
  /// Where the title is written.
  public var titleSpan: NoteSpan?
  public var headings: [Heading]
  /// The anchors its raw HTML declares (`<a id="setup">`), which links may name.
  public var htmlAnchors: [HTMLAnchors.Anchor]
  public var tags: [TagUse]
  public var questions: [Question]
  public var links: [NoteLink]
  /// The note's code blocks as byte ranges (a fence and its lines one range), whose
  /// words are not searched.
  public var codeRanges: [Range<Int>]
  /// The note's words for full-text search.
  public var terms: TermTable
  /// Set while the words are still to be read (a first indexing reads them after
  /// everything else; see ``NoteWords``): `terms` is then empty.
  public var wordsPending: NoteWords.Pending?
  public var byteCount: Int
  /// The note's review prompts without their texts, so that review picks what is due
  /// from the index.
  public var prompts: [PromptMark]
  /// When the note's file last changed, in nanoseconds since 1970 (0: not known, as for
  /// a note summarised from an editor's text). Link completion ranks by it.
  public var modified: Int64 = 0
  /// Folded names of the note's symbols, for fuzzy matching.
  package var keys: SymbolKeys

  /// A heading: level 1 to 6 and its plain text.
  public struct Heading: Sendable, Hashable {
    public var level: Int
    public var text: String
    /// The whole heading line, marker included.
    public var span: NoteSpan
    /// The heading's text.
    public var textSpan: NoteSpan

    package init(level: Int, text: String, span: NoteSpan, textSpan: NoteSpan) {
      self.level = level
      self.text = text
      self.span = span
      self.textSpan = textSpan
    }
  }

  /// One use of a hashtag: in the text (`#books/2021`, span without the `#`) or in the
  /// front matter's `tags` list.
  public struct TagUse: Sendable, Hashable {
    /// The tag as written, without `#`.
    public var name: String { didSet { folded = TextFolding.folded(name) } }
    /// The tag's characters, `#` excluded.
    public var span: NoteSpan
    public var inFrontMatter: Bool
    /// `name` folded (``TextFolding``): the tag's key in the library, computed once
    /// when the use is made.
    public private(set) var folded: String

    public init(name: String, span: NoteSpan, inFrontMatter: Bool) {
      self.name = name
      self.span = span
      self.inFrontMatter = inFrontMatter
      folded = TextFolding.folded(name)
    }

    /// A use whose folded name is known (read back from the index cache).
    package init(name: String, folded: String, span: NoteSpan, inFrontMatter: Bool) {
      self.name = name
      self.span = span
      self.inFrontMatter = inFrontMatter
      self.folded = folded
    }
  }

  /// A `Q:`/`A:` prompt's question (top-level, in a list item, in a quote).
  public struct Question: Sendable, Hashable {
    public var text: String
    public var span: NoteSpan

    package init(text: String, span: NoteSpan) {
      self.text = text
      self.span = span
    }
  }

  /// A link (Markdown link or image, wiki link or embed) and its target as written.
  public struct NoteLink: Sendable, Hashable {
    /// As ``LinkUse/target``: a Markdown link's whole target, a wiki link's name.
    public var target: String
    public var kind: LinkUse.Kind
    /// The whole link, brackets included.
    public var span: NoteSpan
    /// The target's characters.
    public var targetSpan: NoteSpan
    /// The heading named after `#`, and where it is written.
    public var heading: String?
    public var headingSpan: NoteSpan?

    public var isImage: Bool { kind == .image }

    package init(
      target: String, kind: LinkUse.Kind, span: NoteSpan, targetSpan: NoteSpan, heading: String? = nil,
      headingSpan: NoteSpan? = nil
    ) {
      self.target = target
      self.kind = kind
      self.span = span
      self.targetSpan = targetSpan
      self.heading = heading
      self.headingSpan = headingSpan
    }

    /// The link as a ``LinkUse`` in byte offsets.
    public var use: LinkUse {
      LinkUse(
        target: target, kind: kind, range: span.bytes, targetRange: targetSpan.bytes, heading: heading,
        headingRange: headingSpan?.bytes)
    }
  }

  /// Whether the note is a book by what it says itself: its front matter
  /// (``BookInfo/isBook``) or a `#book`/`#books` tag (or one inside them) in its text.
  /// A note under a folder of `library.bookFolders` is a book too
  /// (``LibrarySnapshot/isBook(_:)``).
  public var isBook: Bool { book.isBook || tags.contains { BookInfo.isBookTag($0.folded) } }

  /// The longest question or heading text kept, in bytes.
  static let maxTextBytes = 160
}

extension NoteSummary {
  /// A note known by its path only (too large to index): no title, no contents.
  public init(nameOnly path: String, byteCount: Int) {
    self.path = path
    self.byteCount = byteCount
    book = BookInfo()
    title = nil
    titleSpan = nil
    headings = []
    htmlAnchors = []
    tags = []
    questions = []
    links = []
    codeRanges = []
    terms = TermTable()
    wordsPending = nil
    prompts = []
    keys = SymbolKeys()
  }
}
