import Foundation
import PPShared
import Testing

@testable import Extract

@Suite struct ResultTableTests {
    func document(_ source: String, payee: String, amount: String = "10.00") -> JSON {
        [
            "kind": "document", "source": .string(source), "payment_expected": true,
            "candidates": [
                "amount": [["value": .string(amount), "confidence": 1900]],
                "payee": [["value": .string(payee), "confidence": 800]],
                "currency": [["value": "EUR", "confidence": 1400]],
            ],
        ]
    }

    let error: JSON = [
        "kind": "page", "source": "in/b.pdf", "state": "error",
        "error": ["tool": "pp-ingest", "code": "pdf_damaged", "message": "'in/b.pdf' is damaged, sorry"],
    ]

    @Test func csvQuotesWhatWouldBreakARow() {
        let out = ResultTable.render([document("in/a.pdf", payee: "Acme, \"Best\"\nLtd"), error], format: .csv)
        let rows = out.components(separatedBy: "\r\n")
        #expect(rows[0] == "document,pay?,account,amount,reference,payee,due_date,error")
        #expect(rows[1] == "a.pdf,yes,-,10.00 EUR *,-,\"Acme, \"\"Best\"\"\nLtd\",-,")
        #expect(rows[2] == "b.pdf,error,,,,,,\"'in/b.pdf' is damaged, sorry\"")
    }

    @Test func tsvEscapesTabsNewlinesAndBackslashes() {
        let out = ResultTable.render([document("a.pdf", payee: "Acme\tLtd\\\nWien")], format: .tsv)
        let rows = out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows.count == 3 && rows[2].isEmpty)
        #expect(rows[1] == "a.pdf\tyes\t-\t10.00 EUR *\t-\tAcme\\tLtd\\\\\\nWien\t-\t")
        #expect(rows.allSatisfy { $0.isEmpty || $0.split(separator: "\t", omittingEmptySubsequences: false).count == 8 })
    }

    @Test func textCutsLongCellsAndKeepsOneLinePerRecord() {
        let long = String(repeating: "Langer Name ", count: 6) + "GmbH"
        let out = ResultTable.render([document("a.pdf", payee: long + "\nzweite Zeile"), error])
        let lines = out.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[1].contains("Langer Name Langer Name Lan…"))
        #expect(!lines[1].contains("zweite"))
    }

    @Test func sourcesAreShortenedAsFarAsTheyStayDistinct() {
        #expect(ResultTable.shortNames(["x/bills/a.pdf", "x/bills/b.pdf"]) == ["a.pdf", "b.pdf"])
        #expect(ResultTable.shortNames(["x/2025/a.pdf", "x/2026/a.pdf"]) == ["2025/a.pdf", "2026/a.pdf"])
        #expect(ResultTable.shortNames(["a.pdf", "sub/a.pdf"]) == ["a.pdf", "sub/a.pdf"])
        #expect(ResultTable.shortNames(["x/a.pdf", "x/a.pdf"]) == ["a.pdf", "a.pdf"])
    }

    @Test func recordsOfEarlierVersionsReadAlike() {
        let old: JSON = [
            "kind": "document", "source": "a.pdf", "payment_expected": true,
            "candidates": [
                "amount": [["value": "5.00", "currency": "RSD", "confidence": 1600]],
                "reference": [["value": "14 3004117852026", "model": "97", "kind": "model", "confidence": 1600]],
            ],
        ]
        let out = ResultTable.render([old], format: .csv)
        #expect(out.contains(",5.00 RSD *,97 14 3004117852026 *,"))
    }
}
