import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// The link graph of a library: heading anchors, wiki link names, resolution,
/// backlinks, link diagnostics and where a link is being typed.
@Suite(.onThreadsOfItsOwn) struct LinkGraphTests {
  static let notes: [(String, String)] = [
    (
      "/v/index.md",
      "# Index\n\n[[thinking]] [[Noise#Chapter 1: Crime!]] [n](books/noise.md#chapter-1-crime) [[ideas]]\n"
    ),
    ("/v/books/thinking.md", "---\ntitle: Thinking, Fast and Slow\naliases: [Kahneman's Book]\n---\n# Thinking\n"),
    ("/v/books/noise.md", "# Noise\n\n## Chapter 1: Crime!\n\n## 🚀 Launch: Day 1!\n"),
    ("/v/ideas.md", "# Ideas\n"),
    ("/v/work/ideas.md", "# Ideas\n\n[[#nowhere]] [x](#ideas)\n"),
  ]

  static func library() -> LibrarySnapshot {
    var snapshot = LibrarySnapshot.part(0, of: 1, from: notes.map { NoteSummary(path: $0.0, doc: NoteDocument($0.1)) })
    snapshot.roots = ["/v"]
    return snapshot
  }

  @Test(arguments: [
    ("Chapter 1: Crime and Noisy Punishment", "chapter-1-crime-and-noisy-punishment"),
    ("🚀 Launch: Day 1!", "-launch-day-1"),
    ("What's new? (2024)", "whats-new-2024"),
    ("Café_au-lait", "café_au-lait"),
    ("chapter-1-crime", "chapter-1-crime"),
  ])
  func slugsAreGitHubs(_ heading: String, _ slug: String) {
    #expect(HeadingAnchor.slug(heading) == slug)
    let headings = NoteSummary.headings(of: NoteDocument("# Other\n\n## \(heading)\n"))
    #expect(HeadingAnchor.index(of: slug, among: headings) == 1, "a slug names its heading")
    #expect(HeadingAnchor.index(of: heading.uppercased(), among: headings, byText: true) == 1, "so does its text")
  }

