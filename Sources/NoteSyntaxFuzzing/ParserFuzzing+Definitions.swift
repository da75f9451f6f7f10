import NoteSyntax

extension ParserFuzzing {
  /// The link reference definitions after an edit against a fresh parse's, and their
  /// stamp against theirs before the edit (`previous`): the labels, destinations and
  /// positions are the fresh parse's; the stamp is the one before the edit when the labels
  /// and destinations are the same, and a new one when a label or destination changed.
  /// When neither the note before the edit nor the fresh parse defines a label, this
  /// compares two empty tables and two stamps, and allocates nothing.
  static func definitionProblem(
    _ references: LinkReferences, previous: LinkReferences, fresh: NoteDocument
  ) -> String? {
    let freshReferences = fresh.linkReferences
    guard references.hasSameDefinitions(as: freshReferences) else {
      return
        "the link reference definitions (\(references.count) labels) differ from a fresh parse's (\(freshReferences.count))"
    }
    let same = previous.isEmpty && freshReferences.isEmpty || sameDestinations(previous, fresh)
    if same && references.stamp !== previous.stamp {
      return "the definitions' stamp changed, though their labels and destinations did not"
    }
    if !same && references.stamp === previous.stamp {
      return "the definitions' stamp stayed, though a label or destination changed"
    }
    return nil
  }

  /// Whether `previous` maps the labels `fresh` defines to the same destinations, and no
  /// other label: with as many labels, each of `fresh`'s definition blocks' labels has
  /// its destination in both.
  static func sameDestinations(_ previous: LinkReferences, _ fresh: NoteDocument) -> Bool {
    let references = fresh.linkReferences
    guard previous.count == references.count else { return false }
    var same = true
    func compare(_ definition: SyntaxNode) {
      guard same else { return }
      // A label over a quote's lines is a `linkText` a line, its lines' markers between.
      let label = definition.children.filter { $0.kind == .linkText }.map { fresh.text.string(in: $0.range) }
        .joined(separator: "\n")
      same = previous.definition(forLabel: label)?.destination == references.definition(forLabel: label)?.destination
    }
    fresh.tree.forEachBlock { block in
      if block.kind == .linkReferenceDefinition {
        compare(block)
      } else if block.mayHold(.linkReferenceDefinition) {
        block.forEachDescendant { if $0.kind == .linkReferenceDefinition { compare($0) } }
      }
    }
    return same
  }
}
