extension NoteDocument {
  /// A readable S-expression dump of the tree: one node a line, kinds and byte ranges,
  /// the text of leaves quoted; then the findings.
  public func dump() -> String {
    var out = "(document 0..\(text.count)"
    tree.forEachBlock { block in dump(block, depth: 1, into: &out) }
    out += ")\n"
    for finding in tree.findings {
      out += "\(finding.code.rawValue) \(finding.range.lowerBound)..\(finding.range.upperBound)\n"
    }
    return out
  }

  private func dump(_ node: SyntaxNode, depth: Int, into out: inout String) {
    out += "\n" + String(repeating: "  ", count: depth)
    out += "(\(node.kind) \(node.range.lowerBound)..\(node.range.upperBound)"
    if node.hasChildren {
      for child in node.children { dump(child, depth: depth + 1, into: &out) }
    } else if node.kind != .blankLine {
      out += " " + Self.quoted(text.string(in: node.range))
    }
    out += ")"
  }

  static func quoted(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
