/// The kind of a node in a note's syntax tree: blocks, then parts of blocks, then
/// inline kinds. Raw values are dense, so tables are indexed by kind; a kind prints as
/// its case name.
public enum NodeKind: UInt8, Sendable, CaseIterable {
  /// The whole note.
  case document

  // MARK: Blocks
  /// `---` at offset 0, `key: value` lines, then `---` or `...`.
  case frontMatter
  /// A line with only spaces or tabs.
  case blankLine
  /// `#` to `######`, a space, then inline text.
  case heading
  /// Consecutive `*`, `-` or `+` items.
  case unorderedList
  /// Consecutive `1.` or `1)` items.
  case orderedList
  /// Consecutive `>` lines: one quote prompt.
  case blockquote
  /// A `Q: ` line followed by an `A: ` line.
  case questionAnswer
  /// `Summary: ` or `tl;dr: ` then inline text.
  case summary
  /// Anything else: inline text up to a paragraph break.
  case paragraph
  /// The line that opens a fenced code block (its fence and info string), or a `$$` or
  /// `%%` line, whose block is read as code.
  case codeBlockStart
  /// A run of lines inside a fenced code block, line breaks included; no children.
  case codeLines
  /// The line that closes a fenced code block.
  case codeBlockEnd
  /// `---`, `***` or `___` (three or more, spaces between allowed) alone on a line.
  case thematicBreak
  /// Lines indented by four spaces or a tab, outside a paragraph: code, read as it is.
  case indentedCode
  /// One of CommonMark's seven kinds of HTML block, read as it is.
  case htmlBlock
  /// `[^label]: text`: a footnote's definition, a container of its blocks as a list item is.
  case footnoteDefinition
  /// `[label]: destination "title"`: a link reference definition (its label a
  /// `linkText`, its destination a `linkTarget`).
  case linkReferenceDefinition
  /// A GFM table: its header row, delimiter row and body rows.
  case table
  /// One row of a table (the delimiter row is a row without cells).
  case tableRow

  // MARK: Parts of blocks
  /// A front matter fence, `---` or `...`.
  case frontMatterFence
  /// One `key: value` line of front matter.
  case frontMatterEntry
  /// The key of a front matter entry.
  case frontMatterKey
  /// The value of a front matter entry (may be empty).
  case frontMatterValue
  /// A front matter line that is not `key: value`.
  case frontMatterInvalidLine
  /// The `#` run of an ATX heading, its closing `#` run, or a setext heading's
  /// underline (`===` or `---`).
  case headingMarker
  /// One cell of a table row: its inline text.
  case tableCell
  /// One list item: its marker and its paragraph.
  case listItem
  /// A list item's `-`, `*`, `+`, `1.` or `1)`.
  case listMarker
  /// One line of a blockquote, marker included.
  case quoteLine
  /// The `>` of a quote line.
  case quoteMarker
  /// The chapter-and-verse annotation ending a quote: `(p. 42)` or a `— p. 42` line.
  case citation
  /// A callout's `[!type]` on a quote's first line, with its `+` or `-` fold marker.
  case calloutMarker
  /// The `Q:` of a question line.
  case questionMarker
  /// The text of a question.
  case question
  /// The `A:` of an answer line.
  case answerMarker
  /// The text of an answer.
  case answer
  /// `Summary:` or `tl;dr:`.
  case summaryMarker
  /// The inline content of a block or block part (heading text, paragraph text, …).
  case inlineContent
  /// The run of backticks or tildes of a code fence.
  case codeFence
  /// The info string after an opening code fence, e.g. `python`.
  case codeInfo

  // MARK: Inline
  /// Plain text.
  case text
  /// A line break inside a paragraph.
  case lineBreak
  /// Syntax characters of an inline construct: `**`, `*`, `_`, backticks, `?[`, `](`, `)`, `[`, `![`.
  case delimiter
  /// `**text**`.
  case strong
  /// `*text*` or `_text_`.
  case emphasis
  /// `` `text` ``.
  case code
  /// `#tag/child`.
  case hashtag
  /// `?[hint](answer)`.
  case cloze
  /// The hint of a cloze (may be empty).
  case clozeHint
  /// The answer of a cloze.
  case clozeAnswer
  /// A cloze whose syntax is broken; a finding says how.
  case malformedCloze
  /// `[text](target)`.
  case link
  /// `![alt](target)`.
  case image
  /// The text of a link or the alt text of an image.
  case linkText
  /// The target of a link or image.
  case linkTarget
  /// A run of emoji.
  case emoji
  /// `==text==`: Obsidian's and Kindle exports' highlight.
  case highlight
  /// `$…$`: inline math, read as it is.
  case math
  /// `%%…%%`: an Obsidian comment, read as it is (it may span lines).
  case comment
  /// `[^label]`: a reference to a footnote.
  case footnoteReference
  /// The label of a footnote reference.
  case footnoteLabel
  /// `[[target#heading|shown text]]`, or the embed `![[target]]`: a wiki link.
  case wikiLink
  /// The target of a wiki link (a note's name or path).
  case wikiTarget
  /// The heading (`#Heading`) or block (`#^block`) a wiki link points at, after its `#`.
  case wikiHeading
  /// The shown text of a wiki link, after its `|`.
  case wikiAlias
  /// `[text][label]`, `[label][]` or `[label]`: a link if the note defines the label
  /// (``LinkReferences``), else text. Children: the text's inline nodes, then the full
  /// form's `linkLabel`; no bracket nodes.
  case referenceLink
  /// `![alt][label]`, `![alt][]` or `![alt]`: an image as a reference link is a link.
  case referenceImage
  /// The label of a full reference link (`[text][label]`), between its brackets.
  case linkLabel
}
