import EInvoiceXML
import Foundation
import PPShared

/// A stand-alone XML e-invoice (XRechnung, Peppol BIS, Factur-X/ZUGFeRD XML without its PDF): one record
/// with no page, `"media":"xml"`, `"pages":0`, whose `attachments` names the file itself as its e-invoice,
/// so pp-extract reads it exactly as an XML attached to a PDF.
extension Planner {
    func planXML(_ item: InputItem, doc: String, failure: (String, String, String?) -> [PageTask]) -> [PageTask] {
        guard let data = FileManager.default.contents(atPath: item.path) else {
            return failure("cannot_read", "cannot read '\(item.source)': \(systemErrorText(errno))", doc)
        }
        let xml: XMLLeaves
        do throws(XMLLeaves.Failure) {
            xml = try XMLLeaves.read(data)
        } catch {
            let code: String
            switch error {
            case .doctype: code = "xml_unsafe"
            case .tooLarge, .tooManyElements: code = "xml_too_large"
            case .malformed: code = "xml_malformed"
            }
            return failure(code, "'\(item.source)' \(error)", doc)
        }
        guard let kind = EInvoiceKind(xml) else {
            let namespace = xml.rootNamespace.map { " in namespace \($0)" } ?? " without a namespace"
            return failure(
                "not_an_einvoice",
                "'\(item.source)' is XML but no e-invoice: its root is <\(xml.root)>\(namespace), not a UBL 2.1 Invoice or CreditNote or a UN/CEFACT CrossIndustryInvoice",
                doc)
        }
        var entry = Self.einvoiceKeys(kind)
        entry["name"] = .string((item.source as NSString).lastPathComponent)
        entry["path"] = .string(item.path)
        entry["size"] = .int(data.count)
        entry["mime"] = "application/xml"
        var record = item.base
        record["kind"] = "page"
        record["doc"] = .string(doc)
        record["source"] = .string(item.source)
        record["media"] = "xml"
        record["pages"] = 0
        record["attachments"] = [.object(entry)]
        return [.record(.object(record))]
    }

    /// The keys an e-invoice adds to its entry in `attachments`.
    static func einvoiceKeys(_ kind: EInvoiceKind) -> [String: JSON] {
        var o: [String: JSON] = [
            "einvoice": .string(kind.syntax.rawValue), "einvoice_format": .string(kind.format),
            "einvoice_document": .string(kind.document),
        ]
        if let guideline = kind.guideline { o["einvoice_guideline"] = .string(guideline) }
        if let standard = kind.standard { o["einvoice_standard"] = .string(standard) }
        return o
    }

    /// The e-invoice keys of an attached file, when it is a UBL or CII invoice (read with the same reader).
    static func einvoiceKeys(path: String) -> [String: JSON] {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int), size <= XMLLeaves.maxBytes,
            let data = FileManager.default.contents(atPath: path), let xml = try? XMLLeaves.read(data),
            let kind = EInvoiceKind(xml)
        else { return [:] }
        return einvoiceKeys(kind)
    }

    /// Whether a file's first bytes are XML: an XML declaration, or an element after a byte-order mark
    /// and white space when the name ends in .xml.
    static func looksLikeXML(_ bytes: [UInt8], path: String) -> Bool {
        var b = bytes[...]
        if b.starts(with: [0xEF, 0xBB, 0xBF]) { b = b.dropFirst(3) }
        b = b.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if b.starts(with: Array("<?xml".utf8)) { return true }
        return b.first == UInt8(ascii: "<") && (path as NSString).pathExtension.lowercased() == "xml"
    }
}
