import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// Hashtags across notes: where completion applies, the tag under a cursor, renaming,
/// and the tags of an open note over the index.
@Suite(.onThreadsOfItsOwn) struct LibraryTagTests {
  /// Marked text (`$0` is the cursor) → the typed prefix, or `nil` when no tag
  /// completion applies there.
  static let completionContexts: [(String, String?)] = [
    ("#$0", ""),
    ("#bo$0", "bo"),
    ("Some text #books/$0", "books/"),
    ("Some text\t#books/20$0 more", "books/20"),
    ("- item #mood/😀$0", "mood/😀"),
    ("#読$0", "読"),
    ("> quoted #q$0", "q"),
    ("# Heading #ta$0", "ta"),
    ("Q: Why #wh$0\nA: Because.\n", "wh"),
    ("a#b$0", nil),
    ("word#$0", nil),
    ("# $0", nil),
    ("#$0 Title", nil),
    ("#$0# Title\n", nil),
    ("```\n#co$0\n```\n", nil),
    ("```sh\n# not a heading #no$0\n```\n", nil),
    ("Some `code #co$0` here\n", nil),
    ("    indented #co$0\n", nil),
    ("- item\n\n      indented #co$0\n", nil),
    ("- item\n  ```\n  #co$0\n  ```\n", nil),
    ("<!-- #co$0 -->\n", nil),
    ("$$\n#ma$0\n$$\n", nil),
    ("| #ce$0 | b |\n|---|---|\n", "ce"),
    ("---\ntags: #fr$0\n---\n", nil),
    ("no hash here$0", nil),
    ("#books, #$0\n", ""),
    ("line one\r\n#cr$0\r\n", "cr"),
  ]

  @Test(arguments: completionContexts) func completionContext(_ marked: String, _ expected: String?) throws {
    let (text, offset) = try marked.withCursor()
    let doc = NoteDocument(text)
    let context = TagCompletionContext.find(at: offset, in: doc)
    #expect(context?.prefix == expected, "\(marked.debugDescription)")
    if let context {
      #expect(doc.text.string(in: context.range) == "#" + context.prefix)
      #expect(context.range.upperBound == offset)
    }
  }

  /// Marked text → the tag meant at the cursor (as written) and the text it covers.
  static let tagsAtCursor: [(String, String?)] = [
    ("$0#books/2021 x", "books/2021"),
    ("#$0books/2021 x", "books"),
    ("#boo$0ks/2021 x", "books"),
    ("#books$0/2021 x", "books"),
    ("#books/$02021 x", "books/2021"),
    ("#books/20$021 x", "books/2021"),
    ("#books/2021$0 x", "books/2021"),
    ("#a/b$0/c", "a/b"),
    ("#books/2021 $0x", nil),
    ("text $0#Café here", "Café"),
    ("#mood/😀$0", "mood/😀"),
    ("para #one\n\n#two$0 more", "two"),
    ("#one$0\n\nnext #two", "one"),
    ("# Title\n$0#next line", "next"),
    ("---\ntags: psy$0chology, books/2021\n---\n", "psychology"),
    ("---\ntags: [psychology, #books/20$021]\n---\n", "books/2021"),
    ("```\n#co$0de\n```\n", nil),
  ]

