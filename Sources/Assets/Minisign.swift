import CSodium
import Digest
import FoundationEssentials
import Glibc
import PPShared

/// Ed25519 keys and signatures in minisign's file formats (https://jedisct1.github.io/minisign/), through
/// libsodium, so a team can sign a manifest with Debian's `minisign` and check ours with it.
///
/// Public key: base64 of "Ed" + key id (8) + Ed25519 public key (32). Secret key: "Ed" + KDF ("\0\0" when
/// not encrypted, "Sc" for scrypt) + "B2" + salt (32) + opslimit (8) + memlimit (8) + [key id + secret key
/// (64) + BLAKE2b-256 checksum], the bracket XORed with the scrypt stream when encrypted. Signature: "ED"
/// (BLAKE2b-512 of the file signed, what minisign writes by default) or "Ed" (the file itself), key id,
/// signature; then a trusted comment and a global signature over signature + trusted comment.
public enum Minisign {
    static let ready: Bool = sodium_init() >= 0

    public struct PublicKey: Sendable, Equatable {
        public let keyID: [UInt8]
        public let key: [UInt8]

        /// Reads the base64 line (or a whole .pub file, whose last non-empty line it is).
        public init(text: String) throws(ToolError) {
            let line = text.split(whereSeparator: \.isNewline).last { !$0.hasPrefix("untrusted comment:") }
            guard let line, let raw = Data(base64Encoded: trimmed(String(line))),
                raw.count == 42, raw.prefix(2) == Data("Ed".utf8)
            else { throw ToolError(.usage, code: "bad_public_key", "not a minisign Ed25519 public key") }
            keyID = Array(raw[2..<10])
            key = Array(raw[10..<42])
        }

        init(keyID: [UInt8], key: [UInt8]) {
            self.keyID = keyID
            self.key = key
        }

        /// The base64 line.
        public var base64: String { Data(Array("Ed".utf8) + keyID + key).base64EncodedString() }
        /// Key id as minisign prints it (hex, most significant byte first).
        public var idText: String { SHA256.hexText(keyID.reversed()).uppercased() }
        public var fileText: String { "untrusted comment: minisign public key \(idText)\n\(base64)\n" }
    }

    public struct SecretKey: Sendable {
        public let keyID: [UInt8]
        let secret: [UInt8]
        public var publicKey: PublicKey { PublicKey(keyID: keyID, key: Array(secret[32..<64])) }

        /// A new key pair (crypto_sign_keypair) with a random key id.
        public static func generate() -> SecretKey {
            _ = ready
            var pk = [UInt8](repeating: 0, count: 32)
            var sk = [UInt8](repeating: 0, count: 64)
            crypto_sign_keypair(&pk, &sk)
            var id = [UInt8](repeating: 0, count: 8)
            randombytes_buf(&id, 8)
            return SecretKey(keyID: id, secret: sk)
        }

        /// Reads a minisign secret key file; an encrypted one needs `password`.
        public init(text: String, password: String?) throws(ToolError) {
            _ = ready
            func bad(_ why: String) -> ToolError { ToolError(.usage, code: "bad_secret_key", "secret key: \(why)") }
            let line = text.split(whereSeparator: \.isNewline).last { !$0.hasPrefix("untrusted comment:") }
            guard let line, let raw = Data(base64Encoded: trimmed(String(line))).map(Array.init),
                raw.count == 158, raw[0..<2] == [0x45, 0x64], raw[4..<6] == [0x42, 0x32]
            else { throw bad("not a minisign Ed25519 secret key") }
            var body = Array(raw[54..<158])
            switch (raw[2], raw[3]) {
            case (0, 0): break
            case (0x53, 0x63):
                guard let password else { throw bad("encrypted: set PP_ASSETS_KEY_PASSWORD") }
                let salt = Array(raw[6..<38])
                let ops = raw[38..<46].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                let mem = raw[46..<54].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                var stream = [UInt8](repeating: 0, count: body.count)
                let pw = Array(password.utf8)
                guard
                    crypto_pwhash_scryptsalsa208sha256(
                        &stream, UInt64(stream.count), pw.map { CChar(bitPattern: $0) }, UInt64(pw.count), salt,
                        ops, Int(mem)) == 0
                else { throw bad("cannot derive the key from the password (out of memory?)") }
                for i in body.indices { body[i] ^= stream[i] }
            default: throw bad("unknown key derivation")
            }
            keyID = Array(body[0..<8])
            secret = Array(body[8..<72])
            // `minisign -W` (0.11) leaves the checksum of a key it does not encrypt as zeros.
            let checksum = Array(body[72..<104])
            let unchecked = raw[2] == 0 && checksum.allSatisfy { $0 == 0 }
            guard unchecked || Minisign.blake2b([0x45, 0x64] + keyID + secret, length: 32) == checksum else {
                throw bad("checksum does not match (wrong password?)")
            }
        }

