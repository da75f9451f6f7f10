import Dispatch
import Locking
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Asks the kernel to read files ahead of a reader that goes through them in order,
/// on threads of their own: for notes that are not in memory yet (the first start
/// after the machine started), whose reads would otherwise wait for storage one or two
/// at a time, on the loader's one thread per core. Many requests in flight keep storage
/// busy; the loader then finds the files in the page cache.
///
/// A thread opens the next file (which waits for its metadata), asks for its contents
/// (`posix_fadvise`, which does not wait for them) and closes it. The threads stay at
/// most up to the limit the reader allows (``allow(upTo:)``), so that storage reads
/// first what the reader needs next. They end when every file is asked for, or at
/// ``stop()``.
final class ReadAhead: Sendable {
  /// Whether the kernel takes such requests (Linux), so that reading ahead helps.
  static let isAvailable: Bool = {
    #if os(Linux)
      true
    #else
      false
    #endif
  }()

  /// How many threads ask at once: enough requests in flight to keep storage busy
  /// (eight read a library about twice as fast as two), few enough to stay cheap.
  static let threads = 8

  private let paths: [String]
  private let ask: @Sendable (String) -> Void
  /// The index of the next file to ask for (claimed by the thread that moves it on).
  private let next = Atomic<Int>(0)
  /// Files from this index on wait for ``allow(upTo:)``.
  private let limit = Atomic<Int>(0)
  private let stopped = Atomic<Bool>(false)
  /// Signalled once per thread whenever the limit moves.
  private let moved = DispatchSemaphore(value: 0)
  /// How many threads wait for the limit to move, and how many ended: what tests wait
  /// for before checking what was asked for.
  private let waiting = Atomic<Int>(0)
  private let ended = Atomic<Int>(0)

  /// Reads ahead `paths` from index `start` (``ask(_:maxSize:)``), skipping files larger
  /// than `maxSize`, which the loader does not read.
  convenience init(_ paths: [String], from start: Int, maxSize: Int) {
    self.init(paths, from: start) { Self.ask($0, maxSize: maxSize) }
  }

  /// Starts reading ahead `paths` from index `start`, up to where ``allow(upTo:)`` says,
  /// each by `ask`.
  init(_ paths: [String], from start: Int, ask: @escaping @Sendable (String) -> Void) {
    self.paths = paths
    self.ask = ask
    next.store(start, ordering: .relaxed)
    for _ in 0..<Self.threads { startThread { [self] in run() } }
  }

  /// Lets the threads go on up to (not including) index `limit`.
  func allow(upTo limit: Int) {
    self.limit.store(limit, ordering: .releasing)
    for _ in 0..<Self.threads { moved.signal() }
  }

  /// Ends the threads (they finish the file they are at).
  func stop() {
    stopped.store(true, ordering: .releasing)
    allow(upTo: paths.count)
  }

  /// How many threads wait for the limit to move: once all do, none asks for anything
  /// until ``allow(upTo:)`` or ``stop()``.
  var threadsWaiting: Int { waiting.load(ordering: .acquiring) }

  /// How many threads ended.
  var threadsEnded: Int { ended.load(ordering: .acquiring) }

  private func run() {
    defer { ended.add(1, ordering: .releasing) }
    // A thread claims a file only below the limit, so that a thread asleep holds none:
    // a signal taken by another thread (one that reached the new limit first) leaves
    // no file behind.
    while !stopped.load(ordering: .acquiring) {
      let index = next.load(ordering: .relaxed)
      guard index < paths.count else { return }
      guard index < limit.load(ordering: .acquiring) else {
        waiting.add(1, ordering: .releasing)
        moved.wait()
        waiting.subtract(1, ordering: .relaxed)
        continue
      }
      if next.compareExchange(expected: index, desired: index + 1, ordering: .relaxed).exchanged {
        ask(paths[index])
      }
    }
  }

  /// Asks the kernel to read the regular file at `path` into the page cache, without
  /// waiting for its contents, unless it is larger than `maxSize` bytes.
  static func ask(_ path: String, maxSize: Int) {
    #if os(Linux)
      // Not blocking on open: a FIFO named like a note would wait for a writer.
      let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
      guard descriptor >= 0 else { return }
      defer { close(descriptor) }
      var info = stat()
      guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= maxSize else { return }
      _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_WILLNEED)
    #endif
  }
}
