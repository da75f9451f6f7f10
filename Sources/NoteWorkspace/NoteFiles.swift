import Dispatch
import NoteIntelligence
import NoteSyntax
import SystemIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds and reads note files on disk: the IO edge of the command line and of
/// workspace requests.
///
/// Notes are `*.md` and `*.markdown` files. Folders are walked recursively, skipping
/// hidden folders and `node_modules`; a symbolic link is followed only when it
/// resolves inside the folder being walked. Paths come back sorted, so output built
/// from them is stable.
public enum NoteFiles {
  /// A path that cannot be listed.
  public struct ListingError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "\(path): \(reason)" }
  }

  /// What reading one note gave.
  public enum Content: Sendable {
    /// The note's bytes, valid UTF-8 (possibly empty).
    case note([UInt8])
    /// The file was not read as a note; `reason` says why, e.g. `not UTF-8`.
    case skipped(reason: String)
  }

  /// Whether `name` has a note extension, `.md` or `.markdown` in any case (as a link
  /// to a note has: ``LinkTarget/isNotePath(_:)``).
  public static func isNoteName(_ name: String) -> Bool {
    LinkTarget.isNotePath(name)
  }

  /// The note files under `paths`, sorted and without duplicates: a note reached
  /// twice (through a symbolic link inside the folder, or named twice) is listed once,
  /// under the first of its paths. A folder contributes its notes; a file given
  /// explicitly is included whatever its extension. Throws for a path that does not exist.
  public static func list(_ paths: [String]) throws(ListingError) -> [String] {
    var files: [String] = []
    for path in paths {
      var info = stat()
      guard stat(path, &info) == 0 else {
        throw ListingError(path: path, reason: String(cString: strerror(errno)))
      }
      if info.st_mode & S_IFMT == S_IFDIR {
        files += scan(root: path, exclude: []).map(\.path)
      } else {
        files.append(path)
      }
    }
    var seen = Set<String>()
    return files.sorted().filter { seen.insert(resolvedPath($0) ?? $0).inserted }
  }

  /// A note file found by ``scan(root:exclude:sizes:)``, with what tells whether it changed.
  public struct Entry: Sendable, Hashable {
    public var path: String
    /// The size in bytes; -1 while not looked up (see ``isLookedUp``).
    public var size: Int
    /// Modification time in nanoseconds since 1970.
    public var modified: Int64
    /// Whether it was reached through a symbolic link (it may then be listed twice).
    public var throughLink: Bool

    public init(path: String, size: Int, modified: Int64, throughLink: Bool = false) {
      self.path = path
      self.size = size
      self.modified = modified
      self.throughLink = throughLink
    }

    /// Whether the size and modification time are known: a listing without sizes
    /// leaves them to the reading of the file (``NoteFiles/read(_:maxSize:)``).
    public var isLookedUp: Bool { size >= 0 }
  }

  /// The notes under the folder `root`, sorted by path: hidden folders, `node_modules`
  /// and paths matching `exclude` (relative to the root) are skipped; a symbolic link
  /// is followed only when it resolves inside the root, and a folder reached twice is
  /// walked once. Without `sizes`, a file the folder's listing says is a regular file
  /// is not looked up: its size and time are left unknown (``Entry/isLookedUp``), for
  /// a reading of every note that looks each up as it opens it.
  public static func scan(root: String, exclude: [Glob], sizes: Bool = true) -> [Entry] {
    let resolved = resolvedPath(root) ?? root
    var visited: Set<String> = [resolved]
    var files: [Entry] = []
    walk(
      folder: root, relative: "", root: resolved, exclude: exclude, sizes: sizes, throughLink: false, into: &files,
      visited: &visited)
    // A note reached through a link and directly is listed once, by its direct path.
    guard files.contains(where: \.throughLink) else { return files }
    let direct = Set(files.filter { !$0.throughLink }.map { resolvedPath($0.path) ?? $0.path })
    var seen: Set<String> = []
    let rootPrefix = join(resolved, "")
    return files.filter { entry in
      guard entry.throughLink else { return true }
      let target = resolvedPath(entry.path) ?? entry.path
      // Where the note really is decides whether it is excluded or hidden.
      if target.hasPrefix(rootPrefix) {
        let relative = String(target.dropFirst(rootPrefix.count))
        let folders = relative.split(separator: "/").dropLast()
        if folders.contains(where: { $0.hasPrefix(".") || $0 == "node_modules" }) { return false }
        if exclude.contains(where: { $0.matchesItselfOrAFolder(of: relative) }) { return false }
      }
      return !direct.contains(target) && seen.insert(target).inserted
    }
  }

  /// Whether anything (a file, a folder) exists at `path`, symbolic links followed.
  public static func exists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }

  /// The entry of the file at `path`, `nil` when it is not a regular file.
  public static func entry(_ path: String) -> Entry? {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    return Entry(path: path, size: Int(info.st_size), modified: modificationTime(info))
  }

  private static func modificationTime(_ info: stat) -> Int64 {
    #if canImport(Darwin)
      Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
    #else
      Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    #endif
  }

  /// Reads the file at `path`: a note (well-formed UTF-8: parse it with
  /// `NoteDocument(checkedUTF8:)`), or why it was skipped (unreadable, binary, not UTF-8).
  public static func read(_ path: String) -> Content {
    content(of: Files.readBytes(path))
  }

  /// Reads the note of `entry` as ``read(_:)`` does, its size and time looked up as the
  /// file is opened (a listing without sizes leaves them unknown): the entry with them
  /// (as they were, for a file that is not there), and what was read, `nil` for a file
  /// larger than `maxSize` (not read).
  public static func read(_ entry: Entry, maxSize: Int) -> (entry: Entry, content: Content?) {
    var info = stat()
    let bytes = Files.readBytes(entry.path, maxSize: maxSize, info: &info)
    let failure = errno
    var found = entry
    if info.st_mode & S_IFMT == S_IFREG {
      found.size = Int(info.st_size)
      found.modified = modificationTime(info)
    }
    if bytes == nil && failure == EFBIG { return (found, nil) }
    errno = failure
    return (found, content(of: bytes))
  }

  /// What `bytes` (`nil`: not read, `errno` says why) are as a note.
  private static func content(of bytes: [UInt8]?) -> Content {
    guard let bytes else {
      return .skipped(reason: errno == EINVAL ? "not a regular file" : String(cString: strerror(errno)))
    }
    let hasNUL = bytes.withUnsafeBytes { $0.isEmpty ? false : memchr($0.baseAddress!, 0, $0.count) != nil }
    if hasNUL { return .skipped(reason: "binary file") }
    if !NoteDocument.isValidUTF8(bytes) { return .skipped(reason: "not UTF-8") }
    return .note(bytes)
  }

  /// The absolute path `path` resolves to, symbolic links followed.
  public static func resolvedPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// An absolute `path` without empty, `.` and `..` components (`..` at the top stays
  /// at `/`), as written: symbolic links are not followed.
  public static func normalized(_ path: String) -> String {
    LinkTarget.normalized(path)
  }

  /// Whether the absolute `path` is `root` or inside it, as written (after
  /// ``normalized(_:)``) and, when it exists, where symbolic links lead: a link inside
  /// the root that points out of it is outside. A path that does not exist is inside
  /// when the nearest folder above it that exists is (or when the root does not exist).
  public static func isInside(_ path: String, root: String) -> Bool {
    isInside(path, root: root, resolve: resolvedPath)
  }

  /// ``isInside(_:root:)``, with paths resolved by `resolve` (as ``resolvedPath(_:)``
  /// does): a caller checking many paths at once, such as every link of a note, can
  /// remember the root's and the folders' resolutions. Whether `path` itself exists is
  /// looked up each time.
  public static func isInside(_ path: String, root: String, resolve: (String) -> String?) -> Bool {
    let written = normalized(path)
    let writtenRoot = normalized(root)
    guard written == writtenRoot || written.hasPrefix(join(writtenRoot, "")) else { return false }
    // Nothing is inside a root that does not exist, symbolic links included.
    guard let realRoot = resolve(writtenRoot) else { return true }
    var existing = written
    // A path that does not exist (one `stat`) is where the nearest folder above it is.
    var real = exists(existing) ? resolve(existing) : nil
    while real == nil, existing != "/" {
      existing = String(existing[..<(existing.utf8.lastIndex(of: UInt8(ascii: "/")) ?? existing.startIndex)])
      if existing.isEmpty { existing = "/" }
      real = resolve(existing)
    }
    guard let real else { return false }
    return real == realRoot || real.hasPrefix(join(realRoot, ""))
  }

  /// Whether `root` is a folder not to index as a whole: the file-system root or the
  /// user's home folder.
  public static func isTooBroad(_ root: String) -> Bool {
    let home = getenv("HOME").map { String(cString: $0) }
    var normalized = root
    while normalized.count > 1 && normalized.hasSuffix("/") { normalized.removeLast() }
    let resolved = NoteFiles.resolvedPath(normalized) ?? normalized
    let resolvedHome = home.flatMap { NoteFiles.resolvedPath($0) } ?? home
    return resolved == "/" || normalized == "/" || (home != nil && (normalized == home || resolved == resolvedHome))
  }

  /// `path` as an absolute path without `.` and `..` components (the current folder
  /// before a relative one), as a root's path is written in a `file:` URI.
  public static func absolutePath(_ path: String) -> String {
    var full = path
    if !path.hasPrefix("/") {
      var buffer = [CChar](repeating: 0, count: 4096)
      let current =
        getcwd(&buffer, buffer.count) != nil
        ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "/"
      full = current + "/" + path
    }
    var parts: [Substring] = []
    for part in full.split(separator: "/") where part != "." {
      if part == ".." { _ = parts.popLast() } else { parts.append(part) }
    }
    return "/" + parts.joined(separator: "/")
  }

  /// `path` joined to `name`, without doubling a `/` (``Files/join(_:_:)``).
  public static func join(_ path: String, _ name: String) -> String { Files.join(path, name) }

  private static func walk(
    folder: String, relative: String, root: String, exclude: [Glob], sizes: Bool, throughLink: Bool,
    into files: inout [Entry], visited: inout Set<String>
  ) {
    guard let directory = opendir(folder) else { return }
    defer { closedir(directory) }
    var entries: [(name: String, type: UInt8)] = []
    while let entry = readdir(directory) {
      let name = withUnsafePointer(to: entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
      }
      if name == "." || name == ".." { continue }
      entries.append((name, entry.pointee.d_type))
    }
    entries.sort { $0.name < $1.name }
    // What the listing says is a folder, or a regular file whose size is not wanted,
    // needs no lookup; links and entries of unknown type (on some file systems) do.
    func isKnown(_ type: UInt8) -> Bool {
      Int(type) == Int(DT_DIR) || (!sizes && Int(type) == Int(DT_REG))
    }
    let unknown = entries.filter { !isKnown($0.type) }.map(\.name)
    var lookedUp = lookUp(unknown, in: dirfd(directory))[...]
    for (name, type) in entries {
      var info = stat()
      if isKnown(type) {
        info.st_mode = Int(type) == Int(DT_DIR) ? S_IFDIR : S_IFREG
        info.st_size = -1
      } else {
        guard let slot = lookedUp.popFirst(), let found = slot else { continue }
        info = found
      }
      let path = join(folder, name)
      let relativePath = relative.isEmpty ? name : relative + "/" + name
      var mode = info.st_mode & S_IFMT
      let isLink = mode == S_IFLNK
      if isLink {
        // Follow a link only when its target stays inside the root.
        guard let target = resolvedPath(path), target == root || target.hasPrefix(join(root, "")),
          stat(path, &info) == 0
        else { continue }
        mode = info.st_mode & S_IFMT
        if mode == S_IFDIR {
          guard visited.insert(target).inserted else { continue }
        }
      }
      if exclude.contains(where: { $0.matches(relativePath) }) { continue }
      if mode == S_IFDIR {
        if name.hasPrefix(".") || name == "node_modules" { continue }
        walk(
          folder: path, relative: relativePath, root: root, exclude: exclude, sizes: sizes,
          throughLink: throughLink || isLink, into: &files, visited: &visited)
      } else if mode == S_IFREG && isNoteName(name) {
        files.append(
          Entry(
            path: path, size: Int(info.st_size), modified: info.st_size < 0 ? 0 : modificationTime(info),
            throughLink: throughLink || isLink))
      }
    }
  }

  /// The status of each of `names` in the open folder `folder` (not followed if a
  /// symbolic link; `nil` if gone), looked up in the folder rather than by whole
  /// path; a large folder's on every core, as a library of thousands of notes in
  /// one folder would otherwise keep the other cores idle while it is listed.
  private static func lookUp(_ names: [String], in folder: Int32) -> [stat?] {
    var found: [stat?] = Array(repeating: nil, count: names.count)
    found.withUnsafeMutableBufferPointer { buffer in
      nonisolated(unsafe) let slots = buffer
      // Each part writes only its own slots.
      @Sendable func lookUp(_ range: Range<Int>) {
        for index in range {
          var info = stat()
          // The name's own bytes (a native string ends with a NUL), not a copy of them.
          if names[index].withCString({ fstatat(folder, $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0 { slots[index] = info }
        }
      }
      let parts = names.count >= 1024 ? 8 : 1
      guard parts > 1 else { return lookUp(names.indices) }
      DispatchQueue.concurrentPerform(iterations: parts) { part in
        lookUp((part * names.count / parts)..<((part + 1) * names.count / parts))
      }
    }
    return found
  }
}
