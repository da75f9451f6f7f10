// swift-tools-version: 6.0
import PackageDescription

let strict: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "BookNotes",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "booknotes", targets: ["booknotes"]),
    .library(name: "NoteSyntax", targets: ["NoteSyntax"]),
  ],
  targets: [
    // Pure: text storage, line index, grammar, incremental parser, syntax tree. Stdlib only.
    .target(name: "NoteSyntax", swiftSettings: strict),
    // Pure: analysis of notes (tokens, diagnostics, prompts, outline). No IO, no LSP types.
    .target(name: "NoteIntelligence", dependencies: ["NoteSyntax"], swiftSettings: strict),
    // Knows nothing of notes: JSON-RPC framing, LSP message types, connection, dispatch.
    .target(name: "LanguageServerProtocol", swiftSettings: strict),
    // Where both vocabularies meet: documents, scheduling, conversions, one file per feature.
    .target(
      name: "BookNotesServer",
      dependencies: ["NoteSyntax", "NoteIntelligence", "LanguageServerProtocol"],
      swiftSettings: strict),
    .executableTarget(
      name: "booknotes",
      dependencies: ["BookNotesServer", "NoteIntelligence", "NoteSyntax"],
      swiftSettings: strict),
    .executableTarget(
      name: "booknotes-bench",
      dependencies: ["NoteSyntax", "NoteIntelligence", "LanguageServerProtocol"],
      swiftSettings: strict),
    .target(
      name: "BookNotesTestSupport",
      dependencies: ["NoteSyntax", "NoteIntelligence", "LanguageServerProtocol", "BookNotesServer"],
      swiftSettings: strict),
    .testTarget(
      name: "NoteSyntaxTests", dependencies: ["NoteSyntax"], exclude: ["Fixtures"], swiftSettings: strict),
    .testTarget(
      name: "NoteIntelligenceTests",
      dependencies: ["NoteIntelligence", "NoteSyntax", "BookNotesTestSupport"], swiftSettings: strict),
    .testTarget(
      name: "LanguageServerProtocolTests",
      dependencies: ["LanguageServerProtocol", "BookNotesTestSupport"], swiftSettings: strict),
    .testTarget(
      name: "BookNotesServerTests",
      dependencies: ["BookNotesServer", "LanguageServerProtocol", "NoteSyntax", "BookNotesTestSupport"],
      exclude: ["Golden"],
      swiftSettings: strict),
  ],
  swiftLanguageModes: [.v6]
)
