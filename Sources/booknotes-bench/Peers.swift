import Foundation

/// The language servers `booknotes-bench lsp` measures: booknotes, and each peer found.
struct MeasuredServer {
  let name: String
  let command: [String]

  /// Peers as `(name, executable, arguments)`: rumdl and panache from PyPI
  /// (`Benchmarks/peers.sh` installs them into `bench-data/peers-venv`).
  static let peers: [(name: String, executable: String, arguments: [String])] = [
    ("rumdl", "rumdl", ["server"]), ("panache", "panache", ["lsp"]),
  ]

  /// booknotes at `binary`, then the peers found in `BOOKNOTES_PEERS_BIN`, in
  /// `bench-data/peers-venv/bin`, or on `PATH`.
  static func all(booknotes binary: String) -> [MeasuredServer] {
    let environment = ProcessInfo.processInfo.environment
    var directories = [environment["BOOKNOTES_PEERS_BIN"], Corpus.directory + "/peers-venv/bin"].compactMap { $0 }
    directories += (environment["PATH"] ?? "").split(separator: ":").map(String.init)
    var servers = [MeasuredServer(name: "booknotes", command: [binary, "lsp"])]
    for peer in peers {
      let found = directories.lazy.map { "\($0)/\(peer.executable)" }.first {
        FileManager.default.isExecutableFile(atPath: $0)
      }
      if let found { servers.append(MeasuredServer(name: peer.name, command: [found] + peer.arguments)) }
    }
    return servers
  }
}
