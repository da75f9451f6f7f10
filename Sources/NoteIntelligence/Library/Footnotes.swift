public import NoteSyntax

/// A footnote's label where a note writes it: a reference `[^label]` or a definition
/// `[^label]: text`, in byte offsets. Footnotes belong to their note: a reference
/// leads to the definition of its label in the same note.
public struct FootnoteUse: Sendable, Hashable {
  /// The label as written.
  public var label: String
  /// The label's bytes, between `[^` and `]`.
  public var labelRange: Range<Int>
  /// A reference's `[^label]`; a definition's whole text, the blocks it holds too
  /// (line breaks and spaces at its ends left out).
  public var range: Range<Int>
  public var isDefinition: Bool

  /// A definition's marker, `[^label]:`; a reference's `[^label]`.
  public var markerRange: Range<Int> {
    (labelRange.lowerBound - 2)..<(labelRange.upperBound + (isDefinition ? 2 : 1))
  }

  /// Whether `other` names the same footnote: labels match without regard to case.
  public func sameFootnote(as other: FootnoteUse) -> Bool { Footnotes.key(label) == Footnotes.key(other.label) }
}

/// The footnotes of a note, as the parser reads them (`footnoteReference` nodes, and
/// `footnoteDefinition` blocks): nothing in code is a footnote.
public enum Footnotes {
  /// Every reference and definition of `doc`, in order.
  public static func all(in doc: NoteDocument) -> [FootnoteUse] {
    var uses: [FootnoteUse] = []
    doc.tree.forEachBlock { append(of: $0, in: doc, to: &uses) }
    return uses
  }

  /// The reference whose `[^label]`, or the definition whose `[^label]:`, holds
  /// `offset` (its end included).
  public static func use(at offset: Int, in doc: NoteDocument) -> FootnoteUse? {
    guard doc.utf8Count > 0 else { return nil }
    let line = doc.lines.lineContaining(min(offset, doc.utf8Count - 1))
    let lineRange = doc.lines.startOfLine(line)..<doc.lines.contentRange(ofLine: line).upperBound
    var uses: [FootnoteUse] = []
    // Only the blocks on the cursor's line are read.
    doc.tree.forEachBlock { block in
      guard block.range.overlaps(lineRange) || block.range.contains(lineRange.lowerBound) else { return }
      append(of: block, in: doc, to: &uses)
    }
    return uses.first { $0.markerRange.lowerBound <= offset && offset <= $0.markerRange.upperBound }
  }

  /// The uses of the footnote `label` in `doc` (references and definitions), in order.
  public static func uses(of label: String, in doc: NoteDocument) -> [FootnoteUse] {
    let key = key(label)
    return all(in: doc).filter { Self.key($0.label) == key }
  }

  /// The first definition of the footnote `label` in `doc`.
  public static func definition(of label: String, in doc: NoteDocument) -> FootnoteUse? {
    uses(of: label, in: doc).first { $0.isDefinition }
  }

  /// A definition's text after its marker: the first line's leading spaces left out, and
  /// of each later line the quote markers of the quotes the definition is in, then the
  /// indentation that puts it in the definition (four columns past the definition's
  /// start), so code and lists inside it keep theirs.
  public static func text(of definition: FootnoteUse, in doc: NoteDocument) -> String {
    let start = min(definition.markerRange.upperBound, definition.range.upperBound)
    let text = doc.text.string(in: start..<definition.range.upperBound)
    // What the first line holds before `[^`: container markers and spaces only, so each
    // `>` is a quote the definition is in, and the definition's column counts from the
    // innermost quote's content.
    let lineStart = doc.lines.startOfLine(doc.lines.lineContaining(definition.range.lowerBound))
    let before = doc.text.string(in: lineStart..<definition.range.lowerBound)
    let quotes = before.count { $0 == ">" }
    var inQuote = before.lastIndex(of: ">").map { before[before.index(after: $0)...] } ?? before[...]
    if quotes > 0 && inQuote.first == " " { inQuote = inQuote.dropFirst() }
    let contentColumn = inQuote.unicodeScalars.count + 4
    return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      .map { index, line in
        var column = 0
        var line = (index == 0 ? line : withoutQuoteMarkers(line, quotes)).drop { character in
          guard character == " " || character == "\t", index == 0 || column < contentColumn else { return false }
          column += character == "\t" ? 4 - column % 4 : 1
          return true
        }
        if line.last == "\r" { line = line.dropLast() }
        return String(line)
      }
      .joined(separator: "\n")
  }

  /// `line` without its first `count` quote markers (each `>` with the spaces before it,
  /// an item's indentation among them, and the space after it); a line with fewer (a lazy
  /// line) loses those it has.
  static func withoutQuoteMarkers(_ line: Substring, _ count: Int) -> Substring {
    var line = line
    for _ in 0..<count {
      let marker = line.drop { $0 == " " }
      guard marker.first == ">" else { break }
      line = marker.dropFirst()
      if line.first == " " { line = line.dropFirst() }
    }
    return line
  }

  /// Whether `label` can name a footnote: one byte or more (at most 999), without
  /// spaces, tabs, line breaks or square brackets.
  public static func isValidLabel(_ label: String) -> Bool {
    !label.isEmpty && label.utf8.count < 1000
      && !label.utf8.contains { [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "["), UInt8(ascii: "]")].contains($0) }
  }

  /// What labels are compared by: lower case.
  static func key(_ label: String) -> String { label.lowercased() }

  /// Appends the footnotes of the top-level `block`.
  static func append(of block: SyntaxNode, in doc: NoteDocument, to uses: inout [FootnoteUse]) {
    // Most blocks have no footnote.
    guard block.mayHold(.footnoteLabel) else { return }
    block.withFlatSubtree { flat in
      func range(_ index: Int) -> Range<Int> {
        let start = flat.blockStart + flat.relativeStart(index)
        return start..<(start + flat.length(index))
      }
      var index = flat.root
      while index < flat.end {
        defer { index += 1 }
        let kind = flat.kind(index)
        guard kind == .footnoteReference || kind == .footnoteDefinition else { continue }
        // A reference's label is its child; a definition's comes first in its subtree
        // (in a quote, among its first line's markers), before any text it holds.
        var label = index + 1
        while label < flat.subtreeEnd(index) && flat.kind(label) != .footnoteLabel {
          label = kind == .footnoteDefinition ? label + 1 : flat.subtreeEnd(label)
        }
        guard label < flat.subtreeEnd(index) else { continue }
        let labelRange = range(label)
        // A definition in a quote starts at its line's start: its range starts at its `[`.
        let whole =
          kind == .footnoteDefinition
          ? (labelRange.lowerBound - 2)..<doc.trimmed(range(index)).upperBound : range(index)
        uses.append(
          FootnoteUse(
            label: doc.text.string(in: labelRange), labelRange: labelRange, range: whole,
            isDefinition: kind == .footnoteDefinition))
      }
    }
  }
}
