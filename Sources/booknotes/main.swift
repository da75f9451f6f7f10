#if canImport(Glibc)
import Glibc
#endif
import NoteSyntax
let args = CommandLine.arguments
if args.count > 2, args[1] == "parse" {
  let path = args[2]
  var bytes: [UInt8] = []
  if let f = fopen(path, "rb") { var buf = [UInt8](repeating: 0, count: 65536); while true { let n = fread(&buf, 1, 65536, f); if n <= 0 {break}; bytes += buf[0..<n] }; fclose(f) }
  let doc = NoteDocument(bytes: bytes)
  print(doc.dump(), terminator: "")
}
