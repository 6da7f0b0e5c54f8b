import Foundation
import Lexicons
import PPShared

/// BIC candidates: a valid BIC shape in capitals, labelled or on the line of an IBAN.
struct BICFinder: FieldFinder {
    let field = Field.bic

    struct Weights: Sendable {
        let label, ibanLine, payerCap: Int
        /// The least label factor a BIC label counts with (hundredths): BICs stand a little apart from labels.
        let labelFloor: Double
        init(_ w: (String) -> Int) {
            label = w("bic.label")
            ibanLine = w("bic.iban_line")
            payerCap = w("bic.payer_cap")
            labelFloor = Double(w("bic.label_floor")) / 100
        }
    }

    let weights: Weights
    init(_ w: (String) -> Int) { weights = Weights(w) }

    func candidates(in view: DocumentView, found: Findings) -> [Candidate] {
        var out: [Candidate] = []
        for (li, line) in view.lines.enumerated() {
            var i = 0
            let a = line.chars
            while i < a.count {
                guard a[i].fastIsLetter, i == 0 || !(a[i - 1].fastIsLetter || a[i - 1].fastIsNumber) else {
                    i += 1
                    continue
                }
                var j = i
                while j < a.count, a[j].isASCII, a[j].fastIsLetter || a[j].fastIsNumber { j += 1 }
                defer { i = max(j, i + 1) }
                // ASCII letters and digits: one character each, so the length is known before the string is made.
                guard j - i == 8 || j - i == 11 else { continue }
                let word = String(a[i..<j])
                guard Checksums.isValidBIC(word), word == word.uppercased() else { continue }
                let r = i..<j
                let box = line.box(of: r)
                var c = Candidate(.bic, value: word, points: 0, page: line.page, box: box, evidence: [.bicFormat])
                if let (l, f) = view.nearestLabel([.bic], line: li, range: r, box: box) {
                    c.credit(.labelled(l.category), Scoring.scaled(weights.label, by: max(f, weights.labelFloor)))
                } else if line.text.range(of: #"[A-Z]{2}\d{2}[ ]?\d{4}"#, options: .regularExpression) != nil {
                    c.credit(.ibanLine, weights.ibanLine)
                } else {
                    continue
                }
                if view.hasLabel(.accountPayer, onLine: li) { c.cap(at: weights.payerCap, because: .payerLabel) }
                out.append(c)
            }
        }
        return out
    }
}
