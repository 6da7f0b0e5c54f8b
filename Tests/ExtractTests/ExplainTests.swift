import Foundation
import PPShared
import Testing

@testable import Extract

@Suite struct ExplainTests {
    let lines = page([
        ("Rechnung 2026-0458", 34, 100),
        ("IBAN: AT61 1904 3002 3457 3201", 34, 300),
        ("Zahlungsreferenz: RF18 5390 0754 7034", 34, 320),
        ("Zu zahlen: 1.234,56 EUR", 300, 400),
    ])

    func extract(explain: Bool) throws -> Extraction {
        var extractor = Extractor(profile: try profile("at"))
        extractor.model = try ConfidenceModel.standard()
        extractor.explain = explain
        return extractor.extract(lines: lines, einvoice: nil)
    }

    @Test func theRulePointsAddUpToTheRuleScoreAndNameTheLabel() throws {
        let e = try extract(explain: true)
        for field in [Field.account, .amount, .reference, .payee, .dueDate] {
            for c in e[field] {
                let json = c.json()
                let rule = try #require(json["explain"]?["rule"]?.arrayValue, "\(field)")
                let sum = rule.compactMap { $0.arrayValue?.last?.intValue }.reduce(0, +)
                #expect(sum == json["rule_score"]?.intValue, "\(field) \(c.value)")
                // Whether evidence rules the value out, so the model could not raise it above its rule points.
                #expect(json["explain"]?["vetoed"] == .bool(c.evidence.contains(where: \.isVeto)), "\(field) \(c.value)")
            }
        }
        let amount = try #require(top(e, .amount)?.json())
        #expect(amount["explain"]?["label"]?.stringValue?.lowercased() == "zu zahlen")
        let items = amount["explain"]?["rule"]?.arrayValue ?? []
        #expect(items.contains { $0.arrayValue?.first == "label:due" && ($0.arrayValue?.last?.intValue ?? 0) > 500 })
        let model = try #require(amount["explain"]?["model"])
        #expect(model["confidence"] == amount["confidence"])
        #expect((model["terms"]?.arrayValue?.count ?? 0) > 0)
        #expect(top(e, .account)?.json()["explain"]?["label"]?.stringValue == "IBAN")
    }

    @Test func withoutExplainNothingIsTraced() throws {
        let e = try extract(explain: false)
        for c in e.candidates.values.joined() {
            #expect(c.explanation == nil && c.features == nil && c.ruleScore == nil)
            #expect(c.json()["explain"] == nil)
        }
        let explained = try extract(explain: true)
        #expect(explained[.amount].map(\.value) == e[.amount].map(\.value))
        #expect(explained[.amount].map(\.confidence) == e[.amount].map(\.confidence))
    }
}
