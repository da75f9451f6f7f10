import BookNotesTestSupport
import NoteIntelligence
import Testing

/// Reading a Kindle's clippings in each of the device's languages.
@Suite(.onThreadsOfItsOwn) struct KindleClippingsTests {
  /// A clippings file with a highlight on page 12 (locations 140-142) and a note at
  /// location 141, both written by a Kindle set to one language.
  static func clippings(_ highlight: String, _ note: String) -> [UInt8] {
    Array(
      """
      Ein Buch (Autor, Eine)
      \(highlight)

      Der Text.
      ==========
      Ein Buch (Autor, Eine)
      \(note)

      Ein Gedanke.
      ==========

      """.utf8)
  }

  @Test(arguments: [
    (
      "- Your Highlight on page 12 | Location 140-142 | Added on Sunday, 7 March 2021 10:11:12",
      "- Your Note on page 12 | Location 141 | Added on Sunday, 7 March 2021 10:12:00"
    ),
    (
      "- Ihre Markierung auf Seite 12 | Position 140-142 | Hinzugefügt am Sonntag, 7. März 2021 10:11:12",
      "- Ihre Notiz auf Seite 12 | Position 141 | Hinzugefügt am Sonntag, 7. März 2021 10:12:00"
    ),
    (
      "- Votre surlignement sur la page 12 | emplacement 140-142 | Ajouté le dimanche 7 mars 2021 10:11:12",
      "- Votre note sur la page 12 | emplacement 141 | Ajouté le dimanche 7 mars 2021 10:12:00"
    ),
    (
      "- Tu subrayado en la página 12 | posición 140-142 | Añadido el domingo, 7 de marzo de 2021 10:11:12",
      "- Tu nota en la página 12 | posición 141 | Añadido el domingo, 7 de marzo de 2021 10:12:00"
    ),
    (
      "- La tua evidenziazione a pagina 12 | posizione 140-142 | Aggiunto in data domenica 7 marzo 2021 10:11:12",
      "- La tua nota a pagina 12 | posizione 141 | Aggiunto in data domenica 7 marzo 2021 10:12:00"
    ),
    (
      "- Seu destaque na página 12 | posição 140-142 | Adicionado: domingo, 7 de março de 2021 10:11:12",
      "- Sua nota na página 12 | posição 141 | Adicionado: domingo, 7 de março de 2021 10:12:00"
    ),
    ("- 12ページ|位置No. 140-142のハイライト |作成日: 2021年3月7日日曜日 10:11:12", "- 12ページ|位置No. 141のメモ |作成日: 2021年3月7日日曜日 10:12:00"),
  ])
  func everyLanguageOfTheKindle(highlight: String, note: String) throws {
    let parsed = try KindleClippings.parse(Self.clippings(highlight, note)).get()
    let book = try #require(parsed.books.first)
    #expect(book.title == "Ein Buch")
    #expect(book.authors == ["Eine Autor"])
    var expected = KindleHighlight(text: "Der Text.", page: "12", location: 140...142)
    expected.notes = ["Ein Gedanke."]
    #expect(book.highlights == [expected])
    #expect(parsed.unreadable == 0)
  }

  @Test func bookmarksInEveryLanguageAreCounted() throws {
    let lines = [
      "- Your Bookmark on page 3 | Location 40 | Added on x", "- Ihr Lesezeichen auf Seite 3 | Position 40 | x",
      "- Votre signet sur la page 3 | emplacement 40 | x", "- Tu marcador en la página 3 | posición 40 | x",
      "- Il tuo segnalibro a pagina 3 | posizione 40 | x", "- 3ページ|位置No. 40のブックマーク |作成日: x",
    ]
    let text = lines.map { "A (B)\n\($0)\n\n\n==========\n" }.joined()
    let parsed = try KindleClippings.parse(Array(text.utf8)).get()
    #expect(parsed.bookmarks == lines.count)
    #expect(parsed.books.isEmpty)
  }

  @Test func titlesWithParenthesesAndEditsThatOverlap() throws {
    let text = """
      Dune (Dune Chronicles, Book 1) (Herbert, Frank)
      - Your Highlight on Location 10-12 | Added on x

      Fear is the mind-killer.
      ==========
      Dune (Dune Chronicles, Book 1) (Herbert, Frank)
      - Your Highlight on Location 10-14 | Added on y

      I must not fear. Fear is the mind-killer.
      ==========
      Dune (Dune Chronicles, Book 1) (Herbert, Frank)
      - Your Highlight on Location 5-6 | Added on z

      A beginning is the time.
      ==========
      """
    let parsed = try KindleClippings.parse(Array(text.utf8)).get()
    let book = try #require(parsed.books.first)
    #expect(book.title == "Dune (Dune Chronicles, Book 1)")
    #expect(book.authors == ["Frank Herbert"])
    #expect(book.highlights.map(\.text) == ["A beginning is the time.", "I must not fear. Fear is the mind-killer."])
    #expect(book.highlights.map(\.citation) == ["(loc. 5)", "(loc. 10)"])
    #expect(parsed.replaced == 1)
  }
}
