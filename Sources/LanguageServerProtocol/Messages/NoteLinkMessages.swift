public import JSONCore

/// One entry of a workspace edit's `documentChanges`: a document's edits, or a file
/// created or renamed.
public enum DocumentChange: Codable, Sendable, Hashable {
  case edit(TextDocumentEdit)
  case create(CreateFile)
  case rename(RenameFile)

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: KindKey.self)
    switch try container.decodeIfPresent(String.self, forKey: .kind) {
    case "create"?: self = .create(try CreateFile(from: decoder))
    case "rename"?: self = .rename(try RenameFile(from: decoder))
    default: self = .edit(try TextDocumentEdit(from: decoder))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .edit(let edit): try edit.encode(to: encoder)
    case .create(let create): try create.encode(to: encoder)
    case .rename(let rename): try rename.encode(to: encoder)
    }
  }

  private enum KindKey: String, CodingKey { case kind }
}

/// Options of a file operation.
public struct FileOperationOptions: Codable, Sendable, Hashable {
  public var overwrite: Bool?
  public var ignoreIfExists: Bool?
  public init(overwrite: Bool? = nil, ignoreIfExists: Bool? = nil) {
    self.overwrite = overwrite
    self.ignoreIfExists = ignoreIfExists
  }
}

/// `{"kind": "create"}`: a new file.
public struct CreateFile: Codable, Sendable, Hashable {
  public var kind = "create"
  public var uri: DocumentURI
  public var options: FileOperationOptions?
  public init(uri: DocumentURI, options: FileOperationOptions? = nil) {
    self.uri = uri
    self.options = options
  }
}

/// `{"kind": "rename"}`: a file moved or renamed.
public struct RenameFile: Codable, Sendable, Hashable {
  public var kind = "rename"
  public var oldUri: DocumentURI
  public var newUri: DocumentURI
  public var options: FileOperationOptions?
  public init(oldUri: DocumentURI, newUri: DocumentURI, options: FileOperationOptions? = nil) {
    self.oldUri = oldUri
    self.newUri = newUri
    self.options = options
  }
}

/// One file moved or renamed, in `workspace/willRenameFiles`.
public struct FileRename: Codable, Sendable, Hashable {
  public var oldUri: DocumentURI
  public var newUri: DocumentURI
  public init(oldUri: DocumentURI, newUri: DocumentURI) {
    self.oldUri = oldUri
    self.newUri = newUri
  }
}

/// `workspace/willRenameFiles`: the edits to make before files are moved.
public struct RenameFilesParams: LSPRequest, Hashable {
  public static let method = "workspace/willRenameFiles"
  public typealias Response = WorkspaceEdit?
  public var files: [FileRename]
  public init(files: [FileRename]) { self.files = files }
}
