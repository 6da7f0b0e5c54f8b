import Lexicons

/// Finds label phrases in folded lines. Phrases are indexed by their first two scalars (`PairBuckets`), so a
/// line costs about one bucket lookup per character instead of one comparison per phrase and character.
///
/// OCR misreads letters in labels ("lznos za upIatu", "T0TAL", "Kontonurnmer"): phrases of six or more letters
/// also match with exactly one confusable substitution. Both sides are compared in a "skeleton" where each
/// confusable group is one symbol (l/i/1/|/), s/5, b/8, j/}, m/rn, and a/e/o/u/c/¢/0), then the raw spellings are
/// checked. A vowel read for another vowel is what OCR makes of a letter with a diacritic it has no model
/// for ("Befizetendé" for "Befizetendő", folded "befizetende"): phrases of eight or more letters take it.
/// Short phrases (four or five letters: "total", "cash") would match real words that way ("tote" for
/// "tota"), so they take only a digit or a stroke for a letter ("T0TAL", "Tota)") or i for l ("TOTAI").
/// A space inside a word of a long phrase ("Zahlbetr ag") also counts as the one error.
final class LabelMatcher: Sendable {
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
    /// Phrases of one scalar by that scalar; longer ones by their first two scalars.
    let singles: Buckets
    let exactPairs: PairBuckets
    /// Tolerant phrases by their `bucket` and second skeleton symbol.
    let tolerantPairs: PairBuckets
    let hasTolerant: Bool
    /// Every phrase's scalars and skeleton end to end, with each phrase's start (and the end of the last):
    /// the per-character loops compare these without copying a phrase.
    let flatScalars: [Unicode.Scalar]
    let scalarStart: [Int]
    let flatSkeleton: [Unicode.Scalar]
    let skeletonStart: [Int]
    let shortFlags: [Bool]

    /// The profile's label phrases, ready for matching, in category order. A trailing `*` lets a phrase begin a
    /// longer word; a leading `*` lets it end one, as the head of a compound ("*rechnung": "Beitragsrechnung").
    init(_ profile: Profile) {
        var compiled: [(LabelCategory, [Unicode.Scalar], Bool, Bool)] = []
        for (category, phrases) in profile.labels.sorted(by: { $0.key < $1.key }) {
            for phrase in phrases {
                // The stars are single scalars: trimming the scalar array spells the phrase as dropping characters did.
                var p = Array(phrase.unicodeScalars)
                let prefix = p.last == "*"
                if prefix { p.removeLast() }
                let head = p.first == "*"
                if head { p.removeFirst() }
                if !p.isEmpty { compiled.append((category, p, prefix, head)) }
            }
        }
        var list: [Phrase] = []
        var single: [Unicode.Scalar: [Int]] = [:]
        var pairKeys: [(Unicode.Scalar, Unicode.Scalar)?] = []
        var tolerantKeys: [(Unicode.Scalar, Unicode.Scalar)?] = []
        list.reserveCapacity(compiled.count)
        pairKeys.reserveCapacity(compiled.count)
        tolerantKeys.reserveCapacity(compiled.count)
        for (i, (category, p, prefix, compoundHead)) in compiled.enumerated() {
            let letters = p.reduce(0) { $0 + ($1.fastIsAlphabetic ? 1 : 0) }
            let (sk, pieces) = letters >= Self.shortLetters ? Self.skeleton(p) : ([], [])
            list.append(
                Phrase(
                    category: category, scalars: p, prefix: prefix, compoundHead: compoundHead, skeleton: sk, pieces: pieces,
                    short: letters < Self.longLetters, takesVowelSwap: letters >= Self.vowelSwapLetters))
            if p.count == 1 { single[p[0], default: []].append(i) }
            pairKeys.append(p.count >= 2 ? (p[0], p[1]) : nil)
            // A tolerant phrase has at least two symbols (four letters, at most two a symbol).
            tolerantKeys.append(pieces.first.map { (Self.bucket(p, $0), sk[1]) })
        }
        phrases = list
        singles = Buckets(single)
        exactPairs = PairBuckets(pairKeys)
        tolerantPairs = PairBuckets(tolerantKeys)
        hasTolerant = tolerantKeys.contains { $0 != nil }
        var scalars: [Unicode.Scalar] = []
        var skeletons: [Unicode.Scalar] = []
        var scalarStart = [0]
        var skeletonStart = [0]
        for p in list {
            scalars += p.scalars
            skeletons += p.skeleton
            scalarStart.append(scalars.count)
            skeletonStart.append(skeletons.count)
        }
        flatScalars = scalars
        flatSkeleton = skeletons
        self.scalarStart = scalarStart
        self.skeletonStart = skeletonStart
        shortFlags = list.map(\.short)
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

    /// Exact matches starting at `s` (longer phrases first, each in phrase order).
    func exact(_ f: [Unicode.Scalar], at s: Int, _ body: (Int, Range<Int>) -> Void) {
        let flat = flatScalars
        let start = scalarStart
        if s + 1 < f.count {
            exactPairs.each(f[s], f[s + 1]) { pi in
                let (p0, count) = (start[pi], start[pi + 1] - start[pi])
                guard s + count <= f.count else { return }
                var k = 2
                while k < count, f[s + k] == flat[p0 + k] { k += 1 }
                if k == count { body(pi, s..<s + count) }
            }
        }
        singles.each(f[s]) { pi in body(pi, s..<s + 1) }
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
        let flat = flatSkeleton
        let start = skeletonStart
        for s in sk.indices where s + 1 < sk.count {
            func visit(_ pi: Int) {
                // The skeletons must agree (one space inside a word aside) before the spellings are compared.
                let (p0, count) = (start[pi], start[pi + 1] - start[pi])
                guard s + count <= sk.count else { return }
                var k = 0
                var j = s
                var skipped = false
                while k < count, j < sk.count {
                    if sk[j] != flat[p0 + k] {
                        guard !skipped, k > 0, sk[j] == " ", flat[p0 + k] != " ", !shortFlags[pi] else { return }
                        skipped = true
                        j += 1
                        continue
                    }
                    k += 1
                    j += 1
                }
                guard k == count else { return }
                let p = phrases[pi]
                k = 0
                j = s  // the line's symbol compared with the phrase's k-th
                var differ = 0
                while k < p.skeleton.count, j < sk.count {
                    if sk[j] != p.skeleton[k] {
                        // A space inside a word ("Zahlbetr ag": letter-spaced print, OCR) is the one error.
                        guard !p.short, differ == 0, k > 0, sk[j] == " ", p.skeleton[k] != " " else { break }
                        differ = 1
                        j += 1
                        continue
                    }
                    let (readPiece, printedPiece) = (pieces[j], p.pieces[k])
                    let same =
                        readPiece.count == 1 && printedPiece.count == 1
                        ? f[readPiece.lowerBound] == p.scalars[printedPiece.lowerBound]
                        : f[readPiece].elementsEqual(p.scalars[printedPiece])
                    if !same {
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
            // A phrase's second symbol is the line's next one, or the one after a space inside a word.
            let first = Self.bucket(f, pieces[s])
            tolerantPairs.each(first, sk[s + 1], visit)
            if sk[s + 1] == " ", s + 2 < sk.count, sk[s + 2] != " " { tolerantPairs.each(first, sk[s + 2], visit) }
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
