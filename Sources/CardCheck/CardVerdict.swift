import PPShared

/// The verdict on one card (number, expiry, security code): what pp-cardcheck adds to a card record.
/// `CardChecker.write(_:kept:to:)` is its one rendering, whichever way the record was read.
struct CardVerdict {
    var number: NumberVerdict
    /// nil when the record has no expiry.
    var expiry: ExpiryVerdict?
    /// nil when the record has no security code.
    var cvc: CVCVerdict?
    /// The security code as given; written only with --reveal.
    var cvcValue: String?
    /// The "errors" members, in key order.
    var cvcError: String?
    var expiryError: String?
    var numberError: String?
    var status: Status

    enum Status { case valid, incomplete, invalid }

    var outcome: CardOutcome { status == .valid ? .valid : .notValid }
}

extension CardChecker {
    /// Decides on a card: `expiry` and `cvc` as the record gives them, nil when it has none.
    func verdict(number: String, expiry: JSON?, cvc: JSON?) -> CardVerdict {
        // Built whole at the end: the verdict carries the brand, and copying it costs a dozen retains.
        let numberVerdict = checkNumber(number)
        var complete = true
        var invalid = false
        /// A part's error, if any; an incomplete part leaves the card incomplete, any other error invalid.
        func error(_ reason: String, valid: Bool) -> String? {
            guard !valid else { return nil }
            if reason == "incomplete" { complete = false } else { invalid = true }
            return reason
        }
        /// With --require-complete, an absent part the brand needs (any part, brand unknown) is missing.
        func absent(needed: Bool?, given: Bool) -> String? {
            guard !given, requireComplete, needed ?? true else { return nil }
            complete = false
            return "missing"
        }

        if numberVerdict.problem != nil {
            if numberVerdict.potentiallyValid { complete = false } else { invalid = true }
        }
        // A part given is judged (its error or nil); only a part not given can be missing.
        var expiryVerdict: ExpiryVerdict?
        var expiryError = absent(needed: numberVerdict.brand?.requiresExpiry, given: expiry != nil)
        if let expiry, case let e = checkExpiry(expiry) {
            (expiryVerdict, expiryError) = (e, error(e.reason, valid: e.valid))
        }
        var cvcVerdict: CVCVerdict?
        var cvcError = absent(needed: numberVerdict.brand?.requiresCVC, given: cvc != nil)
        if let cvc,
            case let c = cvc.stringValue.map({ SecurityCode.check($0, brand: numberVerdict.brand) })
                ?? CVCVerdict(reason: "bad_characters")
        {
            (cvcVerdict, cvcError) = (c, error(c.reason, valid: c.valid))
        }
        return CardVerdict(
            number: numberVerdict, expiry: expiryVerdict, cvc: cvcVerdict, cvcValue: reveal ? cvc?.stringValue : nil,
            cvcError: cvcError, expiryError: expiryError, numberError: numberVerdict.problem,
            status: invalid ? .invalid : (complete ? .valid : .incomplete))
    }

    /// Writes a card record: the `kept` members and the verdict's, in key order (RFC 8259 bytes, as every
    /// record is written); where a kept member has a key the verdict writes, the verdict's wins.
    func write(_ v: CardVerdict, kept: KeptMembers, to w: inout JSONByteWriter) {
        kept.withBytes { writeMerged(v, kept.members, $0, to: &w) }
    }

    private func writeMerged(
        _ v: CardVerdict, _ kept: [KeptMembers.Member], _ b: UnsafeBufferPointer<UInt8>, to w: inout JSONByteWriter
    ) {
        w.byte(UInt8(ascii: "{"))
        var next = 0
        for slot in VerdictMember.allCases where isWritten(slot, v) {
            let key = slot.key
            let keyBytes = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
            while next < kept.count {
                let m = kept[next]
                let order = KeptMembers.compare(UnsafeBufferPointer(rebasing: b[m.keyStart..<m.keyEnd]), keyBytes)
                if order > 0 { break }
                if order < 0 { Self.writeMember(m, b, to: &w) }  // an equal key gives way to the verdict's
                next += 1
            }
            if w.lastByte != UInt8(ascii: "{") { w.byte(UInt8(ascii: ",")) }
            w.byte(UInt8(ascii: "\""))
            w.literal(key)
            w.literal("\":")
            writeValue(slot, v, to: &w)
        }
        while next < kept.count {
            Self.writeMember(kept[next], b, to: &w)
            next += 1
        }
        w.byte(UInt8(ascii: "}"))
    }

    /// A kept member, after a comma unless it opens the object.
    private static func writeMember(_ m: KeptMembers.Member, _ b: UnsafeBufferPointer<UInt8>, to w: inout JSONByteWriter) {
        if w.lastByte != UInt8(ascii: "{") { w.byte(UInt8(ascii: ",")) }
        w.string(bytes: UnsafeBufferPointer(rebasing: b[m.keyStart..<m.keyEnd]))
        w.byte(UInt8(ascii: ":"))
        w.bytes(UnsafeBufferPointer(rebasing: b[m.valueStart..<m.valueEnd]))
    }

