/// The phrase indices of `LabelMatcher`, bucketed so a line position visits only the phrases that can start there.
extension LabelMatcher {
    /// Phrase lists by ASCII first scalar: `items[start[v]..<start[v + 1]]` for scalar value v; other scalars by
    /// dictionary.
    struct Buckets {
        let start: [Int]
        let items: [Int]
        let other: [Unicode.Scalar: [Int]]

        init(_ byScalar: [Unicode.Scalar: [Int]]) {
            var start = [0]
            var items: [Int] = []
            for v in 0..<UInt8(128) {
                items += byScalar[Unicode.Scalar(v)] ?? []
                start.append(items.count)
            }
            self.start = start
            self.items = items
            other = byScalar.filter { $0.key.value >= 128 }
        }

        /// The phrase indices of a bucket, in order.
        @inline(__always) func each(_ u: Unicode.Scalar, _ body: (Int) -> Void) {
            if u.value < 128 {
                let v = Int(u.value)
                for i in start[v]..<start[v + 1] { body(items[i]) }
            } else {
                for pi in other[u] ?? [] { body(pi) }
            }
        }
    }

    /// Phrase lists by their first two symbols: a position visits the phrases that agree with its next two
    /// scalars (one-scalar buckets held a tenth of the phrases at every letter, and labels were a tenth of
    /// pp-extract's instructions). ASCII pairs index one flat list, other pairs a dictionary.
    struct PairBuckets {
        let start: [Int32]
        let items: [Int32]
        let other: [UInt64: [Int]]

        /// `keys`: each phrase's first two symbols, by phrase index; nil for a phrase outside these buckets.
        init(_ keys: [(Unicode.Scalar, Unicode.Scalar)?]) {
            var counts = [Int32](repeating: 0, count: 128 * 128 + 1)
            var other: [UInt64: [Int]] = [:]
            for key in keys {
                guard let (a, b) = key else { continue }
                if let k = Self.asciiKey(a, b) { counts[k + 1] += 1 }
            }
            for k in 1..<counts.count { counts[k] += counts[k - 1] }
            var fill = counts
            var items = [Int32](repeating: 0, count: Int(counts[counts.count - 1]))
            for (pi, key) in keys.enumerated() {
                guard let (a, b) = key else { continue }
                if let k = Self.asciiKey(a, b) {
                    items[Int(fill[k])] = Int32(pi)
                    fill[k] += 1
                } else {
                    other[Self.wideKey(a, b), default: []].append(pi)
                }
            }
            start = counts
            self.items = items
            self.other = other
        }

        @inline(__always) static func asciiKey(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Int? {
            a.value < 128 && b.value < 128 ? Int(a.value) << 7 | Int(b.value) : nil
        }

        @inline(__always) static func wideKey(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> UInt64 {
            UInt64(a.value) << 32 | UInt64(b.value)
        }

        /// The phrase indices of the pair's bucket, in order.
        @inline(__always) func each(_ a: Unicode.Scalar, _ b: Unicode.Scalar, _ body: (Int) -> Void) {
            if let k = Self.asciiKey(a, b) {
                for i in Int(start[k])..<Int(start[k + 1]) { body(Int(items[i])) }
            } else if !other.isEmpty {
                for pi in other[Self.wideKey(a, b)] ?? [] { body(pi) }
            }
        }
    }
}
