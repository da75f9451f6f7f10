import Foundation

/// `booknotes-bench parse` (the parser), `booknotes-bench lsp` (the server over pipes) and
/// `booknotes-bench json` (encoding a large answer), `booknotes-bench workspace` (a library),
/// `booknotes-bench books` (Google Books lookups and title completion against a fake),
/// `booknotes-bench import` (`booknotes import kindle` on a generated clippings file),
/// `booknotes-bench review` (what is due in a library with a long review log),
/// `booknotes-bench clozes` (the prompts of a paragraph of many clozes),
/// `booknotes-bench hover` (the hover's card against the note's prompts; with `--corpus`,
/// on the 1 MiB corpus note, over the server too).
/// Numbers are printed, never asserted.
let arguments = Array(CommandLine.arguments.dropFirst())
do {
  switch arguments.first {
  case "parse": try ParseBenchmark.run(arguments: Array(arguments.dropFirst()))
  case "lsp": try LSPBenchmark.run(arguments: Array(arguments.dropFirst()))
  case "json": try JSONBenchmark.run()
  case "open": try OpenBenchmark.run(arguments: Array(arguments.dropFirst()))
  case "workspace": try WorkspaceBenchmark.run(arguments: Array(arguments.dropFirst()))
  case "library": try LibraryBenchmark.run(arguments: Array(arguments.dropFirst()))
  case "books": try BooksBenchmark.run(arguments: Array(arguments.dropFirst()))
  case "import": try ImportBenchmark.run(arguments: Array(arguments.dropFirst()))
  case "review": try ReviewBenchmark.run(arguments: Array(arguments.dropFirst()))
  case "clozes": ClozeBenchmark.run(arguments: Array(arguments.dropFirst()))
  case "hover" where arguments.contains("--corpus"):
    try HoverServerBenchmark.run(arguments: Array(arguments.dropFirst()))
  case "hover": HoverBenchmark.run(arguments: Array(arguments.dropFirst()))
  default:
    let usage =
      "usage: booknotes-bench parse [--large | --fence] | lsp [BOOKNOTES_BINARY] | open [BOOKNOTES_BINARY] | json | workspace [--notes N]… [--cold] [--from-storage] [BOOKNOTES_BINARY]"
      + " | library [--notes N] [--only PHASE] | books [--rounds N] [--fake SCRIPT] [BOOKNOTES_BINARY]"
      + " | import [--highlights N] [BOOKNOTES_BINARY] | review [--notes N] [--reviews R] [BOOKNOTES_BINARY]"
      + " | clozes [N]… | hover [N] | hover --corpus [--reviewed] [BOOKNOTES_BINARY]\n"
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
  }
} catch {
  FileHandle.standardError.write(Data("booknotes-bench: \(error)\n".utf8))
  exit(1)
}
