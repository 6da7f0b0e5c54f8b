import Testing

@testable import Extract

/// Dates.find skips the regular expressions a line's characters cannot match (DateShape): the dates found
/// are the same as with every expression run, and the cases below keep each expression's reading.
@Suite struct DateShapeTests {
    /// A text and the ISO dates found in it, in the order of the expressions.
    static let cases: [(String, [String])] = [
        ("Datum: 01.02.2026", ["2026-02-01"]),
        ("due 1/2/26 net", ["2026-02-01"]),
        ("Issued 2026-02-01", ["2026-02-01"]),
        ("15. März 2024", ["2024-03-15"]),
        ("April 9, 2026", ["2026-04-09"]),
        ("Vervaldatum 27-04-2026", ["2026-04-27"]),
        ("Kelt: 2026.10.24.", ["2026-10-24"]),
        ("Kelt: 2026. 10. 24.", ["2026-10-24"]),
        ("01 . 02 . 2026", ["2026-02-01"]),
        ("١٥.٠٣.٢٠٢٤", []),  // \d to ICU, but a date's numbers are read as ASCII digits
        ("2026-02-01 and 03.04.2026", ["2026-04-03", "2026-02-01"]),
        ("Total 1.234,56 EUR", []),
        ("IBAN AT61 1904 3002 3457 3201", []),
        ("", []),
    ]

    @Test(arguments: cases) func findsEachReading(_ text: String, _ expected: [String]) {
        #expect(Dates.find(in: text).map(\.iso) == expected)
    }

    /// Lines of every shape the skip looks at (separators, digit runs, letters, scalars beyond ASCII), made up
    /// from pieces: each finds what all the expressions find.
    @Test func skipsOnlyWhatCannotMatch() {
        let pieces = [
            "01", "2", "2026", "26", ".", "/", "-", " ", "März", "April", "Aug.", ",", "١٥", "٢٠٢٤", "x", "é", "12345",
        ]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        let all = Array(Dates.dateExpressions.indices)
        for _ in 0..<4000 {
            let text = (0..<(1 + next(9))).map { _ in pieces[next(pieces.count)] }.joined()
            func described(_ found: [Dates.Found]) -> [String] {
                found.map { "\($0.iso) \(text.distance(from: text.startIndex, to: $0.range.lowerBound))" }
            }
            let skipped = described(Dates.find(in: text))
            let every = described(Dates.find(in: text, order: nil, expressions: all))
            #expect(skipped == every, "\(text)")
        }
    }
}
