import PPShared

@testable import CardCheck

/// Target `card-records`: pp-cardcheck's reading of card records, payment-info records and bare
/// numbers (`--lines`), the number, expiry and CVC checks, and the redaction of what it writes.
extension FuzzEntry {
    static let today = YearMonth(year: 2026, month: 11)

    /// The modes the input runs through: default, `--format --require-complete --unionpay-luhn`, and
    /// `--lines --format` (each line a bare number).
    static let cardModes: [(checker: CardChecker, bareNumbers: Bool)] = [
        (CardChecker(today: today), false),
        (
            CardChecker(
                today: today, maxYearsAhead: 5, enforceUnionPayLuhn: true, includeFormatted: true, requireComplete: true),
            false
        ),
        (CardChecker(today: today, includeFormatted: true), true),
    ]

    /// Checks the input's lines in every mode; no output may hold a run of 12 or more digits (of any
    /// script), the shortest card number the redaction hides.
    static func cardRecords(_ bytes: [UInt8]) {
        var batch = LineBatch(input: "fuzz")
        for (index, line) in FuzzInput.lines(bytes).enumerated()
        where !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
            batch.append(line: index + 1, line)
        }
        for (checker, bare) in cardModes {
            let result = checker.check(batch: batch, bareNumbers: bare)
            let run = longestDigitRun(FuzzInput.text(result.output))
            FuzzCheck.require(run < 12, "pp-cardcheck wrote a run of \(run) digits (bare numbers: \(bare))")
        }
    }

    /// The longest run of consecutive decimal digits, of any script, in `text`.
    static func longestDigitRun(_ text: String) -> Int {
        var longest = 0
        var run = 0
        for scalar in text.unicodeScalars {
            run = Redaction.isDigit(scalar) ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }
}