  @Test(arguments: tagsAtCursor) func tagAtCursor(_ marked: String, _ expected: String?) throws {
    let (text, offset) = try marked.withCursor()
    let doc = NoteDocument(text)
    let tag = TagAtCursor.find(at: offset, in: NoteSummary.tagUses(in: doc))
    #expect(tag?.name == expected, "\(marked.debugDescription)")
    #expect(TagAtCursor.find(at: offset, in: NoteSummary.tagUses(in: doc, around: offset)) == tag)
    if let tag { #expect(doc.text.string(in: tag.range) == tag.name) }
  }

  /// A front matter's `tags` list → the tags it gives: a comma inside a quoted item
  /// does not split it (and such an item is no tag), a quote counts only where an
  /// item starts.
  static let frontMatterLists: [(String, [String])] = [
    ("a, b", ["a", "b"]),
    ("[a, #b/c, 'd']", ["a", "b/c", "d"]),
    ("[\"books, 2021\", psychology]", ["psychology"]),
    ("['x, y', z, \"w\"]", ["z", "w"]),
    ("[o'brien, x]", ["x"]),
    ("[ \"spaced\" , next ]", ["spaced", "next"]),
    ("[\"unclosed, a, b]", []),
    ("psychology #books/2021", ["psychology", "books/2021"]),
    ("a # a comment", ["a"]),
    ("\n  - psychology\n  - \"#books\"\n- economics # a comment\n  # another", ["psychology", "books", "economics"]),
    ("\n- [not, a, list]", ["not", "a", "list"]),
  ]

  @Test(arguments: frontMatterLists) func frontMatterTagLists(_ list: String, _ expected: [String]) {
    let doc = NoteDocument("---\ntags: \(list)\n---\n# T\n")
    #expect(NoteSummary.tagUses(in: doc).map(\.name) == expected, "\(list)")
  }

  /// Front matter keys in any case: `TAGS` lists tags and `Title` gives the title's
  /// span; a key spelled with other letters is not one of them.
  @Test(arguments: [
    ("tags", "title", true), ("TAGS", "Title", true), ("Tags", "TITLE", true), ("tägs", "títle", false),
    ("tags2", "titles", false),
  ])
  func frontMatterKeysInAnyCase(tagsKey: String, titleKey: String, known: Bool) {
    let text = "---\n\(titleKey): \"Ethics\"\n\(tagsKey): a, #b/c\n---\nBody\n"
    let summary = NoteSummary(path: "/n.md", doc: NoteDocument(text))
    #expect(summary.tags.map(\.name) == (known ? ["a", "b/c"] : []))
    let span = summary.titleSpan.map { Array(Array(text.utf8)[$0.bytes]) }
    #expect(span == (known ? Array("Ethics".utf8) : nil))
  }

  @Test func tagUsesAreTheSummarysTags() {
    let texts = [
      "---\ntitle: T\ntags: a, #b/c, 'd'\n---\n# T\n\n#x #y/z text #mood/😀 #読書\n\n```\n#not-a-tag\n```\n",
      "plain #one\r\n\r\n- #two\r\n> #three (p. 1)\r\n",
      "",
    ]
    for text in texts {
      let doc = NoteDocument(text)
      #expect(NoteSummary.tagUses(in: doc) == NoteSummary(path: "/n.md", doc: doc).tags, "\(text.debugDescription)")
    }
  }

  static func library(_ notes: [String: String]) -> LibrarySnapshot {
    LibraryHost().apply(notes.map { .update(NoteSummary(path: $0.key, doc: NoteDocument($0.value))) })
  }

  @Test func replacingAnOpenNotesTagsUpdatesTheCounts() {
    var library = Self.library(["/a.md": "#books #old\n", "/b.md": "#books/2021\n"])
    #expect(library.tag(named: "books")?.totalCount == 2)
    #expect(library.tag(named: "old")?.noteCount == 1)
    let live = NoteDocument("#books/2022 #fresh\n")
    library.replaceTags(of: "/a.md", with: NoteSummary.tagUses(in: live))
    #expect(library.tag(named: "old") == nil)
    #expect(library.tag(named: "fresh")?.noteCount == 1)
    #expect(library.tag(named: "books")?.noteCount == 0)
    #expect(library.tag(named: "books")?.totalCount == 2)
    #expect(library.tagCompletions(prefix: "books/").map(\.name) == ["books/2021", "books/2022"])
    library.replaceTags(of: "/new.md", with: NoteSummary.tagUses(in: NoteDocument("#fresh\n")))
    #expect(library.tag(named: "fresh")?.noteCount == 2)
  }

  /// Applies `edits` to the library's texts, by byte ranges.
  static func applying(_ edits: [TagRename.Edit], to notes: [String: String]) -> [String: String] {
    var result = notes
    for (path, text) in notes {
      var bytes = Array(text.utf8)
      for edit in edits.filter({ $0.path == path }).sorted(by: { $0.span.bytes.lowerBound > $1.span.bytes.lowerBound })
      {
        bytes.replaceSubrange(edit.span.bytes, with: Array(edit.newText.utf8))
      }
      result[path] = String(decoding: bytes, as: UTF8.self)
    }
    return result
  }

  @Test(arguments: [
    ("books", "reading", "#reading/2021 #bookshelf #reading x #reading/2021/q1\n", "tags: reading, reading/2022"),
    ("books/2021", "year/2021", "#year/2021 #bookshelf #Books x #year/2021/q1\n", "tags: books, books/2022"),
    (
      "BOOKS", "media/books", "#media/books/2021 #bookshelf #media/books x #media/books/2021/q1\n",
      "tags: media/books, media/books/2022"
    ),
  ])
  func renameChangesTheTagAndItsChildrenEverywhere(old: String, new: String, first: String, front: String) throws {
    let notes = [
      "/a.md": "#books/2021 #bookshelf #Books x #books/2021/q1\n",
      "/b.md": "---\ntags: books, books/2022\n---\n",
      "/c.md": "#other\n",
    ]
    let edits = try TagRename.edits(renaming: old, to: new, in: Self.library(notes))
    let renamed = Self.applying(edits, to: notes)
    #expect(renamed["/a.md"] == first)
    #expect(renamed["/b.md"] == "---\n\(front)\n---\n")
    #expect(renamed["/c.md"] == "#other\n")
  }

  @Test func renameEditsCarryEveryEncodingsColumns() throws {
    let text = "😀 #mood/😀 #mood\n"
    let edits = try TagRename.edits(renaming: "mood", to: "feeling", in: Self.library(["/m.md": text]))
    let doc = NoteDocument(text)
    #expect(edits.count == 2)
    for edit in edits {
      #expect(edit.span == doc.span(of: edit.span.bytes))
      #expect(doc.text.string(in: edit.span.bytes) == "mood")
    }
    #expect(Self.applying(edits, to: ["/m.md": text])["/m.md"] == "😀 #feeling/😀 #feeling\n")
  }
}

/// Links: where a target points, and the diagnostics about notes that are missing.
@Suite(.onThreadsOfItsOwn) struct LinkTargetTests {
  static let targets: [(String, String?, LinkTarget?)] = [
    ("https://example.com/a b", "/lib", .uri("https://example.com/a b")),
    ("mailto:me@example.com", "/lib", .uri("mailto:me@example.com")),
    ("noise.md", "/lib/books", .file(path: "/lib/books/noise.md")),
    ("../thinking.md#chapter-1", "/lib/books", .file(path: "/lib/thinking.md")),
    ("./sub/caf%C3%A9.md", "/lib", .file(path: "/lib/sub/café.md")),
    ("/abs/path.md", nil, .file(path: "/abs/path.md")),
    ("#only-a-fragment", "/lib", nil),
    ("relative.md", nil, nil),
    ("c:/windows.md", "/lib", .file(path: "/lib/c:/windows.md")),
  ]

