import PPShared

/// What pp-cardcheck decides for one input record, and how it counts for the exit status.
public enum CardOutcome: Sendable, Equatable {
    case valid
    /// Incomplete or invalid card, or a payment-info record that is not "ok".
    case notValid
    /// The record could not be read; it became an error record.
    case unreadable
    /// An earlier tool's error record, passed through (redacted, otherwise unchanged).
    case upstreamError
}

/// Turns card records and payment-info records into verdict records.
///
/// The full number and the CVC never reach the output unless `reveal` is set:
/// "number" and "cvc" are removed, the billing card number and CVV are replaced
/// by their verdicts, and messages name fields, never values.
public struct CardChecker: Sendable {
    public var brands: [CardBrand] { index.brands }
    let index: BrandIndex
    public var today: YearMonth
    public var maxYearsAhead: Int
    public var enforceUnionPayLuhn: Bool
    public var includeFormatted: Bool
    public var requireComplete: Bool
    public var reveal: Bool
    /// The version of the pp-assets set whose card types are in use; written into each card record.
    public var assetsVersion: Int?

    public static let tool = "pp-cardcheck"

    public init(
        brands: [CardBrand] = BrandTable.standard, today: YearMonth, maxYearsAhead: Int = 19,
        enforceUnionPayLuhn: Bool = false, includeFormatted: Bool = false, requireComplete: Bool = false,
        reveal: Bool = false
    ) {
        self.index = BrandIndex(brands)
        self.today = today
        self.maxYearsAhead = maxYearsAhead
        self.enforceUnionPayLuhn = enforceUnionPayLuhn
        self.includeFormatted = includeFormatted
        self.requireComplete = requireComplete
        self.reveal = reveal
    }

    // MARK: - Records

    /// Checks one input record: a card record ({"number", "expiry", "cvc"}) or a payment-info record.
    ///
    /// The values it checks are read from `original`; everything it writes starts from a copy in which
    /// every card-number-like key or value and every security code is redacted (`Redaction`), however
    /// deep, so a number under a key we do not know (a typo like "numbr") or in a key name cannot leak.
    public func check(record original: JSON) -> (JSON, CardOutcome) {
        if original.isErrorRecord { return (redacted(original), .upstreamError) }  // DESIGN.md: error records pass through
        if original["number"] == nil, original["userInfo"] != nil || original["type"] != nil {
            return checkPaymentInfo(original, into: redacted(original))
        }
        // "number" and "cvc" never reach the output as they came; dropping them before redacting spares
        // copying the record to mask them (renamed keys are "[redacted]…", so no other member changes).
        var record = redacted(.object(original.members?.removingValues(forKeys: Self.cardDataKeys) ?? JSONObject()))
        guard let numberValue = original["number"] else {
            record["kind"] = "card"
            return (
                record.markedAsError(ToolError(.record, code: "missing_number", "record has no \"number\""), tool: Self.tool),
                .unreadable
            )
        }
        guard let number = numberValue.stringValue else {
            let why =
                numberValue.doubleValue != nil
                ? "\"number\" is a JSON number; give it as a string, because 19-digit numbers lose digits as numbers"
                : "\"number\" must be a string"
            record["kind"] = "card"
            return (record.markedAsError(ToolError(.record, code: "number_not_string", why), tool: Self.tool), .unreadable)
        }
        return checkCard(number: number, expiry: original["expiry"], cvc: original["cvc"], into: record)
    }

    func redacted(_ record: JSON) -> JSON { reveal ? record : Redaction.redacting(record: record) }

    /// Checks a bare number (one line of --lines input).
    public func check(line text: String, lineNumber: Int) -> (JSON, CardOutcome) {
        checkCard(number: text, expiry: nil, cvc: nil, into: ["line": .int(lineNumber)])
    }

