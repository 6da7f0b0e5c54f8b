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

    @Test func accountsWhoseChecksumHolds() {
        #expect(PageSignals.accounts(in: "IBAN DE21 7015 0000 1004 3872 61 BIC SSKMDEMMXXX") == ["DE21701500001004387261"])
        #expect(PageSignals.accounts(in: "IBAN DE21 7015 0000 1004 3872 62").isEmpty)
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
