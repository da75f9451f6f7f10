import NoteIntelligence

/// Each part of a summary's structure written and read, side by side.
extension SummaryArchive {
  /// Appends `part` of `summary`.
  static func write(_ part: Part, of summary: NoteSummary, to w: inout ArchiveWriter) {
    switch part {
    case .prompts:
      w.int(summary.prompts.count)
      for prompt in summary.prompts {
        w.int(Int(Int64(bitPattern: prompt.id.hash)))
        w.int(Int(prompt.id.occurrence))
        w.int(PromptKind.allCases.firstIndex(of: prompt.kind)!)
        w.span(prompt.span)
      }
    case .book:
      let book = summary.book
      w.optionalString(book.title)
      w.optionalString(book.subtitle)
      w.optionalString(book.published)
      w.optionalString(book.isbn)
      w.optionalString(book.googleBooksID)
      w.optionalString(book.started)
      w.optionalString(book.finished)
      w.strings(book.authors)
      w.strings(book.tags)
      w.int(book.status.map { ReadingStatus.allCases.firstIndex(of: $0)! + 1 } ?? 0)
      // In halves: `4.5` is 9.
      w.int(book.rating.map { Int(($0 * 2).rounded()) } ?? 0)
      w.int(book.fields.count)
      for (key, value) in book.fields.sorted(by: { $0.key < $1.key }) {
        w.string(key)
        w.string(value)
      }
    case .title:
      w.optionalString(summary.title)
      w.optionalSpan(summary.titleSpan)
    case .headings:
      w.int(summary.headings.count)
      for heading in summary.headings {
        w.int(heading.level)
        w.string(heading.text)
        w.span(heading.span)
        w.span(heading.textSpan)
      }
    case .tags:
      w.int(summary.tags.count)
      for tag in summary.tags {
        w.string(tag.name)
        // Mostly the name itself (a lowercase tag): then not written again, and reading
        // it back folds nothing.
        w.optionalString(tag.folded == tag.name ? nil : tag.folded)
        w.span(tag.span)
        w.int(tag.inFrontMatter ? 1 : 0)
      }
    case .htmlAnchors:
      w.int(summary.htmlAnchors.count)
      for anchor in summary.htmlAnchors {
        w.string(anchor.name)
        w.span(anchor.span)
      }
    case .questions:
      w.int(summary.questions.count)
      for question in summary.questions {
        w.string(question.text)
        w.span(question.span)
      }
    case .links:
      w.int(summary.links.count)
      for link in summary.links {
        w.string(link.target)
        w.int(Int(link.kind.rawValue))
        w.span(link.span)
        w.span(link.targetSpan)
        w.optionalString(link.heading)
        if link.heading != nil { w.span(link.headingSpan ?? link.targetSpan) }
      }
    case .codeRanges:
      w.int(summary.codeRanges.count)
      for range in summary.codeRanges {
        w.int(range.lowerBound)
        w.int(range.count)
      }
    case .keys:
      w.bytes(summary.keys.bytes)
      w.array(summary.keys.ends)
      w.array(summary.keys.masks)
    }
  }

  /// Reads `part` into `summary`, whose byte count is read already.
  static func read(_ part: Part, _ r: inout ArchiveReader, into summary: inout NoteSummary) throws(Corrupt) {
    switch part {
    case .prompts:
      let count = try r.count()
      summary.prompts.reserveCapacity(count)
      for _ in 0..<count {
        let hash = UInt64(bitPattern: Int64(try r.int()))
        let occurrence = try r.int()
        let kind = try r.int()
        guard occurrence >= 1, occurrence <= UInt32.max, kind >= 0, kind < PromptKind.allCases.count else {
          throw r.corrupt
        }
        let id = PromptID(hash: hash, occurrence: UInt32(occurrence))
        summary.prompts.append(PromptMark(id: id, kind: PromptKind.allCases[kind], span: try r.span()))
      }
    case .book:
      var book = BookInfo()
      book.title = try r.optionalString()
      book.subtitle = try r.optionalString()
      book.published = try r.optionalString()
      book.isbn = try r.optionalString()
      book.googleBooksID = try r.optionalString()
      book.started = try r.optionalString()
      book.finished = try r.optionalString()
      book.authors = try r.strings()
      book.tags = try r.strings()
      let status = try r.int()
      guard status >= 0, status <= ReadingStatus.allCases.count else { throw r.corrupt }
      book.status = status == 0 ? nil : ReadingStatus.allCases[status - 1]
      let rating = try r.int()
      book.rating = rating == 0 ? nil : Double(rating) / 2
      for _ in 0..<(try r.count()) {
        let key = try r.string()
        book.fields[key] = try r.string()
      }
      summary.book = book
    case .title:
      summary.title = try r.optionalString()
      summary.titleSpan = try r.optionalSpan()
    case .headings:
      let count = try r.count()
      summary.headings.reserveCapacity(count)
      for _ in 0..<count {
        let level = try r.int()
        guard level >= 0 else { throw r.corrupt }
        summary.headings.append(
          NoteSummary.Heading(level: level, text: try r.string(), span: try r.span(), textSpan: try r.span()))
      }
    case .tags:
      let count = try r.count()
      summary.tags.reserveCapacity(count)
      for _ in 0..<count {
        let name = try r.string()
        let folded = try r.optionalString() ?? name
        summary.tags.append(
          NoteSummary.TagUse(name: name, folded: folded, span: try r.span(), inFrontMatter: try r.int() == 1))
      }
    case .htmlAnchors:
      for _ in 0..<(try r.count()) {
        summary.htmlAnchors.append(HTMLAnchors.Anchor(name: try r.string(), span: try r.span()))
      }
    case .questions:
      let count = try r.count()
      summary.questions.reserveCapacity(count)
      for _ in 0..<count {
        summary.questions.append(NoteSummary.Question(text: try r.string(), span: try r.span()))
      }
    case .links:
      let count = try r.count()
      summary.links.reserveCapacity(count)
      for _ in 0..<count {
        let target = try r.string()
        guard let kind = LinkUse.Kind(rawValue: UInt8(clamping: try r.int())) else { throw r.corrupt }
        let span = try r.span()
        let targetSpan = try r.span()
        let heading = try r.optionalString()
        let headingSpan = heading == nil ? nil : try r.span()
        summary.links.append(
          NoteSummary.NoteLink(
            target: target, kind: kind, span: span, targetSpan: targetSpan, heading: heading, headingSpan: headingSpan))
      }
    case .codeRanges:
      let count = try r.count()
      summary.codeRanges.reserveCapacity(count)
      for _ in 0..<count {
        let lower = try r.int()
        let length = try r.int()
        // In order, apart, and within the note.
        guard lower >= (summary.codeRanges.last?.upperBound ?? 0), length > 0, length <= summary.byteCount - lower
        else { throw r.corrupt }
        summary.codeRanges.append(lower..<(lower + length))
      }
    case .keys:
      summary.keys.bytes = try r.bytes()
      summary.keys.ends = try r.array(UInt32.self)
      summary.keys.masks = try r.array(UInt64.self)
      guard summary.keys.ends.count == summary.keys.masks.count,
        Self.ascending(summary.keys.ends, upTo: summary.keys.bytes.count)
      else { throw r.corrupt }
    }
  }
}
