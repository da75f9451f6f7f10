#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `body` on a new detached thread of its own.
///
/// For work that blocks or waits for long (a read loop, a library being indexed): on
/// Linux, Dispatch counts a worker that waits as busy, so such work on a global queue
/// takes one of the few workers that `concurrentPerform` and the other queues share.
public func startThread(_ body: @escaping @Sendable () -> Void) {
  final class Start {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }
  let start = Unmanaged.passRetained(Start(body)).toOpaque()
  #if canImport(Glibc)
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
      { context in
        Unmanaged<Start>.fromOpaque(context!).takeRetainedValue().body()
        return nil
      }, start)
    precondition(created == 0, "Cannot start a thread")
    pthread_detach(thread)
  #else
    var thread: pthread_t?
    let created = pthread_create(
      &thread, nil,
      { context in
        Unmanaged<Start>.fromOpaque(context).takeRetainedValue().body()
        return nil
      }, start)
    precondition(created == 0, "Cannot start a thread")
    if let thread { pthread_detach(thread) }
  #endif
}
