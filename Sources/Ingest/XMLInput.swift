import EInvoiceXML
import Foundation
import PPShared
import Records

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
        var entry = Self.einvoice(kind)
        entry.name = (item.source as NSString).lastPathComponent
        entry.path = item.path
        entry.size = data.count
        entry.mime = "application/xml"
        var record = item.base
        record.kind = PageKey.page.rawValue
        record.doc = doc
        record.source = item.source
        record.media = .xml
        record.pages = 0
        record.attachments = [entry]
        return [.record(record.json)]
    }

    /// An attachment entry with what an e-invoice tells of itself.
    static func einvoice(_ kind: EInvoiceKind) -> Attachment {
        var entry = Attachment()
        entry.einvoice = kind.syntax.rawValue
        entry.einvoiceFormat = kind.format
        entry.einvoiceDocument = kind.document
        entry.einvoiceGuideline = kind.guideline
        entry.einvoiceStandard = kind.standard
        return entry
    }

    /// An attachment entry with the e-invoice facts of an attached file, when it is a UBL or CII invoice
    /// (read with the same reader); an empty entry otherwise.
    static func einvoice(path: String) -> Attachment {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int), size <= XMLLeaves.maxBytes,
            let data = FileManager.default.contents(atPath: path), let xml = try? XMLLeaves.read(data),
            let kind = EInvoiceKind(xml)
        else { return Attachment() }
        return einvoice(kind)
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
