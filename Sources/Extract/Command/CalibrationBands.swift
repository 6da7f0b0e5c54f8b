import Foundation
import Lexicons
import PPShared

/// Candidates counted by confidence band: how many, how many right, and their mean confidence/2000,
/// so that what a confidence predicts can be read against what was observed.
struct CalibrationBands {
    /// 1500 (confident) is a boundary.
    static let bands: [(Int, Int)] = [
        (0, 250), (250, 500), (500, 750), (750, 1000), (1000, 1250), (1250, 1500), (1500, 1750), (1750, 1900),
        (1900, 2001),
    ]
    private(set) var count = Array(repeating: 0, count: bands.count)
    private(set) var right = Array(repeating: 0, count: bands.count)
    private var predicted = Array(repeating: 0.0, count: bands.count)

    mutating func add(confidence: Int, right isRight: Bool) {
        guard let i = Self.bands.firstIndex(where: { confidence >= $0.0 && confidence < $0.1 }) else { return }
        count[i] += 1
        predicted[i] += Double(confidence) / 2000
        if isRight { right[i] += 1 }
    }

    static func label(_ i: Int) -> String { "\(bands[i].0)-\(min(bands[i].1, 2001) - 1)" }

    /// Expected calibration error over these bands: the mean, weighted by the candidates in each band, of
    /// |observed precision - mean confidence/2000|; nil with no candidates. 0 is perfectly calibrated.
    var expectedCalibrationError: Double? {
        let total = count.reduce(0, +)
        guard total > 0 else { return nil }
        var sum = 0.0
        for i in count.indices where count[i] > 0 {
            let n = Double(count[i])
            sum += n * abs(Double(right[i]) / n - predicted[i] / n)
        }
        return sum / Double(total)
    }

    /// The error with what it was measured on: the band labels and the number of candidates.
    func calibrationErrorJSON(over what: String) -> JSON {
        [
            "ece": expectedCalibrationError.map { .rounded($0, places: 4) } ?? .null, "over": .string(what),
            "candidates": .int(count.reduce(0, +)), "bands": .array(Self.bands.indices.map { .string(Self.label($0)) }),
        ]
    }

    func json() -> JSON {
        .array(
            Self.bands.indices.map { i in
                [
                    "band": .string(Self.label(i)), "count": .int(count[i]), "right": .int(right[i]),
                    "precision": count[i] == 0 ? .null : .rounded(Double(right[i]) / Double(count[i]), places: 4),
                    "predicted": count[i] == 0 ? .null : .rounded(predicted[i] / Double(count[i]), places: 4),
                ]
            })
    }

    /// One line per band: band, right/count, observed, predicted.
    func summary(_ title: String) -> String {
        func pct(_ x: Double) -> String {
            let t = Int(clamping: x * 1000, to: 0...1000) ?? 0
            return "\(t / 10).\(t % 10)%"
        }
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count) }
        var out = "\(title): band, right/count, observed, predicted (confidence/2000)\n"
        for i in Self.bands.indices {
            let n = count[i]
            out += "  " + pad(Self.label(i), 11) + pad("\(right[i])/\(n)", 9)
            out +=
                n == 0
                ? pad("   -  ", 8) + "-\n" : pad(pct(Double(right[i]) / Double(n)), 8) + pct(predicted[i] / Double(n)) + "\n"
        }
        return out
    }
}
