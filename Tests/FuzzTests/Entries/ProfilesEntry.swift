import Lexicons
import PPShared

@testable import Extract

/// Target `profiles`: the files that configure pp-extract — a profile (`--profile FILE`, with its
/// includes and languages), a lexicon, a confidence model (`PP_MODEL`) — and an extraction with what
/// they configure, so label phrases, weights and calibration points of any shape are used, not just read.
extension FuzzEntry {
    static let profileStore = ProfileStore(folders: [FuzzRepo.profiles])

    /// A small bill: labels, an IBAN, amounts, a reference and a date for the configured finders to work on.
    static let configuredPage: [TextLine] = [
        "Rechnung / Invoice 2026-0311", "IBAN AT61 1904 3002 3457 3201  BIC BKAUATWW",
        "Zu zahlen / Amount due  EUR 1.234,56", "Zahlungsreferenz RF18539007547034", "Fällig am 15.12.2026",
    ].enumerated().map { index, text in
        TextLine(page: 1, text: text, box: Box(40, Double(40 + 20 * index), 400, Double(52 + 20 * index)), conf: nil, words: [])
    }

    /// The input read as each kind of file; whatever decodes is put to work.
    static func profiles(_ bytes: [UInt8]) {
        guard let json = try? JSON.parse(bytes) else { return }
        let sepa = sepaExtractor.profile
        var profile = sepa
        if let own = try? Profile.decode(json, source: "fuzz", resolve: shippedProfile, lexicon: profileStore.lexicons.load) {
            profile = own
            _ = ProfileChooser.choose([own, sepa], lines: configuredPage)
        }
        if let lexicon = try? Lexicon.decode(json, source: "fuzz") {
            profile = profile.adding([lexicon])
            _ = LanguageDetector(lexicons: [lexicon]).languages(configuredPage.map { ($0.text, $0.folded) })
        }
        var extractor = Extractor(profile: profile)
        extractor.model = try? ConfidenceModel.decode(json, source: "fuzz")
        extractor.explain = true
        let extraction = extractor.extract(lines: configuredPage, einvoice: nil)
        for candidate in extraction.candidates.values.joined() { _ = candidate.json().encoded() }
    }

    /// An `include` names a shipped profile; a path would read any file, which is no part of this target.
    static func shippedProfile(_ name: String) throws(ToolError) -> Profile {
        guard !name.contains("/"), !name.hasSuffix(".json") else {
            throw ToolError(.usage, code: "bad_profile", "fuzz: includes name shipped profiles only")
        }
        return try profileStore.load(name)
    }
}
