import Foundation
import PPShared
import Testing

@testable import Extract

@Suite struct ConfidenceModelTests {
    func model(_ text: String) throws -> ConfidenceModel {
        try ConfidenceModel.decode(try JSON.parse(Array(text.utf8)), source: "test")
    }

    let totalLines = page([
        ("Invoice 2026-17", 40, 40),
        ("Subtotal 100.00", 300, 200),
        ("Amount due 80.00", 300, 230),
        ("Grand total 120.00", 300, 260),
    ])

    @Test func calibrationInterpolatesAndClamps() throws {
        let m = try model(
            #"{"fields":{"amount":{"intercept":0,"weights":{},"calibration":[[0.2,0.1],[0.6,0.5],[0.9,0.95]]}}}"#)
        let f = m.fields["amount"]!
        #expect(f.probability([:]) == 0.5)
        #expect(f.calibrated(0.1) == 0.1)
        #expect(abs(f.calibrated(0.4) - 0.3) < 1e-9)
        #expect(f.calibrated(0.99) == 0.95)
    }

    @Test func aCalibrationThatIsNotMonotoneIsRefused() {
        #expect(throws: ToolError.self) {
            try model(#"{"fields":{"amount":{"intercept":0,"weights":{},"calibration":[[0.2,0.6],[0.6,0.5]]}}}"#)
        }
        #expect(throws: ToolError.self) { try model(#"{"fields":{"amount":{"weights":{}}}}"#) }
    }

    @Test func theModelRanksAndGivesTheConfidence() throws {
        var x = Extractor(profile: try profile("sepa"))
        #expect(top(x.extract(lines: totalLines, einvoice: nil), .amount)?.value == "80.00")
        // A model that believes grand totals over amounts due turns the order round, and its
        // calibration map sets the confidence (kept below 1500: one label is thin evidence, and the ranker's
        // abstention would cap it).
        // (Every evidence kind on the page has a weight: evidence the model never saw is capped by the rules.)
        x.model = try model(
            #"{"fields":{"amount":{"intercept":-2,"weights":{"e:label:total":6,"e:label:due":-1,"e:position":1e-9,"e:largest-total":1e-9,"e:clear-lead":1e-9,"e:close-second":1e-9,"e:label:subtotal":1e-9,"e:no-decimals":1e-9},"calibration":[[0,0],[1,0.7]]}}}"#
        )
        let amounts = x.extract(lines: totalLines, einvoice: nil)[.amount]
        #expect(amounts[0].value == "120.00")
        let p = 1 / (1 + exp(-4.0))
        #expect(amounts[0].confidence == Int((2000 * 0.7 * p).rounded()))
        #expect(amounts[1].confidence < amounts[0].confidence)
    }

    @Test func evidenceTheModelNeverSawIsCappedByTheRuleScore() throws {
        var x = Extractor(profile: try profile("sepa"))
        let ruleScore = top(x.extract(lines: totalLines, einvoice: nil), .amount)!.confidence
        x.model = try model(#"{"fields":{"amount":{"intercept":8,"weights":{},"calibration":[[0,0],[1,1]]}}}"#)
        let best = top(x.extract(lines: totalLines, einvoice: nil), .amount)!
        #expect(best.confidence == ruleScore)
        #expect(best.evidence.contains(.unfamiliarEvidence))
    }

    @Test func aRuleThatRulesTheValueOutIsNotOutvoted() throws {
        let lines = page([("Invoice", 40, 40), ("Payment reference: 11.05.2026", 40, 300)])
        var x = Extractor(profile: try profile("sepa"))
        let rule = top(x.extract(lines: lines, einvoice: nil), .reference)!
        #expect(rule.evidence.contains(.lookalike(.date)))
        x.model = try model(
            #"{"fields":{"reference":{"intercept":8,"weights":{"e:label:reference":1e-9,"e:date-like":1e-9},"calibration":[[0,0],[1,1]]}}}"#
        )
        let best = top(x.extract(lines: lines, einvoice: nil), .reference)!
        #expect(best.confidence == rule.confidence)
        #expect(best.confidence < 1500)
    }

    @Test func explainAttachesFeaturesAndTheRuleScore() throws {
        var x = Extractor(profile: try profile("sepa"))
        x.explain = true
        let best = top(x.extract(lines: totalLines, einvoice: nil), .amount)!
        #expect(best.features?["e:label:due"] == 1)
        #expect(best.features?["rank0"] == 1)
        // A label alone is one kind of evidence: the rule score stays, the confidence abstains.
        #expect(best.evidence.contains(.thinEvidence))
        #expect(best.confidence == min(best.ruleScore ?? -1, Scoring.weight("rank.abstain_cap")))
    }

    @Test func trainingRowsSayWhichCandidateIsRight() throws {
        var processor = DocumentProcessor(choice: .fixed(try profile("sepa")))
        processor.explain = true
        let pageRecord: JSON = [
            "kind": "page", "source": "a.pdf", "doc": "a.pdf", "page": 1, "pages": 1,
            "lines": .array(
                totalLines.map { l in ["text": .string(l.text), "box": .box(l.box.array)] }),
        ]
        let result = processor.process([pageRecord])
        let rows = FeatureRows.rows(truth: [["source": "a.pdf", "amount": "120.00"]], results: [result])
        let amountRows = rows.filter { $0["field"]?.stringValue == "amount" }
        #expect(amountRows.count >= 3)
        #expect(amountRows.filter { $0["correct"]?.boolValue == true }.count == 1)
        #expect(amountRows.first { $0["correct"]?.boolValue == true }?["rank"]?.intValue != 0)
    }
}
