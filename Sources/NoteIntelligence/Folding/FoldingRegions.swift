public import NoteSyntax

/// What a folding region holds.
public enum FoldingRegionKind: String, Sendable, CaseIterable {
  /// The front matter, fences included (editors treat it like a comment or imports block).
  case frontMatter
  /// A heading and its section.
  case section
  /// A blockquote.
  case quote
  /// A list.
  case list
  /// A fenced code block, fences included.
  case code
}

/// A range of whole lines that can fold: `startLine` stays visible, the rest hides.
public struct FoldingRegion: Sendable, Hashable, CustomStringConvertible {
  /// 0-based.
  public var startLine: Int
  /// 0-based, inclusive; always after `startLine`.
  public var endLine: Int
  public var kind: FoldingRegionKind

  public init(startLine: Int, endLine: Int, kind: FoldingRegionKind) {
    self.startLine = startLine
    self.endLine = endLine
    self.kind = kind
  }

  public var description: String { "\(startLine)-\(endLine) \(kind)" }
}

/// The folding regions of a note.
public enum FoldingRegions {
  /// Front matter, heading sections (to the line before the next heading of the same
  /// or a higher level, trailing blank lines left out), quotes, lists and fenced code
  /// blocks (to their closing fence, or their last line when unclosed) of two or more
  /// lines; sorted by start line, then outermost first.
  public static func regions(for doc: NoteDocument) -> [FoldingRegion] {
    var result: [FoldingRegion] = []
    var open: [(level: Int, line: Int)] = []
    var codeStart: Int?
    var lastContentLine = 0
    func closeCode() {
      if let start = codeStart, lastContentLine > start {
        result.append(FoldingRegion(startLine: start, endLine: lastContentLine, kind: .code))
      }
      codeStart = nil
    }
    func closeSections(downTo level: Int) {
      while let top = open.last, top.level >= level {
        open.removeLast()
        if lastContentLine > top.line {
          result.append(FoldingRegion(startLine: top.line, endLine: lastContentLine, kind: .section))
        }
      }
    }
    doc.tree.forEachBlock { block in
      guard block.kind != .blankLine else { return }
      let range = doc.trimmed(block.range)
      let first = doc.lines.lineContaining(range.lowerBound)
      let last = doc.lines.lineContaining(max(range.upperBound - 1, range.lowerBound))
      switch block.kind {
      case .codeBlockStart:
        codeStart = first
      case .codeBlockEnd:
        lastContentLine = last
        closeCode()
      case .heading:
        closeSections(downTo: block.headingLevel)
        open.append((block.headingLevel, first))
      case .frontMatter where last > first:
        result.append(FoldingRegion(startLine: first, endLine: last, kind: .frontMatter))
      case .blockquote where last > first:
        result.append(FoldingRegion(startLine: first, endLine: last, kind: .quote))
      case .unorderedList where last > first, .orderedList where last > first:
        result.append(FoldingRegion(startLine: first, endLine: last, kind: .list))
      default:
        break
      }
      lastContentLine = last
    }
    closeCode()
    closeSections(downTo: 1)
    return result.sorted { ($0.startLine, -$0.endLine) < ($1.startLine, -$1.endLine) }
  }
}
