import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import Testing

@testable import BookNotesServer

/// Note completion after `[[` ranks equal matches by how recently each note changed
/// (open notes first, then changed within a day, a week, a month), then by how many
/// notes link to it: over the real `booknotes lsp`, on files given their times, cold
/// and again from the index cache.
@Suite struct LinkCompletionRankingTests {
  /// Notes matching "alpha" equally well (a title starting with it), with their age in
  /// days.
  static let ages: [(path: String, title: String, days: Double)] = [
    ("linked.md", "Alpha Linked", 100), ("plain.md", "Alpha Plain", 100), ("week.md", "Alpha Week", 3),
    ("today.md", "Alpha Today", 0.05), ("opened.md", "Alpha Opened", 200), ("month.md", "Alpha Month", 20),
  ]

  func library() throws -> LinkVault {
    let vault = try LinkVault()
    for note in Self.ages { try vault.write(note.path, "# \(note.title)\n\nText.\n") }
    // Two notes link to the oldest one.
    try vault.write("one.md", "# Linker One\n\n[[linked]]\n")
    try vault.write("two.md", "# Linker Two\n\nSee [linked](linked.md).\n")
    for note in Self.ages {
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: -note.days * 86_400)],
        ofItemAtPath: vault.root.appendingPathComponent(note.path).path)
    }
    return vault
  }

  /// Opens `opened.md` and a scratch note that types `[[alpha`.
  func openNotes(_ client: LSPTestClient, _ vault: LinkVault) async throws {
    let opened = vault.uri("opened.md")
    client.open(opened, text: "# Alpha Opened\n\nText.\n")
    // Answered after the note is open: the completion, on another note's queue, sees it open.
    _ = try await client.request("textDocument/documentSymbol", uri: opened)
    client.open(vault.uri("scratch.md"), text: "# Scratch\n\nSee [[alpha\n")
  }

  /// The labels offered after `[[alpha` in the order of their `sortText`.
  func completed(_ client: LSPTestClient, _ vault: LinkVault) async throws -> [String] {
    let list = try await client.request(
      "textDocument/completion", uri: vault.uri("scratch.md"), ["position": position(2, 11)])
    let items = list["items"]?.arrayValue ?? []
    return items.sorted { ($0["sortText"]?.stringValue ?? "") < ($1["sortText"]?.stringValue ?? "") }
      .compactMap { $0["label"]?.stringValue }
  }

  @Test func recentlyChangedAndOpenNotesComeFirstThenTheMostLinked() async throws {
    let vault = try library()
    let expected = ["Alpha Opened", "Alpha Today", "Alpha Week", "Alpha Month", "Alpha Linked", "Alpha Plain"]
    let cold = try await vault.launch()
    try await openNotes(cold, vault)
    let coldOrder = try await completed(cold, vault)
    #expect(coldOrder == expected)
    // A note written on disk now is the latest changed (its title, and so the names, the same).
    try vault.write("plain.md", "# Alpha Plain\n\nMore text.\n")
    let changed = ["Alpha Opened", "Alpha Plain", "Alpha Today", "Alpha Week", "Alpha Month", "Alpha Linked"]
    var changedOrder: [String] = []
    for _ in 0..<100 {
      changedOrder = try await completed(cold, vault)
      if changedOrder == changed { break }
      try await Task.sleep(for: .milliseconds(100))
    }
    #expect(changedOrder == changed)
    try await cold.shutdownAndExit()
    _ = try await cold.waitForExit()
    // Again from the index cache the first start wrote.
    #expect(try !FileManager.default.contentsOfDirectory(atPath: vault.cache.path).isEmpty)
    let warm = try await vault.launch()
    try await openNotes(warm, vault)
    let warmOrder = try await completed(warm, vault)
    #expect(warmOrder == changed)
    try await warm.shutdownAndExit()
    _ = try await warm.waitForExit()
  }
}
