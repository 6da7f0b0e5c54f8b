/// Character classes with an ASCII fast path: the same answers as `Character.isLetter`, `isNumber`,
/// `isWhitespace`, `isUppercase` and `isLowercase`, but a one-byte character is decided from its byte instead of the
/// Unicode property tables (those lookups were a tenth of pp-extract's instructions on text layers).
extension Character {
    /// The character's one byte when it is a single ASCII scalar ("\r\n" is two scalars: nil).
    @inline(__always) public var singleByte: UInt8? {
        let u = utf8
        return u.count == 1 ? u.first : nil
    }

    @inline(__always) public var fastIsLetter: Bool {
        if let b = singleByte { return (b | 0x20) &- 97 < 26 }
        return isLetter
    }

    @inline(__always) public var fastIsNumber: Bool {
        if let b = singleByte { return b &- 48 < 10 }
        return isNumber
    }

    /// `isWhitespace`: tab, line feed, vertical tab, form feed, carriage return and space among ASCII.
    @inline(__always) public var fastIsWhitespace: Bool {
        if let b = singleByte { return b == 0x20 || b &- 0x09 < 5 }
        return isWhitespace
    }

    /// An ASCII digit (what `isASCII && isNumber` says).
    @inline(__always) public var isASCIIDigit: Bool {
        if let b = singleByte { return b &- 48 < 10 }
        return false
    }

    @inline(__always) public var fastIsUppercase: Bool {
        if let b = singleByte { return b &- 65 < 26 }
        return isUppercase
    }

    @inline(__always) public var fastIsLowercase: Bool {
        if let b = singleByte { return b &- 97 < 26 }
        return isLowercase
    }

    /// Equality that tells two different ASCII characters apart without a string comparison.
    @inline(__always) public func fastEquals(_ other: Character) -> Bool {
        if let a = singleByte, let b = other.singleByte { return a == b }
        return self == other
    }
}

extension Unicode.Scalar {
    /// `properties.isAlphabetic`, with ASCII decided from the value (the property lookup costs about 300
    /// instructions a scalar).
    @inline(__always) public var fastIsAlphabetic: Bool {
        if value < 128 { return (value | 0x20) &- 97 < 26 }
        return properties.isAlphabetic
    }
}

extension Array where Element == Character {
    /// Calls `body` with each longest run of characters that `belongs` takes, as a string: the words of a line's
    /// characters without joining them into one string and splitting it again.
    @inlinable public func forEachRun(where belongs: (Character) -> Bool, _ body: (String) -> Void) {
        var run = ""
        for ch in self {
            if belongs(ch) {
                run.append(ch)
                continue
            }
            if !run.isEmpty { body(run) }
            run = ""
        }
        if !run.isEmpty { body(run) }
    }
}