    /// The members a verdict adds, in key order.
    enum VerdictMember: CaseIterable {
        case assets, card, cvc, cvcValue, errors, expiry, kind, number, status

        var key: StaticString {
            switch self {
            case .assets: "assets"
            case .card: "card"
            case .cvc: "cvc"
            case .cvcValue: "cvc_value"
            case .errors: "errors"
            case .expiry: "expiry"
            case .kind: "kind"
            case .number: "number"
            case .status: "status"
            }
        }
    }

    private func isWritten(_ slot: VerdictMember, _ v: CardVerdict) -> Bool {
        switch slot {
        case .assets: assetsVersion != nil
        case .cvc: v.cvc != nil
        case .cvcValue: v.cvcValue != nil
        case .expiry: v.expiry != nil
        case .number: reveal
        case .card, .errors, .kind, .status: true
        }
    }

    private func writeValue(_ slot: VerdictMember, _ v: CardVerdict, to w: inout JSONByteWriter) {
        switch slot {
        case .assets: Self.writeInt(assetsVersion ?? 0, to: &w)
        case .card: writeCard(v.number, to: &w)
        case .cvc:
            w.literal("{\"reason\":")
            w.string(v.cvc?.reason ?? "")
            w.literal(v.cvc?.valid == true ? ",\"valid\":true}" : ",\"valid\":false}")
        case .cvcValue: w.string(v.cvcValue ?? "")
        case .errors:
            var first = true
            func error(_ key: StaticString, _ reason: String?) {
                guard let reason else { return }
                w.literal(first ? "{\"" : ",\"")
                first = false
                w.literal(key)
                w.literal("\":")
                w.string(reason)
            }
            error("cvc", v.cvcError)
            error("expiry", v.expiryError)
            error("number", v.numberError)
            w.literal(first ? "{}" : "}")
        case .expiry:
            guard let e = v.expiry else { return }
            w.literal("{\"month\":")
            Self.writeInt(e.month, to: &w)
            w.literal(",\"reason\":")
            w.string(e.reason)
            w.literal(e.valid ? ",\"valid\":true,\"year\":" : ",\"valid\":false,\"year\":")
            Self.writeInt(e.year, to: &w)
            w.byte(UInt8(ascii: "}"))
        case .kind: w.literal("\"card\"")
        case .number: v.number.digits.withUnsafeBufferPointer { w.string(bytes: $0) }
        case .status:
            switch v.status {
            case .valid: w.literal("\"valid\"")
            case .incomplete: w.literal("\"incomplete\"")
            case .invalid: w.literal("\"invalid\"")
            }
        }
    }

    /// The card object: brand, last four digits, length, Luhn result, masked number, validity.
    func writeCard(_ v: NumberVerdict, to w: inout JSONByteWriter) {
        w.literal("{\"brand\":")
        if let id = v.brand?.id { w.string(id) } else { w.literal("null") }
        if includeFormatted {
            // Unknown brand (or not yet known while typing): groups of four.
            w.literal(",\"formatted\":")
            if v.problem == "bad_characters" {
                w.literal("null")
            } else {
                w.string(CardMask.formatted(v.digits, gaps: v.brand?.gaps ?? [4, 8, 12]))
            }
        }
        let shown = v.digits.count >= CardMask.minimumLength
        w.literal(",\"last4\":")
        v.digits.withUnsafeBufferPointer { digits in
            if shown { w.string(bytes: UnsafeBufferPointer(rebasing: digits.suffix(4))) } else { w.literal("null") }
            w.literal(",\"length\":")
            Self.writeInt(digits.count, to: &w)
            w.literal(",\"luhn\":")
            switch v.luhn {
            case true?: w.literal("true")
            case false?: w.literal("false")
            case nil: w.literal("null")
            }
            w.literal(",\"masked\":")
            if shown {
                w.byte(UInt8(ascii: "\""))
                for i in digits.indices { w.byte(i >= 6 && i < digits.count - 4 ? UInt8(ascii: "*") : digits[i]) }
                w.byte(UInt8(ascii: "\""))
            } else {
                w.literal("null")
            }
        }
        w.literal(v.potentiallyValid ? ",\"potentially_valid\":true" : ",\"potentially_valid\":false")
        w.literal(v.valid ? ",\"valid\":true}" : ",\"valid\":false}")
    }

    private static func writeInt(_ value: Int?, to w: inout JSONByteWriter) {
        if let value { w.integer(value) } else { w.literal("null") }
    }

    /// A rendering read back as a JSON value, for callers that want the tree (tests, payment-info records).
    static func parsed(_ render: (inout JSONByteWriter) -> Void) -> JSON {
        var w = JSONByteWriter()
        defer { w.free() }
        render(&w)
        return w.withBytes { (try? JSON.parse($0)) ?? .null }
    }
}
