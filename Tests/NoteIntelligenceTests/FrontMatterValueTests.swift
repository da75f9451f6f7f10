import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// Front matter values their key does not accept, and the values other tools write.
@Suite(.onThreadsOfItsOwn) struct FrontMatterValueTests {
  func badValues(_ text: String) -> [String] {
    let document = NoteDocument(text)
    return Diagnostics.findings(of: document).map { finding in
      "\(finding.code.rawValue) \(document.text.string(in: finding.range).debugDescription)"
    }
  }

  @Test func frontMatterBadValue() {
    #expect(
      badValues("---\nstatus: skimming\nrating: 7\nisbn: 0306406153\n---")
        == [
          "front-matter-bad-value \"skimming\"", "front-matter-bad-value \"7\"",
          "front-matter-bad-value \"0306406153\"",
        ])
    #expect(badValues("---\nstatus: Reading\nrating: 5\nisbn: 0-306-40615-2\n---").isEmpty)
    #expect(badValues("---\nisbn: 978-0-306-40615-7\n---").isEmpty)
  }

  /// The values other tools write: status words, half and star ratings, `0` for
  /// unrated; an ASIN is still no ISBN.
  @Test(arguments: [
    "status: currently-reading", "STATUS: In Progress", "status: to_read", "status: Want to Read", "status: TBR",
    "status: read", "status: Done", "status: did-not-finish", "status: DNF", "status: abandoned",
    "status: 'wishlist'", "rating: 4.5", "rating: 0", "rating: ★★★", "rating: ⭐⭐⭐⭐⭐", "rating: \"3\"",
  ])
  func valuesOtherToolsWriteAreNoFinding(_ line: String) {
    #expect(badValues("---\n\(line)\n---\n").isEmpty, "\(line)")
  }

  @Test(arguments: [
    ("status: skimming", "skimming"), ("rating: 4.3", "4.3"), ("rating: 6", "6"), ("rating: ★★★★★★", "★★★★★★"),
    ("isbn: B00555X8OA", "B00555X8OA"),
  ])
  func otherValuesAreStillFindings(_ line: String, _ flagged: String) {
    #expect(badValues("---\n\(line)\n---\n") == ["front-matter-bad-value \(flagged.debugDescription)"])
  }

  @Test func statusWordsMapOntoTheStatuses() {
    #expect(FrontMatterValues.status("Currently Reading") == "reading")
    #expect(FrontMatterValues.status("want_to-read") == "wishlist")
    #expect(FrontMatterValues.status("did not finish") == "abandoned")
    #expect(FrontMatterValues.status("Finished") == "finished")
    #expect(FrontMatterValues.status("skimming") == nil)
    #expect(FrontMatterValues.rating("4.5") == 4.5 && FrontMatterValues.rating("⭐️⭐️") == 2)
    #expect(FrontMatterValues.isASIN(Array("B00555X8OA".utf8)) && !FrontMatterValues.isASIN(Array("0306406152".utf8)))
  }

  /// Only a value on its key's line is checked: a list below `status:` or a block
  /// scalar is not one value.
  @Test func onlyAValueOnItsKeysLineIsChecked() {
    #expect(badValues("---\nstatus:\n  - skimming\nrating: >\n  7\n---\n").isEmpty)
    #expect(badValues("---\nstatus: skimming\n  more\n---\n") == ["front-matter-bad-value \"skimming\""])
  }
}
