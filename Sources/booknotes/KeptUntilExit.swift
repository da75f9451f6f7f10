import Locking

/// What a command keeps until the process ends: a library and a review log go with the
/// process's memory rather than being freed object by object as the command returns
/// (a tenth to a quarter of a command's time). Reachable, so no leak checker reports it.
enum KeptUntilExit {
  private static let kept = Lock<[any Sendable]>([])

  static func keep(_ value: any Sendable) { kept.withLock { $0.append(value) } }
}
