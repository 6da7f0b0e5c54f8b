import Foundation
import Lexicons

/// What a candidate's evidence says, as named numbers: the input of the fitted confidence model
/// (Sources/Extract/Model/confidence.json) and of the script that fits it (bench/extract/fit_confidence.py).
/// Names are stable data: renaming one makes its fitted weight unused until the model is fitted again.
public enum CandidateFeatures {
    /// Features of each candidate of one field, ranked by rule points (best first).
    public static func describe(_ ranked: [Candidate], context: Ranker.Context) -> [[String: Double]] {
        let scores = ranked.map(\.points)
        // The largest labelled amount: an unlabelled phone or customer number read as an amount is no yardstick.
        let labelledAmounts = ranked.filter { $0.evidence.isLabelled }
        let largest =
            (labelledAmounts.isEmpty ? ranked : labelledAmounts).compactMap { Double($0.value) }
            .filter { $0.isFinite }.map(abs).max() ?? 0
        let distinctLabelled = Set(ranked.filter { $0.evidence.isLabelled }.map(\.value)).count
        return ranked.enumerated().map { rank, c in
            var f: [String: Double] = [:]
            f["score"] = Double(max(-500, min(2500, c.points))) / 1000
            let next = rank + 1 < scores.count ? scores[rank + 1] : 0
            let first = scores.first ?? 0
            // How far ahead of the next candidate (for the first) or behind the first (for the rest).
            f["lead"] = Double(max(-1500, min(1500, rank == 0 ? c.points - next : c.points - first))) / 1000
            f["rank0"] = rank == 0 ? 1 : 0
            f["rank1"] = rank == 1 ? 1 : 0
            f["alone"] = ranked.count == 1 ? 1 : 0
            f["candidates"] = log(Double(ranked.count))
            f["labelled_values"] = Double(min(distinctLabelled, 4))
            if !context.paymentExpected { f["doc:no_payment"] = 1 }
            if context.einvoice { f["doc:einvoice"] = 1 }
            if context.ocr { f["doc:ocr"] = 1 }
            if context.pages > 1 { f["doc:multipage"] = 1 }
            if c.box == nil { f["no_box"] = 1 }
            for e in c.evidence { f[e.feature] = 1 }
            for e in c.evidence {
                guard case .repeated(let n) = e else { continue }
                f["repeats"] = log(Double(n))
                break
            }
            for e in c.evidence {
                guard case .ocrConfidence(let v) = e else { continue }
                f["ocr_conf_gap"] = (100 - Double(v)) / 100
                break
            }
            for (k, v) in shape(of: c, largestAmount: largest) { f[k] = v }
            return f
        }
    }

    /// What the value itself looks like, whatever the label said: a reference without digits or an
    /// amount far below the document's largest is suspect on any layout.
    static func shape(of c: Candidate, largestAmount: Double) -> [String: Double] {
        var f: [String: Double] = [:]
        let alnum = c.value.filter { $0.isLetter || $0.isNumber }
        let digits = alnum.filter(\.isNumber).count
        f["v:digit_share"] = alnum.isEmpty ? 0 : Double(digits) / Double(alnum.count)
        f["v:length"] = log(Double(max(1, alnum.count)))
        if digits == 0 { f["v:no_digits"] = 1 }
        if c.field == .amount, let v = Double(c.value) {
            f["v:share_of_largest"] = largestAmount > 0 ? max(-1, min(1, v / largestAmount)) : 0
            if v == v.rounded() { f["v:whole"] = 1 }
        }
        return f
    }
}
