import Foundation
import PPShared

/// Payee-account candidates: IBANs and Serbian domestic accounts, checked and labelled.
extension Extractor {
    struct AccountScan {
        var candidates: [Candidate] = []
        var spans: [Int: [Range<Int>]] = [:]
    }

    func findAccounts(_ lines: [TextLine], _ labels: [LabelHit]) -> AccountScan {
        var scan = AccountScan()
        let accountCats: Set<String> = ["account", "account_payer", "payee", "payer"]
        var seenValid: Set<String> = []
        for (li, line) in lines.enumerated() {
            var found: [(value: String, display: String, range: Range<Int>, kind: String, valid: Bool, repaired: Bool)] = []
            // IBANs: letters + digits with single separators, exactly the registry length.
            let stream = alnumStream(line.conf != nil ? OCRRepair.latinCodes(line.chars) : line.chars)
            var k = 0
            while k + 1 < stream.count {
                let (c0, i0, sepBefore0) = stream[k]
                let c1 = stream[k + 1].0
                let isOCR = line.conf != nil
                // OCR reads a country code's letter as a digit now and then ("N0", "S1"): taken back when
                // the rest of the IBAN then passes its checksum, never for a run of digits alone.
                let l0 = c0.isLetter ? c0 : isOCR ? OCRRepair.letterFor[c0] : nil
                let l1 = c1.isLetter ? c1 : isOCR ? OCRRepair.letterFor[c1] : nil
                var codeRepaired = !(c0.isLetter && c1.isLetter)
                guard let l0, let l1, c0.isLetter || c1.isLetter else {
                    k += 1
                    continue
                }
                var cc = String([l0, l1]).uppercased()
                if isOCR, Checksums.ibanLength(country: cc) == nil, let known = Self.misreadCountry(cc, stream, at: k) {
                    cc = known
                    codeRepaired = true
                }
                guard sepBefore0 || k == 0 || stream[k - 1].1 + 1 < i0,
                    isOCR || (c0.isUppercase && c1.isUppercase), let len = Checksums.ibanLength(country: cc),
                    k + len <= stream.count
                else {
                    k += 1
                    continue
                }
                // No hard break inside.
                let slice = stream[k..<(k + len)]
                let contiguous = zip(slice.dropFirst(), slice).allSatisfy { next, prev in next.1 - prev.1 <= 2 }
                let endsClean = k + len == stream.count || stream[k + len].2 || stream[k + len].1 > slice.last!.1 + 1
                guard contiguous, endsClean else {
                    k += 1
                    continue
                }
                var text = cc + String(slice.dropFirst(2).map { $0.0 }).uppercased()
                var repaired = codeRepaired
                var result = Checksums.checkIBAN(text)
                if result != .valid, isOCR, let fixed = OCRRepair.iban(text) {
                    text = fixed
                    repaired = true
                    result = .valid
                }
                if codeRepaired, result != .valid {
                    k += 1
                    continue
                }
                let r = slice.first!.1..<(slice.last!.1 + 1)
                if result == .valid || result == .badChecksum || result == .badNationalCheck {
                    if result == .valid, cc == "RS" {
                        let dom = String(text.dropFirst(4))
                        found.append((dom, Checksums.groupedByFour(text), r, "iban", true, repaired))
                    } else {
                        found.append((text, Checksums.groupedByFour(text), r, "iban", result == .valid, repaired))
                    }
                    k += len
                    continue
                }
                k += 1
            }
            if profile.accountFormats.contains("rs-domestic"), line.conf != nil {
                // OCR: "160 - OOO54OOO45113-25"; accepted only when the repaired number passes its control.
                let ns = line.text as NSString
                for m in Self.ocrSerbianAccount.matches(in: line.text, range: NSRange(location: 0, length: ns.length)) {
                    guard let rr = Range(m.range, in: line.text) else { continue }
                    let printed = String(line.text[rr])
                    let fixed = OCRRepair.digits(printed.replacingOccurrences(of: " ", with: ""))
                    guard let a18 = Checksums.serbianAccount18(fixed), Checksums.isValidSerbianAccount(a18) else { continue }
                    let o = line.text.distance(from: line.text.startIndex, to: rr.lowerBound)
                    let r = o..<(o + printed.count)
                    if found.contains(where: { $0.range.overlaps(r) }) { continue }
                    found.append((a18, fixed, r, "rs-domestic", true, fixed != printed.replacingOccurrences(of: " ", with: "")))
                }
            }
            if profile.accountFormats.contains("rs-domestic") {
                for (r, printed) in serbianAccountMatches(line.chars) where !found.contains(where: { $0.range.overlaps(r) }) {
                    guard let a18 = Checksums.serbianAccount18(printed) else { continue }
                    let ok = Checksums.isValidSerbianAccount(a18)
                    found.append((a18, printed, r, "rs-domestic", ok, false))
                }
            }
            for f in found {
                scan.spans[li, default: []].append(f.range)
                let box = line.box(of: f.range)
                var c = Candidate(
                    field: "account", value: f.value, display: f.display, score: 0, page: line.page, box: box, evidence: [])
                if f.valid {
                    c.score =
                        f.kind == "iban" && !(f.value.count == 18 && f.value.allSatisfy(\.isNumber))
                        ? w("account.iban") : w("account.rs")
                    c.evidence.append(f.kind == "iban" ? "iban-checksum" : "rs-account-checksum")
                    if f.repaired {
                        c.score -= w("account.ocr_repaired")
                        c.evidence.append("ocr-repaired")
                    }
                } else {
                    c.score = w("account.bad_checksum")
                    c.evidence.append(f.kind == "iban" ? "iban-checksum-failed" : "rs-account-checksum-failed")
                }
                if f.value.count == 18, f.value.allSatisfy(\.isNumber) {
                    c.extra["iban"] = f.valid ? .string("RS35" + f.value) : .null
                    c.extra["kind"] = "rs-domestic"
                    c.extra["country"] = "RS"
                    if f.kind == "iban" { c.display = Checksums.serbianDisplay(f.value) }
                } else {
                    c.extra["kind"] = "iban"
                    c.extra["country"] = .string(String(f.value.prefix(2)))
                }
                let labelled = nearestLabel(labels, categories: accountCats, line: li, range: f.range, box: box, lines: lines)
                if let (l, factor) = labelled {
                    switch l.category {
                    case "account":
                        c.score += Scoring.scaled(w("account.label"), by: factor)
                        c.evidence.append("label:\(l.category)")
                        // "2. Konto IBAN", "3. Bankrekening": a numbered second account is the issuer's spare.
                        if Self.ordinalBefore(l, in: lines[l.line]) >= 2 {
                            c.score -= w("account.secondary")
                            c.evidence.append("secondary-account")
                        }
                    case "payee":
                        c.score += Scoring.scaled(w("account.payee_label"), by: factor)
                        c.evidence.append("label:payee")
                    default:
                        if factor >= 0.45 {
                            c.score = min(c.score, w("account.payer_cap"))
                            c.evidence.append("payer-label")
                        }
                    }
                } else if !f.valid {
                    continue  // an unlabelled string that fails its checksum is not a candidate
                }
                // "… 840-742351843-94 (nije za uplatu ovog računa)": said anywhere on its line.
                if labels.contains(where: { $0.line == li && $0.category == "not_for_payment" }),
                    !c.evidence.contains("payer-label")
                {
                    c.score = min(c.score, w("account.payer_cap"))
                    c.evidence.append("not-for-payment")
                }
                // "Bitte NICHT auf das Rücklagenkonto … einzahlen": a negated account is not where to pay.
                if labels.contains(where: {
                    $0.line == li && $0.category == "negation" && $0.range.upperBound <= f.range.lowerBound
                }),
                    !c.evidence.contains("payer-label")
                {
                    c.score = min(c.score, w("account.payer_cap"))
                    c.evidence.append("negated")
                }
                // A line that itself says it is the payer's ("wird von Ihrem Konto abgebucht").
                if labels.contains(where: {
                    $0.line == li && ($0.category == "account_payer" || $0.category == "no_payment_direct_debit")
                }),
                    !c.evidence.contains("payer-label")
                {
                    c.score = min(c.score, w("account.payer_cap"))
                    c.evidence.append("payer-label")
                }
                applyOCRPenalty(to: &c, line, f.range, verified: f.valid)
                if f.valid, !c.evidence.contains("payer-label"), !c.evidence.contains("negated"),
                    !c.evidence.contains("not-for-payment")
                {
                    seenValid.insert(f.value)
                }
                scan.candidates.append(c)
            }
        }
        // Several different valid accounts, none labelled better than another: less sure of each.
        if seenValid.count > 1 {
            let labelled = scan.candidates.filter {
                seenValid.contains($0.value) && $0.evidence.contains(where: { $0.hasPrefix("label:") })
            }
            let labelledValues = Set(labelled.map(\.value))
            for i in scan.candidates.indices where seenValid.contains(scan.candidates[i].value) {
                if labelledValues.count == 1, labelledValues.contains(scan.candidates[i].value) { continue }
                scan.candidates[i].score -= w("account.ambiguous")
                if !scan.candidates[i].evidence.contains("ambiguous") { scan.candidates[i].evidence.append("ambiguous") }
            }
        }
        return scan
    }

