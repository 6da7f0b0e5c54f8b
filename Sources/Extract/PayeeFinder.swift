import Foundation
import PPShared

/// BIC and payee-name candidates.
extension Extractor {
    func findBICs(_ lines: [TextLine], _ labels: [LabelHit]) -> [Candidate] {
        var out: [Candidate] = []
        for (li, line) in lines.enumerated() {
            var i = 0
            let a = line.chars
            while i < a.count {
                guard a[i].isLetter, i == 0 || !(a[i - 1].isLetter || a[i - 1].isNumber) else {
                    i += 1
                    continue
                }
                var j = i
                while j < a.count, a[j].isASCII, a[j].isLetter || a[j].isNumber { j += 1 }
                let word = String(a[i..<j])
                defer { i = max(j, i + 1) }
                guard word.count == 8 || word.count == 11, Checksums.isValidBIC(word), word == word.uppercased() else { continue }
                let r = i..<j
                let box = line.box(of: r)
                var c = Candidate(
                    field: "bic", value: word, display: word, score: 0, page: line.page, box: box, evidence: ["bic-format"])
                if let (l, f) = nearestLabel(labels, categories: ["bic"], line: li, range: r, box: box, lines: lines) {
                    c.score = Scoring.scaled(w("bic.label"), by: max(f, 0.6))
                    c.evidence.append("label:\(l.category)")
                } else if line.text.range(of: #"[A-Z]{2}\d{2}[ ]?\d{4}"#, options: .regularExpression) != nil {
                    c.score = w("bic.iban_line")
                    c.evidence.append("iban-line")
                } else {
                    continue
                }
                if labels.contains(where: { $0.line == li && $0.category == "account_payer" }) {
                    c.score = min(c.score, 300)
                    c.evidence.append("payer-label")
                }
                out.append(c)
            }
        }
        return out
    }

    static let companySuffixes = [
        "gmbh", "ag", "kg", "ohg", "gbr", "e.u.", "e.k.", "d.o.o.", "doo", "d.o.o", "a.d.", "ad", "jp", "jkp", "ltd", "llc",
        "inc", "sarl", "sas", "s.a.", "sa", "bv", "nv", "plc", "se", "kft", "s.r.o.", "spa", "s.p.a.", "oy", "ab",
    ]

    func findPayees(_ lines: [TextLine], _ labels: [LabelHit]) -> [Candidate] {
        var out: [Candidate] = []
        for l in labels where l.category == "payee" {
            // A name, not another "Label: value" line or an account number.
            let nameLike: (String) -> Bool = { t in
                let letters = t.filter(\.isLetter).count
                return letters >= 3 && t.filter(\.isNumber).count * 2 < t.count && !t.contains(":")
            }
            guard let (vli, vr) = valueText(after: l, labels: labels, lines: lines, accept: nameLike) else { continue }
            let line = lines[vli]
            var text = String(line.chars[vr]).trimmingCharacters(in: .whitespaces)
            if let p = text.firstIndex(of: "("), text.hasPrefix("(") { text = String(text[p...]) }
            text = text.replacingOccurrences(of: #"^\(.*?\)\s*:?\s*"#, with: "", options: .regularExpression)
            guard text.count >= 3, text.contains(where: \.isLetter) else { continue }
            // An account number is not a name.
            if text.filter(\.isNumber).count > text.count / 2 { continue }
            var c = Candidate(
                field: "payee", value: text, display: text, score: w("payee.label"), page: line.page,
                box: line.box(of: vr), evidence: ["label:payee"])
            applyOCRPenalty(to: &c, line, vr, verified: false)
            out.append(c)
        }
        // A company name (a segment ending in a legal form): the issuer, usually the payee.
        for (li, line) in lines.enumerated() {
            let hasSuffix = line.text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "·" || $0 == "|" }).contains {
                $0.count <= 6 && Self.companySuffixes.contains(TextFold.fold(String($0)))
            }
            guard hasSuffix else { continue }
            let segments = line.text.components(separatedBy: CharacterSet(charactersIn: "·|•,")).map {
                $0.replacingOccurrences(of: " — ", with: "|").replacingOccurrences(of: " - ", with: "|")
                    .split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            }.flatMap { $0 }
            for seg in segments {
                let raw = seg.split(separator: " ")
                guard raw.count >= 2, raw.count <= 7, let lastRaw = raw.last, lastRaw.count <= 6,
                    Self.companySuffixes.contains(TextFold.fold(String(lastRaw)))
                else { continue }
                guard let r0 = line.text.range(of: seg) else { continue }
                let o = line.text.distance(from: line.text.startIndex, to: r0.lowerBound)
                let r = o..<(o + seg.count)
                let box = line.box(of: r)
                if let (l, f) = nearestLabel(labels, categories: ["payer", "payee"], line: li, range: r, box: box, lines: lines),
                    l.category == "payer", f >= 0.5
                {
                    continue
                }
                let position = line.page == 1 ? min(300, li * 6) : 300
                var c = Candidate(
                    field: "payee", value: seg, display: seg, score: w("payee.company_header") - position,
                    page: line.page, box: box, evidence: ["company-name"])
                applyOCRPenalty(to: &c, line, r, verified: false)
                out.append(c)
            }
        }
        return out
    }
}
