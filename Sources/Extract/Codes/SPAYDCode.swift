import CLZMA
import Foundation
import Lexicons

/// The Czech Short Payment Descriptor ("SPD*1.0*ACC:CZ…*AM:123.45*CC:CZK*X-VS:…*MSG:…"): `KEY:value`
/// pairs after a header and version, joined by '*' ('*' inside a value written as %2A). ACC is an IBAN,
/// optionally "+BIC"; X-VS, the variable symbol, is the reference of Czech payments; CRC32, when present,
/// covers the canonical form (header, version and the other pairs sorted by key). The invoice variant
/// "SID*" (Short Invoice Descriptor) carries ACC, AM, CC, VS and DT (due date) too.
enum SPAYDCode {
    static func parse(_ text: String) -> PaymentCode {
        let invoice = text.hasPrefix("SID*")
        var code = PaymentCode(format: invoice ? "spayd-invoice" : "spayd")
        var p = CodeProblems(format: invoice ? "SID" : "SPAYD")
        var parts = text.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        if parts.last == "" { parts.removeLast() }
        code.version = parts.count > 1 ? parts[1] : nil
        if parts.count < 3 { p.add("truncated: no KEY:value pairs") }
        if parts.count > 1, parts[1] != "1.0" { p.add("version \(parts[1]) is not 1.0") }
        var pairs: [String: String] = [:]
        var raw: [(String, String)] = []
        for part in parts.dropFirst(2) {
            guard let colon = part.firstIndex(of: ":") else {
                p.add("'\(part)' is not KEY:value")
                continue
            }
            let key = String(part[..<colon])
            let value = String(part[part.index(after: colon)...])
            if pairs[key] != nil { p.add("key \(key) appears twice") }
            if key != key.uppercased() { p.add("key \(key) is not in capitals") }
            raw.append((key, value))
            pairs[key] = value.contains("%") ? (value.removingPercentEncoding ?? value) : value
        }
        if let crc = pairs["CRC32"] { checkCRC(crc, header: parts.prefix(2).joined(separator: "*"), raw, &p) }
        if let acc = pairs["ACC"] {
            let pieces = acc.split(separator: "+", maxSplits: 1).map(String.init)
            let iban = Checksums.compact(pieces.first ?? "")
            code.account = iban
            code.accountValid = p.checkIBAN(iban)
            if pieces.count > 1 {
                code.bic = pieces[1]
                if !Checksums.isValidBIC(pieces[1]) { p.add("BIC '\(pieces[1])' is not a valid BIC") }
            }
        } else {
            p.add("ACC (the account) is missing")
        }
        if let am = pairs["AM"] {
            let whole = am.prefix { $0 != "." }
            if am.count <= 10, !whole.isEmpty, let d = CodeText.decimal(am) {
                code.amount = d
            } else if !(invoice && am.hasPrefix("-")) {
                p.add("amount AM:\(am) is not at most 10 characters of digits with up to 2 decimals")
            }
        }
        if let cc = pairs["CC"] {
            code.currency = cc
            if cc.count != 3 || !cc.allSatisfy({ $0.isASCII && $0.isUppercase }) { p.add("currency CC:\(cc) is not 3 capitals") }
        } else if code.amount != nil {
            code.currency = "CZK"
        }
        let vsKey = invoice ? "VS" : "X-VS"
        if let vs = pairs[vsKey] {
            code.reference = vs
            code.model = "VS"
            if vs.count > 10 || !vs.allSatisfy({ $0.isASCII && $0.isNumber }) {
                p.add("variable symbol \(vsKey):\(vs) is not 1–10 digits")
            }
        } else if let rf = pairs["RF"] {
            code.reference = rf
            if rf.count > 16 || !rf.allSatisfy({ $0.isASCII && $0.isNumber }) { p.add("RF:\(rf) is not 1–16 digits") }
        }
        if let dt = pairs["DT"] {
            code.dueDate = CodeText.isoDate(dt)
            if code.dueDate == nil || dt.count != 8 { p.add("due date DT:\(dt) is not a date YYYYMMDD") }
        }
        code.payee = pairs["RN"]
        if let rn = pairs["RN"] { p.limit(rn, 35, "recipient name RN") }
        code.purpose = pairs["MSG"]
        if let msg = pairs["MSG"] { p.limit(msg, invoice ? 40 : 60, "message MSG") }
        code.problems = p.list
        return code
    }

    /// CRC32 (hex) of "SPD*1.0*" and the other pairs sorted by key, as written.
    static func checkCRC(_ crc: String, header: String, _ raw: [(String, String)], _ p: inout CodeProblems) {
        let canonical = ([header] + raw.filter { $0.0 != "CRC32" }.sorted { $0.0 < $1.0 }.map { "\($0.0):\($0.1)" })
            .joined(separator: "*")
        let bytes = Array(canonical.utf8)
        let sum = bytes.withUnsafeBufferPointer { lzma_crc32($0.baseAddress, $0.count, 0) }
        guard let stated = UInt32(crc, radix: 16), crc.count == 8 else {
            p.add("CRC32:\(crc) is not 8 hexadecimal digits")
            return
        }
        if stated != sum { p.add("CRC32 checksum fails") }
    }
}
