/// What a message depends on, which decides what it waits for.
public enum Scope: Sendable, Hashable {
  /// A barrier: waits for everything before it; everything after waits for it.
  case global
  /// Serial per document: waits for earlier messages on the same document.
  case document(String)
  /// A change to a document's text (open, change, close, save): serial per document,
  /// as ``document(_:)``, and awaited by every later ``library(document:)`` request.
  case edit(String)
  /// A request that reads the open documents as they are (the library, with open
  /// notes over the index): waits for every earlier ``edit(_:)`` of any document and,
  /// given a document, for the earlier messages on it. Nothing waits for it but the
  /// later messages on that document: typing in another note never waits for it.
  case library(document: String?)
  /// Waits only for earlier global messages.
  case independent

  /// Whether a message with this scope must wait for an earlier one with `earlier`.
  func mustWait(for earlier: Scope) -> Bool {
    switch (self, earlier) {
    case (.global, _), (_, .global), (.library, .edit): true
    case (.document(let a), .document(let b)), (.document(let a), .edit(let b)), (.edit(let a), .document(let b)),
      (.edit(let a), .edit(let b)), (.library(let a?), .document(let b)), (.document(let a), .library(let b?)),
      (.edit(let a), .library(let b?)), (.library(let a?), .library(let b?)):
      a == b
    default: false
    }
  }
}
