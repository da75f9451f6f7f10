import Foundation
import SystemIO
import Testing

@Suite struct AtomicFileTests {
  /// A process that ended while writing leaves `FILE.PID.tmp` behind (a server that
  /// exited before its cache of a large library was written): the next write removes
  /// it, and leaves a running process's temporary alone.
  @Test func aWriteRemovesTemporariesOfProcessesThatEnded() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("booknotes-atomic-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("index.bin").path
    // A process id above the system's limit names no process.
    let ended = path + ".2000000000.tmp"
    let running = path + ".\(getppid()).tmp"
    let other = folder.appendingPathComponent("other.bin.2000000000.tmp").path
    for file in [ended, running, other] { try Data("partial".utf8).write(to: URL(fileURLWithPath: file)) }
    #expect(AtomicFile.write(Array("whole".utf8), to: path) == nil)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "whole")
    #expect(!FileManager.default.fileExists(atPath: ended))
    #expect(FileManager.default.fileExists(atPath: running))
    #expect(FileManager.default.fileExists(atPath: other))
  }
}
