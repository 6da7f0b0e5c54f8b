import Testing

@testable import Pages

@Suite("page ranges (qpdf syntax plus exclusion)")
struct PageRangeTests {
    func pages(_ text: String, _ count: Int) throws -> [Int] { try PageRange(text).pages(count: count) }

    @Test func numbersListsAndRuns() throws {
        #expect(try pages("3", 5) == [3])
        #expect(try pages("1,3,5", 5) == [1, 3, 5])
        #expect(try pages("2-4", 5) == [2, 3, 4])
        #expect(try pages("3,1-2,4-z", 5) == [3, 1, 2, 4, 5])
    }

    @Test func descendingRunsReverse() throws {
        #expect(try pages("z-1", 4) == [4, 3, 2, 1])
        #expect(try pages("4-2", 5) == [4, 3, 2])
    }

    @Test func lastAndFromLast() throws {
        #expect(try pages("z", 7) == [7])
        #expect(try pages("r1", 7) == [7])
        #expect(try pages("r3-z", 7) == [5, 6, 7])
        #expect(try pages("1-r2", 4) == [1, 2, 3])
    }

    @Test func oddAndEvenKeepPositionsOfTheList() throws {
        #expect(try pages("1-z:odd", 6) == [1, 3, 5])
        #expect(try pages("1-z:even", 6) == [2, 4, 6])
        // Positions, as qpdf does: the 2nd, 4th, ... item of 2,3,...,8.
        #expect(try pages("2-8:even", 9) == [3, 5, 7])
    }

    @Test func exclusionRemovesFromTheItemBefore() throws {
        #expect(try pages("1-10,x3-4", 10) == [1, 2, 5, 6, 7, 8, 9, 10])
        #expect(try pages("1-z,x2,x4", 5) == [1, 3, 5])
        // Only the item right before: page 3 of the first item stays.
        #expect(try pages("3-5,1-4,x3", 5) == [3, 4, 5, 1, 2, 4])
        #expect(try pages("z-1,xr1", 4) == [3, 2, 1])
    }

    @Test func repeatsAreKept() throws {
        #expect(try pages("1,1,2", 3) == [1, 1, 2])
    }

    @Test func spacesAreIgnored() throws {
        #expect(try pages("1, 3", 3) == [1, 3])
    }

    @Test(arguments: [
        ("6", "page 6 is past the end (the document has 5 pages)"),
        ("0", "page 0 does not exist; pages count from 1"),
        ("r6", "'r6' is before the first page (the document has 5 pages)"),
        ("1-", "'1-' is not a page, a-b, z or rN"),
        ("a", "'a' is not a page, a-b, z or rN"),
        ("1,,2", "an empty item between commas"),
        ("", "no pages are named"),
        ("1-z:all", "'all' after ':' is not 'odd' or 'even'"),
        ("x1", "'x1' excludes pages before any are included"),
        ("1-2-3", "'1-2-3' is not a page, a-b, z or rN"),
    ])
    func badRangesNameTheProblem(_ text: String, _ reason: String) {
        #expect(throws: PageRangeError(range: text, reason: reason)) { try PageRange(text).pages(count: 5) }
    }

    @Test func wellFormedDoesNotNeedACount() {
        #expect(PageRange("1-r2:odd").isWellFormed)
        #expect(PageRange("1-2").isWellFormed)
        #expect(!PageRange("photo.jpg").isWellFormed)
    }
}
