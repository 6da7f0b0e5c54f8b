@testable import CardCheck

/// Public test card numbers (Stripe, Braintree, Adyen and card-validator suites) and
/// numbers completed with a Luhn digit from a brand's prefix.
enum TestCards {
    /// A Luhn-valid number of `length` digits starting with `prefix`.
    static func complete(_ prefix: String, length: Int) -> String {
        var digits = Array(prefix.utf8)
        while digits.count < length - 1 { digits.append(UInt8(ascii: "0")) }
        for check in 0...9 {
            let candidate = digits + [UInt8(48 + check)]
            if CardNumber.luhn(candidate) { return String(decoding: candidate, as: UTF8.self) }
        }
        fatalError("unreachable: one check digit always fits")
    }

    /// (number, expected brand id) for every brand of the table.
    static let byBrand: [(String, String)] = [
        ("4111111111111111", "visa"), ("4012888888881881", "visa"), ("4242424242424242", "visa"),
        ("5555555555554444", "mastercard"), ("2223003122003222", "mastercard"), ("5105105105105100", "mastercard"),
        ("378282246310005", "american-express"), ("371449635398431", "american-express"),
        ("30569309025904", "diners-club"), ("38520000023237", "diners-club"),
        ("6011111111111117", "discover"), ("6011000990139424", "discover"),
        (complete("9792", length: 16), "troy"),
        ("3530111333300000", "jcb"), ("3566002020360505", "jcb"),
        ("6200000000000005", "unionpay"), ("6205500000000000004", "unionpay"),
        (complete("589562", length: 16), "naranja"),
        (complete("506099", length: 16), "verve"),
        ("6759649826438453", "maestro"), (complete("500000", length: 12), "maestro"),
        ("6362970000457013", "elo"), (complete("401178", length: 16), "elo"),
        (complete("2200", length: 16), "mir"),
        (complete("637095", length: 16), "hiper"),
        ("6062826786276634", "hipercard"),
    ]
}
