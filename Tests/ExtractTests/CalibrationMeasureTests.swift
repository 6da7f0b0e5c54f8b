import Foundation
import PPShared
import Testing

@testable import Extract

/// The measures `pp-extract eval` adds for confident answers: the Wilson lower bound of their precision,
/// the share of fields answered confidently, and the expected calibration error. The expected numbers are
/// worked out by hand in the comments.
@Suite struct CalibrationMeasureTests {
    @Test(arguments: [
        // 9/10: p = 0.9, z²/n = 0.384146; (0.9 + 0.192073 - 1.959964·√(0.009 + 0.009604)) / 1.384146 = 0.59585
        (9, 10, 0.59585),
        // 10/10: (1 + 0.192073 - 1.959964·√0.009604) / 1.384146 = 0.72247
        (10, 10, 0.72247),
        // 2/3: (0.666667 + 0.640243 - 1.959964·√(0.074074 + 0.106707)) / 2.280486 = 0.20766
        (2, 3, 0.20766),
        // 2/4: (0.5 + 0.480183 - 1.959964·√(0.0625 + 0.060023)) / 1.960365 = 0.15004
        (2, 4, 0.15004),
        (0, 10, 0.0),
    ])
    func wilsonLowerBound(successes: Int, trials: Int, expected: Double) throws {
        let bound = try #require(ConfidentAnswers.wilsonLowerBound(successes: successes, trials: trials))
        #expect(abs(bound - expected) < 0.00005)
    }

    @Test func noTrialsHaveNoBound() {
        #expect(ConfidentAnswers.wilsonLowerBound(successes: 0, trials: 0) == nil)
        #expect(CalibrationBands().expectedCalibrationError == nil)
    }

    @Test func calibrationErrorWeighsEachBandByItsCandidates() throws {
        var bands = CalibrationBands()
        // 1900-1999: three at 0.95 predicted, two right: |2/3 - 0.95| = 0.283333, weight 3.
        for right in [true, true, false] { bands.add(confidence: 1900, right: right) }
        // 0-249: one at 0.1, wrong: |0 - 0.1| = 0.1, weight 1.  ECE = (0.85 + 0.1) / 4 = 0.2375.
        bands.add(confidence: 200, right: false)
        let ece = try #require(bands.expectedCalibrationError)
        #expect(abs(ece - 0.2375) < 1e-9)
    }

    func document(_ source: String, amount: String, confidence: Int, pay: Bool = true) -> JSON {
        [
            "kind": "document", "source": .string(source), "payment_expected": .bool(pay),
            "candidates": ["amount": [["value": .string(amount), "confidence": .int(confidence)]]],
        ]
    }

    @Test func reportHasPrecisionBoundShareAndCalibrationError() throws {
        let truth: [JSON] = [
            ["source": "a.pdf", "amount": "10.00"], ["source": "b.pdf", "amount": "20.00"],
            ["source": "c.pdf", "amount": "30.00"], ["source": "d.pdf", "amount": "40.00"],
            ["source": "e.pdf", "payment_expected": false, "amount": .null],
        ]
        let results = [
            document("a.pdf", amount: "10.00", confidence: 1900), document("b.pdf", amount: "20.00", confidence: 1900),
            document("c.pdf", amount: "33.00", confidence: 1900), document("d.pdf", amount: "44.00", confidence: 200),
            // Nothing to pay, yet a confident amount: a confident answer that is wrong, and no field expected.
            document("e.pdf", amount: "5.00", confidence: 1600, pay: false),
        ]
        let (report, summary) = Evaluation.run(truth: truth, results: results)
        // Confident: a, b right; c, e wrong -> 2/4, lower bound 0.15004 (above).
        #expect(report["confident"]?.intValue == 4)
        #expect(report["confident_precision"]?.doubleValue == 0.5)
        #expect(abs((report["confident_precision_lower_95"]?.doubleValue ?? -1) - 0.15) < 0.0001)
        // Four fields expect a value (e expects none); a, b, c were answered at 1500 or more: 3/4.
        #expect(report["value_expected"]?.intValue == 4)
        #expect(report["confident_answered"]?.intValue == 3)
        #expect(report["confident_share"]?.doubleValue == 0.75)
        #expect(report["fields"]?["amount"]?["confident_share"]?.doubleValue == 0.75)
        // Bands: 1900-2000 three (2 right, 0.95), 1500-1749 one (0 right, 0.8), 0-249 one (0 right, 0.1):
        // (3·0.283333 + 0.8 + 0.1) / 5 = 1.75 / 5 = 0.35.
        let error = try #require(report["calibration_error"])
        #expect(error["ece"]?.doubleValue == 0.35)
        #expect(error["candidates"]?.intValue == 5)
        #expect(error["bands"]?.arrayValue?.count == CalibrationBands.bands.count)
        #expect(summary.contains("Wilson 95% lower bound 15.0%"))
        #expect(summary.contains("3/4 = 75.0%"))
        #expect(summary.contains("expected calibration error (top candidates, 9 bands above): 0.3500"))
    }
}
