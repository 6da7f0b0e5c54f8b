@testable import CardCheck
@testable import PPShared

/// A small seeded generator (SplitMix64), so every run sees the same records.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// One generated input line and the secrets it carries: the full card number's digits and the
/// security codes under a security-code name (all as ASCII digits).
struct LeakCase {
    var line: String
    var pan: String
    var cvcs: [String]
}

/// Generates records that hide card numbers and security codes in every shape pp-cardcheck may meet.
struct LeakGenerator {
    var random: SeededRandom

    /// Zero digits of scripts whose ten digits follow each other: ASCII, full-width, Arabic-Indic,
    /// extended Arabic-Indic, Devanagari, Bengali, Thai, Myanmar, mathematical bold and monospace.
    static let zeros: [UInt32] = [0x30, 0xFF10, 0x660, 0x6F0, 0x966, 0x9E6, 0xE50, 0x1040, 0x1D7CE, 0x1D7F6]
    static let separators = [" ", ".", "-", "/", "_", "\u{A0}", "\u{2009}", "\u{3000}", "", "  ", " - ", "\t"]
    static let codeNames = [
        "cvc", "cvv", "CVV", "cvv2", "CVC2", "cid", "CID", "csc", "security_code", "securityCode", "SecurityCode",
        "card_code", "cardCode", "billing_cvv", "Card-CVC", "cvn",
    ]
    static let prefixes = ["4", "51", "55", "2221", "34", "37", "36", "6011", "65", "62", "35", "9792", "8", "1", "0"]

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(random.next() % UInt64(range.upperBound - range.lowerBound + 1))
    }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }

    /// A 13–19 digit number; a valid Luhn check digit most of the time.
    mutating func pan() -> String {
        var digits = Array(pick(Self.prefixes).utf8)
        let length = int(13...19)
        while digits.count < length - 1 { digits.append(UInt8(48 + int(0...9))) }
        if int(0...3) == 0 {
            digits.append(UInt8(48 + int(0...9)))
            return String(decoding: digits, as: UTF8.self)
        }
        for check in 0...9 where CardNumber.luhn(digits + [UInt8(48 + check)]) {
            return String(decoding: digits + [UInt8(48 + check)], as: UTF8.self)
        }
        return String(decoding: digits + [48], as: UTF8.self)
    }

    /// The digits in another script (one script, or mixed digit by digit).
    mutating func script(_ digits: String) -> String {
        let mixed = int(0...5) == 0
        var zero = pick(Self.zeros)
        if int(0...2) == 0 { zero = 0x30 }
        var out = String.UnicodeScalarView()
        for scalar in digits.unicodeScalars {
            guard scalar.value >= 0x30, scalar.value <= 0x39 else {
                out.append(scalar)
                continue
            }
            if mixed { zero = pick(Self.zeros) }
            out.append(Unicode.Scalar(zero + scalar.value - 0x30)!)
        }
        return String(out)
    }

    /// The number written as a person or a form might: grouped, with separators, in any script.
    mutating func shaped(_ pan: String) -> String {
        let separator = pick(Self.separators)
        let group = pick([4, 4, 4, 3, 5, 6, 2, 1])
        var out = ""
        for (i, ch) in pan.enumerated() {
            if i > 0, i % group == 0 { out += int(0...9) == 0 ? pick(Self.separators) : separator }
            out.append(ch)
        }
        return script(out)
    }

    /// A security code that cannot be mistaken for digits the output legitimately carries
    /// (the masked number, lengths, line numbers, years).
    mutating func cvc(for pan: String, digits: Int? = nil) -> String {
        while true {
            let n = digits ?? int(3...4)
            let value = n == 3 ? int(300...999) : int(1000...9999)
            let text = String(value)
            if !pan.contains(text), !(2000...2099).contains(value) { return text }
        }
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A code as a JSON value: a string in any script, or a JSON number.
    mutating func codeValue(_ code: String) -> String {
        int(0...3) == 0 ? code : Self.quoted(script(code))
    }

    /// One JSON Lines record (or a broken line) hiding `pan` and some codes.
    mutating func record() -> LeakCase {
        let pan = pan()
        var cvcs: [String] = []
        var members: [String] = []
        func q(_ s: String) -> String { Self.quoted(s) }
        let shape = int(0...9)
        switch shape {
        case 0, 1:  // a card record, the number shaped, maybe a second copy elsewhere
            members.append("\"number\":\(q(shaped(pan)))")
            members.append("\"expiry\":\"12/30\"")
        case 2:  // a payment-info record
            let code = cvc(for: pan)
            cvcs.append(code)
            var info = ["\"billingCardNumber\":\(q(shaped(pan)))", "\"billingCVV\":\(codeValue(code))"]
            if int(0...1) == 0 { info.append("\"billingCardHolderName\":\"A B\",\"memo\":\(q("ref " + shaped(pan)))") }
            members.append("\"type\":\(q(pick(["CREDIT_CARD", "DEBIT"])))")
            members.append("\"userInfo\":{\(info.joined(separator: ","))}")
            members.append("\"approved\":\(pick(["true", "false"]))")
        case 3:  // an upstream error record carrying the number and a code
            let code = cvc(for: pan)
            cvcs.append(code)
            members.append("\"state\":\"error\",\"kind\":\"page\"")
            members.append(
                "\"error\":{\"tool\":\"pp-ingest\",\"code\":\"x\",\"message\":\(q("card " + shaped(pan) + " refused")),"
                    + "\"details\":{\(q(pick(Self.codeNames))):\(codeValue(code))}}")
        case 4:  // the number as a key
            members.append("\(q(pick(["", "card ", "n_"]) + shaped(pan))):\(pick(["1", "true", "\"x\""]))")
            members.append("\"number\":\"42\"")
        case 5:  // nested in objects and arrays
            members.append("\"meta\":{\"items\":[1,{\"note\":\(q("pay with " + shaped(pan)))}],\"k\":null}")
        case 6:  // a JSON number
            members.append("\"\(pick(["id", "numbr", "pan"]))\":\(pan)")
        case 7:  // a broken line
            let code = cvc(for: pan, digits: 4)
            return LeakCase(line: "{\"number\":\(q(shaped(pan))),\"cvc\":\"\(code)\"", pan: pan, cvcs: [code])
        case 8:  // not JSON at all
            return LeakCase(line: "card " + shaped(pan) + " code " + cvc(for: pan, digits: 4), pan: pan, cvcs: [])
        default:  // a pass-through note
            members.append("\"number\":\(q(pan))")
            members.append("\"customer_note\":\(q("old card " + shaped(pan)))")
        }
        // Security codes under any usual name, at the top or nested.
        for _ in 0..<int(0...2) {
            let code = cvc(for: pan)
            cvcs.append(code)
            let name = pick(Self.codeNames)
            members.append(
                int(0...1) == 0 ? "\(q(name)):\(codeValue(code))" : "\"payment\":{\"x\":[{\(q(name)):\(codeValue(code))}]}")
        }
        // Later keys win in our reader; give each name once by numbering duplicates away.
        var seen = Set<String>()
        members = members.enumerated().map { i, m in
            let key = String(m.prefix { $0 != ":" })
            if seen.insert(key).inserted { return m }
            return "\"dup\(i)\":{" + m + "}"
        }
        return LeakCase(line: "{" + members.joined(separator: ",") + "}", pan: pan, cvcs: cvcs)
    }
}

