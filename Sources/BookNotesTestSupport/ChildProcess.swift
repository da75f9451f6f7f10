public import Foundation

/// A child process (an editor, pytest, cmark-gfm, py-fsrs) run to its end on a thread
/// of its own (``onThreadOfItsOwn(_:)``, so that a wait of minutes holds no thread of the
/// cooperative pool), and awaited.
public enum ChildProcess {
  /// How a child process ended: its exit status, its standard output (with its standard
  /// error, when they are merged) and its standard error.
  public struct Outcome: Sendable {
    public var status: Int32
    public var output: Data
    public var errors: Data

    /// The standard output as text.
    public var text: String { String(decoding: output, as: UTF8.self) }
  }

  /// Runs `executable` with `arguments` and awaits its end. Its environment is this
  /// process's with `environment` over it; it starts in `directory` (if given) and reads
  /// `input` (else nothing). With `mergingErrors`, its standard error goes to its output.
  public static func run(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil,
    input: Data? = nil, mergingErrors: Bool = true
  ) async throws -> Outcome {
    try await onThreadOfItsOwn {
      try runBlocking(
        executable, arguments, environment: environment, directory: directory, input: input,
        mergingErrors: mergingErrors)
    }
  }

  /// ``run(_:_:environment:directory:input:mergingErrors:)`` on the calling thread, for
  /// a check made once outside any test (whether an editor is installed).
  public static func runBlocking(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil,
    input: Data? = nil, mergingErrors: Bool = true
  ) throws -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    if let directory { process.currentDirectoryURL = directory }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = mergingErrors ? output : errors
    let stdin = input.map { _ in Pipe() }
    process.standardInput = stdin ?? FileHandle.nullDevice
    try process.run()
    // The error output is read beside the output, so that neither pipe fills and blocks the child.
    let errorReader = mergingErrors ? nil : ErrorReader(errors.fileHandleForReading)
    if let input, let stdin {
      stdin.fileHandleForWriting.write(input)
      try stdin.fileHandleForWriting.close()
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Outcome(status: process.terminationStatus, output: data, errors: errorReader?.finish() ?? Data())
  }

  /// A child's standard error read to its end on a thread of its own.
  private final class ErrorReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    /// Written by the reading thread before `done` is signalled, read after.
    private var data = Data()

    init(_ handle: FileHandle) {
      Thread { [self] in
        data = handle.readDataToEndOfFile()
        done.signal()
      }.start()
    }

    func finish() -> Data {
      done.wait()
      return data
    }
  }
}
