/// What a block's parse depends on besides the text from its start. Part of the memo key:
/// an old block is reused only where the new parse reaches its start in the same context.
enum BlockContext: Sendable, Hashable {
  /// Outside any code block: a block starts as the grammar says.
  case text
  /// Inside a code block opened by `length` `fence` characters (a backtick, a tilde, or
  /// `$` or `%` for a `$$` or `%%` block); a closing fence has at least as many.
  case code(fence: UInt8, length: Int)
  /// Inside an HTML block of CommonMark's `kind` (1 to 7), after a run of its lines.
  case html(kind: Int)
  /// Inside indented code, at a line of it, after a run of its lines.
  case indentedCode
  /// At a line that goes on with a paragraph whose lines so far are link reference
  /// definitions: another definition, or the paragraph's text.
  case definitionText
  /// At a table's header that ends the paragraph above it, whatever block its text would
  /// start elsewhere (cmark-gfm makes a table of a paragraph's last line).
  case tableHeader
}