  /// GitHub numbers a repeated slug from 1, and a number may make a slug that an earlier
  /// heading has: then the next number (github-slugger's rule).
  @Test func repeatedHeadingsHaveGitHubsNumberedAnchors() {
    let texts = ["Windows", "Unix", "Windows", "Windows", "Windows 1", "windows-2"]
    #expect(
      HeadingAnchor.anchors(texts) == ["windows", "unix", "windows-1", "windows-2", "windows-1-1", "windows-2-1"])
    let headings = NoteSummary.headings(of: NoteDocument(texts.map { "## \($0)\n\n" }.joined()))
    #expect(HeadingAnchor.index(of: "windows-1", among: headings) == 2)
    #expect(HeadingAnchor.index(of: "Windows 1", among: headings, byText: true) == 4, "a wiki link names the text")
    #expect(HeadingAnchor.index(of: "windows-3", among: headings) == nil)
  }

  /// A wiki link's heading path (Obsidian's `[[Guide#Unix#Build]]`) names a heading in
  /// the section of the one before; a heading whose text holds `#` is named whole.
  @Test func aWikiHeadingPathNamesAHeadingInTheSectionBefore() {
    let headings = NoteSummary.headings(
      of: NoteDocument("# Guide\n## Windows\n### Build\n## Unix\n### Notes\n#### Build\n## C# tips\n"))
    func named(_ written: String) -> Int? { HeadingAnchor.index(of: written, among: headings, byText: true) }
    #expect(named("Build") == 2, "the first")
    #expect(named("Unix#Build") == 5, "deeper than a child")
    #expect(named("Guide#Unix#Build") == 5)
    #expect(named("Windows#Build") == 2)
    #expect(named("C# tips") == 6)
    #expect(named("Windows#Notes") == nil, "Notes is not under Windows")
    #expect(named("Build#Unix") == nil)
    let path = HeadingAnchor.textPath("Guide#Unix#Build", among: headings)
    #expect(path?.map(\.heading) == [0, 3, 5])
    #expect(path.map { path in path.map { String("Guide#Unix#Build"[$0.part]) } } == ["Guide", "Unix", "Build"])
  }

  @Test func wikiNamesResolveByFileNamePathAndAliasShortestFirst() {
    let names = Self.library().noteNames
    #expect(names.notes(named: "Thinking") == ["/v/books/thinking.md"])
    #expect(names.notes(named: "thinking.md") == ["/v/books/thinking.md"])
    #expect(names.notes(named: "kahneman's book") == ["/v/books/thinking.md"])
    #expect(names.notes(named: "ideas") == ["/v/ideas.md", "/v/work/ideas.md"])
    #expect(names.notes(named: "work/ideas") == ["/v/work/ideas.md"])
    #expect(names.notes(named: "books/ideas").isEmpty)
    #expect(names.shortestName(of: "/v/work/ideas.md", root: "/v") == "work/ideas")
    #expect(names.shortestName(of: "/v/books/noise.md", root: "/v") == "noise")
  }

  @Test func backlinksFollowBothStylesAndAliases() {
    let snapshot = Self.library()
    #expect(
      snapshot.backlinks(to: "/v/books/noise.md").map(\.link.target) == ["Noise", "books/noise.md#chapter-1-crime"])
    #expect(snapshot.backlinks(to: "/v/books/thinking.md").map(\.source) == ["/v/index.md"])
    #expect(snapshot.backlinks(to: "/v/ideas.md").count == 1, "an ambiguous name leads to the shortest path")
    #expect(snapshot.linkingNoteCount(to: "/v/books/noise.md") == 1)
  }

  @Test func anEditKeepingNamesUpdatesTheBacklinksAsAFreshBuildWould() {
    var snapshot = Self.library()
    _ = snapshot.backlinks(to: "/v/books/noise.md")
    let edited = "# Index\n\nNow [[ideas]] [n](books/thinking.md) twice [[noise]] [[noise#x]]\n"
    snapshot.update(NoteSummary(path: "/v/index.md", doc: NoteDocument(edited)))
    #expect(snapshot.linkTables.builtBacklinks != nil, "kept and changed, not dropped")
    var notes = Self.notes
    notes[0].1 = edited
    let fresh = LibrarySnapshot.part(0, of: 1, from: notes.map { NoteSummary(path: $0.0, doc: NoteDocument($0.1)) })
    #expect(snapshot.allBacklinks.byTarget == fresh.allBacklinks.byTarget)
    #expect(snapshot.allBacklinks.linkingNotes == fresh.allBacklinks.linkingNotes)
    #expect(snapshot.linkingNoteCount(to: "/v/books/noise.md") == 1)
  }

  @Test func linkDiagnosticsNameMissingNotesHeadingsAndAmbiguousNames() {
    let snapshot = Self.library()
    func codes(_ path: String, _ text: String) -> [String] {
      let context = LibraryContext(path: path, root: "/v", library: snapshot) { snapshot.note(at: $0) != nil }
      return LibraryDiagnostics.compute(NoteDocument(text), context: context).map(\.code)
    }
    #expect(codes("/v/index.md", Self.notes[0].1) == ["link-ambiguous"])
    #expect(codes("/v/work/ideas.md", Self.notes[4].1) == ["link-missing-heading"])
    #expect(
      codes("/v/a.md", "[[nowhere]] [[noise#Chapter 2]] [[noise#^block]] [n](books/noise.md#-launch-day-1)\n") == [
        "link-missing-note", "link-missing-heading",
      ])
    #expect(HeadingAnchor.closest(to: "Chaptre 1 Crime", among: ["Noise", "Chapter 1: Crime!"]) == "Chapter 1: Crime!")
  }

  @Test(arguments: [
    ("See [[th$0", "th", true),
    ("See [[noise#Cha$0]]", "Cha", true),
    ("See [[#$0", "", true),
    ("[n]($0", "", false),
    ("[n](books/noise.md#ch$0)", "ch", false),
  ])
  func whereALinkIsTyped(_ marked: String, _ typed: String, _ wiki: Bool) throws {
    let (text, offset) = try marked.withCursor()
    let context = try #require(LinkCompletionContext.find(at: offset, in: NoteDocument(text)))
    #expect(context.typed == typed)
    switch context.kind {
    case .wikiNote, .wikiHeading: #expect(wiki)
    case .path, .pathHeading: #expect(!wiki)
    }
    #expect(context.isClosed == text.hasSuffix(")") || text.hasSuffix("]]"))
    let unlinked = String(text.map { $0 == "[" ? "(" : $0 == "]" ? "}" : $0 })
    #expect(LinkCompletionContext.find(at: offset, in: NoteDocument(unlinked)) == nil)
  }
}

@Suite(.onThreadsOfItsOwn) struct HTMLAnchorNameTests {
  /// The `id` or `name` of an opening tag is an anchor, outside code; a tag must close
  /// on its line.
  @Test func idsAndNamesOfOpeningTagsAreAnchors() {
    let text = """
      <a name="install"></a> <A ID='Usage' class=x> <div id=plain>

      Text <a href="#not-an-anchor">link</a> <img src=x name="pic"/> <a id="unclosed"
      <p data-id="no"> a < b and <3 <span id="">

          <a id="indented-code">

      ```
      <a id="fenced-code">
      ```
      """
    let anchors = HTMLAnchors.anchors(of: NoteDocument(text))
    #expect(anchors.map(\.name) == ["install", "Usage", "plain", "pic"])
    #expect(anchors.map(\.span.bytes) == [0..<18, 23..<45, 46..<60, 101..<124])
  }
}

@Suite(.onThreadsOfItsOwn) struct LiveHeadingTests {
  /// An open note's headings (read from its live text) are the index's: a heading in a
  /// list item or a quote counts in both, so a link to it is whole whether its note is
  /// open or not.
  @Test func liveHeadingsAreTheIndexs() {
    let doc = NoteDocument("# Title\n\n- ## In a list\n\n> ### In a quote\n\nTitle two\n---\n")
    let live = NoteSummary.headings(of: doc)
    #expect(live == NoteSummary(path: "/n.md", doc: doc).headings)
    #expect(live.map(\.text) == ["Title", "In a list", "In a quote", "Title two"])
    #expect(live.map(\.level) == [1, 2, 3, 2])
  }
}
