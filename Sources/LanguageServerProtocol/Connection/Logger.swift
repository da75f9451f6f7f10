import Locking
import SystemIO

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How much to log, from least to most.
public enum LogLevel: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
  case error
  case warning
  case info
  case debug

  /// Parses `error`, `warning` (or `warn`), `info` or `debug`.
  public init?(name: String) {
    switch name.lowercased() {
    case "error": self = .error
    case "warning", "warn": self = .warning
    case "info": self = .info
    case "debug": self = .debug
    default: return nil
    }
  }

  public var description: String {
    switch self {
    case .error: "error"
    case .warning: "warning"
    case .info: "info"
    case .debug: "debug"
    }
  }

  public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Writes log lines to stderr or a file, never to stdout, and optionally mirrors
/// them to a sink such as the client's `window/logMessage`.
public final class Logger: Sendable {
  public enum Destination: Sendable, Hashable {
    case standardError
    case file(String)
  }

  public struct OpenError: Error, CustomStringConvertible {
    public let path: String
    public let code: Int32
    public var description: String { "Cannot open log file \(path): \(String(cString: strerror(code)))" }
  }

  private struct State {
    var level: LogLevel?
    var mirror: (@Sendable (LogLevel, String) -> Void)?
    var mirrorLevel: LogLevel = .info
  }

  /// The descriptor written to; owned (and closed) only when it is a log file.
  private let descriptor: Int32
  private let ownsDescriptor: Bool
  private let state: Lock<State>

  /// A logger writing lines at `level` or more important to `destination`.
  public init(level: LogLevel = .info, destination: Destination = .standardError) throws {
    switch destination {
    case .standardError:
      descriptor = 2
      ownsDescriptor = false
    case .file(let path):
      let opened = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
      guard opened >= 0 else { throw OpenError(path: path, code: errno) }
      descriptor = opened
      ownsDescriptor = true
    }
    state = Lock(State(level: level))
  }

  deinit {
    if ownsDescriptor { close(descriptor) }
  }

  /// A logger that drops everything.
  public static func disabled() -> Logger {
    let logger = try! Logger(level: .error)
    logger.level = nil
    return logger
  }

  /// The least important level written; `nil` writes nothing.
  public var level: LogLevel? {
    get { state.withLock { $0.level } }
    set { state.withLock { $0.level = newValue } }
  }

  /// Also sends lines at `minimumLevel` or more important to `sink`.
  public func mirror(minimumLevel: LogLevel, to sink: (@Sendable (LogLevel, String) -> Void)?) {
    state.withLock {
      $0.mirror = sink
      $0.mirrorLevel = minimumLevel
    }
  }

  /// The least important level sent to the mirror, if there is one.
  public var mirrorLevel: LogLevel {
    get { state.withLock { $0.mirrorLevel } }
    set { state.withLock { $0.mirrorLevel = newValue } }
  }

  public func log(_ level: LogLevel, _ message: @autoclosure () -> String, mirrored: Bool = true) {
    let (writesLocally, mirror) = state.withLock { state -> (Bool, (@Sendable (LogLevel, String) -> Void)?) in
      (state.level.map { level <= $0 } ?? false, mirrored && level <= state.mirrorLevel ? state.mirror : nil)
    }
    guard writesLocally || mirror != nil else { return }
    let text = message()
    if writesLocally {
      let line = "\(Date.now.ISO8601Format()) [\(level)] \(text)\n"
      // Under the lock so that lines from different threads never interleave.
      state.withLock { _ in _ = writeAll(descriptor, Array(line.utf8)) }
    }
    mirror?(level, text)
  }

  public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
  public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
  public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
  public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
}
