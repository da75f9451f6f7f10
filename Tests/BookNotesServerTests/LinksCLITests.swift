import BookNotesTestSupport
import Foundation
import Testing

/// `booknotes links` and the link diagnostics of `booknotes check`, run as the built
/// binary on ``LinkVault``.
@Suite(.onThreadsOfItsOwn) struct LinksCLITests {
  @Test func linksListsOutgoingLinksAndBacklinksAsTextAndJSON() throws {
    let vault = try LinkVault()
    let text = try runBooknotes(["links", "books/noise.md"], in: vault.root)
    #expect(text.status == 0)
    #expect(text.lines.first == "Noise (books/noise.md)")
    #expect(text.lines.contains("  books/noise.md:5:28  (../index.md) → index.md"))
    let backlinks = text.lines.drop { $0 != "backlinks:" }.dropFirst().map { String($0.split(separator: " ")[0]) }
    #expect(
      backlinks == [
        "books/thinking.md:10:5", "crlf.md:3:15", "index.md:3:29", "index.md:4:10", "index.md:7:26",
      ])

    // By name, as a wiki link writes it, from another folder with --root.
    let json = try runBooknotes(
      ["links", "--format", "json", "--root", vault.root.path, "INDEX"], in: vault.root.deletingLastPathComponent())
    let object = try #require(try json.json() as? [String: Any])
    #expect(object["title"] as? String == "Reading Index")
    let outgoing = try #require(object["outgoing"] as? [[String: Any]])
    let byLink = Dictionary(outgoing.map { ($0["link"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    #expect(byLink["[[Nowhere]]"]?["status"] as? String == "missing")
    #expect(byLink["[[ideas]]"]?["status"] as? String == "ambiguous")
    #expect((byLink["[[ideas]]"]?["candidates"] as? [String])?.count == 2)
    #expect(byLink["[[Kahneman's Book]]"]?["status"] as? String == "note")
    #expect((byLink["![[launch notes]]"]?["leadsTo"] as? String)?.hasSuffix("launch notes.md") == true)
    #expect((object["backlinks"] as? [[String: Any]])?.count == 2, "from work/ideas.md and books/noise.md")

    let unknown = try runBooknotes(["links", "nothing-like-it"], in: vault.root)
    #expect(unknown.status == 2)
  }

  @Test func checkReportsLinkDiagnosticsOfAFolder() throws {
    let vault = try LinkVault()
    let result = try runBooknotes(["check", "--format", "json"], in: vault.root)
    let items = try #require(try result.json() as? [[String: Any]])
    let found = items.map { "\($0["file"] as? String ?? "") \($0["line"] as? Int ?? 0) \($0["code"] as? String ?? "")" }
    #expect(
      found == [
        "index.md 6 link-ambiguous", "index.md 7 link-missing-note", "index.md 7 link-missing-heading",
      ])
  }
}
