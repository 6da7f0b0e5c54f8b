import Foundation
import Lexicons
import PPShared

/// Groups consecutive page records of one document and turns them into one document record.
///
/// Pages of a document arrive one after another (pp-ingest writes them so); the document is complete
/// when its last page ("page" == "pages") arrives, when another document starts, or at end of input.
/// Error records pass through untouched, in order.
public final class DocumentAssembler {
    public enum Output: Sendable {
        case document([JSON])  // the pages of one document
        case passThrough(JSON)
    }

    private var pages: [JSON] = []
    private var current: String?
    /// `.auto`: a complete input is split into the bills it holds (`StackSplit`), one document each.
    public let split: SplitMode

    public init(split: SplitMode = .none) { self.split = split }

    private func complete(_ pages: [JSON]) -> [Output] {
        split == .auto ? StackSplit.split(pages).map { .document($0) } : [.document(pages)]
    }

    /// Feeds one record; returns what is complete after it, in order.
    public func add(_ record: JSON) -> [Output] {
        var out: [Output] = []
        if record.isErrorRecord || record["kind"]?.stringValue != "page" {
            // An error about the document being assembled ends it first, to keep order.
            if !pages.isEmpty, record["doc"]?.stringValue != current {
                out += complete(pages)
                pages = []
                current = nil
            }
            out.append(.passThrough(record))
            return out
        }
        let doc = record["doc"]?.stringValue ?? record["source"]?.stringValue ?? ""
        if !pages.isEmpty, doc != current {
            out += complete(pages)
            pages = []
        }
        current = doc
        pages.append(record)
        let lastPage =
            DocumentProcessor.pageNumber(record).map { p in
                record["pages"]?.int(in: DocumentProcessor.pageNumbers).map { p >= $0 } ?? false
            }
            ?? false
        // An e-invoice without a PDF is one record, with no page number.
        if lastPage || record["media"]?.stringValue == "xml" {
            out += complete(pages)
            pages = []
            current = nil
        }
        return out
    }

    /// Whatever is still open at end of input.
    public func finish() -> [Output] {
        defer {
            pages = []
            current = nil
        }
        return pages.isEmpty ? [] : complete(pages)
    }
}

/// Turns the page records of one document into its document record.
public struct DocumentProcessor: Sendable {
    public enum ProfileChoice: Sendable {
        case fixed(Profile)
        case auto([Profile])
    }

    public let choice: ProfileChoice
    public var model: ConfidenceModel?
    public var explain = false
    public var maxCandidates = 5
    /// Detects each document's languages; their lexicons join the profile's (none: the profile alone).
    public let detector: LanguageDetector?
    let lexicons: [String: Lexicon]
    /// Extractors by profile and languages: compiling the label phrases is the costliest part of making one.
    let extractors = ExtractorCache()

    public init(choice: ProfileChoice, lexicons: [Lexicon] = [], model: ConfidenceModel? = nil) {
        self.choice = choice
        self.model = model
        self.detector = lexicons.isEmpty ? nil : LanguageDetector(lexicons: lexicons)
        self.lexicons = Dictionary(lexicons.map { ($0.language, $0) }, uniquingKeysWith: { a, _ in a })
    }

    var fixedProfile: Profile? {
        if case .fixed(let p) = choice { return p }
        return nil
    }

    /// The profile with the labels of the languages detected in the document, so a Dutch invoice under
    /// the default profile still finds "Totaal te betalen".
    func withDetectedLanguages(_ profile: Profile, lines: [TextLine]) -> Profile {
        guard let detector else { return profile }
        return profile.adding(detector.languages(lines.map { ($0.text, $0.folded) }).compactMap { lexicons[$0] })
    }

    /// Keys of page records that are not carried over to the document record.
    static let pageKeys: Set<String> = [
        "kind", "page", "pages", "lines", "size", "text_source", "image", "attachments", "media", "words", "thumbnail",
        "preview", "ocr", "rotation", "qr", "codes", "warnings", "warning", "planned_documents",
    ]

