import Foundation

extension Corpus {
  /// The library of `count` notes with links between its notes, generated on first
  /// use from ``library(notes:)``: each note ends with a line of three links, a wiki
  /// link to a note, a wiki link to another's first chapter heading and a Markdown
  /// link to a third's by its slug (the targets picked by the note's number, so every
  /// note has backlinks and the library is the same on every machine).
  static func linkedLibrary(notes count: Int) throws -> String {
    let source = try library(notes: count)
    let path = "\(directory)/library-\(count)-links"
    if FileManager.default.fileExists(atPath: path + "/.complete") { return path }
    try? FileManager.default.removeItem(atPath: path)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    let names = try FileManager.default.contentsOfDirectory(atPath: source).filter { $0.hasSuffix(".md") }.sorted()
    var texts: [String] = []
    var chapters: [String] = []
    for name in names {
      let text = try String(contentsOfFile: source + "/" + name, encoding: .utf8)
      texts.append(text)
      let chapter = text.split(separator: "\n").first { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
      chapters.append(chapter ?? "")
    }
    for (index, name) in names.enumerated() {
      let first = (index * 7 + 3) % names.count
      let second = (index * 13 + 5) % names.count
      let third = (index * 31 + 11) % names.count
      func stem(_ at: Int) -> String { String(names[at].dropLast(3)) }
      var line = "\nSee [[\(stem(first))]], [[\(stem(second))#\(chapters[second])]]"
      line += " and [the notes](\(names[third])#\(slug(chapters[third]))).\n"
      try (texts[index] + line).write(toFile: path + "/" + name, atomically: false, encoding: .utf8)
    }
    _ = FileManager.default.createFile(atPath: path + "/.complete", contents: nil)
    return path
  }

  /// GitHub's slug of a heading: lower case, spaces to `-`, other punctuation dropped.
  static func slug(_ text: String) -> String {
    String(
      text.lowercased().unicodeScalars.compactMap { scalar -> Character? in
        if scalar == " " { return "-" }
        if scalar == "-" || scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
          return Character(scalar)
        }
        return nil
      })
  }
}
