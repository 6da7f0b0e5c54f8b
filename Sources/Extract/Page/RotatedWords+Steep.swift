import Foundation

/// Stamps printed at 45° or steeper: poppler turns each letter's box a quarter (its width is then the font's
/// height), so the letters no longer touch along one line the way `run(from:among:_:)` follows. Letters
/// close together whose centres lie on one slanted straight line are one word, read along that line.
extension RotatedWords {
    /// A piece's size whichever way its box was turned: its height, or its width per character.
    func steepSize(_ l: TextLine) -> Double { max(l.box.height, l.box.width / Double(max(1, l.chars.count))) }

    /// The words among `pieces`: groups of touching pieces of one size (two or more, `minLetters` letters), whose
    /// centres stray from their common line by at most `lineSpread` sizes and whose line is slanted, each in
    /// reading order (left to right along the line).
    func steepRuns(among pieces: [Int], _ lines: [TextLine]) -> [[Int]] {
        guard pieces.count >= 2 else { return [] }
        var group = Array(pieces.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while group[i] != i { i = group[i] }
            return i
        }
        for a in pieces.indices {
            for b in pieces.indices where b > a {
                let (la, lb) = (lines[pieces[a]], lines[pieces[b]])
                let (sa, sb) = (steepSize(la), steepSize(lb))
                guard la.page == lb.page, oneSize(la, lb, sa, sb),
                    gap(la.box, lb.box) <= spacing * max(sa, sb)
                else { continue }
                group[root(b)] = root(a)
            }
        }
        let groups = Dictionary(grouping: pieces.indices, by: root).values.map { $0.map { pieces[$0] } }
        return groups.compactMap { slantedLine($0, lines) }.sorted { $0[0] < $1[0] }
    }

    /// `members` in reading order when their centres lie on one slanted line, else nil.
    func slantedLine(_ members: [Int], _ lines: [TextLine]) -> [Int]? {
        guard members.count >= 2, letterCount(members, lines) >= Self.minLetters else { return nil }
        let centres = members.map { centre(lines[$0].box) }
        let n = Double(centres.count)
        let (mx, my) = (centres.map(\.0).reduce(0, +) / n, centres.map(\.1).reduce(0, +) / n)
        var (sxx, syy, sxy) = (0.0, 0.0, 0.0)
        for (x, y) in centres {
            sxx += (x - mx) * (x - mx)
            syy += (y - my) * (y - my)
            sxy += (x - mx) * (y - my)
        }
        let theta = atan2(2 * sxy, sxx - syy) / 2
        let fromHorizontal = abs(theta * 180 / .pi)
        guard Self.slant.contains(fromHorizontal) else { return nil }
        let (dx, dy) = (cos(theta), sin(theta))
        let sizes = members.map { steepSize(lines[$0]) }.sorted()
        let spread = lineSpread * sizes[sizes.count / 2]
        guard centres.allSatisfy({ abs(-($0.0 - mx) * dy + ($0.1 - my) * dx) <= spread }) else { return nil }
        // Along the line, left to right (dx >= 0, as theta lies within ±90°).
        let along = zip(members, centres).map { ($0, ($1.0 - mx) * dx + ($1.1 - my) * dy) }
        return along.sorted { $0.1 < $1.1 }.map(\.0)
    }
}
