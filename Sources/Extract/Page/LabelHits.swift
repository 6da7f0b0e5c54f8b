import Lexicons

/// A label found on a page: which category, where.
struct LabelHit {
    let category: LabelCategory
    let line: Int
    let range: Range<Int>
    let box: Box
    let page: Int
}

/// Finding the profile's label phrases on lines of text.
extension LabelMatcher {
    static func isWordScalar(_ u: Unicode.Scalar) -> Bool {
        let v = u.value
        if v < 128 { return (v >= 48 && v <= 57) || (v >= 65 && v <= 90) || (v >= 97 && v <= 122) }
        return u.properties.isAlphabetic || u.properties.numericType != nil
    }

    /// Every label phrase on the lines: per line the longest where labels overlap.
    func hits(in lines: [TextLine]) -> [LabelHit] {
        var hits: [LabelHit] = []
        let matcher = self
        for (li, line) in lines.enumerated() {
            let f = line.foldedScalars
            var found: [LabelMatcher.Match] = []
            var tolerant = false
            func accept(_ pi: Int, _ r: Range<Int>) {
                let p = matcher.phrases[pi].scalars
                let (s, e) = (r.lowerBound, r.upperBound)
                // "daysYour account": glued words still start a label at a lower-to-upper case change.
                let startOK =
                    s == 0 || !Self.isWordScalar(f[s - 1]) || !Self.isWordScalar(p[0]) || matcher.phrases[pi].compoundHead
                    || (line.chars[line.foldMap[s]].fastIsUppercase && line.foldMap[s] > 0
                        && line.chars[line.foldMap[s] - 1].fastIsLowercase)
                // Text layers glue neighbouring captions ("šifra plaćanjavaluta"): a label may end where another begins.
                let endOK =
                    matcher.phrases[pi].prefix || e == f.count || !Self.isWordScalar(f[e]) || !Self.isWordScalar(p[p.count - 1])
                    || (p.count >= 6 && matcher.anyLongPhraseStarts(f, at: e))
                    || (p.count >= 5 && f[e].properties.numericType != nil && p[p.count - 1].properties.isAlphabetic)
                if startOK, endOK { found.append(LabelMatcher.Match(phrase: pi, range: r, tolerant: tolerant)) }
            }
            for s in f.indices { matcher.exact(f, at: s, accept) }
            if matcher.hasTolerant {
                let (sk, pieces) = LabelMatcher.skeleton(f)
                tolerant = true
                matcher.tolerant(f, skeleton: sk, pieces: pieces, accept)
            }
            // Phrase order first (as the profile lists them), then longest label wins where labels overlap
            // ("inkl. MwSt" over "MwSt"); an exact spelling beats an OCR-tolerant one of the same length.
            found.sort { ($0.phrase, $0.range.lowerBound) < ($1.phrase, $1.range.lowerBound) }
            var lineHits: [(LabelCategory, Range<Int>, Int)] = found.map { m in
                let r = line.foldMap[m.range.lowerBound]..<line.foldMap[m.range.upperBound - 1] + 1
                return (matcher.phrases[m.phrase].category, r, m.tolerant ? 0 : 1)
            }
            lineHits.sort { ($0.1.count, $0.2, $1.0) > ($1.1.count, $1.2, $0.0) }
            var kept: [(LabelCategory, Range<Int>, Int)] = []
            for h in lineHits where !kept.contains(where: { $0.1.overlaps(h.1) }) { kept.append(h) }
            for (c, r, _) in kept {
                hits.append(LabelHit(category: c, line: li, range: r, box: line.box(of: r), page: line.page))
            }
        }
        return hits
    }

}
