import Foundation
import Lexicons
import PPShared

/// The fitted confidence model: per field, a logistic model over `CandidateFeatures` and a monotone
/// calibration map, so that a confidence of c is right with probability about c/2000 on documents the
/// model was not fitted on. Data, not code: bench/extract/fit_confidence.py writes
/// Sources/Extract/Model/confidence.json; the tool reads it (or the file in $PP_MODEL).
public struct ConfidenceModel: Sendable {
    public struct FieldModel: Sendable {
        public var intercept: Double
        public var weights: [String: Double]
        /// (raw probability, calibrated probability) points, raw ascending; linear between them.
        public var calibration: [(Double, Double)]

        public func probability(_ features: [String: Double]) -> Double {
            var z = intercept
            // In name order: a dictionary's order changes from run to run, and so would the rounding.
            for name in features.keys.sorted() { z += (weights[name] ?? 0) * features[name]! }
            return 1 / (1 + exp(-max(-40, min(40, z))))
        }

        public func calibrated(_ p: Double) -> Double {
            guard let first = calibration.first, let last = calibration.last else { return p }
            if p <= first.0 { return first.1 }
            if p >= last.0 { return last.1 }
            var i = 1
            while i < calibration.count, calibration[i].0 < p { i += 1 }
            let (x0, y0) = calibration[i - 1]
            let (x1, y1) = calibration[i]
            return x1 > x0 ? y0 + (y1 - y0) * (p - x0) / (x1 - x0) : y1
        }
    }

    public var fields: [String: FieldModel]
    /// Candidates per field the model re-ranks (taken by rule score before it).
    public static let window = 8
    public init(fields: [String: FieldModel]) { self.fields = fields }

    public static func decode(_ json: JSON, source: String) throws(ToolError) -> ConfidenceModel {
        func bad(_ what: String) -> ToolError { ToolError(.usage, code: "bad_model", "model '\(source)': \(what)") }
        guard case .object(let o) = json, case .object(let fo)? = o["fields"] else { throw bad("no \"fields\" object") }
        var fields: [String: FieldModel] = [:]
        for (field, m) in fo {
            guard let intercept = m["intercept"]?.doubleValue, case .object(let wo)? = m["weights"] else {
                throw bad("fields.\(field) needs \"intercept\" and \"weights\"")
            }
            var weights: [String: Double] = [:]
            for (k, v) in wo {
                guard let d = v.doubleValue, d.isFinite else { throw bad("fields.\(field).weights.\(k) is not a number") }
                weights[k] = d
            }
            var points: [(Double, Double)] = []
            for p in m["calibration"]?.arrayValue ?? [] {
                guard let a = p.arrayValue, a.count == 2, let x = a[0].doubleValue, let y = a[1].doubleValue else {
                    throw bad("fields.\(field).calibration must list [raw, calibrated] pairs")
                }
                points.append((x, y))
            }
            guard zip(points, points.dropFirst()).allSatisfy({ $0.0 <= $1.0 && $0.1 <= $1.1 }) else {
                throw bad("fields.\(field).calibration must be ascending in both columns")
            }
            fields[field] = FieldModel(intercept: intercept, weights: weights, calibration: points)
        }
        return ConfidenceModel(fields: fields)
    }

    /// The shipped model: $PP_MODEL, else the resource bundle beside the executable, else
    /// ../share/pp/model/confidence.json (what `make install` lays out). Nil when none is found.
    public static func standard() throws(ToolError) -> ConfidenceModel? {
        let env = ProcessInfo.processInfo.environment["PP_MODEL"].flatMap { $0.isEmpty ? nil : $0 }
        guard let path = ShippedData.modelFile("confidence.json", environment: "PP_MODEL").path else {
            if let env { throw ToolError(.usage, code: "unreadable_model", "no model file at '\(env)' (PP_MODEL)") }
            return nil
        }
        return try decode(try ShippedData.readJSON(path, kind: "model"), source: path)
    }
}