/// How secrets are looked for in output: digits of any script as ASCII.
enum LeakScan {
    /// The digits of every quoted or unquoted piece of a line, one string per piece (a `"` ends a piece).
    static func digitPieces(_ line: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        for scalar in line.unicodeScalars {
            if scalar == "\"" {
                if !current.isEmpty { pieces.append(current) }
                current = ""
            } else if let d = Redaction.digitValue(scalar) {
                current.append(Character(String(d)))
            }
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }

    /// Maximal runs of digits (any script) with nothing between them.
    static func digitRuns(_ line: String) -> [String] {
        var runs: [String] = []
        var current = ""
        for scalar in line.unicodeScalars {
            if let d = Redaction.digitValue(scalar) {
                current.append(Character(String(d)))
            } else if !current.isEmpty {
                runs.append(current)
                current = ""
            }
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    /// Whether an output line shows the case's full number or one of its security codes.
    static func leaks(_ output: String, _ secret: LeakCase) -> Bool {
        if output.utf8.allSatisfy({ $0 < 0x80 }) { return asciiLeaks(Array(output.utf8), secret) }
        if digitPieces(output).contains(where: { $0.contains(secret.pan) }) { return true }
        let runs = Set(digitRuns(output))
        return secret.cvcs.contains { runs.contains($0) }
    }

    /// The same scan on ASCII text, byte by byte (the common case, kept fast).
    static func asciiLeaks(_ bytes: [UInt8], _ secret: LeakCase) -> Bool {
        let pan = Array(secret.pan.utf8)
        let codes = secret.cvcs.map { Array($0.utf8) }
        var piece: [UInt8] = []
        var run: [UInt8] = []
        for byte in bytes + [0x22] {
            let digit = byte >= 0x30 && byte <= 0x39
            if digit {
                piece.append(byte)
                run.append(byte)
                continue
            }
            if !run.isEmpty, codes.contains(run) { return true }
            run.removeAll(keepingCapacity: true)
            if byte == 0x22 {
                if piece.count >= pan.count, contains(piece, pan) { return true }
                piece.removeAll(keepingCapacity: true)
            }
        }
        return false
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start..<start + needle.count].elementsEqual(needle) {
            return true
        }
        return false
    }
}
