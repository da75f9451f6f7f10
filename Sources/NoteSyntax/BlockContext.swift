/// What a block's parse depends on besides the text from its start: inside a fenced
/// code block (and which fence closes it), an HTML block (of which kind), indented code,
/// after link reference definitions that a paragraph goes on from, at a table's header
/// under a paragraph, or none. Part of the memo key: an old block is reused only where the new parse
/// reaches its start in the same context.
struct BlockContext: Sendable, Hashable {
  /// The fence character, a backtick or a tilde; 0 outside code.
  let fence: UInt8
  /// How many fence characters opened the block; a closing fence has at least as many.
  let fenceLength: Int

  /// Outside any code block.
  static let text = BlockContext(fence: 0, fenceLength: 0)

  /// Inside a code block opened by `length` `fence` characters.
  static func code(fence: UInt8, length: Int) -> BlockContext {
    BlockContext(fence: fence, fenceLength: length)
  }

  /// Inside an HTML block of CommonMark's `kind` (1 to 7), after a run of its lines.
  static func html(kind: Int) -> BlockContext {
    BlockContext(fence: UInt8(ascii: "<"), fenceLength: kind)
  }

  /// Inside indented code, at a line of it, after a run of its lines.
  static let indentedCode = BlockContext(fence: UInt8(ascii: " "), fenceLength: 4)

  /// At a line that goes on with a paragraph whose lines so far are link reference
  /// definitions: another definition, or the paragraph's text.
  static let definitionText = BlockContext(fence: UInt8(ascii: "["), fenceLength: 0)

  /// At a table's header that ends the paragraph above it, whatever block its text would
  /// start elsewhere (cmark-gfm makes a table of a paragraph's last line).
  static let tableHeader = BlockContext(fence: UInt8(ascii: "|"), fenceLength: 0)

  /// Inside a fenced code block, an HTML block or indented code.
  var isCode: Bool { fence != 0 && self != .definitionText && self != .tableHeader }
}
