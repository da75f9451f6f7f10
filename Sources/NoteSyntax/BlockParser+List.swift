extension BlockParser {
  /// A list, or a piece of a large one (`continuing`, or once it runs past
  /// `Pieces.largeBlock` bytes): cut before an item at least `Pieces.minimum` bytes into
  /// the piece, where the 32 bytes before it pass ``Pieces/endsRun(_:from:to:)`` (or
  /// after `Pieces.maximumLines` items). The items from `first` (its marker, and the end
  /// of its first line; `nil` for a line longer than `Pieces.largeBlock`, whose text is
  /// cut into pieces as a paragraph's is); or, in the piece that holds the end of such an
  /// item's text, from the line after it (`after`), the list's node open already.
  mutating func list(
    _ s: Int, ordered: Bool, first: (marker: LineMarkers.ListMarker, lineEnd: Int?)?, continuing: Bool,
    node open: Int? = nil, after: Int? = nil
  ) -> BlockContext {
    let node = open ?? builder.open(ordered ? .orderedList : .unorderedList, at: s)
    let minimum = continuing ? Pieces.minimum : Pieces.largeBlock
    var items = after == nil ? 0 : 1
    var listEnd = after ?? s
    var current = first.map { (start: s, marker: $0.marker, lineEnd: $0.lineEnd) }
    while true {
      if let (lineStart, marker, lineEnd) = current {
        let item = builder.open(.listItem, at: lineStart)
        builder.leaf(.listMarker, marker.markerStart, marker.markerEnd)
        let next: Int
        if let lineEnd {
          let (contentEnd, following) = paragraphExtent(lineEnd)!
          if contentEnd > marker.contentStart {
            let content = builder.open(.inlineContent, at: marker.contentStart)
            inline(marker.contentStart, contentEnd)
            builder.close(content, at: contentEnd)
          }
          next = following
        } else {
          let (end, absent) = itemText(
            from: marker.contentStart, pieceStart: s, minimum: minimum, regionStart: marker.contentStart,
            mayCutAfterFarRead: true, absentClosers: 0)
          switch end {
          case .cut(let cut, let farRead):
            builder.close(item, at: cut)
            builder.close(node, at: cut)
            return .continuing(Self.itemTextContext(ordered: ordered, afterFarRead: farRead), absentClosers: absent)
          case .end(let following):
            next = following
          }
        }
        builder.close(item, at: next)
        listEnd = next
        items += 1
      }
      // The next item may follow directly or after blank lines.
      var candidate = listEnd
      var found: (marker: LineMarkers.ListMarker, lineEnd: Int?)?
      while candidate < n {
        let candidateEnd: Int
        if let end = examineShortLine(candidate) {
          candidateEnd = end
        } else {
          // A long line: an item whose text is cut into pieces, or read whole if blank.
          let prefixEnd = candidate + Pieces.largeBlock
          if let marker = LineMarkers.listMarker(p, candidate, prefixEnd), marker.ordered == ordered {
            found = (marker, nil)
            break
          }
          guard LineMarkers.isBlank(p, candidate, prefixEnd) else { break }
          candidateEnd = examineLine(candidate)
        }
        if let m = LineMarkers.listMarker(p, candidate, candidateEnd), m.ordered == ordered {
          found = (m, candidateEnd)
          break
        }
        guard LineMarkers.isBlank(p, candidate, candidateEnd) else { break }
        candidate = nextLine(candidateEnd)
      }
      guard let found else { break }
      if cutsLargeBlocks && candidate - s >= minimum
        && (items >= Pieces.maximumLines || Pieces.endsRun(p, from: candidate - 32, to: candidate))
      {
        builder.close(node, at: candidate)
        return .continuing(ordered ? .orderedList : .unorderedList)
      }
      current = (candidate, found.marker, found.lineEnd)
    }
    builder.close(node, at: listEnd)
    return .text
  }

  /// The context of a piece inside a long list item's text.
  static func itemTextContext(ordered: Bool, afterFarRead: Bool) -> BlockContext.Piece {
    switch (ordered, afterFarRead) {
    case (false, false): .unorderedListText
    case (false, true): .unorderedListTextAfterFarRead
    case (true, false): .orderedListText
    case (true, true): .orderedListTextAfterFarRead
    }
  }

  /// A long list item's text from `start` (the item's node open), parsed as a
  /// paragraph's, to the next cut or to its end: where it was cut, or the start of the
  /// line after it (its text node closed).
  private mutating func itemText(
    from start: Int, pieceStart: Int, minimum: Int, regionStart: Int?, mayCutAfterFarRead: Bool,
    absentClosers: ClosersAbsent
  ) -> (InlineParser.PieceEnd, absent: ClosersAbsent) {
    let content = builder.open(.inlineContent, at: start)
    let (end, absent) = textPiece(
      .listItem, from: start, pieceStart: pieceStart, minimum: minimum, regionStart: regionStart,
      mayCutAfterFarRead: mayCutAfterFarRead, absentClosers: absentClosers)
    switch end {
    case .cut(let cut, _):
      builder.close(content, at: cut)
      return (end, absent)
    case .end(let contentEnd):
      builder.close(content, at: contentEnd)
      return (.end(nextLine(contentEnd)), absent)
    }
  }

  /// A piece inside a long list item's text, at `s`: its text to the next cut, or to its
  /// end, then the list's next items.
  mutating func itemTextPiece(_ s: Int, ordered: Bool, mayCutAfterFarRead: Bool, absentClosers: ClosersAbsent)
    -> BlockContext
  {
    let node = builder.open(ordered ? .orderedList : .unorderedList, at: s)
    let item = builder.open(.listItem, at: s)
    let (end, absent) = itemText(
      from: s, pieceStart: s, minimum: Pieces.minimum, regionStart: nil, mayCutAfterFarRead: mayCutAfterFarRead,
      absentClosers: absentClosers)
    switch end {
    case .cut(let cut, let farRead):
      builder.close(item, at: cut)
      builder.close(node, at: cut)
      return .continuing(
        Self.itemTextContext(ordered: ordered, afterFarRead: farRead || !mayCutAfterFarRead), absentClosers: absent)
    case .end(let next):
      builder.close(item, at: next)
      return list(s, ordered: ordered, first: nil, continuing: true, node: node, after: next)
    }
  }
}
