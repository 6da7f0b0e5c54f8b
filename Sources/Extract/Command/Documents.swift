import Foundation
import Lexicons
import PPShared
import Records

/// Groups consecutive page records of one document and turns them into one document record.
///
/// Pages of a document arrive one after another (pp-ingest writes them so); the document is complete
/// when its last page ("page" == "pages") arrives, when another document starts, or at end of input.
/// Error records pass through untouched, in order.
public final class DocumentAssembler {
    public enum Output: Sendable {
        case document([PageRecord])  // the pages of one document
        case passThrough(JSON)
    }

    private var pages: [PageRecord] = []
    private var current: String?
    /// `.auto`: a complete input is split into the bills it holds (`StackSplit`), one document each.
    public let split: SplitMode

    public init(split: SplitMode = .none) { self.split = split }

    private func complete(_ pages: [PageRecord]) -> [Output] {
        split == .auto ? StackSplit.split(pages).map { .document($0) } : [.document(pages)]
    }

    /// Feeds one record (decoded here, once); returns what is complete after it, in order.
    public func add(_ json: JSON) -> [Output] {
        var out: [Output] = []
        let decoded = PageRecord(json)
        guard let record = decoded, record.isPage else {
            // An error about the document being assembled ends it first, to keep order.
            if !pages.isEmpty, decoded?.doc != current {
                out += complete(pages)
                pages = []
                current = nil
            }
            out.append(.passThrough(json))
            return out
        }
        let doc = record.doc ?? record.source ?? ""
        if !pages.isEmpty, doc != current {
            out += complete(pages)
            pages = []
        }
        current = doc
        pages.append(record)
        let lastPage = record.pageNumber.map { p in record.pageCount.map { p >= $0 } ?? false } ?? false
        // An e-invoice without a PDF is one record, with no page number.
        if lastPage || record.media == .xml {
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
    func withLanguages(_ detected: [String], _ profile: Profile) -> Profile {
        profile.adding(detected.compactMap { lexicons[$0] })
    }

    /// The languages the detector finds in a document's lines (none without lexicons or clear votes).
    func detectedLanguages(_ lines: [TextLine]) -> [String] {
        detector?.languages(lines.map { ($0.text, $0.folded) }) ?? []
    }

    /// A document's languages: those detected, or else the first of its profile's.
    static func documentLanguages(detected: [String], profile: Profile) -> [String] {
        detected.isEmpty ? Array(profile.languages.prefix(1)) : detected
    }

    /// The warnings of every page (each once) and pp-extract's own: one `warnings` array.
    static func warnings(of pages: [PageRecord], noText: Bool) -> [JSON] {
        var out: [JSON] = []
        var seen: Set<String> = []
        for p in pages {
            var items = p.warnings?.items ?? []
            if let old = p.warning, !old.isNull { items.append(old) }
            for w in items where seen.insert(w.encoded()).inserted { out.append(w) }
        }
        if noText {
            out.append(
                RecordWarning(code: "no_text", message: "no text on any page (run pp-ocr on scans and photos first)").member)
        }
        return out
    }

    /// The document record of page records as lines hold them.
    public func process(_ pages: [JSON]) -> JSON { process(pages.compactMap { PageRecord($0) }) }

    /// The document record of a document's pages: the first page's members that a document carries
    /// (`PageKey.staysWithPage`), and pp-extract's own.
    public func process(_ pages: [PageRecord]) -> JSON {
        let first = pages[0]
        var record = DocumentRecord(carrying: first)
        record.pages = first.media == .xml ? 0 : first.pageCount ?? pages.count
        // One bill of a split stack (`split`, from --split auto): its own pages.
        if let part = first.split?.pages, Self.pageNumbers.contains(part) { record.pages = part }
        let (lines, truncated) = Self.text(of: pages.map(\.textView))
        let einvoice = EInvoice.fromAttachments(pages.flatMap { $0.attachments ?? [] })
        let chosen: Profile
        switch choice {
        case .fixed(let p): chosen = p
        case .auto(let all): chosen = ProfileChooser.choose(all, lines: lines) ?? all[0]
        }
        let detected = detectedLanguages(lines)
        let profile = withLanguages(detected, chosen)
        let languages = Self.documentLanguages(detected: detected, profile: chosen)
        var codes: [(PaymentCode, Int, Box?)] = []
        for (index, p) in pages.enumerated() {
            for c in p.codes ?? [] {
                guard let text = c.text, let code = PaymentCode.parse(text) else { continue }
                codes.append((code, p.pageNumber ?? index + 1, Box(c.box)))
            }
        }
        var extractor = extractors.extractor(for: profile)
        extractor.model = model
        extractor.explain = explain
        extractor.maxCandidates = maxCandidates
        // An e-invoice without a PDF (pp-ingest's "media":"xml") has no page: its XML is the document.
        let xmlOnly = first.media == .xml
        if xmlOnly, einvoice == nil { return Self.unreadableEInvoice(first, record) }
        let extraction =
            xmlOnly && einvoice != nil
            ? extractor.extractEInvoiceOnly(einvoice!)
            : extractor.extract(lines: lines, einvoice: einvoice, codes: codes, languages: languages)
        if !codes.isEmpty {
            record.paymentCodes = codes.map { $0.0.format }
            record.paymentCodeChecks = PaymentCode.report(codes)
        }
        record.profile = profile.name
        // Which data produced the record: the version of the asset set pp-assets installed, when one is active.
        if let assets = ActiveAssets.current { record.assets = assets.version }
        record.state = .processed
        record.paymentExpected = extraction.paymentExpected
        if !extraction.paymentExpected { record.noPaymentReasons = extraction.noPaymentReasons.map(\.rawValue) }
        record.decimalMark = String(extraction.decimalMark)
        if extraction.einvoice { record.einvoice = true }
        record.candidates = Dictionary(uniqueKeysWithValues: Field.allCases.map { ($0.rawValue, extraction[$0].map(\.record)) })
        record.best = extraction.best
        record.warnings = Warnings(Self.warnings(of: pages, noText: lines.isEmpty && !xmlOnly) + truncated.map(\.warning))
        // An XML e-invoice alone has no page to show.
        record.pageViews = xmlOnly ? [] : PageViews.of(pages)
        return record.json
    }

    /// A stand-alone e-invoice whose XML pp-extract cannot read (moved since pp-ingest saw it, or changed).
    static func unreadableEInvoice(_ first: PageRecord, _ record: DocumentRecord) -> JSON {
        let path = first.attachments?.first?.path ?? first.source ?? "?"
        var record = record
        record.pages = 0
        return record.markedAsError(
            ToolError(
                .record, code: "einvoice_unreadable",
                "cannot read the e-invoice '\(path)': it is missing, or no longer a UBL or CII invoice (run pp-ingest on it again)"
            ),
            tool: "pp-extract"
        ).json
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
