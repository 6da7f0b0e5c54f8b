import Foundation
import Testing

@testable import Extract

@Suite struct HUB3CodeTests {
    static func slip(
        header: String = "HRVHUB30", currency: String = "EUR", cents: String = "000000000012345",
        iban: String = "HR1210010051863000160", model: String = "HR01", ref: String = "12345-212-2", purpose: String = "OTLC"
    ) -> String {
        [
            header, currency, cents, "Pero Perić", "Ilica 1", "10000 Zagreb", "Udruga Šapa", "Franjčevićeva 43",
            "10361 Dumovec", iban, model, ref, purpose, "Prilog za pomoć životinjama", "",
        ].joined(separator: "\n")
    }

    @Test func aSlipReadsToTheSameFields() throws {
        let c = try #require(PaymentCode.parse(Self.slip()))
        #expect(c.format == "hub3-pdf417" && c.isValid && c.notes.isEmpty)
        #expect(c.account == "HR1210010051863000160" && c.amount == "123.45" && c.currency == "EUR")
        #expect(c.model == "HR01" && c.reference == "12345-212-2" && c.paymentCode == "OTLC" && c.payee == "Udruga Šapa")
        let crlf = try #require(PaymentCode.parse(Self.slip().replacingOccurrences(of: "\n", with: "\r\n")))
        #expect(crlf.isValid && crlf.amount == "123.45")
    }

    /// Overlong fields are noted in the order of the slip's lines, the same in every run.
    @Test func overlongFieldsAreNotedInLineOrder() throws {
        let long = String(repeating: "x", count: 40)
        let text = Self.slip(ref: "12345-212-2-" + long).replacingOccurrences(of: "Udruga Šapa", with: "Udruga " + long)
        let c = try #require(PaymentCode.parse(text))
        #expect(
            c.notes == [
                "payee name is 47 characters, more than the 25 HUB-3 allows",
                "reference is 52 characters, more than the 22 HUB-3 allows",
            ])
    }

    @Test func brokenSlipsSayWhy() throws {
        func problems(_ text: String) -> [String] { PaymentCode.parse(text)?.problems ?? ["(not read)"] }
        #expect(problems(Self.slip(iban: "HR1210010052863000160")) == ["HUB-3: IBAN checksum fails"])
        #expect(problems(Self.slip(model: "HR1")) == ["HUB-3: model 'HR1' is not HR00–HR99"])
        #expect(problems(Self.slip(cents: "12345")) == ["HUB-3: amount '12345' is not 15 digits (cents)"])
        #expect(problems(Self.slip(currency: "USD")) == ["HUB-3: currency 'USD' is not EUR or HRK"])
        #expect(problems(Self.slip(purpose: "ot1c")) == ["HUB-3: purpose code 'ot1c' is not 4 capital letters"])
        #expect(problems("HRVHUB30\nEUR\n000000000012345") == ["HUB-3: truncated: 3 lines, 14 expected"])
        #expect(
            problems(Self.slip().replacingOccurrences(of: "Šapa", with: "Шапа")) == ["HUB-3: character 'Ш' is not in ISO 8859-2"])
    }
}

@Suite struct UPNCodeTests {
    /// Fields padded as encoders do, and the control sum computed.
    static func upn(_ fields: [String]) -> String {
        let body = fields.map { $0 + "\n" }.joined()
        return body + String(format: "%03d", body.count) + "\n"
    }
    static let fields = [
        "UPNQR", "", "", "", "", "Janez Novak", "Dunajska ulica 1", "1000 Ljubljana", "00000030024", "", "", "RENT",
        "Plačilo najemnine za marec", "07.12.2026", "SI56191000000123438", "SI12 1234567890120", "RentaCar d.o.o.",
        "Pohorska ulica 22", "2000 Maribor",
    ]

