import Foundation
import Lexicons
import PPShared
import Records

/// A short table of document records: the top candidate per field, '*' when it is confident.
/// `text` lines up columns for a terminal (cells cut with '…', never wrapped); `csv` (RFC 4180 quoting)
/// and `tsv` (tab, newline and backslash escaped as \t, \n, \\) keep every value whole.
public enum ResultTable {
    public enum Format: String, Sendable, CaseIterable {
        case text, csv, tsv
    }

    public static let columns = ["account", "amount", "reference", "payee", "due_date"]
    /// Widest cell of a text table per column kind: the document, a value, an error message.
    static let textWidths = (document: 40, value: 28, message: 60)

    public static func render(_ records: [JSON], format: Format = .text) -> String {
        let header = ["document", "pay?"] + columns + (format == .text ? [] : ["error"])
        var rows: [[String]] = []
        var sources: [String] = []
        for r in records.compactMap({ DocumentRecord($0) }) {
            if r.isError {
                let message = r.error?.message ?? ""
                sources.append(source(of: r))
                let blanks = Array(repeating: "", count: columns.count - (format == .text ? 1 : 0))
                rows.append(["error"] + blanks + [message])
                continue
            }
            guard r.kind == DocumentRecord.kind else { continue }
            sources.append(source(of: r))
            let pay = (r.paymentExpected ?? true) ? "yes" : "no"
            rows.append([pay] + columns.map { cell(r, field: $0) } + (format == .text ? [] : [""]))
        }
        let names = shortNames(sources)
        let all = [header] + zip(names, rows).map { [$0] + $1 }
        switch format {
        case .text: return text(all)
        case .csv: return all.map { $0.map(csvField).joined(separator: ",") + "\r\n" }.joined()
        case .tsv: return all.map { $0.map(tsvField).joined(separator: "\t") + "\n" }.joined()
        }
    }

    static func source(of r: DocumentRecord) -> String {
        if let s = r.source { return s }
        if let input = r.input { return input + (r.line.map { ":\($0)" } ?? "") }
        return "?"
    }

    /// The top candidate of a field: value (an amount with the document's currency, a reference with its
    /// model; records of earlier versions read too), " *" when confident, "-" when there is none.
    static func cell(_ r: DocumentRecord, field: String) -> String {
        guard let top = r.candidates(field).first else { return "-" }
        var text = top.value(for: field) ?? "?"
        if field == "amount",
            let currency = r.best?.currency ?? r.candidates(Field.currency.rawValue).first?.value ?? top.currencyV1
        {
            text += " " + currency
        }
        return text + ((top.confidence ?? 0) >= Confidence.confident ? " *" : "")
    }

    /// Sources as short as they stay distinct: the file name when no two share it, else the path
    /// without the folders every source shares.
    public static func shortNames(_ sources: [String]) -> [String] {
        let names = sources.map { ($0 as NSString).lastPathComponent }
        if Set(names).count == Set(sources).count { return names }
        let parts = sources.map { $0.split(separator: "/", omittingEmptySubsequences: false).map(String.init) }
        guard var common = parts.first?.dropLast() else { return sources }
        for p in parts.dropFirst() {
            let folders = p.dropLast()
            var n = 0
            while n < common.count, n < folders.count, common[common.startIndex + n] == folders[folders.startIndex + n] { n += 1 }
            common = common.prefix(n)
        }
        return parts.map { $0.dropFirst(common.count).joined(separator: "/") }
    }

    static func text(_ rows: [[String]]) -> String {
        let cut = rows.map { row in
            row.enumerated().map { i, cell in
                let limit =
                    i == 0
                    ? textWidths.document : (i == row.count - 1 && row[1] == "error") ? textWidths.message : textWidths.value
                return truncated(oneLine(cell), to: limit)
            }
        }
        var widths: [Int] = []
        for row in cut {
            for (i, cell) in row.enumerated() {
                if i >= widths.count { widths.append(0) }
                widths[i] = max(widths[i], cell.count)
            }
        }
        var out = ""
        for row in cut {
            var line = ""
            for (i, cell) in row.enumerated() {
                line += i == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - cell.count + 2)
            }
            out += line + "\n"
        }
        return out
    }

    /// Control characters (tabs, line breaks) as one space each, so a cell never breaks its row.
    static func oneLine(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }

    static func truncated(_ s: String, to limit: Int) -> String {
        s.count > limit ? String(s.prefix(limit - 1)) + "…" : s
    }

    static func csvField(_ s: String) -> String {
        guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return s }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func tsvField(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\r\n": out += "\\r\\n"
            default: out.append(ch)
            }
        }
        return out
    }
}
