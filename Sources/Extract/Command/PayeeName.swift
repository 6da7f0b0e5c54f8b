import Foundation
import Lexicons

/// The comparison form of a payee's name for `pp-extract eval`: folded (lower case, no diacritics,
/// Cyrillic transliterated), punctuation and spacing gone inside and between words, and a legal form at
/// the end dropped ("d.o.o.", "doo", "GmbH", "Ltd", "а.д.о." …), so "KabelNet Srbija d.o.o." and
/// "KABELNET SRBIJA DOO" are equal. Names must be equal in that form: "Kabel" is not "KabelNet Srbija".
public enum PayeeName {
    /// Legal forms as they read folded with their punctuation removed (one word each; "GmbH & Co. KG"
    /// drops "kg", "co" and "gmbh" in turn).
    public static let legalForms: Set<String> = [
        "doo", "ad", "ado", "dd", "dooel", "sp", "szr", "pr", "jkp", "jp", "gmbh", "ag", "og", "kg", "co", "eu", "ek",
        "ev", "ohg", "mbh", "ug", "ltd", "limited", "llc", "inc", "plc", "corp", "sa", "sas", "sarl", "srl", "spa",
        "bv", "nv", "ab", "as", "asa", "aps", "oy", "oyj", "sro", "ks", "kft", "zrt", "nyrt", "sl", "slu",
        "lda", "zoo", "spzoo", "oe", "ike", "ae", "se",
    ]

    public static func normalized(_ name: String) -> String {
        var words = TextFold.fold(name).split(whereSeparator: { $0 == " " || $0 == "\n" }).map {
            String($0.filter { $0.isLetter || $0.isNumber })
        }
        .filter { !$0.isEmpty }
        // Keep at least one word: a name that is only a legal form stays itself.
        while words.count > 1, let last = words.last, legalForms.contains(last) { words.removeLast() }
        return words.joined()
    }
}
