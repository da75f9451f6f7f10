import BookNotesTestSupport
import Foundation
import Locking
import Testing

@testable import NoteWorkspace

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading notes ahead of the loader: the threads ask for each file once, in order
/// of need, never past the limit the reader allows, and (on Linux) a file asked for
/// is in the page cache afterwards.
@Suite(.onThreadsOfItsOwn) struct ReadAheadTests {
  /// Waits up to five seconds for `condition`.
  func eventually(_ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .seconds(5)
    while !condition() {
      if ContinuousClock.now > deadline { return false }
      usleep(2_000)
    }
    return true
  }

  @Test func asksForEachFileOnceAndNeverPastTheLimit() {
    let paths = (0..<100).map { "note-\($0).md" }
    let asked = Lock<[String]>([])
    let ahead = ReadAhead(paths, from: 10) { path in asked.withLock { $0.append(path) } }
    defer { ahead.stop() }
    // Nothing is allowed yet: every thread waits, having asked for nothing.
    #expect(eventually { ahead.threadsWaiting == ReadAhead.threads })
    #expect(asked.withLock { $0 }.isEmpty)

    ahead.allow(upTo: 25)
    // Once the files allowed are asked for and every thread waits again, no other is.
    #expect(eventually { asked.withLock { $0.count } == 15 && ahead.threadsWaiting == ReadAhead.threads })
    #expect(asked.withLock { $0.sorted() } == paths[10..<25].sorted())

    ahead.allow(upTo: paths.count)
    #expect(eventually { ahead.threadsEnded == ReadAhead.threads })
    #expect(asked.withLock { $0.sorted() } == paths[10...].sorted())
  }

  @Test func stoppingEndsTheThreadsBeforeTheRest() {
    let paths = (0..<1000).map { "note-\($0).md" }
    let asked = Lock(0)
    let ahead = ReadAhead(paths, from: 0) { _ in asked.withLock { $0 += 1 } }
    ahead.allow(upTo: 10)
    #expect(eventually { asked.withLock { $0 } == 10 && ahead.threadsWaiting == ReadAhead.threads })
    ahead.stop()
    #expect(eventually { ahead.threadsEnded == ReadAhead.threads })
    // Stopping lets the waiting threads go, to end, not to ask.
    #expect(asked.withLock { $0 } == 10)
  }

  #if os(Linux)
    /// Pages of the file at `path` in the page cache, of all its pages.
    func residentPages(_ path: String) -> (resident: Int, of: Int)? {
      let descriptor = open(path, O_RDONLY)
      guard descriptor >= 0 else { return nil }
      defer { close(descriptor) }
      var info = stat()
      guard fstat(descriptor, &info) == 0, info.st_size > 0 else { return nil }
      let length = Int(info.st_size)
      guard let mapped = mmap(nil, length, PROT_READ, MAP_SHARED, descriptor, 0),
        mapped != UnsafeMutableRawPointer(bitPattern: -1)
      else {
        return nil
      }
      defer { munmap(mapped, length) }
      let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
      var pages = [UInt8](repeating: 0, count: (length + pageSize - 1) / pageSize)
      guard mincore(mapped, length, &pages) == 0 else { return nil }
      return (pages.filter { $0 & 1 == 1 }.count, pages.count)
    }

    /// Drops the file at `path` from the page cache (its pages are written already).
    func evict(_ path: String) {
      let descriptor = open(path, O_RDONLY)
      guard descriptor >= 0 else { return }
      defer { close(descriptor) }
      fdatasync(descriptor)
      posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED)
    }

    @Test func aFileAskedForIsInThePageCacheAfterwards() throws {
      let root = FileManager.default.temporaryDirectory.appendingPathComponent("booknotes-ahead-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: root) }
      let paths = (0..<5).map { root.appendingPathComponent("note-\($0).md").path }
      for (index, path) in paths.enumerated() {
        // The third is larger than the notes read.
        let size = index == 2 ? 512 * 1024 : 256 * 1024
        #expect(FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x61, count: size)))
        evict(path)
      }
      // A file system that keeps every file in memory (tmpfs) cannot show the difference.
      guard paths.allSatisfy({ residentPages($0)?.resident == 0 }) else {
        print("ReadAheadTests: \(root.path) keeps its files in memory; the page cache is not checked")
        return
      }
      let ahead = ReadAhead(paths, from: 1, maxSize: 300 * 1024)
      defer { ahead.stop() }
      ahead.allow(upTo: 4)
      #expect(eventually { [1, 3].allSatisfy { residentPages(paths[$0]).map { $0.resident == $0.of } ?? false } })
      // Not the file before the start, nor the one too large, nor the one past the limit.
      #expect(residentPages(paths[0])?.resident == 0)
      #expect(residentPages(paths[2])?.resident == 0)
      #expect(residentPages(paths[4])?.resident == 0)
    }

    @Test func aLibraryNotInMemoryIsReadAheadAndLoadsTheSame() throws {
      let root = FileManager.default.temporaryDirectory.appendingPathComponent("booknotes-ahead-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: root) }
      let body = String(repeating: "Words worth keeping, and a #books/2021 tag. ", count: 200)
      for number in 0..<600 {
        let path = root.appendingPathComponent(String(format: "note-%03d.md", number)).path
        let text = "# Book \(number)\n\n\(body)\n"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
      }
      let entries = NoteFiles.scan(root: root.path, exclude: [], sizes: false)
      #expect(entries.count == 600)
      for entry in entries { evict(entry.path) }
      guard entries.allSatisfy({ residentPages($0.path)?.resident == 0 }) else {
        print("ReadAheadTests: \(root.path) keeps its files in memory; reading ahead is not checked")
        return
      }
      func load() -> (readAhead: Bool?, titles: [String]) {
        var titles: [String] = []
        let loaded = LibraryLoader.load(entries, maxFileSize: 1 << 20, batchSize: 256) { results, _, _ in
          for (_, outcome) in results {
            if case .summary(let summary) = outcome { titles.append(summary.title ?? "") }
          }
        }
        return (loaded?.readAhead, titles)
      }
      let fromStorage = load()
      #expect(fromStorage.readAhead == true)
      // Now every note is in memory: nothing to read ahead, and the same notes.
      let fromMemory = load()
      #expect(fromMemory.readAhead == false)
      #expect(fromStorage.titles == (0..<600).map { "Book \($0)" })
      #expect(fromMemory.titles == fromStorage.titles)
    }
  #endif
}
