import Foundation
import Lexicons
import PPShared
import Records

/// Compares document records with confirmed values (truth) and measures how well confidence predicts
/// correctness: per field top-1 and recall@3, precision per confidence band, confident precision, misses.
public struct Evaluation {
    public static let fields = [
        "account", "amount", "reference", "reference_model", "bic", "payee", "due_date", "payment_code", "currency",
    ]
    public static let confident = 1500
    /// Confidence bands of the calibration tables (CalibrationBands).
    public static var bands: [(Int, Int)] { CalibrationBands.bands }

    /// Canonical comparison form of a value for a field.
    public static func normalize(_ field: String, _ value: JSON) -> String? {
        var text: String
        switch value {
        case .string(let s): text = s
        case .number(let n): text = n
        case .null: return nil
        default: return nil
        }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty { return nil }
        switch field {
        case "account":
            let c = Checksums.compact(text)
            if c.hasPrefix("RS35"), c.count == 22 { return String(c.dropFirst(4)) }
            if let a18 = Checksums.serbianAccount18(text) { return a18 }
            return c
        case "amount":
            guard let d = Double(text.replacingOccurrences(of: ",", with: ".")) else { return text }
            return Amounts.decimalText(d) ?? text
        case "payee":
            let n = PayeeName.normalized(text)
            return n.isEmpty ? nil : n
        case "reference", "bic", "payment_code", "currency":
            return text.uppercased().filter { $0.isLetter || $0.isNumber }
        default:
            return text
        }
    }

    /// `matches` for a candidate as a line holds it.
    static func matches(_ field: String, expected: String, candidate: JSON) -> Bool {
        Records.Candidate(member: candidate).map { matches(field, expected: expected, candidate: $0) } ?? false
    }

    static func matches(_ field: String, expected: String, candidate: Records.Candidate) -> Bool {
        if field == "reference" {
            // The record's value has the model in front ("97 14 3004…"; records made before it did are read
            // so too); the truth's reference may be written with its model or without it (`reference_model`).
            guard let value = candidate.value(for: field), let got = normalize(field, .string(value)) else { return false }
            if got == expected { return true }
            guard let m = candidate.model.flatMap({ normalize(field, .string($0)) }) else { return false }
            return got == m + expected
        }
        guard let v = candidate.value, let got = normalize(field, .string(v)) else { return false }
        return got == expected
    }

    /// A miss's evidence: the candidate's, null without one.
    static func evidence(of candidate: Records.Candidate?) -> JSON {
        candidate?.evidence.map { .array($0.map { .string($0) }) } ?? .null
    }

    struct FieldStats {
        var expected = 0, top1 = 0, at3 = 0
        var abstainExpected = 0, abstainOK = 0
        var answers = ConfidentAnswers()
    }

