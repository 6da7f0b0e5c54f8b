/// Hides anything that looks like a card number in free text meant for a person.
///
/// A run of 12 or more digits, possibly broken by spaces or dashes, becomes
/// "[redacted]". pp-cardcheck passes every diagnostic through it, so a number
/// typed where a file name or a date was expected never reaches stderr.
public func redactingCardNumbers(_ text: String) -> String {
    var digitCount = 0
    for byte in text.utf8 where byte >= 0x30 && byte <= 0x39 { digitCount += 1 }
    if digitCount < 12 { return text }  // the common case: nothing to hide, no copy
    let scalars = Array(text.unicodeScalars)
    var out = String.UnicodeScalarView()
    var i = 0
    while i < scalars.count {
        guard isDigit(scalars[i]) else {
            out.append(scalars[i])
            i += 1
            continue
        }
        // Extend over digits and single separators between digits.
        var j = i
        var digits = 0
        var end = i
        while j < scalars.count {
            if isDigit(scalars[j]) {
                digits += 1
                end = j + 1
                j += 1
            } else if scalars[j] == " " || scalars[j] == "-", j + 1 < scalars.count, isDigit(scalars[j + 1]) {
                j += 1
            } else {
                break
            }
        }
        if digits >= 12 {
            out.append(contentsOf: "[redacted]".unicodeScalars)
        } else {
            out.append(contentsOf: scalars[i..<end])
        }
        i = end
    }
    return String(out)
}

private func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 0x30 && s.value <= 0x39 }
