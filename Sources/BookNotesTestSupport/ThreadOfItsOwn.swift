import Foundation
public import Testing

/// Runs `body`, synchronous work that takes long (thousands of parses, a wait for a child
/// process or a terminal), on a new thread, as part of the calling task: its expectations
/// and issues belong to the calling test, and the cooperative pool stays free meanwhile.
///
/// Swift Testing runs every test on the cooperative pool, which has one thread per core.
/// A test that keeps a pool thread for a minute stalls every test whose in-process
/// server answers on that pool, and their waits for it run out.
public func onThreadOfItsOwn<Value>(_ body: () throws -> Value) async rethrows -> Value {
  try await withTaskExecutorPreference(ThreadOfItsOwn()) { try body() }
}

/// Runs each test of a suite, or a test, on threads of its own (as ``onThreadOfItsOwn(_:)``
/// does): for synchronous tests whose work (parses of long notes, a command run to its
/// end) would hold a thread of the cooperative pool for seconds. The threads' time is
/// shared out by the system, so the pool's jobs still run between.
///
/// Not for a test that starts a process and awaits something before it ends (a server
/// launched, a fake catalog): Foundation's `Process` tells of the end through the run
/// loop of the thread that started it, which here ends with its job.
public struct ThreadOfItsOwnTrait: TestTrait, SuiteTrait, TestScoping {
  public var isRecursive: Bool { true }

  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase == nil ? nil : self
  }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await withTaskExecutorPreference(ThreadOfItsOwn()) { try await function() }
  }
}

extension Trait where Self == ThreadOfItsOwnTrait {
  /// Each test on threads of its own (``ThreadOfItsOwnTrait``).
  public static var onThreadsOfItsOwn: Self { Self() }
}

/// A task executor that runs each job on a new thread.
private final class ThreadOfItsOwn: TaskExecutor {
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    Thread { job.runSynchronously(on: executor) }.start()
  }
}
