import Testing

@testable import CardCheck

@Suite("expiry and security code")
struct ExpiryTests {
    let today = YearMonth(year: 2026, month: 11)

    func reason(_ text: String) -> String { Expiry.check(text, today: today, maxYearsAhead: 19).reason }

    @Test(
        "accepted shapes",
        arguments: [
            "11/26", "11/2026", "11 / 26", "11-26", "1/27", "01/27", "11 26", "2026-11", "2027-1", "1126", "112026",
            " 12/30\u{00A0}", "\t12/30\n",
        ])
    func accepted(_ text: String) {
        #expect(reason(text) == "ok", "\(text)")
    }

    @Test(
        "rejected shapes",
        arguments: [
            "11262", "2026/11", "Nov 26", "11/26/2026", "+11/26", "11.26", "１１/２６", "11／26", "-11/26", "13", "00", "1/1",
            "13/", "11/1", "2025-", "20255", "11/2026 x",
        ])
    func rejected(_ text: String) {
        #expect(reason(text) == "bad_format", "\(text)")
    }

    @Test(
        "a date being typed is incomplete while it can still become valid",
        arguments: [
            "", " ", "1", "0", "12", "12/", "12 /", "12 ", "12/2", "1/2", "11/202", "112", "11 2", "202", "2027-", "11-2",
            "11 / 2",
        ])
    func typing(_ text: String) {
        #expect(reason(text) == "incomplete", "\(text)")
    }

    @Test("a complete shape keeps its verdict; the window of years bounds what can still become valid")
    func completeShapesAreJudged() {
        #expect(reason("12/20") == "expired")
        #expect(reason("11/19") == "expired")
        #expect(reason("2027") == "bad_month")
        #expect(reason("10/26") == "expired")
        #expect(reason("13/2") == "bad_format")
        #expect(Expiry.check("12/2", today: today, maxYearsAhead: 0).reason == "incomplete")
        #expect(Expiry.check("12/3", today: today, maxYearsAhead: 0).reason == "bad_format")
        #expect(Expiry.check("10/2", today: today, maxYearsAhead: 0).reason == "bad_format")
        #expect(Expiry.check(month: "1", year: "", today: today, maxYearsAhead: 19).reason == "incomplete")
        #expect(Expiry.check(month: "12", year: "2", today: today, maxYearsAhead: 19).reason == "incomplete")
        #expect(Expiry.check(month: "", year: "20", today: today, maxYearsAhead: 19).reason == "incomplete")
        #expect(Expiry.check(month: "13", year: "", today: today, maxYearsAhead: 19).reason == "bad_format")
        #expect(Expiry.check(month: "x", year: "", today: today, maxYearsAhead: 19).reason == "bad_format")
    }

    @Test("valid through the last day of the month; too far after 19 years")
    func bounds() {
        #expect(reason("11/26") == "ok")
        #expect(reason("10/26") == "expired")
        #expect(reason("12/2045") == "ok")
        #expect(reason("01/2046") == "too_far")
        #expect(reason("13/27") == "bad_month")
        #expect(reason("00/27") == "bad_month")
        #expect(Expiry.check(month: "7", year: "2027", today: today, maxYearsAhead: 19).reason == "ok")
        #expect(Expiry.check(month: "7", year: "27", today: today, maxYearsAhead: 19).year == 2027)
        #expect(Expiry.check(month: "x", year: "27", today: today, maxYearsAhead: 19).reason == "bad_format")
    }

    @Test("CVC: the brand's size, shorter incomplete, longer invalid")
    func cvc() {
        let visa = BrandTable.standard.first { $0.id == "visa" }
        let amex = BrandTable.standard.first { $0.id == "american-express" }
        #expect(SecurityCode.check("123", brand: visa).reason == "ok")
        #expect(SecurityCode.check("12", brand: visa).reason == "incomplete")
        #expect(SecurityCode.check("1234", brand: visa).reason == "too_long")
        #expect(SecurityCode.check("1234", brand: amex).reason == "ok")
        #expect(SecurityCode.check("123", brand: amex).reason == "incomplete")
        #expect(SecurityCode.check("12a", brand: visa).reason == "bad_characters")
        #expect(SecurityCode.check("1234", brand: nil).reason == "ok")
    }
}
