#if canImport(Glibc)
    import Glibc
#endif

/// File names as the OS holds them: any bytes but "/" and NUL. Records and messages are UTF-8, so a name
/// that is not (a Latin-1 "café" from an old archive) is shown with its odd bytes escaped, and the tools
/// still open the file by its bytes. Swift's `CommandLine.arguments` replaces such bytes with U+FFFD, which
/// names no file; the tools take their arguments from `commandLine` instead, where such an argument is its
/// escaped form, and every open of an input (`LineReader(path:)`, `InputFileProblem`, `readFile`) goes
/// through `withCPath`, which opens the argument's own bytes.
public enum RawNames {
    /// The bytes with every byte that is not part of valid UTF-8 as `\xHH` (and, in such a name only, a
    /// backslash as `\\`), so bash's `$'…'` reads the name back; a UTF-8 name is shown as it is.
    public static func escaped(_ bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        let hex = Array("0123456789ABCDEF")
        var out = ""
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            let length = lead < 0x80 ? 1 : lead >= 0xF0 && lead < 0xF8 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            if i + length <= bytes.count, let text = String(validating: bytes[i..<(i + length)], as: UTF8.self) {
                out += text == "\\" ? "\\\\" : text
                i += length
            } else {
                out += "\\x" + String(hex[Int(lead >> 4)]) + String(hex[Int(lead & 15)])
                i += 1
            }
        }
        return out
    }

    /// A C library's name of a member (a ZIP entry, a mail attachment), shown as `escaped` shows it: two
    /// names that differ in bytes stay different (String(cString:) turns every odd byte into U+FFFD).
    public static func escaped(cString: UnsafePointer<CChar>) -> String {
        escaped(Array(UnsafeRawBufferPointer(start: cString, count: strlen(cString))))
    }

    /// The process's arguments without the program name, as bytes (argv).
    public static let argumentBytes: [[UInt8]] = (0..<max(0, Int(CommandLine.argc) - 1)).map { index in
        guard let argument = CommandLine.unsafeArgv[index + 1] else { return [] }
        return Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
    }

    /// The arguments as the tools parse them: each one that is not UTF-8 in its escaped form.
    public static let commandLine: [String] = argumentBytes.map(escaped)

    /// Escaped form → bytes, for the arguments that are not UTF-8. A form that some other argument spells
    /// out as it is (a UTF-8 name with a literal `\xE9`) is left out, so that name opens as it reads.
    private static let unreadable: [String: [UInt8]] = {
        let plain = Set(argumentBytes.compactMap { String(validating: $0, as: UTF8.self) })
        var table: [String: [UInt8]] = [:]
        for bytes in argumentBytes where String(validating: bytes, as: UTF8.self) == nil {
            let shown = escaped(bytes)
            if !plain.contains(shown) { table[shown] = bytes }
        }
        return table
    }()

    /// The bytes of the command-line argument shown as `text` when that argument is not UTF-8, else nil.
    public static func argument(shownAs text: String) -> [UInt8]? {
        unreadable.isEmpty ? nil : unreadable[text]
    }

    /// Calls `body` with the C string to open for `path`: the argument's own bytes when `path` is the
    /// escaped form of a command-line argument that is not UTF-8, else `path` itself.
    public static func withCPath<T>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        if let bytes = argument(shownAs: path) { return try withCPath(bytes, body) }
        return try path.withCString(body)
    }

    /// Calls `body` with `bytes` as a NUL-terminated C string.
    public static func withCPath<T>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        try (bytes + [0]).withUnsafeBufferPointer { raw in
            try raw.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }
}
