import CProcessSpawn

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starting a child process with `posix_spawn`: its standard descriptors as asked, the
/// process's environment, and nothing else of this process (an inherited descriptor,
/// a client's pipe say, would stay open as long as the child lives).
public enum ProcessSpawn {
  /// What a standard descriptor of the child is.
  public enum Stream: Sendable {
    /// This process's own.
    case inherited
    /// A descriptor of this process (a pipe's end), duplicated onto it.
    case descriptor(Int32)
    /// A file opened for it (`/dev/null`, a log).
    case file(String, flags: Int32, mode: UInt32 = 0o644)
  }

  /// Starts `arguments[0]` (a path) with `arguments`; returns its process id, or why
  /// it did not start.
  public static func spawn(
    _ arguments: [String], input: Stream = .inherited, output: Stream = .inherited, error: Stream = .inherited
  ) -> Result<Int32, SpawnError> {
    #if os(Linux)
      var actions = posix_spawn_file_actions_t()
    #else
      var actions: posix_spawn_file_actions_t?
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var passed: [Int32] = []
    for (target, stream) in [(Int32(0), input), (1, output), (2, error)] {
      switch stream {
      case .inherited: break
      case .descriptor(let descriptor):
        posix_spawn_file_actions_adddup2(&actions, descriptor, target)
        passed.append(descriptor)
      case .file(let path, let flags, let mode):
        posix_spawn_file_actions_addopen(&actions, target, path, flags, mode_t(mode))
      }
    }
    if booknotes_spawn_close_from(&actions, 3) != 0 {
      for descriptor in Set(passed) where descriptor > 2 { posix_spawn_file_actions_addclose(&actions, descriptor) }
    }
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    #if canImport(Darwin)
      let environment = _NSGetEnviron().pointee
    #else
      let environment = environ
    #endif
    var child: pid_t = 0
    let status = posix_spawn(&child, arguments[0], &actions, nil, argv, environment)
    return status == 0 ? .success(child) : .failure(SpawnError(code: status))
  }

  /// Waits for `pid` to exit; its exit status (`WEXITSTATUS`, which Swift does not
  /// import), or the signal's number plus 128.
  @discardableResult
  public static func wait(_ pid: Int32) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + status & 0x7f
  }
}

/// Why a process did not start.
public struct SpawnError: Error, CustomStringConvertible, Sendable {
  public let code: Int32
  public var description: String { String(cString: strerror(code)) }
}