    func checkCard(number: String, expiry: JSON?, cvc: JSON?, into base: JSON) -> (JSON, CardOutcome) {
        // The verdict's members are collected, then merged into the record in one pass.
        var errors: [JSONObject.Element] = []
        var complete = true
        var invalid = false

        let verdict = checkNumber(number)
        if let problem = verdict.problem {
            errors.append(("number", .string(problem)))
            if verdict.potentiallyValid { complete = false } else { invalid = true }
        }

        var expiryMember: JSON?
        if let expiry {
            let e = checkExpiry(expiry)
            expiryMember = expiryObject(e)
            if !e.valid {
                errors.append(("expiry", .string(e.reason)))
                if e.reason == "incomplete" { complete = false } else { invalid = true }
            }
        } else if requireComplete, verdict.brand?.requiresExpiry ?? true {
            errors.append(("expiry", "missing"))
            complete = false
        }

        var cvcMember: JSON?
        if let cvc {
            let c = cvc.stringValue.map { SecurityCode.check($0, brand: verdict.brand) } ?? CVCVerdict(reason: "bad_characters")
            cvcMember = Self.cvcObject(c)
            if !c.valid {
                errors.append(("cvc", .string(c.reason)))
                if c.reason == "incomplete" { complete = false } else { invalid = true }
            }
        } else if requireComplete, verdict.brand?.requiresCVC ?? true {
            errors.append(("cvc", "missing"))
            complete = false
        }

        let status = invalid ? "invalid" : (complete ? "valid" : "incomplete")
        let added = JSONObject(
            Self.verdictKeys,
            present: assetsVersion.map { .int($0) },
            cardObject(verdict),
            cvcMember,
            reveal ? cvc?.stringValue.map { .string($0) } : nil,
            .object(JSONObject(pairs: errors)),
            expiryMember,
            "card",
            reveal ? .string(CardMask.revealed(verdict.digits)) : nil,
            .string(status))
        let record = (base.members ?? JSONObject()).merging(added)
        return (.object(record), status == "valid" ? .valid : .notValid)
    }

    static let cardDataKeys = JSONKeys(["number", "cvc"])

    /// What a card verdict adds to the record, each when present.
    static let verdictKeys = JSONKeys(["assets", "card", "cvc", "cvc_value", "errors", "expiry", "kind", "number", "status"])

    func checkNumber(_ text: String) -> NumberVerdict {
        CardNumber.check(text, index: index, enforceLuhn: enforceUnionPayLuhn)
    }

    func checkExpiry(_ value: JSON) -> ExpiryVerdict {
        if let text = value.stringValue { return Expiry.check(text, today: today, maxYearsAhead: maxYearsAhead) }
        if value.members != nil {
            func text(_ v: JSON?) -> String? { v?.stringValue ?? (v?.intValue.map(String.init)) }
            guard let m = text(value["month"]), let y = text(value["year"]) else { return ExpiryVerdict(reason: "bad_format") }
            return Expiry.check(month: m, year: y, today: today, maxYearsAhead: maxYearsAhead)
        }
        return ExpiryVerdict(reason: "bad_format")
    }

    func cardObject(_ v: NumberVerdict) -> JSON {
        var card = JSONObject(
            Self.cardKeys, .string(v.brand?.id), .string(CardMask.last4(v.digits)), .int(v.digits.count),
            v.luhn.map { .bool($0) } ?? .null, .string(CardMask.masked(v.digits)), .bool(v.potentiallyValid),
            .bool(v.valid))
        if includeFormatted {
            // Unknown brand (or not yet known while typing): groups of four.
            let gaps = v.brand?.gaps ?? [4, 8, 12]
            card["formatted"] = v.problem == "bad_characters" ? .null : .string(CardMask.formatted(v.digits, gaps: gaps))
        }
        return .object(card)
    }

