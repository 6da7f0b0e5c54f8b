import PPShared

/// Payment QR payloads: the EPC QR code ("GiroCode", EPC069-12) and the Serbian NBS IPS QR code (K:PR).
/// pp-extract reads them from page records that carry decoded codes:
/// `"codes":[{"type":"qr","text":"BCD\n002\n…","box":[…]}]` (any tool may add them, e.g. from zbarimg).
public struct PaymentCode: Sendable, Equatable {
    public var format: String  // "epc-qr" or "ips-qr"
    public var account: String?  // IBAN, or the 18-digit Serbian account
    public var accountValid = false
    public var amount: String?  // "1234.56"
    public var currency: String?
    public var reference: String?
    public var model: String?
    public var payee: String?
    public var bic: String?
    public var paymentCode: String?

    /// Parses a decoded QR text; nil when it is neither an EPC nor an IPS payment code.
    public static func parse(_ text: String) -> PaymentCode? {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        if normalized.hasPrefix("BCD\n") { return parseEPC(normalized) }
        if normalized.hasPrefix("K:") { return parseIPS(normalized) }
        return nil
    }

    static func parseEPC(_ text: String) -> PaymentCode? {
        let l = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard l.count >= 7, l[0] == "BCD", ["001", "002"].contains(l[1]), l[3] == "SCT" else { return nil }
        var c = PaymentCode(format: "epc-qr")
        c.bic = l[4].isEmpty ? nil : l[4]
        c.payee = l[5].isEmpty ? nil : l[5]
        let iban = Checksums.compact(l[6])
        c.account = iban
        c.accountValid = Checksums.isValidIBAN(iban)
        if l.count > 7, l[7].hasPrefix("EUR"), let d = Double(l[7].dropFirst(3)), d > 0 {
            c.amount = Extractor.decimalText(d)
            c.currency = "EUR"
        }
        if l.count > 9, !l[9].isEmpty { c.reference = l[9] } else if l.count > 10, !l[10].isEmpty { c.reference = l[10] }
        return c
    }

    static func parseIPS(_ text: String) -> PaymentCode? {
        var tags: [String: String] = [:]
        for part in text.split(separator: "|") {
            guard let colon = part.firstIndex(of: ":") else { continue }
            tags[String(part[..<colon])] = String(part[part.index(after: colon)...])
        }
        guard tags["K"] != nil, let r = tags["R"] else { return nil }
        var c = PaymentCode(format: "ips-qr")
        c.account = r
        c.accountValid = Checksums.isValidSerbianAccount(r)
        if let i = tags["I"], i.count > 3 {
            c.currency = String(i.prefix(3))
            if let d = Double(i.dropFirst(3).replacingOccurrences(of: ",", with: ".")) { c.amount = Extractor.decimalText(d) }
        }
        c.payee = tags["N"].map { String($0.split(separator: "\n").first ?? "") }
        c.paymentCode = tags["SF"]
        if let ro = tags["RO"], ro.count > 2 {
            c.model = String(ro.prefix(2))
            c.reference = String(ro.dropFirst(2))
        }
        return c
    }
}

extension Extractor {
    /// Adds the candidates a payment QR code gives; a code whose account passes its checksum is definitive.
    func applyPaymentCode(_ code: PaymentCode, page: Int, box: Box?, to merged: inout [String: [Candidate]]) {
        func add(_ field: String, _ value: String?, display: String? = nil, score: Int, extra: [String: JSON] = [:]) {
            guard let value, !value.isEmpty else { return }
            var list = merged[field] ?? []
            if let i = list.firstIndex(where: { $0.value == value }) {
                list[i].score = max(list[i].score, score) + w("qr.agree")
                list[i].evidence.append(code.format)
            } else {
                list.append(
                    Candidate(
                        field: field, value: value, display: display ?? value, score: score, page: page, box: box,
                        evidence: [code.format], extra: extra))
            }
            merged[field] = list
        }
        let base = code.accountValid ? w("qr.base") : w("account.bad_checksum")
        if let a = code.account {
            if code.format == "ips-qr" {
                add(
                    "account", a, display: a.count == 18 ? Checksums.serbianDisplay(a) : a, score: base,
                    extra: ["kind": "rs-domestic", "country": "RS", "iban": code.accountValid ? .string("RS35" + a) : .null])
            } else {
                add(
                    "account", a, display: Checksums.groupedByFour(a), score: base,
                    extra: ["kind": "iban", "country": .string(String(a.prefix(2)))])
            }
        }
        add("amount", code.amount, score: base, extra: code.currency.map { ["currency": .string($0)] } ?? [:])
        if let ref = code.reference {
            var extra: [String: JSON] = ["kind": Checksums.isValidRF(ref) ? "rf" : code.model != nil ? "model" : "structured"]
            if let m = code.model { extra["model"] = .string(m) }
            let checked = Checksums.isValidRF(ref) || (code.model == "97" && Checksums.isValidModel97(ref))
            add("reference", ref, score: checked ? base + 100 : base - 100, extra: extra)
        }
        add("payee", code.payee, score: base - 300)
        add("bic", code.bic, score: base - 200)
        add("payment_code", code.paymentCode, score: base)
        add("currency", code.currency, score: base)
    }
}
