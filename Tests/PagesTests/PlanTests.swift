import PPShared
import Testing

@testable import Pages

@Suite("operations applied left to right")
struct PlanTests {
    /// The plan as "source.page" labels, with "@deg" for rotation: primary pages are "1", "2", ...
    func plan(_ ops: [PageOperation], pages: Int = 5, files: [String: Int] = ["x.pdf": 3, "p.jpg": 1]) throws -> [String] {
        let p = try EditPlan.make(operations: ops, primaryPages: pages) { file throws(ToolError) -> Int in
            guard let n = files[file] else { throw ToolError(.record, code: "file_missing", "'\(file)' does not exist") }
            return n
        }
        return p.pages.map { page in
            let name = page.source == 0 ? "\(page.page)" : "\(p.files[page.source - 1]):\(page.page)"
            return page.rotation == 0 ? name : "\(name)@\(page.rotation)"
        }
    }

    @Test func deleteThenOrderSeesTheShorterDocument() throws {
        #expect(try plan([.delete(PageRange("2")), .order(PageRange("z-1"))]) == ["5", "4", "3", "1"])
    }

    @Test func keepKeepsPresentOrder() throws {
        #expect(try plan([.keep(PageRange("4,2"))]) == ["2", "4"])
    }

    @Test func orderAllowsRepeats() throws {
        #expect(try plan([.order(PageRange("1,1,2"))], pages: 2) == ["1", "1", "2"])
    }

    @Test func moveToAPositionOfTheResult() throws {
        #expect(try plan([.move(PageRange("5"), to: .page(1))]) == ["5", "1", "2", "3", "4"])
        #expect(try plan([.move(PageRange("1-2"), to: .end)]) == ["3", "4", "5", "1", "2"])
        #expect(try plan([.move(PageRange("1"), to: .page(3))]) == ["2", "3", "1", "4", "5"])
    }

    @Test func insertPutsTheFirstInsertedPageAtN() throws {
        #expect(try plan([.insert(at: .page(2), file: "p.jpg", range: nil)], pages: 3) == ["1", "p.jpg:1", "2", "3"])
        #expect(
            try plan([.insert(at: .end, file: "x.pdf", range: PageRange("3,1"))], pages: 2) == [
                "1", "2", "x.pdf:3", "x.pdf:1",
            ])
        #expect(try plan([.insert(at: .page(4), file: "p.jpg", range: nil)], pages: 3) == ["1", "2", "3", "p.jpg:1"])
    }

    @Test func rotationAddsUpAndWraps() throws {
        #expect(
            try plan([.rotate(degrees: 90, range: PageRange("1")), .rotate(degrees: 270, range: PageRange("1-2"))], pages: 2)
                == ["1", "2@270"])
        #expect(try plan([.rotate(degrees: -90, range: nil)], pages: 2) == ["1@270", "2@270"])
    }

    @Test func rotationFollowsThePageWhenItMoves() throws {
        #expect(try plan([.rotate(degrees: 180, range: PageRange("1")), .order(PageRange("2,1"))], pages: 2) == ["2", "1@180"])
    }

    @Test func errorsNameTheOperation() {
        #expect(
            throws: ToolError(
                .record, code: "bad_request", "--delete 6: page range '6': page 6 is past the end (the document has 5 pages)")
        ) {
            try plan([.delete(PageRange("6"))])
        }
        #expect(
            throws: ToolError(.record, code: "bad_request", "--move 1-2 --to 5: --to 5 is outside 1...4 (moving 2 pages of 5)")
        ) {
            try plan([.move(PageRange("1-2"), to: .page(5))])
        }
        #expect(throws: ToolError(.record, code: "bad_request", "--insert-at 7 p.jpg: position 7 is outside 1...6")) {
            try plan([.insert(at: .page(7), file: "p.jpg", range: nil)])
        }
        #expect(throws: ToolError(.record, code: "file_missing", "--append gone.pdf: 'gone.pdf' does not exist")) {
            try plan([.insert(at: .end, file: "gone.pdf", range: nil)])
        }
        #expect(throws: ToolError(.record, code: "bad_request", "--rotate 45: 45 is not a multiple of 90")) {
            try plan([.rotate(degrees: 45, range: nil)])
        }
    }

    @Test func anEmptyResultIsRefused() {
        #expect(throws: ToolError(.record, code: "no_pages", "the result would have no pages; a PDF needs at least one")) {
            try plan([.delete(PageRange("1-z"))])
        }
    }

    @Test func laterRangesSeeEarlierInsertions() throws {
        // After inserting 3 pages, page 8 exists.
        #expect(
            try plan([.insert(at: .end, file: "x.pdf", range: nil), .delete(PageRange("1-5"))]) == [
                "x.pdf:1", "x.pdf:2", "x.pdf:3",
            ])
    }
}