    /// The verdict object for a security code; a handful of distinct ones, built once.
    static func cvcObject(_ c: CVCVerdict) -> JSON {
        switch c.reason {
        case "ok": cvcOK
        case "incomplete": cvcIncomplete
        case "too_long": cvcTooLong
        case "bad_characters": cvcBadCharacters
        default: ["reason": .string(c.reason), "valid": .bool(c.valid)]
        }
    }
    static let cvcOK: JSON = ["reason": "ok", "valid": true]
    static let cvcIncomplete: JSON = ["reason": "incomplete", "valid": false]
    static let cvcTooLong: JSON = ["reason": "too_long", "valid": false]
    static let cvcBadCharacters: JSON = ["reason": "bad_characters", "valid": false]

    static let cardKeys = JSONKeys(["brand", "last4", "length", "luhn", "masked", "potentially_valid", "valid"])
    static let expiryKeys = JSONKeys(["month", "reason", "valid", "year"])

    func expiryObject(_ e: ExpiryVerdict) -> JSON {
        .object(
            JSONObject(
                Self.expiryKeys, e.month.map { .int($0) } ?? .null, .string(e.reason), .bool(e.valid),
                e.year.map { .int($0) } ?? .null))
    }

    // MARK: - Payment-info records (card-on-file flow)

    static let requiredBillingFields = ["billingCardHolderName", "billingAddress1", "billingCity", "billingCountry"]

    /// Checks a payment-info record: values are read from `input`, the output starts from `safe`.
    func checkPaymentInfo(_ input: JSON, into safe: JSON) -> (JSON, CardOutcome) {
        var record = safe
        record["kind"] = "payment_info"
        var fields: [String: JSON] = [:]
        var userInfo = input["userInfo"]?.objectValue

        // Replace the sensitive values by their verdicts first, whatever the outcome.
        var brand: CardBrand?
        if let raw = userInfo {
            var info = safe["userInfo"]?.objectValue ?? [:]
            if let number = raw["billingCardNumber"] {
                if let text = number.stringValue {
                    let v = checkNumber(text)
                    brand = v.brand
                    info["billingCardNumber"] = cardObject(v)
                    if !v.valid {
                        fields["billingCardNumber"] = .string(
                            v.potentiallyValid ? "card number is incomplete" : "card number is not valid")
                    }
                } else {
                    info["billingCardNumber"] = .null
                    fields["billingCardNumber"] = "card number must be a string"
                }
            } else {
                fields["billingCardNumber"] = "card number is required"
            }
            if let cvv = raw["billingCVV"] {
                let c = cvv.stringValue.map { SecurityCode.check($0, brand: brand) } ?? CVCVerdict(reason: "bad_characters")
                info["billingCVV"] = ["valid": .bool(c.valid), "reason": .string(c.reason)]
                if !c.valid {
                    fields["billingCVV"] = .string(
                        c.reason == "incomplete" ? "security code is incomplete" : "security code is not valid")
                }
            } else if brand?.requiresCVC ?? true {
                fields["billingCVV"] = "security code is required"
            }
            for key in Self.requiredBillingFields {
                let value = raw[key]?.stringValue?.trimmingUnicodeWhitespace() ?? ""
                if value.isEmpty { fields[key] = "is required" }
            }
            if let region = raw["billingRegion"], region.stringValue == nil, !region.isNull {
                fields["billingRegion"] = "must be text"
            }
            userInfo = info
            record["userInfo"] = .object(info)
        }

        let status: String
        if input["type"]?.stringValue != "CREDIT_CARD" {
            status = "unknown_error"
            record["reason"] = input["type"] == nil ? "record has no \"type\"" : "unknown payment type"
        } else if let raw = input["userInfo"], raw.objectValue == nil, !raw.isNull {
            status = "unknown_error"
            record["userInfo"] = .null  // unreadable: it may hold card data, so it is not echoed
            record["reason"] = "\"userInfo\" is not an object"
        } else if userInfo == nil || userInfo!.isEmpty {
            status = "user_setup_required"
        } else if !fields.isEmpty {
            status = "validation_error"
            record["fields"] = .object(fields)
        } else if input["approved"]?.boolValue != true {
            status = "approval_required"
        } else {
            status = "ok"
        }
        record["status"] = .string(status)
        return (record, status == "ok" ? .valid : .notValid)
    }
}