    /// The ordinal printed right before a label ("2. Konto" → 2), or 0.
    /// The one registry country a misread code stands for ("BC05 INGB …" for BG, "ВС05" in Cyrillic),
    /// one letter changed for a look-alike, kept only when the whole IBAN then passes its checksum.
    static func misreadCountry(_ cc: String, _ stream: [(Character, Int, Bool)], at k: Int) -> String? {
        let code = Array(cc)
        guard code.count == 2 else { return nil }
        var passing: [String] = []
        for i in 0..<2 {
            for alt in OCRRepair.letterLookalikes[code[i]] ?? [] {
                var c = code
                c[i] = alt
                let country = String(c)
                guard let len = Checksums.ibanLength(country: country), k + len <= stream.count else { continue }
                let rest = stream[(k + 2)..<(k + len)].map { $0.0 }
                if Checksums.isValidIBAN(country + String(rest).uppercased()) { passing.append(country) }
            }
        }
        return passing.count == 1 ? passing[0] : nil
    }

    static func ordinalBefore(_ label: LabelHit, in line: TextLine) -> Int {
        var i = label.range.lowerBound - 1
        while i >= 0, line.chars[i] == " " { i -= 1 }
        guard i >= 1, line.chars[i] == "." || line.chars[i] == ")", let n = line.chars[i - 1].wholeNumberValue else { return 0 }
        // One digit standing alone ("2."), not the end of an amount or a date ("12.", "2026.").
        if i >= 2, line.chars[i - 2].isNumber || line.chars[i - 2] == "." || line.chars[i - 2] == "," { return 0 }
        return n
    }