    @Test func aPaymentReadsToTheSameFields() throws {
        let c = try #require(PaymentCode.parse(Self.upn(Self.fields)))
        #expect(c.format == "upn-qr" && c.isValid && c.account == "SI56191000000123438" && c.amount == "300.24")
        #expect(c.currency == "EUR" && c.model == "SI12" && c.reference == "1234567890120" && c.dueDate == "2026-12-07")
        #expect(c.paymentCode == "RENT" && c.payee == "RentaCar d.o.o." && c.purpose == "Plačilo najemnine za marec")
        var rf = Self.fields
        rf[15] = "RF18539007547034"
        rf[5] = "Janez Novak" + String(repeating: " ", count: 22)
        let r = try #require(PaymentCode.parse(Self.upn(rf)))
        #expect(r.isValid && r.model == "RF" && r.reference == "RF18539007547034" && r.payee == "RentaCar d.o.o.")
    }

    /// Overlong fields are noted in the order of the code's fields, the same in every run.
    @Test func overlongFieldsAreNotedInFieldOrder() throws {
        var f = Self.fields
        f[5] = String(repeating: "N", count: 40)
        f[16] = String(repeating: "R", count: 40)
        f[18] = String(repeating: "M", count: 40)
        let c = try #require(PaymentCode.parse(Self.upn(f)))
        #expect(
            c.notes == [
                "payer name is 40 characters, more than the 33 UPN allows",
                "payee name is 40 characters, more than the 33 UPN allows",
                "payee city is 40 characters, more than the 33 UPN allows",
            ])
    }

    @Test func brokenPaymentsSayWhy() throws {
        func problems(_ fields: [String]) -> [String] { PaymentCode.parse(Self.upn(fields))?.problems ?? ["(not read)"] }
        var f = Self.fields
        f[14] = "SI56191000000123439"
        #expect(problems(f) == ["UPN: payee IBAN checksum fails"])
        f = Self.fields
        f[8] = "300,24"
        #expect(problems(f) == ["UPN: amount '300,24' is not 11 digits (cents)"])
        f = Self.fields
        f[13] = "31.02.2026"
        #expect(problems(f) == ["UPN: payment deadline '31.02.2026' is not a date DD.MM.YYYY"])
        f = Self.fields
        f[15] = "XX12 1234"
        #expect(problems(f) == ["UPN: payee reference 'XX12 1234' does not start with SI and a 2-digit model or RF"])
        let body = Self.fields.map { $0 + "\n" }.joined()
        let wrongSum = body + "\(body.count + 1)\n"
        #expect(
            PaymentCode.parse(wrongSum)?.problems == [
                "UPN: control sum \(body.count + 1) does not match the length \(body.count)"
            ])
        #expect(
            PaymentCode.parse("UPNQR\n\n\n")?.problems.first == "UPN: truncated: 3 fields, 20 expected (19 and the control sum)")
    }
}

