import Lexicons

/// Finds label phrases in folded lines. Phrases are indexed by their first scalar, so a line costs about
/// one bucket lookup per character instead of one comparison per phrase and character.
///
/// OCR misreads letters in labels ("lznos za upIatu", "T0TAL", "Kontonurnmer"): phrases of six or more letters
/// also match with exactly one confusable substitution. Both sides are compared in a "skeleton" where each
/// confusable group is one symbol (l/i/1/|/), s/5, b/8, j/}, m/rn, and a/e/o/u/c/¢/0), then the raw spellings are
/// checked. A vowel read for another vowel is what OCR makes of a letter with a diacritic it has no model
/// for ("Befizetendé" for "Befizetendő", folded "befizetende"): phrases of eight or more letters take it.
/// Short phrases (four or five letters: "total", "cash") would match real words that way ("tote" for
/// "tota"), so they take only a digit or a stroke for a letter ("T0TAL", "Tota)") or i for l ("TOTAI").
/// A space inside a word of a long phrase ("Zahlbetr ag") also counts as the one error.
struct LabelMatcher {
    struct Phrase {
        let category: LabelCategory
        let scalars: [Unicode.Scalar]
        let prefix: Bool
        /// May end a longer word: the head of a compound.
        let compoundHead: Bool
        /// Skeleton and, per skeleton symbol, the raw scalars it stands for (tolerant phrases only).
        let skeleton: [Unicode.Scalar]
        let pieces: [Range<Int>]
        /// Four or five letters: only the strict confusions (`strictSubstitute`).
        let short: Bool
        /// Eight or more letters: one vowel may stand for another (`vowelLetters`).
        let takesVowelSwap: Bool
    }

    /// One match: phrase index and the folded range it covers.
    struct Match {
        let phrase: Int
        let range: Range<Int>
        var tolerant = false
    }

    let phrases: [Phrase]
    let byFirst: [Unicode.Scalar: [Int]]
    let tolerantByFirst: [Unicode.Scalar: [Int]]

    /// The profile's label phrases, ready for matching, in category order. A trailing `*` lets a phrase begin a
    /// longer word; a leading `*` lets it end one, as the head of a compound ("*rechnung": "Beitragsrechnung").
    init(_ profile: Profile) {
        var compiled: [(LabelCategory, [Unicode.Scalar], Bool, Bool)] = []
        for (category, phrases) in profile.labels.sorted(by: { $0.key < $1.key }) {
            for phrase in phrases {
                let prefix = phrase.hasSuffix("*")
                let head = phrase.hasPrefix("*")
                var text = Substring(phrase)
                if prefix { text = text.dropLast() }
                if head { text = text.dropFirst() }
                let p = Array(text.unicodeScalars)
                if !p.isEmpty { compiled.append((category, p, prefix, head)) }
            }
        }
        var list: [Phrase] = []
        var first: [Unicode.Scalar: [Int]] = [:]
        var tolerant: [Unicode.Scalar: [Int]] = [:]
        for (i, (category, p, prefix, compoundHead)) in compiled.enumerated() {
            let letters = p.filter { $0.properties.isAlphabetic }.count
            let (sk, pieces) = letters >= Self.shortLetters ? Self.skeleton(p) : ([], [])
            list.append(
                Phrase(
                    category: category, scalars: p, prefix: prefix, compoundHead: compoundHead, skeleton: sk, pieces: pieces,
                    short: letters < Self.longLetters, takesVowelSwap: letters >= Self.vowelSwapLetters))
            first[p[0], default: []].append(i)
            if let piece = pieces.first { tolerant[Self.bucket(p, piece), default: []].append(i) }
        }
        phrases = list
        byFirst = first
        tolerantByFirst = tolerant
    }

    /// Phrases with this many letters take any one confusion; from `shortLetters` on only strict ones.
    static let longLetters = 6
    static let shortLetters = 4
    static let vowelSwapLetters = 8

    /// The confusable groups, folded (lower case): each maps to one skeleton symbol.
    static func symbol(_ u: Unicode.Scalar) -> Unicode.Scalar {
        switch u {
        case "i", "1", "|", "!", ")", "]": return "l"
        case "0", "a", "o", "u", "c", "¢": return "e"
        case "5": return "s"
        case "8": return "b"
        case "}": return "j"
        default: return u
        }
    }

