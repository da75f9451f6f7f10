import NoteSyntax

/// The cards of many clozes of one region from one rendering of it, each front spliced
/// from that rendering rather than rendered again: the texts are as long as the region
/// each, but the region's nodes are read once.
///
/// The rendering shows every cloze's answer (``InlineText/clozeOutputs`` says where).
/// A front hiding cloze `k` is the rendering before its answer, its placeholder, then
/// the rendering from the first byte other than a space after the answer, with one
/// space before it when whitespace came between (``FNV1a/Recording`` says so): past that
/// byte, the rendering is the same whatever the cloze showed.
enum ClozeCards {
  /// The cards (``Prompts/clozeCard(_:in:_:markup:)``) of the clozes `picked` (indices,
  /// in order) of `clozes`, the well-formed clozes of `region` in order; `nil` when the
  /// rendering does not show each of them as a cloze (one in a link's text is text).
  static func cards(
    of clozes: [SyntaxNode], picking picked: [Int], in region: InlineRegion, _ doc: NoteDocument,
    markup withMarkup: Bool
  ) -> [(front: String, back: String, markup: String?)]? {
    var recorder = InlineText(doc: doc)
    var stream = FNV1a.Stream(FNV1a())
    stream.recording = FNV1a.Recording()
    recorder.hashing = stream
    recorder.renderBytes(region.nodes)
    guard let marks = recorder.hashing?.recording?.clozes, marks.count == clozes.count,
      zip(marks, clozes).allSatisfy({ $0.range == $1.range })
    else { return nil }
    var renderer = InlineText(doc: doc)
    renderer.renderBytes(region.nodes)
    let outputs = renderer.clozeOutputs
    guard outputs.count == clozes.count else { return nil }
    let shown = renderer.bytes
    func source(_ node: SyntaxNode?) -> String { node.map { doc.text.string(in: $0.range) } ?? "" }
    return picked.map { index in
      let cloze = clozes[index]
      var next = outputs[index].upperBound
      while next < shown.count && shown[next] == 0x20 { next += 1 }
      func text(_ placeholder: [UInt8]) -> String {
        var bytes = Array(shown[..<outputs[index].lowerBound])
        bytes.reserveCapacity(shown.count + placeholder.count)
        bytes += placeholder
        if next < shown.count {
          if marks[index].spaced { bytes.append(0x20) }
          bytes += shown[next...]
        }
        return InlineText.trimmed(String(decoding: bytes, as: UTF8.self))
      }
      let hint = cloze.child(.clozeHint)
      let answer = source(cloze.child(.clozeAnswer))
      var placeholder: [UInt8] = Array("[...]".utf8)
      if let hint, !hint.range.isEmpty { placeholder = [0x5B] + doc.text.bytes(in: hint.range) + [0x5D] }
      let markup: String? =
        withMarkup
        ? text(Array((source(hint).isEmpty ? "{{c1::\(answer)}}" : "{{c1::\(answer)::\(source(hint))}}").utf8)) : nil
      return (text(placeholder), answer, markup)
    }
  }
}
