import Foundation
import PPShared
import Testing

@testable import Extract

/// The page signals `--split auto` weighs (the whole split is tested on stacks of samples in GoldenTests).
@Suite struct StackSplitSignalTests {
    @Test(arguments: [
        ("seite 1 von 2", true, 1, 2), ("page 2 of 3", false, 2, 3), ("strana 1/2", false, 1, 2),
        ("str. 3/3", false, 3, 3), ("1/2", true, 1, 2), ("- 2 / 2 -", true, 2, 2),
        ("alpenlandische versicherung ag · seite 1 von 2", false, 1, 2),
    ])
    func pageNumbering(_ text: String, _ edge: Bool, _ k: Int, _ n: Int) {
        let found = PageSignals.numbering(text, edge: edge)
        #expect(found?.0 == k && found?.1 == n, "\(text)")
    }

    @Test(arguments: [
        ("1/2", false),  // a fraction in the middle of the page is no page number
        ("svetog save 5/7, pancevo", true),  // an address
        ("10/2025", true),  // a month
        ("seite 3 von 2", false),  // no such page
    ])
    func notPageNumbering(_ text: String, _ edge: Bool) {
        #expect(PageSignals.numbering(text, edge: edge) == nil, "\(text)")
    }

    @Test(arguments: [
        ("rechnungs-nr. 400918", "400918"), ("invoice no. 2026-0311", "2026-0311"), ("invoice inv-2026-0117", "inv-2026-0117"),
        ("racun br. 5517229-0326, period 01.03.2026", "5517229-0326"), ("gutschrift nr. g-2026-0031", "g-2026-0031"),
        ("rechnungsnummer: 77/2026", "77/2026"),
    ])
    func invoiceNumbers(_ text: String, _ number: String) {
        #expect(PageSignals.invoiceNumber(text) == number, "\(text)")
    }

    @Test(arguments: ["rechnungsdatum: 30.11.2026", "invoice date 31 march 2026", "rechnung vom 02.03.2026", "tax invoice"])
    func noInvoiceNumber(_ text: String) {
        #expect(PageSignals.invoiceNumber(text) == nil, "\(text)")
    }

    @Test func accountsWhoseChecksumHolds() {
        #expect(PageSignals.accounts(in: "IBAN DE21 7015 0000 1004 3872 61 BIC SSKMDEMMXXX") == ["DE21701500001004387261"])
        #expect(PageSignals.accounts(in: "IBAN DE21 7015 0000 1004 3872 62").isEmpty)
    }

    /// The same issuer's next bill: the sample bill twice, the second with another invoice number (and the
    /// same letterhead and account), is two documents; the same bill twice stays one.
    @Test(arguments: ["en-gb-supplies.pdf", "de-hosting-rechnung.pdf"])
    func theSameIssuersNextBillIsANewDocument(_ sample: String) throws {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<2 { url.deleteLastPathComponent() }
        let text = try String(
            contentsOf: url.appendingPathComponent("ExtractTests/Fixtures/samples-pages.jsonl"), encoding: .utf8)
        let page = try #require(
            try text.split(separator: "\n").map { try JSON.parse(String($0)) }.first {
                $0["source"]?.stringValue == "samples/pdf/" + sample
            })
        func copy(_ number: Int, renumbered: Bool) throws -> JSON {
            let encoded = page.encoded()
                .replacingOccurrences(of: "OS-55812", with: renumbered ? "OS-55901" : "OS-55812")
                .replacingOccurrences(of: "RE-2026-1187", with: renumbered ? "RE-2026-1242" : "RE-2026-1187")
            var p = try JSON.parse(encoded)
            p["page"] = .int(number)
            p["pages"] = 2
            return p
        }
        #expect(StackSplit.parts(of: [try copy(1, renumbered: false), try copy(2, renumbered: true)]).count == 2)
        #expect(StackSplit.parts(of: [try copy(1, renumbered: false), try copy(2, renumbered: false)]).count == 1)
    }

    /// Numbering that goes on holds pages together whatever else a page shows; numbering that restarts
    /// with a new letterhead starts a bill.
    @Test func numberingOutweighsTheRest() {
        var continuation = PageSignals()
        continuation.numbering = (2, 2)
        continuation.letterhead = "mobinet"
        continuation.title = true
        continuation.accounts = ["AT611904300234573201"]
        var first = PageSignals()
        first.numbering = (1, 2)
        first.letterhead = "alpen"
        first.accounts = ["DE89370400440532013000"]
        #expect(
            StackSplit.evidence(continuation, previous: first, first: first, accountsSoFar: first.accounts).0
                < StackSplit.threshold)
        var next = PageSignals()
        next.numbering = (1, 3)
        next.letterhead = "shannon"
        #expect(
            StackSplit.evidence(next, previous: continuation, first: first, accountsSoFar: first.accounts).0
                >= StackSplit.threshold)
    }
}
