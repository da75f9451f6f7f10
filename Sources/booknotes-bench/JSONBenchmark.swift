import Foundation
import JSONCore
import LanguageServerProtocol

/// `booknotes-bench json`: Foundation's `JSONEncoder` against the protocol layer's
/// `JSONWriter` on a semantic-tokens answer the size of the 1 MiB corpus note's
/// (124,385 integers), median of 7.
enum JSONBenchmark {
  static let integers = 124_385

  static func run() throws {
    let data = (0..<integers).map { UInt32(truncatingIfNeeded: ($0 &* 2_654_435_761) % 400) }
    let response = SemanticTokens(resultId: "1", data: data)
    var foundationBytes = 0
    var foundationError: (any Error)?
    let foundation = Measure.median(
      (0..<7).map { _ in
        Measure.seconds {
          do { foundationBytes = try JSONEncoder().encode(response).count } catch { foundationError = error }
        }
      })
    if let foundationError { throw foundationError }
    var fastBytes = 0
    let fast = Measure.median(
      (0..<7).map { _ in
        Measure.seconds { fastBytes = (try? OutgoingMessage.response(id: 1, result: Optional(response)).count) ?? 0 }
      })
    print("json benchmark: a semantic-tokens answer of \(integers) integers")
    print("JSONEncoder (result only)     \(Measure.format(foundation))  \(foundationBytes) bytes")
    print("JSONWriter (framed response)  \(Measure.format(fast))  \(fastBytes) bytes")
  }
}
