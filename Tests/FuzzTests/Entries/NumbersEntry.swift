import Lexicons
import PPShared

@testable import Extract

/// Target `numbers`: pp-extract's readers of amounts, dates and identifiers in a line of text —
/// amount tokens in every locale shape, their values and currencies, dates, the decimal and date
/// fields of payment codes, IBAN, RF, model 97, Serbian account and BIC checks, OCR repair,
/// reference shapes and text folding.
extension FuzzEntry {
    /// Each line of the input is read by every parser; amounts found must be numbers.
    static func numbers(_ bytes: [UInt8]) {
        for line in FuzzInput.text(bytes).split(separator: "\n").prefix(64).map(String.init) {
            amounts(line)
            _ = Dates.find(in: line)
            _ = CodeText.decimal(line)
            _ = CodeText.decimal(line, mark: ",")
            _ = CodeText.fromCents(line)
            _ = CodeText.isoDate(line)
            identifiers(line)
            _ = TextLine(page: 1, text: line, box: Box(0, 0, 100, 10), conf: nil, words: [])
        }
    }

    /// Amount tokens (with a cell break at every tenth offset), each read with both decimal marks.
    static func amounts(_ line: String) {
        let chars = Array(line)
        let breaks = Set(stride(from: 10, to: chars.count, by: 10))
        let tokens = Amounts.tokens(in: chars) + Amounts.tokens(in: chars, breaks: breaks)
        for token in tokens {
            FuzzCheck.require(token.range.lowerBound >= 0 && token.range.upperBound <= chars.count, "token outside its line")
            for mark: Character in [",", "."] {
                guard let value = Amounts.value(of: token, documentMark: mark) else { continue }
                FuzzCheck.require(Double(value) != nil, "amount value '\(value)' is no number")
                FuzzCheck.require(Amounts.cents(value) != nil, "amount value '\(value)' has no cents")
            }
            _ = Amounts.currency(near: token.range, in: chars)
        }
        _ = Amounts.decideMark(tokens, fallback: ",")
        _ = Amounts.cents(line)
        if let d = Double(line) { _ = Amounts.decimalText(d) }
    }

    /// The checksums and shapes of payment identifiers, and their OCR repairs.
    static func identifiers(_ line: String) {
        _ = Checksums.checkIBAN(line)
        _ = Checksums.groupedByFour(Checksums.compact(line))
        _ = Checksums.mod97(line)
        _ = Checksums.mod97CheckDigits(line)
        _ = Checksums.isValidRF(line)
        _ = Checksums.isValidModel97(line)
        _ = Checksums.isValidBIC(line)
        if let account = Checksums.serbianAccount18(line) {
            _ = Checksums.isValidSerbianAccount(account)
            _ = Checksums.serbianDisplay(account)
        }
        _ = OCRRepair.iban(line)
        _ = OCRRepair.rf(line)
        _ = OCRRepair.model97(line)
        _ = OCRRepair.digits(line)
        _ = ReferenceFinder.countryModel(line, ocr: true)
        _ = ReferenceFinder.joinedComb(line)
        _ = ReferenceFinder.identifierInSentence(line)
        _ = TextFold.fold(line)
    }
}
