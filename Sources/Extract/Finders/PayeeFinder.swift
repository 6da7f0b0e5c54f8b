import Foundation
import Lexicons
import PPShared

/// Payee-name candidates: the name a payee label introduces, and company names (a segment ending in a
/// legal form), higher the nearer the top of the first page.
struct PayeeFinder: FieldFinder {
    let field = Field.payee

    struct Weights: Sendable {
        let label, companyHeader: Int
        /// Points a company name loses per line down the first page, at most `positionMax`.
        let perLine, positionMax: Int
        /// The label factor (hundredths) from which a payer's label rules a company name out.
        let payerReach: Double
        init(_ w: (String) -> Int) {
            label = w("payee.label")
            companyHeader = w("payee.company_header")
            perLine = w("payee.per_line")
            positionMax = w("payee.position_max")
            payerReach = Double(w("payee.payer_reach")) / 100
        }
    }

    let weights: Weights
    init(_ w: (String) -> Int) { weights = Weights(w) }

    static let companySuffixes = [
        "gmbh", "ag", "kg", "ohg", "gbr", "e.u.", "e.k.", "d.o.o.", "doo", "d.o.o", "a.d.", "ad", "jp", "jkp", "ltd", "llc",
        "inc", "sarl", "sas", "s.a.", "sa", "bv", "nv", "plc", "se", "kft", "s.r.o.", "spa", "s.p.a.", "oy", "ab",
    ]

    static let companySuffixSet = Set(companySuffixes)

    func candidates(in view: DocumentView, found: Findings) -> [Candidate] {
        var out: [Candidate] = []
        let lines = view.lines
        for l in view.labels where l.category == .payee {
            // A name, not another "Label: value" line or an account number.
            let nameLike: (String) -> Bool = { t in
                let letters = t.filter(\.fastIsLetter).count
                return letters >= 3 && t.filter(\.fastIsNumber).count * 2 < t.count && !t.contains(":")
            }
            guard let (vli, vr) = view.valueText(after: l, accept: nameLike) else { continue }
            let line = lines[vli]
            var text = String(line.chars[vr]).trimmingCharacters(in: .whitespaces)
            if let p = text.firstIndex(of: "("), text.hasPrefix("(") { text = String(text[p...]) }
            text = text.replacingOccurrences(of: #"^\(.*?\)\s*:?\s*"#, with: "", options: .regularExpression)
            guard text.count >= 3, text.contains(where: \.fastIsLetter) else { continue }
            // An account number is not a name.
            if text.filter(\.fastIsNumber).count > text.count / 2 { continue }
            var c = Candidate(
                .payee, value: text, points: weights.label, page: line.page, box: line.box(of: vr),
                evidence: [.labelled(.payee)])
            view.applyOCRPenalty(to: &c, line, vr, verified: false)
            out.append(c)
        }
        // A company name (a segment ending in a legal form): the issuer, usually the payee.
        for (li, line) in lines.enumerated() {
            let hasSuffix = line.text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "·" || $0 == "|" }).contains {
                $0.count <= 6 && Self.companySuffixSet.contains(TextFold.fold(String($0)))
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
                if let (l, f) = view.nearestLabel([.payer, .payee], line: li, range: r, box: box), l.category == .payer,
                    f >= weights.payerReach
                {
                    continue
                }
                let position = line.page == 1 ? min(weights.positionMax, li * weights.perLine) : weights.positionMax
                var c = Candidate(
                    .payee, value: seg, points: weights.companyHeader, page: line.page, box: box, evidence: [.companyName])
                c.adjust(-position, .printedFurtherDown)
                view.applyOCRPenalty(to: &c, line, r, verified: false)
                out.append(c)
            }
        }
        return out
    }
}
