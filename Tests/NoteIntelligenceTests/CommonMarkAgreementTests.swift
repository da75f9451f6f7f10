import BookNotesTestSupport
import Foundation
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// Our block structure against cmark-gfm's (`cmark-gfm --to xml --sourcepos -e table`,
/// read by `Tests/commonmark/cmark_blocks.py`) on the CommonMark spec's 655 examples
/// and on the notes of `Tests/commonmark/notes`: every heading (level, line and text)
/// and every code and HTML block (its lines) agree, except in the examples listed in
/// `Tests/commonmark/excluded.txt` with the reason. Quotes, lists, tables and thematic
/// breaks are compared and counted too.
@Suite(.onThreadsOfItsOwn) struct CommonMarkAgreementTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("commonmark")

  /// CI sets `BOOKNOTES_CMARK_TESTS=required`: a missing cmark-gfm fails instead of skipping.
  static let required = ProcessInfo.processInfo.environment["BOOKNOTES_CMARK_TESTS"] == "required"

  /// `BOOKNOTES_CMARK_SHOW=1` prints both sides of each input whose headings or code and
  /// HTML blocks disagree; `BOOKNOTES_CMARK_SHOW=all`, of each input that differs at all.
  static let shows = ["1", "all"].contains(ProcessInfo.processInfo.environment["BOOKNOTES_CMARK_SHOW"])
  static let showsAll = ProcessInfo.processInfo.environment["BOOKNOTES_CMARK_SHOW"] == "all"

  /// cmark-gfm's blocks for each input (by name), with the inputs' texts written to
  /// `inputs`; `nil` when cmark-gfm is missing and cannot be installed.
  static func cmarkBlocks(_ arguments: [String]) async throws -> [String: [String]]? {
    let run = try await ChildProcess.run(
      "/usr/bin/env", ["bash", directory.appendingPathComponent("run.sh").path] + arguments, mergingErrors: false)
    let problem = String(decoding: run.errors, as: UTF8.self)
    if run.status == 3 && !required {
      print("CommonMark agreement: skipped: \(problem)")
      return nil
    }
    try #require(run.status == 0, "Tests/commonmark/run.sh failed: \(problem)")
    let data = run.output
    var blocks: [String: [String]] = [:]
    var current = ""
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      if line.hasPrefix("input ") {
        current = String(line.dropFirst(6))
        blocks[current] = []
      } else {
        blocks[current, default: []].append(String(line))
      }
    }
    return blocks
  }

  /// Our blocks of `text`, in `cmark_blocks.py`'s format.
  static func ourBlocks(_ text: String) -> [String] {
    let doc = NoteDocument(text)
    var out: [String] = []
    func line(_ offset: Int) -> Int { doc.lineColumn(of: offset, in: .utf8).line + 1 }
    func walk(_ nodes: [SyntaxNode]) {
      // A quote's line stands for its blocks, its markers left out: a fence's lines are one code block.
      let nodes = nodes.flatMap { node in
        node.kind == .quoteLine
          ? node.children.filter { $0.kind != .quoteMarker && $0.kind != .listMarker } : [node]
      }
      var code: (start: Int, end: Int)?
      func flush() {
        if let range = code { out.append("code \(line(range.start)) \(line(max(range.start, range.end - 1)))") }
        code = nil
      }
      for node in nodes {
        switch node.kind {
        case .codeBlockStart:
          flush()
          let fence = node.child(.codeFence).map { doc.text.string(in: $0.range) } ?? ""
          // `$$` and `%%` blocks are ours alone: cmark-gfm reads them as paragraphs.
          if !fence.hasPrefix("$") && !fence.hasPrefix("%") { code = (node.startOffset, node.endOffset) }
        case .codeLines, .codeBlockEnd:
          if let range = code { code = (range.start, node.endOffset) }
        default:
          flush()
          switch node.kind {
          case .heading:
            let content = node.child(.inlineContent).map { doc.plainText([$0]) } ?? ""
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).joined(separator: " ")
            out.append("heading \(node.headingLevel) \(line(node.startOffset)) \(words)".trimmingTrailingSpaces)
          case .indentedCode, .htmlBlock:
            let name = node.kind == .htmlBlock ? "html" : "code"
            var start = line(node.startOffset)
            // A run of lines that continues the block before it extends that block.
            if node.continuesBlock, let last = out.last, last.hasPrefix(name + " ") {
              start = Int(last.split(separator: " ")[1])!
              out.removeLast()
            }
            out.append("\(name) \(start) \(line(node.endOffset - 1))")
          case .blockquote:
            out.append("quote \(line(node.startOffset))")
            walk(Array(node.children))
          case .unorderedList, .orderedList:
            out.append("list \(line(node.startOffset))")
            walk(Array(node.children))
          case .listItem: walk(Array(node.children))
          case .table: out.append("table \(line(node.startOffset))")
          case .thematicBreak: out.append("break \(line(node.startOffset))")
          default: break
          }
        }
      }
      flush()
    }
    var blocks: [SyntaxNode] = []
    doc.tree.forEachBlock { blocks.append($0) }
    walk(blocks)
    return out
  }

  struct Tally {
    var inputs = 0
    var allAgree = 0
    var headings = (agree: 0, total: 0)
    var codeAndHTML = (agree: 0, total: 0)
    var disagreeing: [String] = []

    mutating func add(_ name: String, ours: [String], theirs: [String]) {
      inputs += 1
      if ours == theirs { allAgree += 1 }
      func kept(_ blocks: [String], _ prefixes: [String]) -> [String] {
        blocks.filter { block in prefixes.contains { block.hasPrefix($0) } }
      }
      let (ourHeadings, theirHeadings) = (kept(ours, ["heading "]), kept(theirs, ["heading "]))
      let (ourCode, theirCode) = (kept(ours, ["code ", "html "]), kept(theirs, ["code ", "html "]))
      headings.total += theirHeadings.count
      headings.agree += theirHeadings.filter(ourHeadings.contains).count
      codeAndHTML.total += theirCode.count
      codeAndHTML.agree += theirCode.filter(ourCode.contains).count
      if ourHeadings != theirHeadings || ourCode != theirCode {
        disagreeing.append(name)
      }
      if ourHeadings != theirHeadings || ourCode != theirCode || (CommonMarkAgreementTests.showsAll && ours != theirs) {
        if CommonMarkAgreementTests.shows {
          print("== \(name)\nours:\n\(ours.joined(separator: "\n"))\ncmark-gfm:\n\(theirs.joined(separator: "\n"))")
        }
      }
    }

    var summary: String {
      func percent(_ part: (agree: Int, total: Int)) -> String {
        part.total == 0 ? "100%" : String(format: "%.1f%%", 100 * Double(part.agree) / Double(part.total))
      }
      return "\(allAgree)/\(inputs) agree on all blocks; headings \(headings.agree)/\(headings.total) "
        + "(\(percent(headings))), code/HTML \(codeAndHTML.agree)/\(codeAndHTML.total) (\(percent(codeAndHTML)))"
    }
  }

  /// The examples left out, with the reason: `N reason` lines.
  static func excluded() throws -> [String: String] {
    let text = try String(contentsOf: directory.appendingPathComponent("excluded.txt"), encoding: .utf8)
    var reasons: [String: String] = [:]
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let parts = line.split(separator: " ", maxSplits: 1)
      reasons["example-\(parts[0]).md"] = parts.count > 1 ? String(parts[1]) : ""
    }
    return reasons
  }

  @Test(.timeLimit(.minutes(5))) func theSpecsExamplesAgreeWithCmarkGFM() async throws {
    let inputs = FileManager.default.temporaryDirectory.appendingPathComponent("booknotes-commonmark-\(getpid())")
    defer { try? FileManager.default.removeItem(at: inputs) }
    guard
      let theirs = try await Self.cmarkBlocks([
        "spec", Self.directory.appendingPathComponent("spec.txt").path, "--inputs", inputs.path,
      ])
    else { return }
    #expect(theirs.count == 655)
    let excluded = try Self.excluded()
    var tally = Tally()
    for (name, blocks) in theirs.sorted(by: { $0.key.localizedStandardCompare($1.key) == .orderedAscending }) {
      let text = try String(contentsOf: inputs.appendingPathComponent(name), encoding: .utf8)
      tally.add(name, ours: Self.ourBlocks(text), theirs: blocks)
    }
    let agreeing = tally.disagreeing.filter { excluded[$0] == nil }
    #expect(agreeing.isEmpty, "headings or code/HTML blocks disagree with cmark-gfm in \(agreeing)")
    let stale = excluded.keys.filter { !tally.disagreeing.contains($0) }.sorted()
    #expect(stale.isEmpty, "excluded.txt lists examples that agree now: \(stale)")
    print("CommonMark agreement, the spec's examples: \(tally.summary); \(excluded.count) examples left out")
  }

  @Test(.timeLimit(.minutes(2))) func realStyleNotesAgreeWithCmarkGFM() async throws {
    let folder = Self.directory.appendingPathComponent("notes")
    guard let theirs = try await Self.cmarkBlocks(["notes", folder.path]) else { return }
    #expect(theirs.count >= 8)
    var tally = Tally()
    for (name, blocks) in theirs.sorted(by: { $0.key < $1.key }) {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      tally.add(name, ours: Self.ourBlocks(text), theirs: blocks)
    }
    #expect(tally.disagreeing.isEmpty, "headings or code/HTML blocks disagree with cmark-gfm in \(tally.disagreeing)")
    print("CommonMark agreement, real-style notes: \(tally.summary)")
  }
}

extension String {
  fileprivate var trimmingTrailingSpaces: String {
    var text = Substring(self)
    while text.last == " " { text.removeLast() }
    return String(text)
  }
}
