public import NoteText

/// A note's link reference definitions by label: which ``NodeKind/referenceLink`` nodes
/// are links, and where they point. Built after the parse from the definition blocks, so
/// an edit to a definition reparses no block that uses it. Labels match as CommonMark
/// says (no case, whitespace runs as one space, the first definition wins); ``stamp``
/// changes when a label comes, goes or changes destination, and per-block caches with it.
public struct LinkReferences: Sendable {
  /// One definition: where its label and destination are, and the destination.
  public struct Definition: Sendable, Equatable {
    /// The label's bytes, between its brackets.
    public var labelRange: Range<Int>
    /// The destination's bytes, without angle brackets (empty for `<>`).
    public var destinationRange: Range<Int>
    /// The destination as written.
    public var destination: String
  }

  /// An identity that changes whenever the labels or their destinations do. Every table
  /// of no labels has the same one (``none``).
  public final class Stamp: Sendable {
    init() {}

    /// The stamp of a table of no labels.
    static let none = Stamp()
  }

  /// The labels longer than this many bytes are no labels (CommonMark's 999 characters).
  static let maxLabelBytes = 999 * 4

  private var byLabel: [String: Definition]
  public private(set) var stamp: Stamp

  init() {
    byLabel = [:]
    stamp = .none
  }

  /// Whether the note defines no label.
  public var isEmpty: Bool { byLabel.isEmpty }

  /// Number of labels defined.
  public var count: Int { byLabel.count }

  /// Whether `other` holds the same labels, destinations and positions.
  public func hasSameDefinitions(as other: LinkReferences) -> Bool { byLabel == other.byLabel }

  /// The definition of the label written `label`, if the note has one.
  public func definition(forLabel label: String) -> Definition? {
    guard !byLabel.isEmpty, label.utf8.count <= Self.maxLabelBytes else { return nil }
    return byLabel[Self.normalized(label)]
  }

  /// A label as labels are matched: case folded, whitespace collapsed to one space and
  /// trimmed. (Lower case, upper case and lower case again folds `ẞ` and `SS` alike.)
  public static func normalized(_ label: String) -> String {
    var collapsed = ""
    collapsed.reserveCapacity(label.utf8.count)
    var pendingSpace = false
    for scalar in label.unicodeScalars {
      if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
        pendingSpace = !collapsed.isEmpty
        continue
      }
      if pendingSpace { collapsed.unicodeScalars.append(" ") }
      pendingSpace = false
      collapsed.unicodeScalars.append(scalar)
    }
    guard collapsed.utf8.contains(where: { $0 >= 0x80 }) else { return collapsed.lowercased() }
    return collapsed.lowercased().uppercased().lowercased()
  }

  /// The table of `tree`'s definition blocks; `previous`'s stamp is kept when the
  /// labels and destinations are the same.
  static func build(_ tree: SyntaxTree, _ text: TextStorage, previous: LinkReferences?) -> LinkReferences {
    var table = LinkReferences()
    func add(_ definition: SyntaxNode) {
      // A label over a quote's lines is a `linkText` a line, its lines' markers between.
      let parts = definition.children.filter { $0.kind == .linkText }
      guard let first = parts.first, let last = parts.last else { return }
      let label = first.range.lowerBound..<last.range.upperBound
      let key = normalized(parts.map { text.string(in: $0.range) }.joined(separator: "\n"))
      guard table.byLabel[key] == nil else { return }
      let destination = definition.child(.linkTarget)?.range ?? label.upperBound + 2..<label.upperBound + 2
      table.byLabel[key] = Definition(
        labelRange: label, destinationRange: destination, destination: text.string(in: destination))
    }
    tree.forEachBlock { block in
      if block.kind == .linkReferenceDefinition {
        add(block)
      } else if block.mayHold(.linkReferenceDefinition) {
        // A definition inside a quote or a list item defines its label for the whole note.
        block.forEachDescendant { if $0.kind == .linkReferenceDefinition { add($0) } }
      }
    }
    if let previous, previous.byLabel.count == table.byLabel.count,
      previous.byLabel.allSatisfy({ table.byLabel[$0.key]?.destination == $0.value.destination })
    {
      table.stamp = previous.stamp
    } else if !table.isEmpty {
      table.stamp = Stamp()
    }
    return table
  }

  /// Moves the definitions at or after `offset` by `delta` bytes (text was inserted or
  /// removed before them, in blocks that are no definitions).
  mutating func shift(from offset: Int, by delta: Int) {
    guard delta != 0, !byLabel.isEmpty else { return }
    for (key, definition) in byLabel where definition.labelRange.lowerBound >= offset {
      var moved = definition
      moved.labelRange = (moved.labelRange.lowerBound + delta)..<(moved.labelRange.upperBound + delta)
      moved.destinationRange = (moved.destinationRange.lowerBound + delta)..<(moved.destinationRange.upperBound + delta)
      byLabel[key] = moved
    }
  }
}

/// The parts of a ``NodeKind/referenceLink`` or ``NodeKind/referenceImage`` node.
public struct ReferenceLinkParts: Sendable, Equatable {
  /// The text between the first brackets (an image's alt text).
  public var text: Range<Int>
  /// The label looked up: the full form's second brackets' text, else the text.
  public var label: Range<Int>

  /// The parts of the node over `range` whose `linkLabel` child, if any, is `labelRange`.
  public init(range: Range<Int>, labelRange: Range<Int>?, isImage: Bool, in text: TextStorage) {
    let textStart = range.lowerBound + (isImage ? 2 : 1)
    if let labelRange {
      self.text = textStart..<(labelRange.lowerBound - 2)
      label = labelRange
      return
    }
    // Collapsed (`[text][]`) or shortcut (`[text]`): a text holds no bracket.
    let collapsed = range.count >= 4 && text[range.upperBound - 2] == UInt8(ascii: "[")
    self.text = textStart..<(range.upperBound - (collapsed ? 3 : 1))
    label = self.text
  }
}

extension NoteDocument {
  /// The parts of reference link `node`.
  public func referenceParts(of node: SyntaxNode) -> ReferenceLinkParts {
    ReferenceLinkParts(
      range: node.range, labelRange: node.child(.linkLabel)?.range, isImage: node.kind == .referenceImage, in: text)
  }

  /// The definition reference link `node` uses, or `nil` when its label is not defined
  /// (it is then the text it is).
  public func linkDefinition(of node: SyntaxNode) -> LinkReferences.Definition? {
    guard !linkReferences.isEmpty else { return nil }
    return linkReferences.definition(forLabel: text.string(in: referenceParts(of: node).label))
  }
}
