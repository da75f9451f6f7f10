import BookNotesTestSupport
import Foundation
import NoteWorkspace
import SystemIO
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading and listing note files: the bytes come back whole whatever the size the
/// file claims, and a folder of thousands of notes (looked up on every core) lists
/// each one once, sorted, with its size, or without sizes for the reading of each note
/// to look them up.
@Suite(.onThreadsOfItsOwn) struct NoteFilesTests {
  func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("booknotes-files-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func filesAreReadWholeAtAnySize() throws {
    let root = try folder()
    defer { try? FileManager.default.removeItem(at: root) }
    for size in [0, 1, 4095, 4096, 70_000, 300_001] {
      let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 * 7 + 1) }
      let path = root.appendingPathComponent("\(size).md").path
      #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
      #expect(Files.readBytes(path) == bytes, "\(size) bytes")
    }
  }

  @Test func aFileLongerThanItsStatusSaysIsReadToItsEnd() throws {
    // Files under /proc say they are empty; their text is there all the same.
    guard FileManager.default.fileExists(atPath: "/proc/self/status") else { return }
    let bytes = try #require(Files.readBytes("/proc/self/status"))
    #expect(String(decoding: bytes, as: UTF8.self).contains("Name:"))
  }

  @Test func aFolderOrAMissingFileIsNoFileToRead() throws {
    let root = try folder()
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(Files.readBytes(root.path) == nil)
    #expect(errno == EISDIR)
    #expect(Files.readBytes(root.appendingPathComponent("missing.md").path) == nil)
    #expect(errno == ENOENT)
  }

  @Test func aLargeFolderIsListedWhole() throws {
    let root = try folder()
    defer { try? FileManager.default.removeItem(at: root) }
    var expected: [(name: String, size: Int)] = []
    for index in 0..<1500 {
      let name = String(format: "%04d-note.md", 1499 - index)
      let text = String(repeating: "x", count: index % 37)
      #expect(FileManager.default.createFile(atPath: root.appendingPathComponent(name).path, contents: Data(text.utf8)))
      expected.append((name, index % 37))
    }
    // Not notes, or not files: left out.
    #expect(FileManager.default.createFile(atPath: root.appendingPathComponent("picture.png").path, contents: Data()))
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("folder.md"), withIntermediateDirectories: true)
    let entries = NoteFiles.scan(root: root.path, exclude: [])
    expected.sort { $0.name < $1.name }
    #expect(entries.map(\.path) == expected.map { root.appendingPathComponent($0.name).path })
    #expect(entries.map(\.size) == expected.map(\.size))
  }

  @Test func noteExtensionsInAnyCase() throws {
    let root = try folder()
    defer { try? FileManager.default.removeItem(at: root) }
    for name in ["a.md", "B.MD", "c.Markdown", "d.markdown", "e.mdx", "f.txt", "md", "g.md.bak"] {
      #expect(FileManager.default.createFile(atPath: root.appendingPathComponent(name).path, contents: Data("x".utf8)))
    }
    let names = NoteFiles.scan(root: root.path, exclude: []).map { $0.path.dropFirst(root.path.count + 1) }
    #expect(names == ["B.MD", "a.md", "c.Markdown", "d.markdown"])
  }

  @Test func aListingWithoutSizesLeavesThemToTheReading() throws {
    let root = try folder()
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
    let files = [
      ("a.md", "# A\n"), ("sub/b.markdown", "b"), ("large.md", String(repeating: "x", count: 5000)), ("text.txt", "t"),
    ]
    for (name, text) in files {
      #expect(FileManager.default.createFile(atPath: root.appendingPathComponent(name).path, contents: Data(text.utf8)))
    }
    // A link is looked up while listing, as a listing with sizes would.
    try FileManager.default.createSymbolicLink(
      atPath: root.appendingPathComponent("sub/link.md").path,
      withDestinationPath: root.appendingPathComponent("text.txt").path)
    let withSizes = NoteFiles.scan(root: root.path, exclude: [])
    let withoutSizes = NoteFiles.scan(root: root.path, exclude: [], sizes: false)
    #expect(withoutSizes.map(\.path) == withSizes.map(\.path))
    #expect(withSizes.allSatisfy { $0.isLookedUp })
    let lookedUp = withoutSizes.filter(\.isLookedUp).map { $0.path.dropFirst(root.path.count + 1) }
    #expect(lookedUp == ["sub/link.md"])
    // Reading each looks it up: the same entry the listing with sizes gives.
    for (entry, expected) in zip(withoutSizes, withSizes) {
      let (found, content) = NoteFiles.read(entry, maxSize: 4096)
      #expect(found == expected)
      if expected.size > 4096 {
        #expect(content == nil, "\(entry.path) is larger than the limit: not read")
      } else {
        guard case .note(let bytes) = content else {
          Issue.record("\(entry.path) not read")
          continue
        }
        #expect(bytes.count == expected.size)
      }
    }
    // The loader says the same: the large note by its name and size only.
    let large = try #require(withoutSizes.first { $0.path.hasSuffix("large.md") })
    guard case .summary(let summary) = LibraryLoader.load(large, maxFileSize: 4096) else {
      Issue.record("large.md not summarised")
      return
    }
    #expect(summary.byteCount == 5000)
    #expect(summary.headings.isEmpty)
    guard case .summary(let note) = LibraryLoader.load(withoutSizes[0], maxFileSize: 4096) else {
      Issue.record("a.md not summarised")
      return
    }
    #expect(note.title == "A")
  }

  /// Inside a root as written and where symbolic links lead; a path that does not exist
  /// is where the nearest folder above it is. The same with the resolutions remembered.
  @Test func pathsInsideARoot() throws {
    let base = try folder()
    defer { try? FileManager.default.removeItem(at: base) }
    let root = base.appendingPathComponent("root").path
    let outside = base.appendingPathComponent("outside").path
    for folder in [root + "/sub", outside] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    #expect(FileManager.default.createFile(atPath: root + "/a.md", contents: Data("a".utf8)))
    #expect(FileManager.default.createFile(atPath: outside + "/o.md", contents: Data("o".utf8)))
    try FileManager.default.createSymbolicLink(atPath: root + "/out", withDestinationPath: outside)
    try FileManager.default.createSymbolicLink(atPath: root + "/o.md", withDestinationPath: outside + "/o.md")
    let cases: [(String, Bool)] = [
      (root + "/a.md", true), (root + "/missing.md", true), (root + "/sub/missing.md", true),
      (root + "/no/such/folder/x.md", true), (root + "/sub/../a.md", true), (root + "/../outside/o.md", false),
      (root + "/out/o.md", false), (root + "/out/missing.md", false), (root + "/o.md", false),
      (outside + "/o.md", false), (root, true),
    ]
    var resolutions = 0
    var remembered: [String: String?] = [:]
    func resolve(_ path: String) -> String? {
      if let known = remembered[path] { return known }
      resolutions += 1
      let found = NoteFiles.resolvedPath(path)
      remembered[path] = found
      return found
    }
    for (path, inside) in cases {
      #expect(NoteFiles.isInside(path, root: root) == inside, "\(path)")
      #expect(NoteFiles.isInside(path, root: root, resolve: resolve) == inside, "\(path), remembered")
    }
    // The root is resolved once, and a missing note's folder once for all its notes.
    let before = resolutions
    for index in 0..<20 { _ = NoteFiles.isInside(root + "/sub/gone-\(index).md", root: root, resolve: resolve) }
    #expect(resolutions == before)
  }
}
