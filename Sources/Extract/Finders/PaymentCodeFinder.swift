import Foundation
import Lexicons
import PPShared

/// Serbian payment-code candidates ("šifra plaćanja"): three digits starting 1, 2, 3 or 9 after their label.
struct PaymentCodeFinder: FieldFinder {
    let field = Field.paymentCode

    struct Weights: Sendable {
        let label: Int
        init(_ w: (String) -> Int) { label = w("payment_code.label") }
    }

    let weights: Weights
    init(_ w: (String) -> Int) { weights = Weights(w) }

    func candidates(in view: DocumentView, found: Findings) -> [Candidate] {
        var out: [Candidate] = []
        for l in view.labels where l.category == .paymentCode {
            let hasCode: (String) -> Bool = { t in
                let a = Array(t)
                guard a.count >= 3 else { return false }
                for i in 0...(a.count - 3) where "1239".contains(a[i]) && a[i + 1].isNumber && a[i + 2].isNumber {
                    if (i == 0 || !a[i - 1].isNumber) && (i + 3 == a.count || !a[i + 3].isNumber) { return true }
                }
                return false
            }
            guard let (vli, vr) = view.valueText(after: l, accept: hasCode) else { continue }
            let line = view.lines[vli]
            let text = String(line.chars[vr])
            guard let m = text.range(of: #"(?<!\d)[1239]\d\d(?!\d)"#, options: .regularExpression) else { continue }
            let off = text.distance(from: text.startIndex, to: m.lowerBound)
            let r = (vr.lowerBound + off)..<(vr.lowerBound + off + 3)
            var c = Candidate(
                .paymentCode, value: String(text[m]), points: weights.label, page: line.page, box: line.box(of: r),
                evidence: [.labelled(.paymentCode), .codePattern])
            view.applyOCRPenalty(to: &c, line, r, verified: false)
            out.append(c)
        }
        return out
    }
}
