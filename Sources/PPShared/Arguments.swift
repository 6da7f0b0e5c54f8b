/// One command-line option: the single table entry that drives parsing, validation and --help.
public struct OptionSpec: Sendable {
    public let long: String
    public let short: Character?
    /// Placeholder for the value ("N", "FILE"); nil for a flag.
    public let valueName: String?
    public let help: String
    /// May be given more than once (values accumulate).
    public let repeatable: Bool

    public static func flag(_ long: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(long: long, short: short, valueName: nil, help: help, repeatable: false)
    }

    public static func value(
        _ long: String, short: Character? = nil, _ valueName: String, help: String, repeatable: Bool = false
    ) -> OptionSpec {
        OptionSpec(long: long, short: short, valueName: valueName, help: help, repeatable: repeatable)
    }
}

/// What a tool tells the parser about itself; rendered by --help and --version.
public struct CommandSpec: Sendable {
    public let name: String
    public let summary: String
    public let usage: [String]
    public let options: [OptionSpec]
    public let examples: [(command: String, explanation: String)]
    public let notes: String?

    public init(
        name: String, summary: String, usage: [String], options: [OptionSpec],
        examples: [(command: String, explanation: String)], notes: String? = nil
    ) {
        self.name = name
        self.summary = summary
        self.usage = usage
        self.options =
            options + [
                .flag("help", short: "h", help: "show this help and exit"),
                .flag("version", help: "show the version and exit"),
            ]
        self.examples = examples
        self.notes = notes
    }

    /// The full --help text.
    public var helpText: String {
        var out = "\(name) — \(summary)\n\nUsage:\n"
        for line in usage { out += "  \(line)\n" }
        out += "\nOptions:\n"
        let labels = options.map { option -> String in
            var label = option.short.map { "-\($0), " } ?? "    "
            label += "--\(option.long)"
            if let value = option.valueName { label += " \(value)" }
            return label
        }
        let width = min((labels.map(\.count).max() ?? 0) + 2, 34)
        for (label, option) in zip(labels, options) {
            let padded = label.count < width ? label + String(repeating: " ", count: width - label.count) : label + "  "
            out += "  \(padded)\(option.help)\n"
        }
        if let notes { out += "\n\(notes)\n" }
        if !examples.isEmpty {
            out += "\nExamples:\n"
            for example in examples { out += "  \(example.command)\n      \(example.explanation)\n" }
        }
        out += "\n\(ExitStatus.helpTable)\n"
        return out
    }
}

/// The parsed command line: flags, option values and operands, validated against the table.
public struct ParsedArguments: Sendable {
    public private(set) var flags: Set<String> = []
    public private(set) var values: [String: [String]] = [:]
    public private(set) var operands: [String] = []
    /// Every option and operand in command-line order, for a tool whose options are steps applied in
    /// turn (pp-pages' operations); `option` is nil for an operand.
    public private(set) var ordered: [(option: String?, value: String?)] = []

    public func has(_ flag: String) -> Bool { flags.contains(flag) }
    public func value(_ option: String) -> String? { values[option]?.last }
    public func all(_ option: String) -> [String] { values[option] ?? [] }

    // Every number an option takes goes through CheckedNumbers: out of range is a usage error, never a trap.

    /// An option's value as an integer within `range`, or `defaultValue` when absent.
    public func int(_ option: String, default defaultValue: Int, in range: ClosedRange<Int>) throws(ToolError) -> Int {
        guard let text = value(option) else { return defaultValue }
        guard let n = Int(checkedText: text, in: range) else {
            throw .usage("--\(option) needs a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return n
    }

    /// An option's value as a finite number within `range` ("0.25", "1e2"), or `defaultValue` when absent.
    public func number(_ option: String, default defaultValue: Double, in range: ClosedRange<Double>) throws(ToolError)
        -> Double
    {
        guard let text = value(option) else { return defaultValue }
        guard let d = Double(checkedText: text, in: range) else {
            throw .usage(
                "--\(option) needs a number from \(range.lowerBound.limitText) to \(range.upperBound.limitText), not '\(text)'")
        }
        return d
    }

    /// An option's value as a size in bytes within `range` ("64M", "512K", "4096"), or `defaultValue`.
    public func byteCount(_ option: String, default defaultValue: Int, in range: ClosedRange<Int>) throws(ToolError) -> Int {
        guard let text = value(option) else { return defaultValue }
        guard let bytes = ByteCount.parse(text, in: range) else {
            throw .usage(
                "--\(option) needs a size from \(ByteCount.text(range.lowerBound)) to \(ByteCount.text(range.upperBound)) (bytes, or with K, M, G or T), not '\(text)'"
            )
        }
        return bytes
    }

    /// Parses `arguments` (without the program name). "--" ends options; "-" is an operand (stdin).
    public static func parse(_ arguments: [String], spec: CommandSpec) throws(ToolError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var i = 0
        func find(long: String) throws(ToolError) -> OptionSpec {
            guard let option = spec.options.first(where: { $0.long == long }) else {
                throw .usage("unknown option '--\(long)'")
            }
            return option
        }
        func store(_ option: OptionSpec, _ value: String?) throws(ToolError) {
            if let value {
                if parsed.values[option.long] != nil, !option.repeatable {
                    throw .usage("--\(option.long) given more than once")
                }
                parsed.values[option.long, default: []].append(value)
            } else {
                parsed.flags.insert(option.long)
            }
            parsed.ordered.append((option.long, value))
        }
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if arg == "--" {
                parsed.operands.append(contentsOf: arguments[i...])
                parsed.ordered += arguments[i...].map { (nil, $0) }
                break
            }
            if arg.hasPrefix("--") {
                let body = arg.dropFirst(2)
                let name: String
                var inline: String?
                if let eq = body.firstIndex(of: "=") {
                    name = String(body[..<eq])
                    inline = String(body[body.index(after: eq)...])
                } else {
                    name = String(body)
                }
                let option = try find(long: name)
                if option.valueName == nil {
                    if inline != nil { throw .usage("--\(name) takes no value") }
                    try store(option, nil)
                } else {
                    if inline == nil {
                        guard i < arguments.count else { throw .usage("--\(name) needs a value (\(option.valueName!))") }
                        inline = arguments[i]
                        i += 1
                    }
                    try store(option, inline)
                }
            } else if arg.hasPrefix("-"), arg.count > 1 {
                // Short options, possibly bundled flags (-hq) or with an attached value (-j2).
                var rest = Substring(arg.dropFirst())
                while let c = rest.first {
                    rest = rest.dropFirst()
                    guard let option = spec.options.first(where: { $0.short == c }) else {
                        throw .usage("unknown option '-\(c)'")
                    }
                    if option.valueName == nil {
                        try store(option, nil)
                        continue
                    }
                    if !rest.isEmpty {
                        try store(option, String(rest))
                    } else {
                        guard i < arguments.count else { throw .usage("-\(c) needs a value (\(option.valueName!))") }
                        try store(option, arguments[i])
                        i += 1
                    }
                    break
                }
            } else {
                parsed.operands.append(arg)
                parsed.ordered.append((nil, arg))
            }
        }
        return parsed
    }
}
