import BookNotesFuzzing
import Foundation
import NoteSyntaxFuzzing
import Testing

/// The fuzzers' properties (`BookNotesFuzzing`) on their seeds and on every input that
/// once broke one (`Fuzz/regressions/<fuzzer>/`), through the same code the fuzzers run.
@Suite struct FuzzInputTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The files of `folders` (relative to the repository, not recursive), relative paths
  /// sorted; with `suffix`, only the files whose names end with it.
  static func files(in folders: [String], suffix: String = "") -> [String] {
    folders.flatMap { folder in
      let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
      return names.filter { !$0.hasPrefix(".") && $0.hasSuffix(suffix) }.map { folder + "/" + $0 }
    }.sorted()
  }

  static func inputs(of fuzzer: String) -> [String] {
    files(in: ["Fuzz/seeds/\(fuzzer)", "Fuzz/regressions/\(fuzzer)"])
  }

  static func bytes(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: root.appendingPathComponent(path)))
  }

  @Test func everyFuzzerHasSeeds() {
    for fuzzer in ["parser", "jsonrpc", "googlebooks"] {
      #expect(!Self.inputs(of: fuzzer).isEmpty, "no seeds for \(fuzzer)")
    }
  }

  @Test(
    arguments: inputs(of: "parser") + files(in: ["Tests/NoteSyntaxTests/Fixtures"], suffix: ".md")
      + files(in: ["Tests/editors/library"], suffix: ".md"))
  func parser(_ path: String) throws {
    let problem = ParserFuzzing.check(try Self.bytes(path))
    #expect(problem == nil, "\(path): \(problem ?? "")")
  }

  @Test(arguments: inputs(of: "jsonrpc"))
  func jsonrpc(_ path: String) throws {
    let problem = JSONRPCFuzzing.check(try Self.bytes(path))
    #expect(problem == nil, "\(path): \(problem ?? "")")
  }

  @Test(
    arguments: inputs(of: "googlebooks")
      + files(in: ["Tests/GoogleBooks/fixtures", "Tests/OpenLibrary/fixtures"], suffix: ".json"))
  func googleBooks(_ path: String) throws {
    let problem = GoogleBooksFuzzing.check(try Self.bytes(path))
    #expect(problem == nil, "\(path): \(problem ?? "")")
  }
}
