#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// libcmark loaded at run time (Debian's `libcmark-dev` / `libcmark0.30.2`), so the
/// package builds without it; `nil` when it is not installed.
struct CMark {
  private typealias Parse = @convention(c) (UnsafePointer<CChar>?, Int, Int32) -> OpaquePointer?
  private typealias Free = @convention(c) (OpaquePointer?) -> Void

  private let parseDocument: Parse
  private let freeNode: Free

  init?() {
    let names = ["libcmark.so.0.30.2", "libcmark.so", "libcmark.dylib"]
    guard let handle = names.lazy.compactMap({ dlopen($0, RTLD_NOW) }).first,
      let parse = dlsym(handle, "cmark_parse_document"), let free = dlsym(handle, "cmark_node_free")
    else { return nil }
    parseDocument = unsafeBitCast(parse, to: Parse.self)
    freeNode = unsafeBitCast(free, to: Free.self)
  }

  /// Parses `bytes` into cmark's tree (default options, no rendering).
  func parse(_ bytes: [UInt8]) -> OpaquePointer? {
    bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in parseDocument(chars.baseAddress, chars.count, 0) }
    }
  }

  /// Frees a tree `parse` returned.
  func free(_ document: OpaquePointer?) { freeNode(document) }
}
