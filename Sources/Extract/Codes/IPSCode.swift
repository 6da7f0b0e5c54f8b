import Lexicons

/// The NBS IPS QR code (Serbia): `TAG:value` pairs joined by "|", read by tag. K:PR (printed invoice),
/// PT, PK and EK (point of sale, e-commerce); V:01, C:1 (UTF-8), the 18-digit account R with its mod-97
/// control, N payee, I "RSD" + amount with a decimal comma, SF 3-digit payment code, S purpose, RO
/// model + reference (model 97 checked).
enum IPSCode {
    static let mandatory = ["K", "V", "C", "R", "N", "I", "SF"]
    static let known: Set<String> = ["K", "V", "C", "R", "N", "I", "O", "P", "SF", "S", "M", "JS", "RK", "RO", "RL", "RP"]

    static func parse(_ text: String) -> PaymentCode {
        var code = PaymentCode(format: "ips-qr")
        code.accountKind = "rs-domestic"
        var p = CodeProblems(format: "IPS")
        var tags: [String: String] = [:]
        if text.hasSuffix("|") { p.add("payload ends with '|'") }
        for part in text.split(separator: "|") {
            guard let colon = part.firstIndex(of: ":") else {
                p.add("'\(part)' is not TAG:value")
                continue
            }
            let tag = String(part[..<colon])
            let value = String(part[part.index(after: colon)...])
            if tags[tag] != nil { p.add("tag \(tag) appears twice") }
            if value.isEmpty { p.add("tag \(tag) is empty (empty tags are not allowed)") }
            if !known.contains(tag) { code.notes.append("unknown tag \(tag)") }
            tags[tag] = value
        }
        if let k = tags["K"], !["PR", "PT", "PK", "EK"].contains(k) { p.add("K:\(k) is not PR, PT, PK or EK") }
        for tag in mandatory where tags[tag] == nil { p.add("tag \(tag) is missing") }
        code.version = tags["V"]
        if let v = tags["V"], v != "01" { p.add("version V:\(v) is not 01") }
        if let c = tags["C"], c != "1" { p.add("character set C:\(c) is not 1 (UTF-8)") }
        if CodeCharsets.firstUnencodable(text, charset: "UTF-8") != nil { p.add("text holds bytes that are not valid UTF-8") }
        if let r = tags["R"] {
            code.account = r
            code.accountValid = account(r, "account R", &p)
        }
        if let o = tags["O"] { _ = account(o, "payer account O", &p) }
        if let n = tags["N"] {
            p.limit(n, 70, "payee N")
            code.payee = n.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).first.map(String.init)
        }
        if let i = tags["I"] { amount(i, into: &code, &p) }
        if let sf = tags["SF"] {
            code.paymentCode = sf
            if sf.count != 3 || !sf.allSatisfy({ $0.isASCII && $0.isNumber }) {
                p.add("payment code SF:\(sf) is not 3 digits")
            } else if !"1239".contains(sf.first!) {
                p.add("payment code SF:\(sf) does not start with 1, 2, 3 or 9")
            }
        }
        if let s = tags["S"] {
            p.limit(s, 35, "purpose S")
            code.purpose = s
        }
        if let ro = tags["RO"] { reference(ro, into: &code, &p) }
        code.problems = p.list
        return code
    }

    static func account(_ r: String, _ what: String, _ p: inout CodeProblems) -> Bool {
        guard r.count == 18, r.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            p.add("\(what) '\(r)' is not 18 digits")
            return false
        }
        guard Checksums.isValidSerbianAccount(r) else {
            p.add("\(what) fails its mod-97 check")
            return false
        }
        return true
    }

    /// `I`: "RSD" + 1–12 digits + "," + 0–2 decimals ("RSD3596,13", "RSD1025,").
    static func amount(_ i: String, into code: inout PaymentCode, _ p: inout CodeProblems) {
        let number = i.dropFirst(3)
        let whole = number.prefix { $0 != "," }
        guard i.hasPrefix("RSD"), number.contains(","), (1...12).contains(whole.count),
            let d = CodeText.decimal(number, mark: ",")
        else {
            p.add("amount I:\(i) is not RSD and 1–12 digits with a decimal comma (RSD3596,13)")
            return
        }
        code.amount = d
        code.currency = "RSD"
    }

    /// `RO`: a 2-digit model, then the reference; model 97's control digits are checked.
    static func reference(_ ro: String, into code: inout PaymentCode, _ p: inout CodeProblems) {
        p.limit(ro, 35, "reference RO")
        let model = ro.prefix(2)
        guard ro.count > 2, model.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            p.add("reference RO:\(ro) does not start with a 2-digit model")
            return
        }
        code.model = String(model)
        code.reference = String(ro.dropFirst(2))
        if model == "97" {
            if ro.contains("-") || ro.contains(" ") { p.add("model 97 reference RO:\(ro) holds dashes or spaces") }
            if !Checksums.isValidModel97(ro.dropFirst(2)) { p.add("model 97 reference check digits fail") }
        }
    }
}
