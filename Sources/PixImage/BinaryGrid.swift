// Morphology and connected regions on a small boolean grid (the paper finder's reduced photo), row
// after row. Square windows, done as two running counts (rows, then columns), so a radius costs no more
// than another.

enum BinaryGrid {
    /// Set where any pixel of the (2r+1)² window is set (`all` false), or every one is (`all` true);
    /// outside the grid counts as unset for the first and set for the second, so edges do not erode.
    static func window(_ mask: [Bool], _ w: Int, _ h: Int, radius r: Int, all: Bool) -> [Bool] {
        func pass(_ input: [Bool], along count: Int, lines: Int, index: (Int, Int) -> Int) -> [Bool] {
            var out = input
            var prefix = [Int](repeating: 0, count: count + 1)
            for line in 0..<lines {
                for i in 0..<count { prefix[i + 1] = prefix[i] + (input[index(line, i)] ? 1 : 0) }
                for i in 0..<count {
                    let (lo, hi) = (max(0, i - r), min(count - 1, i + r))
                    let set = prefix[hi + 1] - prefix[lo]
                    out[index(line, i)] = all ? set == hi - lo + 1 : set > 0
                }
            }
            return out
        }
        let rows = pass(mask, along: w, lines: h) { y, x in y * w + x }
        return pass(rows, along: h, lines: w) { x, y in y * w + x }
    }

    static func close(_ mask: [Bool], _ w: Int, _ h: Int, radius: Int) -> [Bool] {
        window(window(mask, w, h, radius: radius, all: false), w, h, radius: radius, all: true)
    }

    static func open(_ mask: [Bool], _ w: Int, _ h: Int, radius: Int) -> [Bool] {
        window(window(mask, w, h, radius: radius, all: true), w, h, radius: radius, all: false)
    }

    /// The largest 4-connected region of set pixels; nil when none is set.
    static func largestComponent(_ mask: [Bool], _ w: Int, _ h: Int) -> [Bool]? {
        var label = [Int32](repeating: 0, count: w * h)
        var (best, bestSize, next) = (Int32(0), 0, Int32(0))
        var stack: [Int] = []
        for start in 0..<(w * h) where mask[start] && label[start] == 0 {
            next += 1
            label[start] = next
            stack.append(start)
            var size = 0
            while let i = stack.popLast() {
                size += 1
                let (x, y) = (i % w, i / w)
                for n in [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1]
                where n >= 0 && mask[n] && label[n] == 0 {
                    label[n] = next
                    stack.append(n)
                }
            }
            if size > bestSize { (best, bestSize) = (next, size) }
        }
        guard best > 0 else { return nil }
        return label.map { $0 == best }
    }

    /// The region with every hole (unset pixels not reached from the border) set.
    static func fillHoles(_ region: [Bool], _ w: Int, _ h: Int) -> [Bool] {
        var outside = [Bool](repeating: false, count: w * h)
        var stack: [Int] = []
        func seed(_ i: Int) {
            if !region[i], !outside[i] {
                outside[i] = true
                stack.append(i)
            }
        }
        for x in 0..<w {
            seed(x)
            seed((h - 1) * w + x)
        }
        for y in 0..<h {
            seed(y * w)
            seed(y * w + w - 1)
        }
        while let i = stack.popLast() {
            let (x, y) = (i % w, i / w)
            if x > 0 { seed(i - 1) }
            if x < w - 1 { seed(i + 1) }
            if y > 0 { seed(i - w) }
            if y < h - 1 { seed(i + w) }
        }
        return outside.map { !$0 }
    }

    /// Each pixel the mean of the (2r+1)² window around it (the part inside the grid).
    static func boxMean(_ values: [SIMD3<Float>], _ w: Int, _ h: Int, radius r: Int) -> [SIMD3<Float>] {
        func pass(_ input: [SIMD3<Float>], along count: Int, lines: Int, index: (Int, Int) -> Int) -> [SIMD3<Float>] {
            var out = input
            var prefix = [SIMD3<Float>](repeating: .zero, count: count + 1)
            for line in 0..<lines {
                for i in 0..<count { prefix[i + 1] = prefix[i] + input[index(line, i)] }
                for i in 0..<count {
                    let (lo, hi) = (max(0, i - r), min(count - 1, i + r))
                    out[index(line, i)] = (prefix[hi + 1] - prefix[lo]) / Float(hi - lo + 1)
                }
            }
            return out
        }
        let rows = pass(values, along: w, lines: h) { y, x in y * w + x }
        return pass(rows, along: h, lines: w) { x, y in y * w + x }
    }
}
