import Testing

@testable import CardCheck

@Suite("card numbers")
struct NumberTests {
    func check(_ text: String, luhnForUnionPay: Bool = false) -> NumberVerdict {
        CardNumber.check(text, brands: BrandTable.standard, enforceLuhn: luhnForUnionPay)
    }

    @Test("Luhn over known numbers")
    func luhn() {
        #expect(CardNumber.luhn(Array("79927398713".utf8)))
        #expect(!CardNumber.luhn(Array("79927398710".utf8)))
        #expect(CardNumber.luhn(Array("4111111111111111".utf8)))
        #expect(!CardNumber.luhn(Array("4111111111111112".utf8)))
        #expect(!CardNumber.luhn([]))
    }

    @Test("every brand of the table is detected and valid", arguments: TestCards.byBrand)
    func brands(_ number: String, _ brand: String) {
        let v = check(number)
        #expect(v.brand?.id == brand)
        #expect(v.valid)
    }

    @Test(
        "regional brands inside wider ranges win at full prefix length",
        arguments: [
            ("401178", "elo"), ("4011", nil), ("506099", "verve"), ("506699", "elo"), ("504175", "elo"),
            ("637095", "hiper"), ("6370", nil), ("606282", "hipercard"), ("9792", "troy"), ("650052", "troy"),
            ("650031", "elo"), ("6500", nil), ("402918", "naranja"), ("627780", "elo"), ("62183", "maestro"),
        ] as [(String, String?)])
    func overlaps(_ prefix: String, _ brand: String?) {
        #expect(check(prefix).brand?.id == brand)
    }

    @Test("separators are stripped; other characters make the number invalid")
    func normalization() {
        #expect(check("4111-1111 1111\u{00A0}1111").valid)
        #expect(check("4111\t1111\n1111\u{3000}1111").valid)
        for bad in ["4111.1111.1111.1111", "4111111111111111x", "４１１１１１１１１１１１１１１１", "٤١١١", "+4111111111111111"] {
            let v = check(bad)
            #expect(!v.valid && !v.potentiallyValid && v.brand == nil, "\(bad)")
        }
    }

    @Test("partial input: empty and ambiguous prefixes are potentially valid")
    func partial() {
        let empty = check("")
        #expect(!empty.valid && empty.potentiallyValid)
        let three = check("3")
        #expect(three.brand == nil && three.potentiallyValid)
        let short = check("411111")
        #expect(short.brand?.id == "visa" && short.potentiallyValid && !short.valid)
    }

    @Test("wrong check digit: potentially valid until the longest length, then invalid")
    func wrongCheckDigit() {
        let sixteen = check("4111111111111112")
        #expect(!sixteen.valid && sixteen.potentiallyValid)  // Visa may still grow to 18 or 19 digits
        let nineteen = check("4111111111111111112")
        #expect(!nineteen.valid && !nineteen.potentiallyValid)
        let amex = check("378282246310006")
        #expect(!amex.valid && !amex.potentiallyValid)
    }

    @Test("too long is not potentially valid")
    func tooLong() {
        let v = check("41111111111111111111")
        #expect(!v.valid && !v.potentiallyValid && v.problem == "too_long")
    }

    @Test("UnionPay skips Luhn unless asked")
    func unionPayLuhn() {
        let good = TestCards.complete("621234", length: 16)
        let number = String(good.dropLast()) + String((Int(String(good.last!))! + 1) % 10)  // Luhn fails
        #expect(!CardNumber.luhn(Array(number.utf8)))
        #expect(check(number).valid)
        #expect(!check(number, luhnForUnionPay: true).valid)
    }

    @Test("unknown prefix is invalid")
    func unknownBrand() {
        let v = check("0000000000000000")
        #expect(v.brand == nil && !v.potentiallyValid && v.problem == "unknown_brand")
    }
}

@Suite("masking")
struct MaskTests {
    @Test("first six and last four, nothing masked or last4 for short input")
    func masks() {
        let digits = Array("4111111111111111".utf8)
        #expect(CardMask.masked(digits) == "411111******1111")
        #expect(CardMask.last4(digits) == "1111")
        #expect(CardMask.formatted(digits, gaps: [4, 8, 12]) == "4111 11•• •••• 1111")
        #expect(CardMask.formatted(Array("378282246310005".utf8), gaps: [4, 10]) == "3782 82•••• •0005")
        let short = Array("411111111111".utf8)
        #expect(CardMask.masked(short) == nil && CardMask.last4(short) == nil)
    }

    @Test(
        "a number being typed is grouped by the brand's gaps as far as it goes, showing its first six digits only",
        arguments: [
            ("4", [4, 8, 12], "4"), ("4111", [4, 8, 12], "4111"), ("41111", [4, 8, 12], "4111 1"),
            ("411111", [4, 8, 12], "4111 11"), ("4111111111", [4, 8, 12], "4111 11•• ••"),
            ("411111111111", [4, 8, 12], "4111 11•• ••••"), ("3782822", [4, 10], "3782 82•"),
            ("37828224631", [4, 10], "3782 82•••• •"), ("", [4, 8, 12], ""),
        ])
    func typing(_ typed: String, _ gaps: [Int], _ shown: String) {
        #expect(CardMask.formatted(Array(typed.utf8), gaps: gaps) == shown)
    }
}
