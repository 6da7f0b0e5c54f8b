import Foundation
import PPShared
import Testing

@testable import Extract

@Suite struct EvaluationTests {
    func document(_ source: String, amounts: [(String, Int)]) -> JSON {
        [
            "kind": "document", "source": .string(source), "payment_expected": true,
            "candidates": ["amount": .array(amounts.map { v, c in ["value": .string(v), "confidence": .int(c)] })],
        ]
    }

    @Test func calibrationCountsOnlyTheConfirmedValueAsRight() {
        let truth: [JSON] = [
            ["source": "a.pdf", "amount": "10.00"],
            ["source": "b.pdf", "amount": .null],
        ]
        let results = [
            document("a.pdf", amounts: [("10.00", 1950), ("12.00", 100)]),
            document("b.pdf", amounts: [("7.00", 100)]),
        ]
        let (report, summary) = Evaluation.run(truth: truth, results: results)
        let top = report["calibration"]!.arrayValue!
        let lowest = top.first { $0["band"]?.stringValue == "0-249" }!
        // b.pdf's weak 7.00 is a right abstention for top-1, but not a right value.
        #expect(lowest["count"]?.intValue == 1)
        #expect(lowest["right"]?.intValue == 0)
        #expect(report["fields"]?["amount"]?["absent_ok"]?.intValue == 1)
        let all = report["calibration_all"]!.arrayValue!
        #expect(all.first { $0["band"]?.stringValue == "0-249" }?["count"]?.intValue == 2)
        #expect(all.first { $0["band"]?.stringValue == "1900-2000" }?["right"]?.intValue == 1)
        #expect(summary.contains("calibration (all candidates)"))
    }
}