        init(keyID: [UInt8], secret: [UInt8]) {
            self.keyID = keyID
            self.secret = secret
        }

        /// The unencrypted secret key file (what `minisign -G -W` writes).
        public var fileText: String {
            var raw: [UInt8] = Array("Ed".utf8) + [0, 0] + Array("B2".utf8)
            raw += [UInt8](repeating: 0, count: 48)
            raw += keyID + secret + Minisign.blake2b(Array("Ed".utf8) + keyID + secret, length: 32)
            return "untrusted comment: minisign secret key (not encrypted)\n\(Data(raw).base64EncodedString())\n"
        }

        /// A prehashed ("ED") signature of `message`, in minisign's .minisig form.
        public func sign(_ message: [UInt8], trustedComment: String) -> String {
            let signature = detached(Minisign.blake2b(message, length: 64))
            let global = detached(signature + Array(trustedComment.utf8))
            return "untrusted comment: signature from pp-assets secret key\n"
                + Data(Array("ED".utf8) + keyID + signature).base64EncodedString() + "\n"
                + "trusted comment: \(trustedComment)\n" + Data(global).base64EncodedString() + "\n"
        }

        func detached(_ message: [UInt8]) -> [UInt8] {
            var out = [UInt8](repeating: 0, count: 64)
            crypto_sign_detached(&out, nil, message, UInt64(message.count), secret)
            return out
        }
    }

    /// Checks a .minisig over `message` with `key`; returns the trusted comment.
    public static func verify(_ message: [UInt8], signature text: String, key: PublicKey) throws(ToolError) -> String {
        _ = ready
        func bad(_ why: String) -> ToolError { ToolError(.fatal, code: "bad_signature", why) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? $0.dropLast() : $0
        }
        guard lines.count >= 4, lines[0].hasPrefix("untrusted comment:"), lines[2].hasPrefix("trusted comment: "),
            let raw = Data(base64Encoded: String(lines[1])).map(Array.init), raw.count == 74,
            let global = Data(base64Encoded: String(lines[3])).map(Array.init), global.count == 64
        else { throw bad("the signature file is not in minisign's format") }
        let prehashed: Bool
        switch (raw[0], raw[1]) {
        case (0x45, 0x44): prehashed = true
        case (0x45, 0x64): prehashed = false
        default: throw bad("unknown signature algorithm")
        }
        guard Array(raw[2..<10]) == key.keyID else {
            throw bad(
                "signed with key \(SHA256.hexText(raw[2..<10].reversed()).uppercased()), "
                    + "not the trusted key \(key.idText)")
        }
        let signature = Array(raw[10..<74])
        let signed = prehashed ? blake2b(message, length: 64) : message
        guard crypto_sign_verify_detached(signature, signed, UInt64(signed.count), key.key) == 0 else {
            throw bad("the signature does not match the manifest")
        }
        let comment = String(lines[2].dropFirst("trusted comment: ".count))
        let both = signature + Array(comment.utf8)
        guard crypto_sign_verify_detached(global, both, UInt64(both.count), key.key) == 0 else {
            throw bad("the trusted comment's signature does not match")
        }
        return comment
    }

    /// BLAKE2b (crypto_generichash) of `bytes`, `length` bytes long.
    static func blake2b(_ bytes: [UInt8], length: Int) -> [UInt8] {
        _ = ready
        var out = [UInt8](repeating: 0, count: length)
        crypto_generichash(&out, length, bytes, UInt64(bytes.count), nil, 0)
        return out
    }
}

/// `text` without spaces, tabs and line ends around it.
func trimmed(_ text: String) -> String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0.isNewline }
    return String(text.drop(while: blank).reversed().drop(while: blank).reversed())
}

/// The folder part of a path ("a/b/c" gives "a/b").
func parentFolder(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}
