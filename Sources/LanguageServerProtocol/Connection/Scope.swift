/// What a message depends on, which decides what it waits for.
public enum Scope: Sendable, Hashable {
  /// A barrier: waits for everything before it; everything after waits for it.
  case global
  /// Serial per document: waits for earlier messages on the same document.
  case document(String)
  /// Waits only for earlier global messages.
  case independent

  /// Whether a message with this scope must wait for an earlier one with `earlier`.
  func mustWait(for earlier: Scope) -> Bool {
    switch (self, earlier) {
    case (.global, _), (_, .global): true
    case (.document(let a), .document(let b)): a == b
    default: false
    }
  }
}
