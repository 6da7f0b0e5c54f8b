import Foundation
import Testing

@testable import PPShared

/// Base64 on the standard library: RFC 4648's own vectors (section 10), Foundation's encoding of random
/// bytes as the reference, and what a strict decoder refuses.
@Suite("base64 without Foundation")
struct Base64Tests {
    static let vectors: [(String, String)] = [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ]

    @Test("RFC 4648's test vectors both ways", arguments: vectors)
    func vector(_ plain: String, _ coded: String) {
        #expect(Base64.encode(Array(plain.utf8)) == coded)
        #expect(Base64.decode(coded) == Array(plain.utf8))
    }

    @Test("random bytes of every length mod 3 as Foundation encodes them, and back")
    func againstFoundation() {
        var rng = SystemRandomNumberGenerator()
        for length in 0..<200 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let coded = Base64.encode(bytes)
            #expect(coded == Data(bytes).base64EncodedString())
            #expect(Base64.decode(coded) == bytes)
        }
    }

    @Test(
        "not padded base64 of the standard alphabet is refused",
        arguments: ["Zg", "Zg=", "Zm9v\n", "Zm 9v", "Z===", "Zg==Zg==", "Zh==", "Zm9=", "Zm-v", "Zm_v"])
    func refused(_ text: String) {
        #expect(Base64.decode(text) == nil)
    }
}
