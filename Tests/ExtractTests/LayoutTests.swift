import Foundation
import PPShared
import Testing

@testable import Extract

/// Cells and rows of the layout (the pages they decide are in Cases/layout.cases).
@Suite struct LayoutTests {
    @Test func cellsSplitAtWideGapsAndRowsJoinLines() throws {
        let lines = [
            spacedLine([("Qty", 300), ("Price", 380)], y: 100),
            spacedLine([("Widget", 40)], y: 120),
            spacedLine([("1", 300), ("278.61", 380)], y: 120),
        ]
        let layout = Layout(lines: lines, labels: [], params: Layout.Params { Scoring.defaults[$0]! })
        #expect(layout.lineCells[0].count == 2)
        #expect(layout.lineCells[2].count == 2)
        #expect(layout.rowLines(of: 1).sorted() == [1, 2])
        #expect(layout.cellStarts(line: 2) == [2])
    }

    /// A till receipt's monospace type: words 14 pt apart on 10 pt high words (more than the 1.2 word
    /// heights that split cells elsewhere); the label stays one cell, the price far right its own.
    @Test func wideWordSpacingKeepsALabelInOneCell() throws {
        let words = [("Total", 10.0), ("RM", 49), ("Incl.", 73), ("of", 112), ("GST", 136), ("11.80", 300)]
        let lines = [spacedLine(words, y: 100)]
        let layout = Layout(lines: lines, labels: [], params: Layout.Params { Scoring.defaults[$0]! })
        #expect(layout.lineCells[0].count == 2)
        #expect(layout.cellStarts(line: 0) == [22])
        // A line of four words is too short to tell its word spacing: the word height still rules.
        let short = [spacedLine([("Total", 10.0), ("RM", 49), ("GST", 73), ("11.80", 300)], y: 100)]
        let plain = Layout(lines: short, labels: [], params: Layout.Params { Scoring.defaults[$0]! })
        #expect(plain.lineCells[0].count == 4)
    }

    /// "Qty 1 | Price 278.61" in separate cells, joined by one space in the line's text: no 1 278.61.
    @Test func digitsNeverJoinAcrossACellGap() {
        #expect(Amounts.tokens(in: Array("1 278.61"), breaks: [2]).map(\.raw) == ["1", "278.61"])
        #expect(Amounts.tokens(in: Array("1 278.61")).map(\.raw) == ["1 278.61"])
    }
}
