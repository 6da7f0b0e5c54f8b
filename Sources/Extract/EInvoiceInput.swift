import Foundation

/// Which XML bytes FoundationXML's `XMLParser` may be given.
///
/// Its libxml2 callbacks force-unwrap names as UTF-8 and read pointers libxml2 passes as NULL, so
/// some documents end the process (SIGILL or SIGSEGV) and pp-extract's whole stream with it: an
/// element name with a cut UTF-8 sequence (`<\u{C3}(/>`, found by fuzzing), a processing instruction
/// without data (`<?pi?>`), and DTD declarations (`<!NOTATION`, `<!ATTLIST`, an unparsed `<!ENTITY`).
/// The inputs are in Tests/FuzzTests/Regressions/einvoice. E-invoices (Factur-X, ZUGFeRD, XRechnung)
/// are UTF-8 and have no DTD, so any other document is refused before the parser sees it.
enum EInvoiceInput {
    static func isParsable(_ data: Data) -> Bool {
        let bytes = [UInt8](data)
        // Not UTF-8 (or declared otherwise): libxml2 may hand on names that are not UTF-8.
        guard !bytes.contains(0), String(validating: bytes, as: UTF8.self) != nil, declaresUTF8(bytes) else { return false }
        return !contains(bytes, "<!DOCTYPE") && !contains(bytes, "<!doctype") && !hasEmptyInstruction(bytes)
    }

    /// Whether the XML declaration, if any, names UTF-8 or no encoding.
    static func declaresUTF8(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(256), as: UTF8.self)
        guard let open = head.range(of: "<?xml"), let close = head.range(of: "?>", range: open.upperBound..<head.endIndex),
            let key = head.range(of: "encoding", range: open.upperBound..<close.lowerBound)
        else { return true }
        let value = head[key.upperBound..<close.lowerBound].drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }
            .prefix { $0 != "\"" && $0 != "'" }
        return ["utf-8", "utf8"].contains(value.lowercased())
    }

    /// Whether a processing instruction ends right after its target (`<?target?>`): libxml2 passes
    /// NULL for its data then. Anything but whitespace, `?` and `>` counts as part of the target.
    static func hasEmptyInstruction(_ bytes: [UInt8]) -> Bool {
        var i = 0
        while i + 1 < bytes.count {
            defer { i += 1 }
            guard bytes[i] == UInt8(ascii: "<"), bytes[i + 1] == UInt8(ascii: "?") else { continue }
            var j = i + 2
            while j < bytes.count, ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "?"), UInt8(ascii: ">")].contains(bytes[j]) { j += 1 }
            if j > i + 2, j + 1 < bytes.count, bytes[j] == UInt8(ascii: "?"), bytes[j + 1] == UInt8(ascii: ">") { return true }
        }
        return false
    }

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard needle.count <= bytes.count else { return false }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
