import Foundation

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

/// A task executor that runs each job on a new thread.
private final class ThreadOfItsOwn: TaskExecutor {
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    Thread { job.runSynchronously(on: executor) }.start()
  }
}
