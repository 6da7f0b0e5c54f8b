import Lexicons
import Testing

/// The ASCII fast paths of Sources/Lexicons/CharacterClass.swift answer as the Unicode properties they stand for,
/// on every ASCII character and on characters of other scripts, spaces and clusters that take the slow path.
@Suite struct CharacterClassTests {
    static let others: [Character] = [
        "\r\n", "\u{00A0}", "\u{202F}", "\u{2003}", "\u{0085}", "\u{2028}", "\u{3000}", "é", "e\u{0301}", "ß", "Ж", "ж",
        "Σ", "ς", "٣", "½", "Ⅻ", "€", "\u{200B}", "\u{FEFF}", "👍🏽",
    ]
    static let characters: [Character] = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) } + others

    @Test(arguments: characters)
    func fastPathsAnswerAsTheProperties(_ c: Character) {
        #expect(c.fastIsWhitespace == c.isWhitespace)
        #expect(c.fastIsLetter == c.isLetter)
        #expect(c.fastIsNumber == c.isNumber)
        #expect(c.fastIsUppercase == c.isUppercase)
        #expect(c.fastIsLowercase == c.isLowercase)
        #expect(c.isASCIIDigit == (c.isASCII && c.isNumber))
    }
}
