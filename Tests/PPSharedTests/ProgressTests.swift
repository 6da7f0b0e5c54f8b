import Testing

@testable import PPShared

@Suite("progress line")
struct ProgressTests {
    /// A page record as pp-ingest writes it (the keys that count).
    static func page(_ doc: String, _ page: Int, of pages: Int, planned: Int? = nil) -> JSON {
        var o: [String: JSON] = ["kind": "page", "doc": .string(doc), "page": .int(page), "pages": .int(pages)]
        if let planned { o["planned_documents"] = .int(planned) }
        return .object(o)
    }

    /// Two documents of 2 and 3 pages read of 4 planned, 3 pages done.
    static func tally() -> ProgressTally {
        var t = ProgressTally()
        for (doc, n, of) in [("a", 1, 2), ("a", 2, 2), ("b", 1, 3), ("b", 2, 3), ("b", 3, 3)] {
            t.learn(page(doc, n, of: of, planned: 4))
        }
        for (doc, n, of) in [("a", 1, 2), ("a", 2, 2), ("b", 1, 3)] { t.finished(page(doc, n, of: of)) }
        return t
    }

    @Test("counts and totals: documents by doc and page number, the rest guessed from the average")
    func tallies() {
        let t = Self.tally()
        #expect(t.pagesDone == 3 && t.documentsDone == 1)
        #expect(t.pagesKnown == 5 && t.documentsKnown == 2 && t.documentsPlanned == 4)
        #expect(t.pagesExpected == (10, true) as (Int, Bool))
        var same = ProgressTally()  // the same file twice in a row is two documents
        same.learn(Self.page("a", 1, of: 1))
        same.learn(Self.page("a", 1, of: 1))
        same.finished(.object(["kind": "document", "pages": 2]))
        #expect(same.documentsKnown == 2 && same.pagesKnown == 2 && same.pagesDone == 2)
        #expect(same.pagesExpected == (2, false) as (Int, Bool))
    }

    @Test("the running line: bar, pages done of expected, documents, rate, ETA")
    func running() {
        let line = ProgressLine.running(tool: "pp-extract", Self.tally(), elapsed: 2, width: 100)
        #expect(line == "pp-extract: [###.......] 3/~10 pages, 1/4 documents, 1.5 pages/s, ETA 0:05")
        #expect(
            ProgressLine.running(tool: "pp-ocr", ProgressTally(), elapsed: 0, width: 100) == "pp-ocr: 0 documents")
        var noPlan = ProgressTally()
        noPlan.learn(Self.page("a", 1, of: 1))
        #expect(
            ProgressLine.running(tool: "pp-ocr", noPlan, elapsed: 0.2, width: 80) == "pp-ocr: [..........] 0/1 page, 0 documents")
    }

    @Test("the last line: pages, documents, time, rate")
    func finished() {
        var t = ProgressTally()
        for n in 1...3 {
            t.learn(Self.page("a", n, of: 3))
            t.finished(Self.page("a", n, of: 3))
        }
        #expect(
            ProgressLine.finished(tool: "pp-ingest", t, elapsed: 61.6, width: 80)
                == "pp-ingest: 3 pages, 1 document in 1:02, 21 s/page")
        #expect(ProgressLine.finished(tool: "pp-ingest", t, elapsed: 0.2, width: 80) == "pp-ingest: 3 pages, 1 document in 0:00")
    }

    @Test("ETA and durations: m:ss, then h:mm:ss")
    func durations() {
        #expect(ProgressLine.duration(0) == "0:00")
        #expect(ProgressLine.duration(59) == "0:59")
        #expect(ProgressLine.duration(61) == "1:01")
        #expect(ProgressLine.duration(3599) == "59:59")
        #expect(ProgressLine.duration(3600) == "1:00:00")
        #expect(ProgressLine.duration(37_230) == "10:20:30")
        #expect(ProgressLine.duration(.infinity) == "0:00")
        #expect(ProgressLine.format(rate: 0.04) == "25 s/page")
        #expect(ProgressLine.format(rate: 0.96) == "1.0 pages/s")
        #expect(ProgressLine.format(rate: 9.94) == "9.9 pages/s")
        #expect(ProgressLine.format(rate: 9.96) == "10 pages/s")
        #expect(ProgressLine.bar(0.55, cells: 10) == "[#####.....]")
        #expect(ProgressLine.bar(1.2, cells: 4) == "[####]")
    }

    @Test("a narrow terminal drops the bar, the documents, the rate, the ETA, then cuts the line")
    func narrow() {
        let t = Self.tally()
        let full = "pp-extract: [###.......] 3/~10 pages, 1/4 documents, 1.5 pages/s, ETA 0:05"
        #expect(ProgressLine.running(tool: "pp-extract", t, elapsed: 2, width: full.count + 1) == full)
        let expected = [
            (full.count, "pp-extract: 3/~10 pages, 1/4 documents, 1.5 pages/s, ETA 0:05"),
            (50, "pp-extract: 3/~10 pages, 1.5 pages/s, ETA 0:05"),
            (40, "pp-extract: 3/~10 pages, ETA 0:05"),
            (30, "pp-extract: 3/~10 pages"),
            (20, "pp-extract: 3/~10 …"),
            (1, "…"),
        ]
        for (width, line) in expected {
            let drawn = ProgressLine.running(tool: "pp-extract", t, elapsed: 2, width: width)
            #expect(drawn == line, "width \(width)")
            #expect(drawn.count < max(2, width), "width \(width)")
        }
    }

    @Test("who draws: the last tool of a pipe on a terminal, unless a flag says otherwise")
    func rule() throws {
        #expect(ProgressRule.shouldDraw(forced: nil, stderrIsTerminal: true, stdoutIsPipe: false))
        #expect(!ProgressRule.shouldDraw(forced: nil, stderrIsTerminal: true, stdoutIsPipe: true))
        #expect(!ProgressRule.shouldDraw(forced: nil, stderrIsTerminal: false, stdoutIsPipe: false))
        #expect(ProgressRule.shouldDraw(forced: true, stderrIsTerminal: false, stdoutIsPipe: true))
        #expect(!ProgressRule.shouldDraw(forced: false, stderrIsTerminal: true, stdoutIsPipe: false))
        let spec = CommandSpec(name: "pp-t", summary: "t", usage: [], options: ProgressRule.options, examples: [])
        #expect(try ProgressRule.forced(ParsedArguments.parse(["--progress"], spec: spec)) == true)
        #expect(try ProgressRule.forced(ParsedArguments.parse(["-q"], spec: spec)) == false)
        #expect(try ProgressRule.forced(ParsedArguments.parse([], spec: spec)) == nil)
        #expect(throws: ToolError.self) { try ProgressRule.forced(ParsedArguments.parse(["--progress", "-q"], spec: spec)) }
    }
}
