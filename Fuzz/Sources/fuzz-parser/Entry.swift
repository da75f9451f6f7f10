import NoteSyntaxFuzzing

/// libFuzzer's entry point: one input, checked; a broken property stops the run.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = UnsafeBufferPointer(start: data, count: size)
  if let problem = ParserFuzzing.check(input) { fatalError(problem) }
  return 0
}
