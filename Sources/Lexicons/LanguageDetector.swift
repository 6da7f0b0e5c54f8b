/// Guesses a document's languages from its words: each lexicon's frequent function words and the words
/// of its label phrases vote, a word shared by several languages splitting its vote, and the script of
/// the letters (Latin, Cyrillic, Greek) gates languages that are not written in it.
public struct LanguageDetector: Sendable {
    public struct Guess: Sendable, Equatable {
        public var language: String
        /// Share of all votes, 0...1.
        public var score: Double
    }

    public let lexicons: [Lexicon]
    /// Folded word → (lexicon index, vote).
    let votes: [String: [(Int, Double)]]

    public init(lexicons: [Lexicon]) {
        self.lexicons = lexicons
        // Per word its (lexicon, vote) pairs in lexicon order, so a lexicon's pair is the last one while it is read.
        var raw: [String: [(Int, Double)]] = [:]
        for (i, lex) in lexicons.enumerated() {
            for w in lex.words where raw[w]?.last?.0 != i { raw[w, default: []].append((i, 1)) }
            // Label words are rarer but telling ("zahlbetrag", "viitenumero"); short ones are too ambiguous.
            for phrases in lex.labels.values {
                for phrase in phrases {
                    Array(phrase).forEachRun(where: \.fastIsLetter) { w in
                        if w.count >= 4 && raw[w]?.last?.0 != i { raw[w, default: []].append((i, 1.5)) }
                    }
                }
            }
        }
        votes = raw.mapValues { byLex in
            let share = 1 / Double(byLex.count)
            return byLex.map { ($0.0, $0.1 * share) }
        }
    }

    /// Which script a letter belongs to, by Unicode block.
    public static func script(_ u: Unicode.Scalar) -> String? { scriptIndex(u).map { scriptNames[$0] } }

    static let scriptNames = ["Latn", "Grek", "Cyrl"]

    /// The index of `script(u)` in `scriptNames`.
    static func scriptIndex(_ u: Unicode.Scalar) -> Int? {
        switch u.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: return 0
        case 0x370...0x3FF, 0x1F00...0x1FFF: return 1
        case 0x400...0x52F: return 2
        default: return nil
        }
    }

    /// Ranked guesses for a document's lines (each as printed and folded, `TextFold`), best first; empty when
    /// no word votes.
    public func detect(_ lines: [(text: String, folded: [Character])]) -> [Guess] {
        // Letters counted per script by index, not by hashing the script's name at every letter.
        var counts = [Int](repeating: 0, count: Self.scriptNames.count)
        var words: [String: Int] = [:]
        for line in lines {
            for u in line.text.unicodeScalars { if let k = Self.scriptIndex(u) { counts[k] += 1 } }
            line.folded.forEachRun(where: \.fastIsLetter) { words[$0, default: 0] += 1 }
        }
        var scripts: [String: Int] = [:]
        for (name, n) in zip(Self.scriptNames, counts) where n > 0 { scripts[name] = n }
        return rank(scripts: scripts, words: words)
    }

    /// Ranked guesses for a piece of text.
    public func detect(text: String) -> [Guess] {
        detect([(text, text.flatMap { TextFold.fold($0) })])
    }

    func rank(scripts: [String: Int], words: [String: Int]) -> [Guess] {
        var score = [Double](repeating: 0, count: lexicons.count)
        for (w, n) in words {
            // A word repeated down a table says little more than its first few uses.
            for (i, v) in votes[w] ?? [] { score[i] += v * Double(min(n, 3)) }
        }
        let letters = Double(max(1, scripts.values.reduce(0, +)))
        var guesses: [Guess] = []
        for (i, lex) in lexicons.enumerated() where score[i] > 0 {
            let written = lex.scripts.isEmpty ? 1 : Double(lex.scripts.reduce(0) { $0 + (scripts[$1] ?? 0) }) / letters
            guesses.append(Guess(language: lex.language, score: score[i] * written))
        }
        let total = guesses.reduce(0) { $0 + $1.score }
        guard total > 0 else { return [] }
        return guesses.filter { $0.score > 0 }.map { Guess(language: $0.language, score: $0.score / total) }
            .sorted { ($0.score, $1.language) > ($1.score, $0.language) }
    }

    /// The languages worth adding to a profile's: the leader and any close runner-up, when the votes are clear.
    public func languages(_ lines: [(text: String, folded: [Character])], max count: Int = 2) -> [String] {
        let ranked = detect(lines)
        guard let best = ranked.first, best.score >= 0.15 else { return [] }
        return ranked.prefix(count).filter { $0.score >= best.score * 0.6 }.map(\.language)
    }
}
