/// Flate (zlib, RFC 1950/1951) streams of huge repeated content, made without holding the content: the
/// pattern once as literals, then copies of 258 bytes at the pattern's distance, in fixed Huffman codes.
/// Flated twice (the first stream is periodic too), a few hundred megabytes of drawing operators fit in a
/// few kilobytes: the test PDFs of pp-ingest's page content bound.
enum FlateFixture {
    /// A zlib stream that inflates to `pattern` repeated `count` times.
    static func repeating(_ pattern: [UInt8], count: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.header()
        for byte in pattern { bits.literal(byte) }
        let fullCopy = BitWriter.copyBits(length: 258, distance: pattern.count)  // the same bits millions of times
        var left = pattern.count * (count - 1)
        while left > 0 {
            var length = min(left, 258)
            if (1..<3).contains(left - length) { length -= 3 }  // leave at least three for the last copy
            let copy = length == 258 ? fullCopy : BitWriter.copyBits(length: length, distance: pattern.count)
            bits.put(copy.value, copy.width)
            left -= length
        }
        return bits.finish(adler: Adler(pattern).repeated(count))
    }

    /// A zlib stream of `bytes`, each run that repeats the bytes `distance` before it as copies.
    static func compress(_ bytes: [UInt8], distance: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.header()
        var i = 0
        while i < bytes.count {
            var length = 0
            while i >= distance, length < 258, i + length < bytes.count, bytes[i + length] == bytes[i + length - distance] {
                length += 1
            }
            if length >= 3 {
                bits.copy(length: length, distance: distance)
                i += length
            } else {
                bits.literal(bytes[i])
                i += 1
            }
        }
        return bits.finish(adler: Adler(bytes))
    }

    /// `pattern` repeated `count` times, flated twice: the inner stream repeats every `bitsPerCopy` bytes
    /// (eight copies of that many bits each), which the outer one copies in turn.
    static func twice(_ pattern: [UInt8], count: Int) -> [UInt8] {
        let inner = repeating(pattern, count: count)
        return compress(inner, distance: BitWriter.bitsPerCopy(distance: pattern.count))
    }
}

/// A deflate bit stream in fixed Huffman codes (RFC 1951 3.2.6), inside a zlib frame.
private struct BitWriter {
    var bytes: [UInt8] = []
    var pending: UInt64 = 0
    var count = 0

    static let lengthBases = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBases = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
        8193, 12289, 16385, 24577,
    ]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    /// The bits of one copy of 258 bytes at `distance` (length code 285, five-bit distance code, extra bits).
    static func bitsPerCopy(distance: Int) -> Int {
        8 + 5 + distanceExtra[distanceBases.lastIndex { $0 <= distance }!]
    }

    /// Bits in stream order (least significant first).
    mutating func put(_ value: Int, _ width: Int) {
        pending |= UInt64(value) << UInt64(count)
        count += width
        while count >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: pending))
            pending >>= 8
            count -= 8
        }
    }

    /// A Huffman code as stream bits: most significant bit first, so reversed.
    static func codeBits(_ value: Int, _ width: Int) -> Int {
        (0..<width).reduce(0) { bits, i in bits | ((value >> (width - 1 - i)) & 1) << i }
    }

    /// A literal/length symbol in the fixed code, as stream bits and their number.
    static func symbolBits(_ s: Int) -> (value: Int, width: Int) {
        switch s {
        case 0...143: (codeBits(0x30 + s, 8), 8)
        case 144...255: (codeBits(0x190 + s - 144, 9), 9)
        case 256...279: (codeBits(s - 256, 7), 7)
        default: (codeBits(0xC0 + s - 280, 8), 8)
        }
    }

    /// One copy (length code, its extra bits, distance code, its extra bits) as stream bits.
    static func copyBits(length: Int, distance: Int) -> (value: Int, width: Int) {
        let l = lengthBases.lastIndex { $0 <= length }!
        let d = distanceBases.lastIndex { $0 <= distance }!
        let parts = [
            symbolBits(257 + l), (length - lengthBases[l], lengthExtra[l]), (codeBits(d, 5), 5),
            (distance - distanceBases[d], distanceExtra[d]),
        ]
        return parts.reduce((0, 0)) { sum, part in (sum.0 | part.0 << sum.1, sum.1 + part.1) }
    }

    mutating func symbol(_ s: Int) {
        let bits = Self.symbolBits(s)
        put(bits.value, bits.width)
    }

    mutating func header() {
        bytes = [0x78, 0x01]  // deflate, 32 KiB window, no dictionary: (0x78 * 256 + 0x01) % 31 == 0
        put(1, 1)  // the last block
        put(1, 2)  // fixed Huffman codes
    }

    mutating func literal(_ byte: UInt8) { symbol(Int(byte)) }

    mutating func copy(length: Int, distance: Int) {
        let bits = Self.copyBits(length: length, distance: distance)
        put(bits.value, bits.width)
    }

    mutating func finish(adler: Adler) -> [UInt8] {
        symbol(256)
        if count > 0 { put(0, 8 - count) }
        let value = adler.value
        return bytes + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }
}

/// Adler-32 (RFC 1950) as sums that join: the checksum of a block repeated a billion times in 30 steps.
private struct Adler {
    static let modulus: UInt64 = 65521
    var a: UInt64 = 1
    var b: UInt64 = 0
    var length = 0

    init(_ bytes: [UInt8]) {
        for byte in bytes {
            a = (a + UInt64(byte)) % Self.modulus
            b = (b + a) % Self.modulus
        }
        length = bytes.count
    }

    private init(a: UInt64, b: UInt64, length: Int) {
        (self.a, self.b, self.length) = (a, b, length)
    }

    /// The checksum of this block followed by `next`: the later sums start from this block's.
    func then(_ next: Adler) -> Adler {
        let m = Self.modulus
        let carried = (a + m - 1) % m
        return Adler(
            a: (a + next.a + m - 1) % m, b: (b + next.b + UInt64(next.length) % m * carried) % m, length: length + next.length)
    }

    /// The checksum of this block `times` times over, by doubling.
    func repeated(_ times: Int) -> Adler {
        var result = Adler([])
        var power = self
        var k = times
        while k > 0 {
            if k & 1 == 1 { result = result.then(power) }
            power = power.then(power)
            k >>= 1
        }
        return result
    }

    var value: UInt32 { UInt32(b << 16 | a) }
}