    /// Runs the evaluation; returns the JSON report and a readable summary.
    public static func run(truth: [JSON], results: [JSON]) -> (report: JSON, summary: String) {
        var bySource: [String: DocumentRecord] = [:]
        var byBase: [String: DocumentRecord] = [:]
        for r in results.compactMap({ DocumentRecord($0) }) where r.kind == DocumentRecord.kind {
            guard let s = r.source else { continue }
            bySource[s] = r
            byBase[(s as NSString).lastPathComponent] = r
        }
        var stats: [String: FieldStats] = [:]
        var topBands = CalibrationBands()
        var allBands = CalibrationBands()
        var misses: [JSON] = []
        var missingDocs: [String] = []
        var paymentExpectedRight = 0
        var documents = 0
        for t in truth {
            guard let source = t["source"]?.stringValue else { continue }
            guard let r = bySource[source] ?? byBase[(source as NSString).lastPathComponent] else {
                missingDocs.append(source)
                continue
            }
            documents += 1
            let expectPay = t["payment_expected"]?.boolValue ?? true
            if (r.paymentExpected ?? true) == expectPay { paymentExpectedRight += 1 }
            for field in fields {
                guard let tv = t[field] else { continue }  // not labelled for this field
                if field == "reference_model" {
                    // The model printed with the top reference (Serbian "model i poziv na broj").
                    guard expectPay, t["reference"].map({ !$0.isNull }) ?? false else { continue }
                    let top = r.candidates("reference").first
                    let got = top?.model
                    let expected = tv.stringValue
                    var s = stats[field] ?? FieldStats()
                    s.expected += 1
                    if got == expected {
                        s.top1 += 1
                        s.at3 += 1
                    } else {
                        misses.append([
                            "source": .string(source), "field": .string(field), "expected": tv, "got": .string(got),
                            "confidence": top?.confidence.map { .int($0) } ?? .null, "evidence": evidence(of: top),
                        ])
                    }
                    stats[field] = s
                    continue
                }
                let cands = r.candidates(field)
                let top = cands.first
                let topConf = top?.confidence ?? 0
                var s = stats[field] ?? FieldStats()
                var right: Bool
                // Whether the top candidate is the value itself: what its confidence predicts (calibration).
                // Where no value is expected, an unconfident candidate is a right abstention, but not a right value.
                var valueRight = false
                if let expected = normalize(field, tv), expectPay || field == "currency" || true {
                    if !expectPay, field != "currency" {
                        // Nothing to pay: the right answer is no confident candidate.
                        s.abstainExpected += 1
                        right = topConf < confident
                        if right { s.abstainOK += 1 }
                    } else {
                        s.expected += 1
                        s.answers.expected += 1
                        if topConf >= confident { s.answers.expectedAnswered += 1 }
                        right = top.map { matches(field, expected: expected, candidate: $0) } ?? false
                        valueRight = right
                        if right { s.top1 += 1 }
                        if cands.prefix(3).contains(where: { matches(field, expected: expected, candidate: $0) }) { s.at3 += 1 }
                    }
                    if !right {
                        misses.append([
                            "source": .string(source), "field": .string(field), "expected": tv,
                            "got": .string(top?.value), "confidence": top.map { _ in .int(topConf) } ?? .null,
                            "evidence": evidence(of: top),
                        ])
                    }
                } else {
                    // Confirmed absent: right when there is no confident candidate.
                    s.abstainExpected += 1
                    right = topConf < confident
                    if right { s.abstainOK += 1 }
                    if !right {
                        misses.append([
                            "source": .string(source), "field": .string(field), "expected": .null,
                            "got": .string(top?.value), "confidence": .int(topConf), "evidence": evidence(of: top),
                        ])
                    }
                }
                if top != nil {
                    if topConf >= confident {
                        s.answers.answered += 1
                        if right { s.answers.right += 1 }
                    }
                    topBands.add(confidence: topConf, right: valueRight)
                }
                // Every candidate, not only the first: a confidence of c says "right with probability c/2000".
                let expectedValue = expectPay || field == "currency" ? normalize(field, tv) : nil
                for c in cands {
                    let isRight = expectedValue.map { matches(field, expected: $0, candidate: c) } ?? false
                    allBands.add(confidence: c.confidence ?? 0, right: isRight)
                }
                stats[field] = s
            }
        }
        func ratio(_ a: Int, _ b: Int) -> JSON { b == 0 ? .null : .rounded(Double(a) / Double(b), places: 4) }
        var fieldReport: [String: JSON] = [:]
        var answers = ConfidentAnswers()
        for field in fields {
            guard let s = stats[field] else { continue }
            answers.add(s.answers)
            var members: [String: JSON] = [
                "expected": .int(s.expected), "top1": .int(s.top1), "top1_rate": ratio(s.top1, s.expected),
                "recall_at_3": ratio(s.at3, s.expected), "absent_expected": .int(s.abstainExpected),
                "absent_ok": .int(s.abstainOK),
            ]
            members.merge(s.answers.json()) { a, _ in a }
            fieldReport[field] = .object(members)
        }
        var members: [String: JSON] = [
            "kind": "evaluation", "documents": .int(documents),
            "missing_results": .array(missingDocs.map { .string($0) }),
            "payment_expected_right": .int(paymentExpectedRight),
            "fields": .object(fieldReport), "calibration": topBands.json(), "calibration_all": allBands.json(),
            "calibration_error": topBands.calibrationErrorJSON(over: "top candidates"),
            "confident_threshold": .int(confident), "misses": .array(misses),
        ]
        members.merge(answers.json()) { a, _ in a }
        let report = JSON.object(members)
        var out = "documents: \(documents)"
        if !missingDocs.isEmpty { out += " (\(missingDocs.count) without a result)" }
        out += ", payment_expected right: \(paymentExpectedRight)/\(documents)\n"
        out += "field           top-1          recall@3  absent-ok   confident  precision\n"
        func pct(_ a: Int, _ b: Int) -> String {
            guard b > 0 else { return "   -  " }
            let p = Double(a) * 1000 / Double(b)
            let t = Int(clamping: p, to: 0...1000) ?? 0
            return "\(t / 10).\(t % 10)%"
        }
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count) }
        for field in fields {
            guard let s = stats[field] else { continue }
            out +=
                pad(field, 15) + pad("\(s.top1)/\(s.expected) \(pct(s.top1, s.expected))", 15)
                + pad(pct(s.at3, s.expected), 10) + pad("\(s.abstainOK)/\(s.abstainExpected)", 12)
                + pad("\(s.answers.answered)", 11) + pct(s.answers.right, s.answers.answered) + "\n"
        }
        out += topBands.summary("calibration (top candidates)")
        out += allBands.summary("calibration (all candidates)")
        out += "confident (>= \(confident)): \(answers.summary())\n"
        let ece = topBands.expectedCalibrationError.map { String(format: "%.4f", $0) } ?? "-"
        out += "expected calibration error (top candidates, \(CalibrationBands.bands.count) bands above): \(ece)\n"
        if !misses.isEmpty {
            out += "misses:\n"
            for m in misses.prefix(60) {
                out +=
                    "  \(m["source"]?.stringValue ?? "") \(m["field"]?.stringValue ?? ""): expected \(m["expected"]?.encoded() ?? "null"), got \(m["got"]?.encoded() ?? "null") (\(m["confidence"]?.encoded() ?? "-"))\n"
            }
            if misses.count > 60 { out += "  … \(misses.count - 60) more in the JSON report\n" }
        }
        return (report, out)
    }
}
