public import NoteSyntax

extension LibraryEngine {
  /// The note at `path` as its file has it now, parsed; `nil` when it cannot be read,
  /// is not a note (binary, not UTF-8) or is larger than `index.maxFileSize`.
  public func document(at path: String) -> NoteDocument? {
    guard let entry = NoteFiles.entry(path), entry.size <= settings().index.maxFileSize,
      case .note(let bytes) = NoteFiles.read(path)
    else { return nil }
    return NoteDocument(checkedUTF8: bytes)
  }
}
