// swift-tools-version: 6.0
import PackageDescription

let strict: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

// The sanitizers' runtimes do not link into a static executable: with
// BOOKNOTES_DYNAMIC_SERVER=1 (set by `Fuzz/sanitizers.sh`) `booknotes` links the Swift
// libraries dynamically, like the other executables.
let staticServer = Context.environment["BOOKNOTES_DYNAMIC_SERVER"] == nil

let package = Package(
  name: "BookNotes",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "booknotes", targets: ["booknotes"]),
    .executable(name: "booknotes-fetch", targets: ["booknotes-fetch"]),
    .library(name: "NoteSyntax", targets: ["NoteSyntax"]),
    // For the fuzzers in Fuzz/, a package of their own built with libFuzzer.
    .library(name: "BookNotesFuzzing", targets: ["BookNotesFuzzing"]),
    .library(name: "NoteSyntaxFuzzing", targets: ["NoteSyntaxFuzzing"]),
  ],
  targets: [
    // A value behind a lock (Synchronization.Mutex) that ThreadSanitizer can follow,
    // and a thread of its own for work that waits.
    .target(name: "Locking", dependencies: ["CSanitizerHooks"], swiftSettings: strict),
    // ThreadSanitizer's lock annotations, called only when its runtime is linked in.
    .target(name: "CSanitizerHooks"),
    // Pure: a note's text, its line index and positions in UTF-8, UTF-16 and UTF-32. Stdlib only.
    .target(name: "NoteText", swiftSettings: strict),
    // Pure: grammar, incremental parser, syntax tree, over NoteText. Stdlib only.
    .target(name: "NoteSyntax", dependencies: ["NoteText"], swiftSettings: strict),
    // Pure: analysis of notes (tokens, diagnostics, prompts, outline). No IO, no LSP types.
    .target(
      name: "NoteIntelligence", dependencies: ["NoteSyntax", "NoteText", "Locking", "ReviewScheduling"],
      swiftSettings: strict),
    // Pure: FSRS-6 spaced-repetition scheduling and the review log's times. The C
    // library's `pow` only.
    .target(name: "ReviewScheduling", swiftSettings: strict),
    // Knows nothing of notes or LSP: a JSON value, a one-pass parser, a fast writer,
    // and Codable bridges over them.
    .target(name: "JSONCore", swiftSettings: strict),
    // The system calls every IO layer shares: whole writes to a descriptor, whole-file
    // reads and atomic writes, paths, starting a process with posix_spawn.
    .target(name: "SystemIO", dependencies: ["CProcessSpawn"], swiftSettings: strict),
    // Knows nothing of notes: JSON-RPC framing, LSP message types, connection, dispatch.
    .target(
      name: "LanguageServerProtocol", dependencies: ["JSONCore", "SystemIO", "Locking"], swiftSettings: strict),
    // The library's file-system edge: finding and reading notes, `.booknotes.json` and
    // the environment, the loader, watching folders, the index cache on disk.
    .target(
      name: "NoteWorkspace",
      dependencies: ["NoteSyntax", "NoteIntelligence", "ReviewScheduling", "JSONCore", "SystemIO", "Locking"],
      swiftSettings: strict),
    // Google Books behind the `BookCatalog` protocol: request building, response
    // decoding, caches in memory and on disk, back-off. Its HTTP goes through the
    // `booknotes-fetch` process, so nothing here links the network stack.
    .target(
      name: "BookCatalog",
      dependencies: ["NoteIntelligence", "JSONCore", "SystemIO", "Locking"],
      swiftSettings: strict),
    // posix_spawn's close-from action, which glibc declares only for _GNU_SOURCE.
    .target(name: "CProcessSpawn"),
    // URLSession (corelibs Foundation and libcurl) in a process of its own, started when
    // the network is first needed, so the server keeps its fast start.
    .executableTarget(name: "booknotes-fetch", dependencies: ["JSONCore"], swiftSettings: strict),
    // Where both vocabularies meet: documents, scheduling, conversions, one file per feature.
    .target(
      name: "BookNotesServer",
      dependencies: [
        "NoteSyntax", "NoteText", "NoteIntelligence", "NoteWorkspace", "BookCatalog", "JSONCore",
        "LanguageServerProtocol", "Locking", "ReviewScheduling",
      ],
      swiftSettings: strict),
    // glibc's malloc arena limit, which Swift's Glibc module does not expose.
    .target(name: "CMallocTuning"),
    // A static executable on Linux (Swift runtime, FoundationEssentials and libc built
    // in): no dynamic loader, no shared libraries to map and no symbols to bind, so it
    // answers `initialize` several times sooner, which an editor feels on every start.
    // None of its targets may import corelibs `Foundation` (only
    // `FoundationEssentials`), which does not link this way. The linker warns that
    // glibc's user-database and dlopen functions need the same glibc at run time;
    // the server does not use them (the home folder comes from $HOME).
    .executableTarget(
      name: "booknotes",
      dependencies: [
        "BookNotesServer", "NoteIntelligence", "NoteSyntax", "NoteText", "NoteWorkspace", "BookCatalog",
        "JSONCore", "SystemIO", "CMallocTuning", "Locking", "ReviewScheduling",
      ],
      swiftSettings: strict,
      linkerSettings: staticServer
        ? [
          .unsafeFlags(["-static-executable"], .when(platforms: [.linux])),
          // What the static FoundationEssentials needs and its module does not name.
          .linkedLibrary("_FoundationCollections", .when(platforms: [.linux])),
          .linkedLibrary("_FoundationCShims", .when(platforms: [.linux])),
        ] : []),
    .executableTarget(
      name: "booknotes-bench",
      dependencies: [
        "NoteSyntax", "NoteText", "NoteIntelligence", "NoteWorkspace", "BookCatalog", "JSONCore",
        "LanguageServerProtocol", "SystemIO", "GoogleBooksStandIn", "Locking", "ReviewScheduling",
      ],
      swiftSettings: strict),
    // The properties the fuzzers (Fuzz/) check on every input; the tests check them on
    // the seed inputs and on every input that once failed. The parser's stand apart, on
    // NoteSyntax and NoteText alone: the parser fuzzer links no other module, so
    // libFuzzer's work per input (clearing and reading every coverage counter) covers the
    // parser's and the text's only.
    .target(name: "NoteSyntaxFuzzing", dependencies: ["NoteSyntax", "NoteText"], swiftSettings: strict),
    .target(
      name: "BookNotesFuzzing",
      dependencies: ["NoteSyntax", "NoteIntelligence", "JSONCore", "LanguageServerProtocol", "BookCatalog"],
      swiftSettings: strict),
    // `Tests/GoogleBooks/fake_google_books.py` started on 127.0.0.1, for the tests and
    // the benchmark.
    .target(name: "GoogleBooksStandIn", dependencies: ["JSONCore"], swiftSettings: strict),
    .target(
      name: "BookNotesTestSupport",
      dependencies: [
        "NoteSyntax", "NoteText", "NoteIntelligence", "JSONCore", "LanguageServerProtocol", "BookNotesServer",
        "SystemIO", "Locking",
      ],
      swiftSettings: strict),
    .testTarget(name: "NoteTextTests", dependencies: ["NoteText", "BookNotesTestSupport"], swiftSettings: strict),
    .testTarget(
      name: "NoteSyntaxTests", dependencies: ["NoteSyntax", "NoteText", "BookNotesTestSupport"],
      exclude: ["Fixtures"], swiftSettings: strict),
    .testTarget(
      name: "NoteIntelligenceTests",
      dependencies: [
        "NoteIntelligence", "NoteSyntax", "NoteText", "BookNotesTestSupport", "Locking", "ReviewScheduling",
      ],
      swiftSettings: strict),
    .testTarget(
      name: "ReviewSchedulingTests", dependencies: ["ReviewScheduling", "BookNotesTestSupport"], swiftSettings: strict),
    .testTarget(name: "JSONCoreTests", dependencies: ["JSONCore"], swiftSettings: strict),
    .testTarget(name: "SystemIOTests", dependencies: ["SystemIO"], swiftSettings: strict),
    .testTarget(
      name: "NoteWorkspaceTests",
      dependencies: [
        "NoteWorkspace", "NoteIntelligence", "NoteSyntax", "NoteText", "JSONCore", "SystemIO",
        "BookNotesTestSupport", "Locking", "ReviewScheduling",
      ],
      swiftSettings: strict),
    .testTarget(
      name: "BookCatalogTests",
      dependencies: [
        "BookCatalog", "NoteIntelligence", "NoteSyntax", "JSONCore", "BookNotesTestSupport", "GoogleBooksStandIn",
        "Locking",
      ],
      swiftSettings: strict),
    .testTarget(
      name: "LanguageServerProtocolTests",
      dependencies: ["LanguageServerProtocol", "JSONCore", "BookNotesTestSupport", "Locking"],
      swiftSettings: strict),
    .testTarget(
      name: "BookNotesServerTests",
      dependencies: [
        "BookNotesServer", "BookCatalog", "LanguageServerProtocol", "JSONCore", "NoteSyntax", "NoteText",
        "NoteIntelligence", "NoteWorkspace", "SystemIO", "BookNotesTestSupport", "GoogleBooksStandIn", "Locking",
        "ReviewScheduling",
      ],
      exclude: ["Golden"],
      swiftSettings: strict),
    .testTarget(
      name: "FuzzRegressionTests", dependencies: ["BookNotesFuzzing", "NoteSyntaxFuzzing"], swiftSettings: strict),
  ],
  swiftLanguageModes: [.v6]
)
