import CLibXML2
import Foundation

/// The text of an XML document as (path of local names, text) pairs, read by libxml2 with no network,
/// no external entities and no DTD at all: the one XML reader of pp (stand-alone e-invoices in
/// pp-ingest, e-invoices attached to PDFs in pp-extract).
///
/// E-invoices (UBL, CII) never carry a DOCTYPE, so a document that declares one is refused as soon as
/// libxml2 reads its name, before any entity is declared: an XXE file or a "billion laughs" bomb costs
/// nothing and is never expanded.
public struct XMLLeaves: Sendable {
    /// The root element's local name and namespace URI.
    public let root: String
    public let rootNamespace: String?
    /// Every element with text of its own, in document order: "/Invoice/LegalMonetaryTotal/PayableAmount".
    public let items: [Item]

    public struct Item: Sendable, Equatable {
        public let path: String
        public let text: String
        /// The element's attributes by local name (currencyID, schemeID).
        public let attributes: [String: String]
    }

    /// Why a document was not read.
    public enum Failure: Error, Equatable, Sendable {
        case tooLarge(limit: Int)
        case doctype
        case malformed(String)
        case tooManyElements(limit: Int)
    }

    /// Larger than any e-invoice we have seen by far (XRechnung examples are 5-100 KB).
    public static let maxBytes = 32 << 20
    public static let maxElements = 500_000

    /// Reads XML bytes; throws when they are too large, declare a DTD, or are not well-formed.
    public static func read(_ data: Data) throws(Failure) -> XMLLeaves {
        guard data.count <= maxBytes else { throw .tooLarge(limit: maxBytes) }
        guard data.count > 0 else { throw .malformed("the file is empty") }
        _ = initialized
        guard let context = xmlNewParserCtxt() else { throw .malformed("libxml2 could not start a parser") }
        defer { xmlFreeParserCtxt(context) }
        // A DOCTYPE stops the parser the moment libxml2 reads its name (no entity is declared yet).
        context.pointee.sax.pointee.internalSubset = { ctx, _, _, _ in
            guard let parser = ctx?.assumingMemoryBound(to: xmlParserCtxt.self) else { return }
            parser.pointee._private = UnsafeMutableRawPointer(bitPattern: 1)
            xmlStopParser(parser)
        }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let document = data.withUnsafeBytes { raw in
            xmlCtxtReadMemory(
                context, raw.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(raw.count), nil, nil, options)
        }
        defer { if let document { xmlFreeDoc(document) } }
        if context.pointee._private != nil || document?.pointee.intSubset != nil {
            throw .doctype
        }
        guard let document, context.pointee.wellFormed != 0, let root = xmlDocGetRootElement(document) else {
            throw .malformed(Self.lastError(context))
        }
        var items: [Item] = []
        var count = 0
        var failure: Failure?
        func walk(_ node: xmlNodePtr, path: String) {
            count += 1
            if count > maxElements {
                failure = .tooManyElements(limit: maxElements)
                return
            }
            let here = path + "/" + String(cString: node.pointee.name)
            var text = ""
            var child = node.pointee.children
            while let c = child, failure == nil {
                switch c.pointee.type {
                case XML_ELEMENT_NODE: walk(c, path: here)
                case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                    if let content = c.pointee.content { text += String(cString: content) }
                default: break
                }
                child = c.pointee.next
            }
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty { items.append(Item(path: here, text: trimmed, attributes: attributes(of: node))) }
        }
        walk(root, path: "")
        if let failure { throw failure }
        let namespace = root.pointee.ns?.pointee.href.map { String(cString: $0) }
        return XMLLeaves(root: String(cString: root.pointee.name), rootNamespace: namespace, items: items)
    }

    /// The first text at a path ending in one of the suffixes, tried in order.
    public func first(_ suffixes: [String]) -> String? {
        for suffix in suffixes {
            if let hit = items.first(where: { $0.path.hasSuffix(suffix) }) { return hit.text }
        }
        return nil
    }

    /// Every text at a path ending in the suffix, in document order.
    public func all(_ suffix: String) -> [String] { items.filter { $0.path.hasSuffix(suffix) }.map(\.text) }

    private static func attributes(of node: xmlNodePtr) -> [String: String] {
        var out: [String: String] = [:]
        var attribute = node.pointee.properties
        while let a = attribute {
            if let value = a.pointee.children?.pointee.content {
                out[String(cString: a.pointee.name)] = String(cString: value)
            }
            attribute = a.pointee.next
        }
        return out
    }

    private static func lastError(_ context: xmlParserCtxtPtr) -> String {
        let error = context.pointee.lastError
        guard let message = error.message else { return "not well-formed XML" }
        let text = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
        return error.line > 0 ? "line \(error.line): \(text)" : text
    }

    /// libxml2's global state, set up once before any thread parses.
    private static let initialized: Void = { xmlInitParser() }()
}

extension XMLLeaves.Failure: CustomStringConvertible {
    public var description: String {
        switch self {
        case .tooLarge(let limit): "is larger than \(limit >> 20) MB, more than any e-invoice"
        case .doctype:
            "declares a DTD (<!DOCTYPE>), which no e-invoice has; its entities are not read (external entities and entity expansion are refused)"
        case .malformed(let why): "is not well-formed XML (\(why))"
        case .tooManyElements(let limit): "has more than \(limit) elements, more than any e-invoice"
        }
    }
}
