/// A tool's whole command line: its own option table and those of its subcommands ("pp-extract table").
/// The man page and the shell completions are rendered from it, so they say what --help says.
public struct ToolInterface: Sendable {
    public let main: CommandSpec
    public let subcommands: [CommandSpec]

    public init(main: CommandSpec, subcommands: [CommandSpec] = []) {
        self.main = main
        self.subcommands = subcommands
    }

    /// The program's name ("pp-extract").
    public var tool: String { main.name }

    /// A subcommand's own word: "table" of "pp-extract table".
    public static func word(of subcommand: CommandSpec) -> String {
        String(subcommand.name.split(separator: " ").last ?? Substring(subcommand.name))
    }

    /// Every table with the words that lead to it: the main one with none, each subcommand with its word.
    public var tables: [(word: String?, spec: CommandSpec)] {
        [(nil, main)] + subcommands.map { (Self.word(of: $0), $0) }
    }

    /// The shells a completion script is written for.
    public static let shells = ["bash", "zsh", "fish"]

    /// The hidden requests a packager makes of a tool: `--help-man` (the roff man page) and
    /// `--completion bash|zsh|fish`. Nil when `arguments` ask for neither; they are not in --help, which
    /// is for users.
    public func generatedText(for arguments: [String]) throws(ToolError) -> String? {
        if arguments == ["--help-man"] { return ManPage.render(self) }
        var shell: String?
        if arguments.count == 2, arguments[0] == "--completion" { shell = arguments[1] }
        if arguments.count == 1, arguments[0].hasPrefix("--completion=") { shell = String(arguments[0].dropFirst(13)) }
        guard let shell else { return nil }
        switch shell {
        case "bash": return Completions.bash(self)
        case "zsh": return Completions.zsh(self)
        case "fish": return Completions.fish(self)
        default: throw .usage("--completion takes bash, zsh or fish, not '\(shell)'")
        }
    }
}

extension OptionSpec {
    /// The fixed words a value may be, from a placeholder like "text|csv|tsv" (lower-case alternatives);
    /// empty for a free value such as "FILE" or "N".
    var choices: [String] {
        guard let valueName, valueName.contains("|") else { return [] }
        return valueName.split(separator: "|").map(String.init).filter { word in
            word.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" || $0 == "_" }
        }
    }

    /// Whether the value may name a file: any upper-case placeholder that is not a number or a size.
    var takesPath: Bool {
        guard let valueName else { return false }
        let free = valueName.split(separator: "|").filter { $0.contains { $0.isUppercase } }
        return free.contains { !["N", "W", "S", "SIZE", "DEG[:RANGE]", "RANGE", "PW", "P"].contains(String($0)) }
    }
}
