import Foundation
import PPShared
import Testing

@testable import Extract

/// pp-extract's command, now a library type (ExtractCommand) that tests reach.
@Suite("pp-extract command")
struct ExtractCommandTests {
    @Test("--ocr-languages: the profile's languages once each, English last; auto stays auto")
    func ocrLanguagesOrder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pp-ocrlang-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = folder.appendingPathComponent("mixed.json")
        try Data(
            #"{"name":"mixed","description":"test","include":["sepa"],"languages":[],"ocr_languages":["eng","deu","eng","ita"]}"#
                .utf8
        ).write(to: profile)
        let store = ProfileStore.standard()
        #expect(try ExtractCommand.ocrLanguages(profile: profile.path, store: store) == "deu+ita+eng")
        #expect(try ExtractCommand.ocrLanguages(profile: "rs", store: store) == "srp_latn+srp+eng")
        #expect(try ExtractCommand.ocrLanguages(profile: "auto", store: store) == "auto")
    }
}
