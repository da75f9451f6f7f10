import NoteSyntax

extension NoteMerge {
  /// The keys a field's key also goes by in front matter.
  static func names(of key: String) -> [String] {
    switch key {
    case "authors": ["authors", "author"]
    case "tags": ["tags", "tag"]
    default: [key]
    }
  }

  /// The edits that fill (or, with `overwrite`, rewrite) the note's front matter with
  /// `book`'s fields; front matter made at the top for a note without any.
  static func frontMatterEdits(
    _ book: ImportedBook, _ doc: NoteDocument, _ bytes: [UInt8], overwrite: Bool, newline: String,
    into edits: inout [Edit], outcome: inout Outcome
  ) {
    guard !book.fields.isEmpty else { return }
    // A note titled by its heading keeps that title: the import's `title` (perhaps the
    // same book's longer title, `Atomic Habits: An Easy & Proven Way…`) would rename it.
    let fields = bookTitle(of: doc) == nil ? book.fields : book.fields.filter { $0.key != "title" }
    let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    guard doc.tree.blockCount > 0, doc.tree.blockKind(at: 0) == .frontMatter else {
      if bytes[bom...].starts(with: Array("---".utf8)) {
        outcome.problem = "its front matter has no closing '---'; left as it is"
        return
      }
      guard !fields.isEmpty else { return }
      var text = "---\n"
      for field in fields { text += field.key + ": " + field.written + "\n" }
      edits.append(Edit(offset: bom, text: text + "---\n" + (bytes.count > bom ? "\n" : "")))
      outcome.filled = fields.map(\.key)
      return
    }
    let block = doc.tree.block(at: 0)
    let info = BookInfo(doc)
    let fences = block.children.filter { $0.kind == .frontMatterFence }
    guard fences.count >= 2, let closing = fences.last else { return }
    var entries: [String: SyntaxNode] = [:]
    for entry in block.children where entry.kind == .frontMatterEntry {
      guard let key = entry.child(.frontMatterKey) else { continue }
      let name = String(decoding: doc.text.bytes(in: key.range), as: UTF8.self).lowercased()
      if entries[name] == nil { entries[name] = entry }
    }
    var added = ""
    for field in fields {
      let names = names(of: field.key)
      guard let name = names.first(where: { entries[$0] != nil }), let entry = entries[name] else {
        added += field.key + ": " + field.written + "\n"
        outcome.filled.append(field.key)
        continue
      }
      let existing = info.fields[name] ?? ""
      let empty = existing.trimmingSpaces.isEmpty
      guard empty || (overwrite && !identityKeys.contains(field.key) && !field.matches(existing)) else { continue }
      guard let key = entry.child(.frontMatterKey) else { continue }
      // The entry's lines, its block list's items included, up to the last line's end.
      var end = entry.range.upperBound
      for child in entry.children { end = max(end, child.range.upperBound) }
      end = doc.lines.contentRange(ofLine: doc.lines.lineContaining(max(entry.range.lowerBound, end - 1))).upperBound
      let keyText = String(decoding: doc.text.bytes(in: key.range), as: UTF8.self)
      edits.append(
        Edit(offset: key.range.lowerBound, removing: end - key.range.lowerBound, text: keyText + ": " + field.written))
      if empty { outcome.filled.append(field.key) } else { outcome.updated.append(field.key) }
    }
    if !added.isEmpty { edits.append(Edit(offset: closing.range.lowerBound, text: added)) }
  }
}
