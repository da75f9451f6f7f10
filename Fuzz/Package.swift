// swift-tools-version: 6.0
import PackageDescription

// The fuzzers: one executable per target, each only libFuzzer's entry point over a
// check of the BookNotesFuzzing library. Built by `run.sh` with `--sanitize=fuzzer`
// (libFuzzer supplies `main`) and `--sanitize=address`; a package of its own, so that
// the main package's `swift build` and `swift test` never build them.
let package = Package(
  name: "BookNotesFuzzers",
  dependencies: [.package(name: "BookNotes", path: "..")],
  targets: [
    .executableTarget(
      name: "fuzz-parser", dependencies: [.product(name: "NoteSyntaxFuzzing", package: "BookNotes")]),
    .executableTarget(
      name: "fuzz-jsonrpc", dependencies: [.product(name: "BookNotesFuzzing", package: "BookNotes")]),
    .executableTarget(
      name: "fuzz-googlebooks", dependencies: [.product(name: "BookNotesFuzzing", package: "BookNotes")]),
  ],
  swiftLanguageModes: [.v6]
)
