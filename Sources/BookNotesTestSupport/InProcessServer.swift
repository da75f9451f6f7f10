public import BookNotesServer
public import JSONCore
public import LanguageServerProtocol

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A ``BookNotesServer`` on an in-process connection, talked to by an ``LSPTestClient``
/// over a pair of pipes.
public final class InProcessServer: Sendable {
  public let connection: LanguageServerConnection
  public let server: BookNotesServer
  public let client: LSPTestClient
  private let serverInput: Int32
  private let serverOutput: Int32

  public init(logger: Logger = Logger.disabled(), defaultTimeout: Duration = LSPTestClient.generousTimeout) {
    var toServer: [Int32] = [0, 0]
    var fromServer: [Int32] = [0, 0]
    _ = pipe(&toServer)
    _ = pipe(&fromServer)
    serverInput = toServer[0]
    serverOutput = fromServer[1]
    connection = LanguageServerConnection(input: toServer[0], output: fromServer[1], logger: logger)
    server = BookNotesServer(connection: connection)
    server.register()
    client = LSPTestClient(
      writingTo: toServer[1], readingFrom: fromServer[0], ownsDescriptors: true, defaultTimeout: defaultTimeout)
    connection.start()
  }

  /// Sends `initialize` with `capabilities` (and `initializationOptions`, `trace`), then
  /// `initialized`; returns the `initialize` result.
  @discardableResult
  public func initialize(
    capabilities: JSONValue = [:], initializationOptions: JSONValue? = nil, trace: String? = nil
  ) async throws -> JSONValue {
    try await client.initialize(capabilities: capabilities, initializationOptions: initializationOptions, trace: trace)
  }

  /// Ends the client's output, waits for the exit code and closes the pipes.
  public func finish() async throws -> Int32 {
    client.closeOutput()
    let code = await connection.waitForExit()
    close(serverOutput)
    try await client.waitForClose()
    close(serverInput)
    return code
  }
}
