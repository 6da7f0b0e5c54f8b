import PPShared

/// A short human-readable table of document records: the top candidate per field, '*' when it is confident.
public enum ResultTable {
    public static let columns = ["account", "amount", "reference", "payee", "due_date"]

    public static func render(_ records: [JSON]) -> String {
        var rows: [[String]] = [["document", "pay?"] + columns]
        for r in records {
            let source = r["source"]?.stringValue ?? "?"
            if r.isErrorRecord {
                let message = r["error"]?["message"]?.stringValue ?? ""
                rows.append([source, "error"] + Array(repeating: "", count: columns.count - 1) + [message])
                continue
            }
            guard r["kind"]?.stringValue == "document" else { continue }
            var row = [source, (r["payment_expected"]?.boolValue ?? true) ? "yes" : "no"]
            for field in columns {
                guard let top = r["candidates"]?[field]?.arrayValue?.first else {
                    row.append("-")
                    continue
                }
                var text = top["value"]?.stringValue ?? "?"
                if field == "amount", let c = top["currency"]?.stringValue { text += " " + c }
                if field == "reference", let m = top["model"]?.stringValue { text = m + " " + text }
                if text.count > 28 { text = String(text.prefix(27)) + "…" }
                let conf = top["confidence"]?.intValue ?? 0
                row.append(text + (conf >= 1500 ? " *" : ""))
            }
            rows.append(row)
        }
        var widths: [Int] = []
        for row in rows {
            for (i, cell) in row.enumerated() {
                if i >= widths.count { widths.append(0) }
                widths[i] = max(widths[i], cell.count)
            }
        }
        var out = ""
        for row in rows {
            var line = ""
            for (i, cell) in row.enumerated() {
                line += i == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - cell.count + 2)
            }
            out += line + "\n"
        }
        return out
    }
}
