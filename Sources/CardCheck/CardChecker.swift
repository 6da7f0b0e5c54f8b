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
    public func check(record original: JSON) -> (JSON, CardOutcome) {
        switch answer(record: original) {
        case .record(let record, let outcome): (record, outcome)
        case .card(let verdict, let kept): (Self.parsed { write(verdict, kept: kept, to: &$0) }, verdict.outcome)
        }
    }

    /// What pp-cardcheck answers to a record: a record built whole (errors, payment info), or a card's
    /// verdict with the members the record keeps, written out as bytes (`write(_:kept:to:)`).
    enum Answer {
        case record(JSON, CardOutcome)
        case card(CardVerdict, KeptMembers)
    }

    /// The general way, from a parsed record. The values it checks are read from `original`; everything
    /// it writes starts from a copy in which every card-number-like key or value and every security code
    /// is redacted (`Redaction`), however deep, so a number under a key we do not know (a typo like
    /// "numbr") or in a key name cannot leak.
    func answer(record original: JSON) -> Answer {
        // docs/design.md: error records pass through.
        if original.isErrorRecord { return .record(redacted(original), .upstreamError) }
        if original["number"] == nil, original["userInfo"] != nil || original["type"] != nil {
            let (record, outcome) = checkPaymentInfo(original, into: redacted(original))
            return .record(record, outcome)
        }
        // "number" and "cvc" never reach the output as they came; dropping them before redacting spares
        // copying the record to mask them (renamed keys are "[redacted]…", so no other member changes).
        var record = redacted(.object(original.members?.removingValues(forKeys: Self.cardDataKeys) ?? JSONObject()))
        guard let numberValue = original["number"] else {
            record["kind"] = "card"
            let error = ToolError(.record, code: "missing_number", "record has no \"number\"")
            return .record(record.markedAsError(error, tool: Self.tool), .unreadable)
        }
        guard let number = numberValue.stringValue else {
            let why =
                numberValue.doubleValue != nil
                ? "\"number\" is a JSON number; give it as a string, because 19-digit numbers lose digits as numbers"
                : "\"number\" must be a string"
            record["kind"] = "card"
            return .record(record.markedAsError(ToolError(.record, code: "number_not_string", why), tool: Self.tool), .unreadable)
        }
        let verdict = verdict(number: number, expiry: original["expiry"], cvc: original["cvc"])
        return .card(verdict, KeptMembers(record.members ?? JSONObject()))
    }

    func redacted(_ record: JSON) -> JSON { reveal ? record : Redaction.redacting(record: record) }

    /// Checks a bare number (one line of --lines input).
    public func check(line text: String, lineNumber: Int) -> (JSON, CardOutcome) {
        let verdict = verdict(number: text, expiry: nil, cvc: nil)
        return (Self.parsed { write(verdict, kept: KeptMembers(line: lineNumber), to: &$0) }, verdict.outcome)
    }

    static let cardDataKeys = JSONKeys(["number", "cvc"])

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

    /// The card object as a JSON value (payment-info records carry it for their card number).
    func cardObject(_ v: NumberVerdict) -> JSON { Self.parsed { writeCard(v, to: &$0) } }

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
