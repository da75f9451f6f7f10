import NoteSyntax

extension LibraryDiagnostics {
  /// The link checks, in document order: `link-missing-note` on a Markdown link's
  /// target naming a note file that does not exist (web links, images and other files
  /// are not checked) and on a wiki link naming no note; `link-ambiguous` on a wiki
  /// link whose name matches several notes; `link-missing-heading` on a `#heading` the
  /// target note does not have.
  static func linkChecks(
    _ doc: NoteDocument, _ context: LibraryContext, _ options: DiagnosticSettings, _ links: NoteLinks
  ) -> [NoteDiagnostic] {
    let missingNoteSeverity = options.severity(for: missingNote, default: .warning)
    let headingSeverity = options.severity(for: missingHeading, default: .warning)
    let ambiguousSeverity = options.severity(for: ambiguousLink, default: .warning)
    guard missingNoteSeverity != nil || headingSeverity != nil || ambiguousSeverity != nil else { return [] }
    let folder = context.folder
    var ownHeadings: [NoteSummary.Heading]?
    var ownAnchors: [HTMLAnchors.Anchor]?
    var names: WikiLinkNames?
    var result: [NoteDiagnostic] = []
    // Only targets that may name a note become strings, and only in blocks an edit
    // reparsed: this runs on every keystroke.
    // Links that use one definition (`[a][label]`, `[b][label]`) share its target: it is checked once.
    var definitionsChecked: Set<Int> = []
    for link in links() where !link.isImage {
      if link.usesDefinition && !definitionsChecked.insert(link.targetRange.lowerBound).inserted { continue }
      var target: String?
      if link.kind.isWiki {
        if link.target.trimmed.isEmpty {
          target = context.path
        } else {
          if names == nil { names = context.library.noteNames }
          let found = names!.notes(named: link.target)
          if found.isEmpty {
            if let severity = missingNoteSeverity {
              result.append(
                NoteDiagnostic(
                  range: link.targetRange, severity: severity, code: missingNote,
                  message: "No note named '\(link.target)': create it, or correct the link."))
            }
            continue
          }
          if found.count > 1 {
            if let severity = ambiguousSeverity {
              let paths = found.map { path in
                guard let root = context.root, path.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
                  return context.library.relativePath(path)
                }
                return String(path.dropFirst(root.hasSuffix("/") ? root.utf8.count : root.utf8.count + 1))
              }
              result.append(
                NoteDiagnostic(
                  range: link.targetRange, severity: severity, code: ambiguousLink,
                  message: "'\(link.target)' names \(found.count) notes (\(paths.joined(separator: ", "))): "
                    + "write the path of the one you mean."))
            }
            continue
          }
          target = found[0]
        }
      } else if link.path.isEmpty {
        target = context.path
      } else {
        guard case .file(let path)? = LinkTarget.resolve(link.target, relativeTo: folder, root: context.root),
          LinkTarget.isNotePath(path)
        else { continue }
        guard context.fileExists(path) else {
          if let severity = missingNoteSeverity {
            result.append(
              NoteDiagnostic(
                range: link.targetRange, severity: severity, code: missingNote,
                message: "No note at '\(link.target)': create it, or correct the link's path."))
          }
          continue
        }
        target = path
      }
      guard let severity = headingSeverity, let heading = link.heading, let headingRange = link.headingRange,
        !heading.isEmpty, !HeadingAnchor.isBlockReference(heading), let target
      else { continue }
      let headings: [NoteSummary.Heading]
      let note: NoteSummary?
      let own =
        target == context.path || (link.path.isEmpty && !link.kind.isWiki)
        || (link.kind.isWiki && link.target.trimmed.isEmpty)
      if own {
        if ownHeadings == nil { ownHeadings = NoteSummary.headings(of: doc) }
        headings = ownHeadings!
        note = nil
      } else {
        // A note the library does not have (a file it excludes) is not checked.
        guard let found = context.library.note(at: target) else { continue }
        headings = found.headings
        note = found
      }
      let decoded = link.kind.isWiki ? heading : LinkTarget.percentDecoded(heading[...])
      guard HeadingAnchor.index(of: decoded, among: headings, byText: link.kind.isWiki) == nil else { continue }
      // Nor an anchor its raw HTML declares, read from the note only when it is needed.
      if own && ownAnchors == nil { ownAnchors = HTMLAnchors.anchors(of: doc) }
      guard !(note?.htmlAnchors ?? ownAnchors ?? []).contains(where: { $0.name == decoded }) else { continue }
      var message = "No heading '\(decoded)' in '\(context.library.note(at: target)?.title ?? target)'"
      if let closest = HeadingAnchor.closest(to: decoded, among: headings.map(\.text)) {
        message += ": did you mean '\(closest)'?"
      } else {
        message += "."
      }
      result.append(NoteDiagnostic(range: headingRange, severity: severity, code: missingHeading, message: message))
    }
    return result
  }
}

extension LibrarySnapshot {
  /// `path` relative to its root, for messages; the whole path when it is under none.
  public func relativePath(_ path: String) -> String {
    guard let root = root(of: path) else { return path }
    return String(path.dropFirst(root.hasSuffix("/") ? root.utf8.count : root.utf8.count + 1))
  }
}