    /// The warnings of every page (each once) and pp-extract's own: one `warnings` array.
    static func warnings(of pages: [JSON], noText: Bool) -> [JSON] {
        var out: [JSON] = []
        var seen: Set<String> = []
        for p in pages {
            var items = p["warnings"].map { $0.arrayValue ?? [$0] } ?? []
            if let old = p["warning"], !old.isNull { items.append(old) }
            for w in items where seen.insert(w.encoded()).inserted { out.append(w) }
        }
        if noText {
            out.append([
                "code": "no_text", "message": "no text on any page (run pp-ocr on scans and photos first)",
            ])
        }
        return out
    }

    public func process(_ pages: [JSON]) -> JSON {
        let first = pages[0]
        var record: [String: JSON] = [:]
        if case .object(let o) = first {
            for (k, v) in o where !Self.pageKeys.contains(k) { record[k] = v }
        }
        record["kind"] = "document"
        record["pages"] = .int(
            first["media"]?.stringValue == "xml" ? 0 : first["pages"]?.int(in: Self.pageNumbers) ?? pages.count)
        // One bill of a split stack (`split`, from --split auto): its own pages.
        if let part = first["split"]?["pages"]?.int(in: Self.pageNumbers) { record["pages"] = .int(part) }
        let (lines, truncated) = Self.text(of: pages)
        let attachments = pages.flatMap { $0["attachments"]?.arrayValue ?? [] }
        let einvoice = EInvoice.fromAttachments(attachments)
        let chosen: Profile
        switch choice {
        case .fixed(let p): chosen = p
        case .auto(let all): chosen = ProfileChooser.choose(all, lines: lines) ?? all[0]
        }
        let profile = withDetectedLanguages(chosen, lines: lines)
        var codes: [(PaymentCode, Int, Box?)] = []
        for (index, p) in pages.enumerated() {
            for c in p["codes"]?.arrayValue ?? [] {
                guard let text = c["text"]?.stringValue, let code = PaymentCode.parse(text) else { continue }
                codes.append((code, Self.pageNumber(p) ?? index + 1, Self.box(c)))
            }
        }
        var extractor = extractors.extractor(for: profile)
        extractor.model = model
        extractor.explain = explain
        extractor.maxCandidates = maxCandidates
        // An e-invoice without a PDF (pp-ingest's "media":"xml") has no page: its XML is the document.
        let xmlOnly = first["media"]?.stringValue == "xml"
        if xmlOnly, einvoice == nil { return Self.unreadableEInvoice(first, record) }
        let extraction =
            xmlOnly && einvoice != nil
            ? extractor.extractEInvoiceOnly(einvoice!) : extractor.extract(lines: lines, einvoice: einvoice, codes: codes)
        if !codes.isEmpty {
            record["payment_codes"] = .array(codes.map { .string($0.0.format) })
            record["payment_code_checks"] = PaymentCode.report(codes)
        }
        record["profile"] = .string(profile.name)
        // Which data produced the record: the version of the asset set pp-assets installed, when one is active.
        if let assets = ActiveAssets.current { record["assets"] = .int(assets.version) }
        record["state"] = "processed"
        record["payment_expected"] = .bool(extraction.paymentExpected)
        if !extraction.paymentExpected {
            record["no_payment_reasons"] = .array(extraction.noPaymentReasons.map { .string($0.rawValue) })
        }
        record["decimal_mark"] = .string(String(extraction.decimalMark))
        if extraction.einvoice { record["einvoice"] = true }
        var cands: [String: JSON] = [:]
        for field in Field.allCases { cands[field.rawValue] = .array(extraction[field].map { $0.json() }) }
        record["candidates"] = .object(cands)
        record["best"] = extraction.best
        record["warnings"] = .array(Self.warnings(of: pages, noText: lines.isEmpty && !xmlOnly) + truncated.map { $0.warning })
        // An XML e-invoice alone has no page to show.
        record["page_views"] = xmlOnly ? .array([]) : PageViews.of(pages)
        return .object(record)
    }
}

/// One extractor per profile and set of languages, shared by the documents that use them.
final class ExtractorCache: @unchecked Sendable {
    private let lock = Lock()
    private var byKey: [String: Extractor] = [:]

    func extractor(for profile: Profile) -> Extractor {
        let key = profile.name + "\u{0}" + profile.languages.joined(separator: "+")
        lock.lock()
        defer { lock.unlock() }
        if let known = byKey[key] { return known }
        let made = Extractor(profile: profile)
        byKey[key] = made
        return made
    }
}
