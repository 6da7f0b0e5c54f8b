import Foundation
import PPShared
import Testing

@testable import Extract

@Suite struct EvaluationMatchTests {
    func payeeMatches(_ expected: String, _ got: String) -> Bool {
        Evaluation.matches(
            "payee", expected: Evaluation.normalize("payee", .string(expected))!, candidate: ["value": .string(got)])
    }

    @Test func aPayeeIsRightOnlyWhenTheNamesAreEqualOnceNormalised() {
        #expect(!payeeMatches("KabelNet Srbija d.o.o.", "Kabel"))
        #expect(!payeeMatches("KabelNet Srbija d.o.o.", "KabelNet"))
        #expect(!payeeMatches("Alpenländische Versicherung AG", "Zahlungsempfänger: Alpenländische Versicherung AG"))
        #expect(payeeMatches("KabelNet Srbija d.o.o.", "KABELNET SRBIJA DOO"))
        #expect(payeeMatches("KabelNet Srbija d.o.o.", "Kabel Net Srbija"))
        #expect(payeeMatches("Alpenländische Versicherung AG", "ALPENLANDISCHE VERSICHERUNG"))
        #expect(payeeMatches("ЈКП Топлана Подунавље", "JKP Toplana Podunavlje"))
        #expect(payeeMatches("Bauer GmbH & Co. KG", "Bauer GmbH"))
    }

    @Test func aReferenceWithItsModelMatchesTheTruthWithOrWithoutIt() {
        let expected = Evaluation.normalize("reference", "143004117852026")!
        let now: JSON = ["value": "97 14 3004117852026", "reference_model": "97"]
        let before: JSON = ["value": "14 3004117852026", "model": "97"]
        #expect(Evaluation.matches("reference", expected: expected, candidate: now))
        #expect(Evaluation.matches("reference", expected: expected, candidate: before))
        let withModel = Evaluation.normalize("reference", "97 143004117852026")!
        #expect(Evaluation.matches("reference", expected: withModel, candidate: now))
        #expect(!Evaluation.matches("reference", expected: expected, candidate: ["value": "97 14 3004117852027"]))
    }

    @Test func theReferenceModelIsReadUnderEitherName() {
        let truth: [JSON] = [["source": "a.pdf", "reference": "143004117852026", "reference_model": "97"]]
        for key in ["reference_model", "model"] {
            let doc: JSON = [
                "kind": "document", "source": "a.pdf", "payment_expected": true,
                "candidates": ["reference": [["value": "97 14 3004117852026", "confidence": 1900, .init(key): "97"]]],
            ]
            let (report, _) = Evaluation.run(truth: truth, results: [doc])
            #expect(report["fields"]?["reference_model"]?["top1"] == 1, "\(key)")
            #expect(report["fields"]?["reference"]?["top1"] == 1, "\(key)")
        }
    }
}
