import Foundation
import Testing

/// The layers' imports point one way: the syntax layer uses the standard library only,
/// the analysis layer adds no IO and no protocol types, and the protocol layer knows
/// nothing of notes.
@Suite struct LayeringTests {
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources")

  /// The modules each file of `target` imports.
  static func imports(of target: String) throws -> [String: Set<String>] {
    let folder = sources.appendingPathComponent(target)
    let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
    var result: [String: Set<String>] = [:]
    for file in files where file.hasSuffix(".swift") {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      var modules: Set<String> = []
      for line in text.split(separator: "\n") {
        let words = line.split(separator: " ")
        if let index = words.firstIndex(of: "import"), index + 1 < words.count, index <= 1 {
          modules.insert(String(words[index + 1]))
        }
      }
      result[file] = modules
    }
    return result
  }

  static let system: Set<String> = [
    "FoundationEssentials", "Foundation", "Dispatch", "Synchronization", "Glibc", "Darwin",
  ]

  static let allowed: [String: Set<String>] = [
    "NoteText": [],
    "NoteSyntax": ["NoteText"],
    // A lock and a thread (through the C library), nothing else: every layer may use them.
    "Locking": ["Synchronization", "CSanitizerHooks", "Glibc", "Darwin"],
    "NoteIntelligence": ["NoteSyntax", "NoteText", "Synchronization", "Locking", "ReviewScheduling"],
    // Arithmetic: the C library's `pow`, nothing else.
    "ReviewScheduling": ["Glibc", "Musl", "Darwin"],
    "JSONCore": ["FoundationEssentials", "Foundation"],
    // System calls only: writes, reads, paths, starting a process.
    "SystemIO": ["CProcessSpawn", "Glibc", "Darwin"],
    "LanguageServerProtocol": system.union(["JSONCore", "SystemIO", "Locking"]),
    // The file-system edge and the library engine: notes and JSON, no protocol types.
    "NoteWorkspace": system.union([
      "NoteSyntax", "NoteIntelligence", "ReviewScheduling", "JSONCore", "SystemIO", "Locking",
    ]),
    // Beside the workspace, not on it.
    "BookCatalog": system.union(["NoteIntelligence", "JSONCore", "SystemIO", "Locking"]),
    // The parser fuzzer's properties: the parser, the text and `memchr`, so the fuzzer links
    // nothing else.
    "NoteSyntaxFuzzing": ["NoteSyntax", "NoteText", "Glibc", "Darwin"],
  ]

  @Test(arguments: [
    "NoteText", "NoteSyntax", "Locking", "SystemIO", "NoteIntelligence", "ReviewScheduling", "JSONCore",
    "LanguageServerProtocol", "NoteWorkspace", "BookCatalog", "NoteSyntaxFuzzing",
  ])
  func importsStayInsideTheLayer(target: String) throws {
    let allowed = try #require(Self.allowed[target])
    let imports = try Self.imports(of: target)
    #expect(!imports.isEmpty)
    for (file, modules) in imports {
      #expect(modules.isSubset(of: allowed), "\(target)/\(file) imports \(modules.subtracting(allowed).sorted())")
    }
  }

  /// Every lock is a `Lock` (Locking), which ThreadSanitizer follows; a bare
  /// `Synchronization.Mutex` would make a sanitizer run report what it guards as races.
  @Test func locksAreOnesThreadSanitizerFollows() throws {
    let tests = Self.sources.deletingLastPathComponent().appendingPathComponent("Tests")
    var checked = 0
    for folder in [Self.sources, tests] {
      let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
      for file in files where file.hasSuffix(".swift") && !file.hasPrefix("Locking/") && !file.contains("/.") {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        checked += 1
        // Spelt in two parts, so that this file does not find itself.
        let type = "Mut" + "ex"
        #expect(!text.contains(type + "<") && !text.contains(type + "("), "\(file) uses \(type); use Lock")
      }
    }
    #expect(checked > 100)
  }

  /// The command-line tools that read notes go through the workspace layer, not the
  /// server and its protocol types.
  @Test(arguments: [
    "CheckCommand.swift", "PromptsCommand.swift", "LibraryArguments.swift", "LibraryCommand.swift",
    "SearchCommand.swift", "SymbolsCommand.swift", "TagsCommand.swift", "BooksCommand.swift", "ReviewCommand.swift",
    "ReviewSession.swift", "StatsCommand.swift",
  ])
  func commandsUseTheWorkspaceLayer(file: String) throws {
    let modules = try #require(try Self.imports(of: "booknotes")[file])
    #expect(
      modules.isDisjoint(with: ["BookNotesServer", "LanguageServerProtocol"]), "booknotes/\(file) imports \(modules)")
  }

  /// The server and the command line open and keep their libraries through one
  /// library engine (`LibraryEngine`): neither names the loader, the index cache or the
  /// poller behind it, so a new index is added to the engine once.
  @Test(arguments: ["BookNotesServer", "booknotes"])
  func librariesGoThroughTheEngine(target: String) throws {
    let folder = Self.sources.appendingPathComponent(target)
    let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
    for file in files where file.hasSuffix(".swift") {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for name in ["LibraryLoader", "IndexCache", "FolderPoller", "LibraryHost("] {
        #expect(!text.contains(name), "\(target)/\(file) names \(name)")
      }
    }
  }

  /// The server executable links the Swift runtime statically on Linux, which works
  /// only without corelibs `Foundation`: its targets import `FoundationEssentials`, and
  /// `Foundation` only where that is missing (macOS).
  @Test(arguments: [
    "JSONCore", "LanguageServerProtocol", "BookNotesServer", "NoteIntelligence", "NoteWorkspace", "BookCatalog",
    "booknotes",
  ])
  func theServerUsesFoundationEssentials(target: String) throws {
    let folder = Self.sources.appendingPathComponent(target)
    for (file, modules) in try Self.imports(of: target) where modules.contains("Foundation") {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      #expect(
        modules.contains("FoundationEssentials") && text.contains("#if canImport(FoundationEssentials)"),
        "\(target)/\(file) imports Foundation outside `#if canImport(FoundationEssentials)`")
    }
  }
}
