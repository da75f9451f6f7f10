import Dispatch

/// Runs a per-file job on every core and hands the results back in input order, one
/// batch at a time, so output can be written as it is produced.
enum OrderedBatches {
  /// Calls `transform` for every element of `items` concurrently, then `emit` with
  /// each result in the order of `items`.
  static func run<Result: Sendable>(
    _ items: [String], batchSize: Int = 512, transform: @Sendable (String) -> Result, emit: (Result) -> Void
  ) {
    var start = 0
    while start < items.count {
      let batch = items[start..<min(start + batchSize, items.count)]
      var results = [Result?](repeating: nil, count: batch.count)
      results.withUnsafeMutableBufferPointer { buffer in
        let base = batch.startIndex
        nonisolated(unsafe) let slots = buffer
        // Each iteration writes only its own slot.
        DispatchQueue.concurrentPerform(iterations: batch.count) { index in
          slots[index] = transform(batch[base + index])
        }
      }
      for result in results {
        if let result { emit(result) }
      }
      start += batchSize
    }
  }
}