    /// The letters and digits of a line with their positions and whether a separator came before.
    func alnumStream(_ chars: [Character]) -> [(Character, Int, Bool)] {
        var out: [(Character, Int, Bool)] = []
        var sep = true
        for (i, ch) in chars.enumerated() {
            if ch.isASCII, ch.isLetter || ch.isNumber {
                out.append((ch, i, sep))
                sep = false
            } else if ch == " " || ch == "-" || ch == "." || ch == "\u{00A0}" || ch == "\t" {
                sep = true
            } else {
                // A hard break: mark by a jump in positions larger than 2 (checked by the caller).
                sep = true
                out.append(("|", i, true))
            }
        }
        return out.filter { $0.0 != "|" }.enumerated().map { idx, e in
            // Keep hard breaks visible as position jumps.
            (e.0, e.1, e.2)
        }
    }

    static let ocrSerbianAccount = try! NSRegularExpression(
        pattern: #"(?<![0-9A-Za-z])[0-9OoDIl|]{3} ?- ?[0-9OoDIl|]{1,13} ?- ?[0-9OoDIl|]{2}(?![0-9A-Za-z])"#)

    /// Serbian account shapes: 3-1..13-2 with dashes, 18 digits, or 3 13 2 with spaces.
    func serbianAccountMatches(_ chars: [Character]) -> [(Range<Int>, String)] {
        var out: [(Range<Int>, String)] = []
        let n = chars.count
        var i = 0
        func isD(_ j: Int) -> Bool { j >= 0 && j < n && chars[j].isASCII && chars[j].isNumber }
        while i < n {
            guard isD(i), !isD(i - 1), i == 0 || chars[i - 1] != "-" else {
                i += 1
                continue
            }
            var j = i
            var groups: [Int] = []
            var seps: [Character] = []
            while j < n {
                var k = j
                while isD(k) { k += 1 }
                groups.append(k - j)
                if k < n - 1, chars[k] == "-" || chars[k] == " ", isD(k + 1), groups.count < 3 {
                    seps.append(chars[k])
                    j = k + 1
                } else if k < n - 2, chars[k] == "-", chars[k + 1] == " ", isD(k + 2), groups.count < 3 {
                    seps.append("-")
                    j = k + 2
                } else {
                    j = k
                    break
                }
            }
            let text = String(chars[i..<j])
            if groups.count == 3, groups[0] == 3, (1...13).contains(groups[1]), groups[2] == 2,
                seps.allSatisfy({ $0 == "-" }) || (groups[1] == 13 && seps.allSatisfy({ $0 == " " })),
                j == n || !(chars[j] == "-" || isD(j))
            {
                out.append((i..<j, text))
            } else if groups.count == 1, groups[0] == 18 {
                out.append((i..<j, text))
            }
            i = max(j, i + 1)
        }
        return out
    }
}
