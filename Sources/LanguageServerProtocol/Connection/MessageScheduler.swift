import Locking

/// Runs operations in the order they were scheduled, as far as their ``Scope``s
/// require, and concurrently otherwise.
final class MessageScheduler: Sendable {
  private struct Pending {
    let serial: UInt64
    let scope: Scope
    let task: Task<Void, Never>
  }

  private struct State {
    var nextSerial: UInt64 = 0
    var pending: [Pending] = []
  }

  private let state = Lock(State())

  /// Starts `operation` once every earlier operation it depends on has finished.
  @discardableResult
  func schedule(_ scope: Scope, _ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
    state.withLock { state in
      let serial = state.nextSerial
      state.nextSerial += 1
      let dependencies = state.pending.filter { scope.mustWait(for: $0.scope) }.map(\.task)
      let task = Task {
        for dependency in dependencies { await dependency.value }
        await operation()
        self.finished(serial)
      }
      state.pending.append(Pending(serial: serial, scope: scope, task: task))
      return task
    }
  }

  private func finished(_ serial: UInt64) {
    state.withLock { state in
      state.pending.removeAll { $0.serial == serial }
    }
  }
}