  @Test(arguments: targets) func resolves(_ target: String, _ folder: String?, _ expected: LinkTarget?) {
    #expect(LinkTarget.resolve(target, relativeTo: folder) == expected)
  }

  /// A target starting with `/` is relative to the workspace root when there is one.
  @Test func anAbsoluteTargetIsRelativeToTheRoot() {
    #expect(
      LinkTarget.resolve("/books/noise.md#x", relativeTo: "/lib/sub", root: "/lib")
        == .file(path: "/lib/books/noise.md"))
    #expect(LinkTarget.resolve("/../up.md", relativeTo: "/lib/sub", root: "/lib") == .file(path: "/up.md"))
    #expect(LinkTarget.resolve("/abs.md", relativeTo: "/lib/sub", root: nil) == .file(path: "/abs.md"))
    #expect(LinkTarget.resolve("noise.md", relativeTo: "/lib/sub", root: "/lib") == .file(path: "/lib/sub/noise.md"))
    let doc = NoteDocument("[a](/books/a.md) [b](/gone.md) [c](/lib/books/a.md)\n")
    let existing: Set<String> = ["/lib/books/a.md"]
    let context = LibraryContext(path: "/lib/sub/n.md", root: "/lib", library: LibrarySnapshot()) {
      existing.contains($0)
    }
    #expect(
      LibraryDiagnostics.compute(doc, context: context).map { doc.text.string(in: $0.range) } == [
        "/gone.md", "/lib/books/a.md",
      ], "a root-relative target is looked for under the root, never at the file system's root")
  }

  /// Paths already normalized come back as they are; the others lose their empty, `.`
  /// and `..` components.
  static let paths: [(String, String)] = [
    ("/", "/"), ("/a", "/a"), ("/a/b.md", "/a/b.md"), ("/a/.hidden/b.md", "/a/.hidden/b.md"),
    ("/a/...", "/a/..."), ("/a/..b/c", "/a/..b/c"), ("/a/b/", "/a/b"), ("//a//b", "/a/b"), ("/a/./b", "/a/b"),
    ("/a/../b", "/b"), ("/..", "/"), ("/../../a", "/a"), ("/a/.", "/a"), ("/a/..", "/"), ("a/b", "/a/b"), ("", "/"),
    ("/é/😀.md", "/é/😀.md"),
  ]

  @Test(arguments: paths) func normalizesPaths(_ path: String, _ expected: String) {
    #expect(LinkTarget.normalized(path) == expected)
    #expect(LinkTarget.isNormalized(path) == (path == expected))
  }

  @Test(arguments: [
    ("/a/b.md", true), ("/a/b.MD", true), ("/a/b.Markdown", true), ("b.markdown", true), ("/a/b.mdx", false),
    ("/a/md", false), (".md", true), ("/a/b.txt", false), ("/a/b.mar\u{212A}down", true), ("/é.md", true),
  ])
  func notePaths(_ path: String, _ expected: Bool) {
    #expect(LinkTarget.isNotePath(path) == expected)
  }

  @Test func missingNotesAreFlaggedOnTheirTarget() {
    let doc = NoteDocument(
      "See [there](there.md), [gone](gone.md#x), [web](https://x.org/gone.md), ![img](missing.png),\n"
        + "[pic](missing.txt), [Up](../Up.MARKDOWN) and `[code](code.md)`.\n\n```\n[fenced](fenced.md)\n```\n")
    let existing: Set<String> = ["/lib/notes/there.md"]
    let context = LibraryContext(path: "/lib/notes/n.md", library: LibrarySnapshot()) { existing.contains($0) }
    let found = LibraryDiagnostics.compute(doc, context: context)
    #expect(
      found.map { "\($0.code) \($0.severity) \(doc.text.string(in: $0.range))" } == [
        "link-missing-note warning gone.md#x", "link-missing-note warning ../Up.MARKDOWN",
      ])
    #expect(found.first?.message == "No note at 'gone.md#x': create it, or correct the link's path.")
    let off = DiagnosticSettings(severityOverrides: ["link-missing-note": NoteDiagnostic.Severity?.none])
    #expect(LibraryDiagnostics.compute(doc, context: context, options: off).isEmpty)
    let error = DiagnosticSettings(severityOverrides: ["link-missing-note": .error])
    #expect(LibraryDiagnostics.compute(doc, context: context, options: error).map(\.severity) == [.error, .error])
    let unsaved = LibraryContext(path: nil, library: LibrarySnapshot()) { _ in false }
    #expect(LibraryDiagnostics.compute(doc, context: unsaved).isEmpty, "relative links of a note with no file")
  }

  @Test func libraryCodesAreNotParserCodes() {
    let parser = Set(FindingCode.allCases.map(\.rawValue))
    #expect(LibraryDiagnostics.codes.allSatisfy { !parser.contains($0) })
  }
}
