import Foundation
import Lexicons
import Testing

/// The fold table shipped in Sources/Lexicons/FoldTableData.swift is ICU's transliteration of each scalar,
/// made here with Foundation's string transforms. With PP_FOLD_TABLE_RECORD=1 the file is written anew
/// (after a toolchain's ICU changes); without, every scalar must fold as ICU says.
@Suite struct FoldTableTests {
    /// ICU's folded scalars for every scalar the table covers, in scalar order.
    static func icuTable() -> [(scalar: UInt32, folded: [Unicode.Scalar])] {
        let scalars = TextFold.ranges.flatMap { $0 }.compactMap(Unicode.Scalar.init).filter(TextFold.isTransliterated)
        // One scalar per line: the newline keeps ICU's context rules (Greek sigma, …) inside each letter.
        let joined = scalars.map { String(Character($0)) }.joined(separator: "\n")
        let latin = joined.applyingTransform(StringTransform(TextFold.icuTransform), reverse: false) ?? ""
        let parts = latin.split(separator: "\n", omittingEmptySubsequences: false)
        guard parts.count == scalars.count else { return [] }
        return zip(scalars, parts).map { u, out in
            // Hard and soft signs come out as quote marks: keep letters and digits only.
            let kept = out.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }
            return (u.value, Array(kept))
        }
    }

    static func hex(_ v: UInt32) -> String { String(v, radix: 16) }

    /// The Swift source of the shipped table.
    static func source(_ table: [(scalar: UInt32, folded: [Unicode.Scalar])]) -> String {
        let entries = table.map { "\(hex($0.scalar))=" + $0.folded.map { hex($0.value) }.joined(separator: ".") }
        var lines: [String] = []
        var line = ""
        for e in entries {
            if line.count + e.count + 1 > 110 {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + e
        }
        if !line.isEmpty { lines.append(line) }
        return """
            // ICU's "\(TextFold.icuTransform)" of every scalar TextFold transliterates, made by
            // Tests/ExtractTests/FoldTableTests.swift (PP_FOLD_TABLE_RECORD=1 rewrites this file); not edited by hand.
            extension TextFold {
                /// Scalar (hex) "=" its folded scalars (hex, "." between them; none for a sign that folds away).
                static let foldedScalars = \"\"\"
            \(lines.map { "        " + $0 }.joined(separator: "\n"))
                    \"\"\"
            }

            """
    }

    @Test func shippedTableIsICUs() throws {
        let table = Self.icuTable()
        #expect(table.count > 1000, "ICU's transform gave no table")
        if ProcessInfo.processInfo.environment["PP_FOLD_TABLE_RECORD"] == "1" {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../Sources/Lexicons/FoldTableData.swift").standardizedFileURL
            try Self.source(table).write(to: url, atomically: true, encoding: .utf8)
            Issue.record("wrote \(url.path): read the diff, then run again without PP_FOLD_TABLE_RECORD")
            return
        }
        for (scalar, folded) in table {
            let u = try #require(Unicode.Scalar(scalar))
            #expect(TextFold.fold(Character(u)) == folded.map(Character.init), "U+\(Self.hex(scalar)) \(Character(u))")
        }
    }
}
