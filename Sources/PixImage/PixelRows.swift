import CLeptonica

// Leptonica keeps each row in 32-bit words (`wpl` of them, the row padded to a whole word), with the
// first pixel or byte in the word's high end: a 32-bit pixel is red, green, blue, alpha from the top
// byte down; byte k of a 1- or 8-bit row is byte 3 - k % 4 of word k / 4 in memory order.

extension PixImage {
    /// Whether a 32-bit image is grey all over (red = green = blue in every pixel); false for other depths.
    public var isNeutralGray: Bool {
        var neutral = depth == 32
        visitRGBA { red, green, blue, _ in
            neutral = red == green && green == blue
            return neutral
        }
        return neutral
    }

    /// The samples row after row with no padding: a 1- or 8-bit image's bytes as stored (1 = black
    /// for 1-bit), a 32-bit image as red, green, blue bytes, composited over white paper when it
    /// carries alpha. nil for other depths or when there are no pixels.
    public func packedSamples() -> [UInt8]? {
        let (w, h, bits) = (width, height, depth)
        guard w > 0, h > 0, let data = lept.pixGetData(pix) else { return nil }
        var samples: [UInt8] = []
        switch bits {
        case 32:
            let hasAlpha = samplesPerPixel == 4
            samples.reserveCapacity(w * h * 3)
            visitRGBA { red, green, blue, alpha in
                // Composite over white: channel · alpha + white · (1 - alpha), rounded.
                func shown(_ channel: UInt32) -> UInt8 {
                    UInt8(truncatingIfNeeded: hasAlpha ? (channel * alpha + 255 * (255 - alpha) + 127) / 255 : channel)
                }
                samples.append(shown(red))
                samples.append(shown(green))
                samples.append(shown(blue))
                return true
            }
        case 1, 8:
            let rowBytes = (w * bits + 7) / 8
            let rowStart = 4 * Int(lept.pixGetWpl(pix))
            let stored = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
            return [UInt8](unsafeUninitializedCapacity: rowBytes * h) { buffer, count in
                for y in 0..<h {
                    let row = stored + y * rowStart
                    let out = buffer.baseAddress! + y * rowBytes
                    #if _endian(little)
                        for k in 0..<rowBytes { out[k] = row[k ^ 3] }  // byte k sits at 3 - k % 4 of its word
                    #else
                        for k in 0..<rowBytes { out[k] = row[k] }
                    #endif
                }
                count = rowBytes * h
            }
        default:
            return nil
        }
        return samples
    }

    /// Calls `visit` with each pixel of a 32-bit image (red, green, blue, alpha, 0...255 each), row by
    /// row, until it returns false; does nothing for other depths.
    private func visitRGBA(_ visit: (UInt32, UInt32, UInt32, UInt32) -> Bool) {
        let (w, h) = (width, height)
        guard depth == 32, let data = lept.pixGetData(pix) else { return }
        let wpl = Int(lept.pixGetWpl(pix))
        for y in 0..<h {
            let row = data + y * wpl
            for x in 0..<w {
                let p = row[x]
                guard visit(p >> 24, (p >> 16) & 0xFF, (p >> 8) & 0xFF, p & 0xFF) else { return }
            }
        }
    }
}
