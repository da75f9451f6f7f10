public import CSanitizerHooks
public import Synchronization

/// A value behind a lock: `Synchronization.Mutex`, with each taking of the lock told
/// to ThreadSanitizer when it runs (it cannot see the Mutex's own waiting on Linux,
/// and would report every access the lock guards as a race). Outside a sanitizer
/// build the telling is a test of a null pointer.
///
/// A class, so that the lock has one address for the sanitizer for as long as it
/// lives.
public final class Lock<Value: ~Copyable>: Sendable {
  @usableFromInline let mutex: Mutex<Value>

  public init(_ value: consuming sending Value) {
    mutex = Mutex(value)
  }

  /// Runs `body` with the value, the lock held.
  @inlinable
  public func withLock<Result: ~Copyable, E: Error>(
    _ body: (inout sending Value) throws(E) -> sending Result
  ) throws(E) -> sending Result {
    let address = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
    return try mutex.withLock { (value: inout sending Value) throws(E) -> sending Result in
      booknotes_lock_acquired(address)
      defer { booknotes_lock_releasing(address) }
      return try body(&value)
    }
  }
}