    /// The bucket a tolerant match starts in: the first symbol, with vowels kept apart (a vowel swap is
    /// taken after the first letter only, and a shared vowel bucket cost every line a scan of a sixth of
    /// the phrases at every vowel).
    static func bucket(_ f: [Unicode.Scalar], _ piece: Range<Int>) -> Unicode.Scalar {
        guard piece.count == 1 else { return "m" }
        let u = f[piece.lowerBound]
        switch u {
        case "a", "o", "u": return u
        case "0": return "o"
        default: return symbol(u)
        }
    }

    /// The skeleton of folded scalars and the raw range behind each symbol ("rn" is one "m").
    static func skeleton(_ f: [Unicode.Scalar]) -> ([Unicode.Scalar], [Range<Int>]) {
        var sk: [Unicode.Scalar] = []
        var pieces: [Range<Int>] = []
        sk.reserveCapacity(f.count)
        pieces.reserveCapacity(f.count)
        var i = 0
        while i < f.count {
            if f[i] == "r", i + 1 < f.count, f[i + 1] == "n" {
                sk.append("m")
                pieces.append(i..<i + 2)
                i += 2
            } else {
                sk.append(symbol(f[i]))
                pieces.append(i..<i + 1)
                i += 1
            }
        }
        return (sk, pieces)
    }

    /// Exact matches starting at `s`, in phrase order.
    func exact(_ f: [Unicode.Scalar], at s: Int, _ body: (Int, Range<Int>) -> Void) {
        for pi in byFirst[f[s]] ?? [] {
            let p = phrases[pi].scalars
            guard s + p.count <= f.count else { continue }
            var k = 1
            while k < p.count, f[s + k] == p[k] { k += 1 }
            if k == p.count { body(pi, s..<s + p.count) }
        }
    }

    /// Whether a phrase of four or more scalars starts at `e` exactly.
    func anyLongPhraseStarts(_ f: [Unicode.Scalar], at e: Int) -> Bool {
        guard e < f.count else { return false }
        var found = false
        exact(f, at: e) { pi, _ in if phrases[pi].scalars.count >= 4 { found = true } }
        return found
    }

    /// Matches with exactly one confusable substitution, over a line's skeleton.
    func tolerant(_ f: [Unicode.Scalar], skeleton sk: [Unicode.Scalar], pieces: [Range<Int>], _ body: (Int, Range<Int>) -> Void) {
        for s in sk.indices {
            for pi in tolerantByFirst[Self.bucket(f, pieces[s])] ?? [] {
                let p = phrases[pi]
                guard s + p.skeleton.count <= sk.count else { continue }
                var k = 0
                var j = s  // the line's symbol compared with the phrase's k-th
                var differ = 0
                while k < p.skeleton.count, j < sk.count {
                    if sk[j] != p.skeleton[k] {
                        // A space inside a word ("Zahlbetr ag": letter-spaced print, OCR) is the one error.
                        guard !p.short, differ == 0, k > 0, sk[j] == " ", p.skeleton[k] != " " else { break }
                        differ = 1
                        j += 1
                        continue
                    }
                    if !f[pieces[j]].elementsEqual(p.scalars[p.pieces[k]]) {
                        differ += 1
                        let read = f[pieces[j]]
                        let printed = p.scalars[p.pieces[k]]
                        if differ > 1 || (p.short && !Self.strictSubstitute(read, for: printed))
                            || (!p.takesVowelSwap && Self.vowelSwap(read, for: printed))
                        {
                            differ = 2
                            break
                        }
                    }
                    k += 1
                    j += 1
                }
                if k == p.skeleton.count, differ == 1 {
                    body(pi, pieces[s].lowerBound..<pieces[j - 1].upperBound)
                }
            }
        }
    }

    /// One vowel read for another (the o/0 and e/c look-alikes are not such a swap).
    static func vowelSwap(_ text: ArraySlice<Unicode.Scalar>, for phrase: ArraySlice<Unicode.Scalar>) -> Bool {
        guard text.count == 1, phrase.count == 1, let t = text.first, let p = phrase.first else { return false }
        return vowelLetters.contains(t) && vowelLetters.contains(p)
    }
    static let vowelLetters: Set<Unicode.Scalar> = ["a", "e", "o", "u"]

    /// A confusion strict enough for a short phrase: one printed scalar that is no letter (a digit, a stroke)
    /// read for a letter, or i and l for each other.
    static func strictSubstitute(_ text: ArraySlice<Unicode.Scalar>, for phrase: ArraySlice<Unicode.Scalar>) -> Bool {
        guard text.count == 1, phrase.count == 1, let t = text.first, let p = phrase.first else { return false }
        if !t.properties.isAlphabetic { return true }
        return (t == "i" && p == "l") || (t == "l" && p == "i")
    }
}
