public import NoteIntelligence
import NoteSyntax

/// Note summaries that the library's tests share: the index's and the cache's.
public enum SummaryFixtures {
  public static func summary(_ path: String, _ text: String) -> NoteSummary {
    NoteSummary(path: path, doc: NoteDocument(text))
  }

  /// Three notes with tags, headings, an HTML anchor, a book and a question.
  public static let library: [NoteSummary] = [
    summary(
      "/lib/thinking.md",
      """
      ---
      title: Thinking, Fast and Slow
      authors: Daniel Kahneman
      tags: psychology
      ---
      # Thinking, Fast and Slow

      #books/2021 #psychology #bias/anchoring

      ## Chapter 1: The Characters

      ### Ego depletion

      Q: What does System 2 do?
      A: Checks.

      """),
    summary(
      "/lib/noise.md",
      """
      # Noise

      #books/2022 #psychology #Bias

      ## Chapter 1: Crime and Noisy Punishment

      ## Thinking about judges

      <a name="judges"></a>

      """),
    summary("/lib/cafe.md", "# Café Society\n\n#books/2020 #mood/😀 #読書\n\n## Première partie\n"),
  ]

  /// Forty notes sharing tags, books and words in varied ways.
  public static let many: [NoteSummary] = (0..<40).map { index in
    summary(
      "/lib/\(index % 7)/note-\(index).md",
      """
      ---
      title: Book \(index % 9)
      authors: Author \(index % 3)
      isbn: \(index % 5 == 0 ? "9780374533557" : "97803164514\(10 + index)")
      tags: shelf/\(index % 4), Shelf
      ---
      # Book \(index % 9)

      #theme/\(index % 6) #Theme #idea-\(index)

      ## Chapter \(index % 3): word\(index % 11) and more

      Text with word\(index % 13) and common words.

      """)
  }
}