@Suite struct SPAYDCodeTests {
    @Test func paymentsAndInvoices() throws {
        let text =
            "SPD*1.0*ACC:CZ5855000000001265098001+RZBCCZPP*AM:480.50*CC:CZK*RN:Ceska posta*X-VS:1234567890*MSG:Platba 10%2A2*DT:20261231"
        let c = try #require(PaymentCode.parse(text))
        #expect(c.format == "spayd" && c.isValid && c.account == "CZ5855000000001265098001" && c.bic == "RZBCCZPP")
        #expect(c.amount == "480.50" && c.currency == "CZK" && c.reference == "1234567890" && c.model == "VS")
        #expect(c.dueDate == "2026-12-31" && c.payee == "Ceska posta" && c.purpose == "Platba 10*2")
        let invoice = try #require(
            PaymentCode.parse(
                "SID*1.0*ID:FAKT1*DD:20260801*AM:2410.00*VS:1234567890*DT:20260829*CC:CZK*ACC:CZ5855000000001265098001*"))
        #expect(
            invoice.format == "spayd-invoice" && invoice.isValid && invoice.amount == "2410.00" && invoice.dueDate == "2026-08-29"
        )
    }

    @Test func theCRC32IsChecked() throws {
        // CRC32 of "SPD*1.0*ACC:CZ5855000000001265098001*AM:100.00*CC:CZK" (pairs sorted by key).
        let good =
            "SPD*1.0*AM:100.00*ACC:CZ5855000000001265098001*CC:CZK*CRC32:\(Self.crc("SPD*1.0*ACC:CZ5855000000001265098001*AM:100.00*CC:CZK"))"
        #expect(try #require(PaymentCode.parse(good)).isValid)
        let bad = good.replacingOccurrences(of: "AM:100.00", with: "AM:900.00")
        #expect(PaymentCode.parse(bad)?.problems == ["SPAYD: CRC32 checksum fails"])
    }

    static func crc(_ s: String) -> String {
        var table = [UInt32](repeating: 0, count: 256)
        for i in 0..<256 {
            var c = UInt32(i)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            table[i] = c
        }
        var crc: UInt32 = 0xFFFF_FFFF
        for b in s.utf8 { crc = table[Int((crc ^ UInt32(b)) & 0xFF)] ^ (crc >> 8) }
        return String(format: "%08X", crc ^ 0xFFFF_FFFF)
    }

    @Test func brokenPayloadsSayWhy() throws {
        func problems(_ text: String) -> [String] { PaymentCode.parse(text)?.problems ?? ["(not read)"] }
        #expect(problems("SPD*2.0*ACC:CZ5855000000001265098001") == ["SPAYD: version 2.0 is not 1.0"])
        #expect(problems("SPD*1.0*ACC:CZ5855000000001265098002") == ["SPAYD: IBAN checksum fails"])
        #expect(problems("SPD*1.0*AM:10") == ["SPAYD: ACC (the account) is missing"])
        #expect(
            problems("SPD*1.0*ACC:CZ5855000000001265098001*X-VS:12AB") == ["SPAYD: variable symbol X-VS:12AB is not 1–10 digits"])
        #expect(
            problems("SPD*1.0*ACC:CZ5855000000001265098001*DT:20261332") == ["SPAYD: due date DT:20261332 is not a date YYYYMMDD"]
        )
        #expect(problems("SPD*1.0") == ["SPAYD: truncated: no KEY:value pairs", "SPAYD: ACC (the account) is missing"])
    }
}

@Suite struct BySquareCodeTests {
    /// Vectors written by Fixtures/codes/make_bysquare.py with Python's lzma (liblzma) and zlib.
    static let vectors: [String: String] = {
        var url = URL(fileURLWithPath: #filePath)
        url.deleteLastPathComponent()
        let text = (try? String(contentsOf: url.appendingPathComponent("Fixtures/codes/bysquare.jsonl"), encoding: .utf8)) ?? ""
        var out: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String] else { continue }
            out[o["name"] ?? ""] = o["payload"]
        }
        return out
    }()

    @Test func aRealEncodersPayloadInflates() throws {
        let valid = try #require(Self.vectors["valid"])
        let c = try #require(PaymentCode.parse(valid))
        #expect(c.format == "bysquare" && c.isValid && c.account == "SK3112000000198742637541" && c.bic == "TATRSKBX")
        #expect(c.amount == "25.30" && c.currency == "EUR" && c.dueDate == "2026-12-31" && c.reference == "1234567890")
        #expect(c.model == "VS" && c.payee == "Vodárne a kanalizácie a.s." && c.purpose == "faktúra 2026/117")
        let standing = try #require(Self.vectors["standing-order"])
        let so = try #require(PaymentCode.parse(standing))
        #expect(so.isValid && so.payee == "Nájom s.r.o.")
    }

    @Test func brokenPayloadsSayWhy() throws {
        func problems(_ name: String) -> [String] {
            Self.vectors[name].flatMap { PaymentCode.parse($0)?.problems } ?? ["(not read)"]
        }
        #expect(problems("bad-crc") == ["bysquare: CRC32 checksum fails"])
        #expect(problems("bad-iban") == ["bysquare: IBAN checksum fails"])
        #expect(problems("version-2") == ["bysquare: version 2 is not 0 (1.0.0) or 1 (1.1.0)"])
        #expect(problems("truncated").first?.hasPrefix("bysquare: the LZMA stream does not inflate to the") == true)
        #expect(PaymentCode.parse("HELLO WORLD") == nil)
        #expect(PaymentCode.parse("https://example.com/pay") == nil)
    }
}
