import Foundation
import PPShared
import Records
import Testing

/// Every record line the golden cases hold (tools' inputs and outputs: page, document, error and other
/// kinds, hostile numbers among them), and members of every odd shape, decode into the record types and
/// encode back to the same bytes.
@Suite struct RoundTripTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden")

    /// The JSON object lines of every golden `stdin` and `stdout`.
    static let lines: [String] = {
        let files =
            FileManager.default.enumerator(at: golden, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { ["stdin", "stdout"].contains($0.lastPathComponent) } ?? []
        return files.sorted { $0.path < $1.path }.flatMap { file in
            ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
                .filter { $0.hasPrefix("{") && (try? JSON.parse($0))?.members != nil }
        }
    }()

    /// Members a property reads differently from how it writes (`1.0`, a list with a stray element, a value
    /// of another kind, null where absent is written, absent where null is written), one line each.
    static let oddMembers = [
        #"{"page":1.0,"pages":3e0,"planned_documents":-0}"#,
        #"{"page":"1","doc":17,"source":null,"kind":["page"]}"#,
        #"{"size":["a",595.275,842],"text_rotation":90.0}"#,
        #"{"text_source":"typed by hand","text_layer":"scan","media":"tiff"}"#,
        #"{"warnings":"no list","warning":null}"#,
        #"{"image":{"path":"p.png","dpi":1e400,"frame":null,"width":"wide","extra":1},"thumbnail":7}"#,
        #"{"codes":[7,{"box":[1,2,3],"text":"BCD","page":"1"},{"box":[1.234,2,3,4]}]}"#,
        #"{"attachments":{"name":"x.xml"},"mail":{"number":1},"converted":{"by":5}}"#,
        #"{"ocr":{"rotation":"90","script":null,"detected":5,"deskew_degrees":0.125}}"#,
        #"{"split":{"pages":"3","page_range":[1,"x"]},"state":"waiting","error":"a string"}"#,
        #"{"kind":"document","best":{"account":"AT61","needs_review":["amount",3]}}"#,
        #"{"kind":"document","best":{}}"#,
        #"{"candidates":{"amount":[{"value":"1"}],"iban":[{"iban":null,"box":null,"features":{"a":0.123456}}]}}"#,
        #"{"candidates":{"reference":[{"kind":"model","model":"97","value":"14 3004","currency":"EUR"}]}}"#,
        #"{"candidates":"none","page_views":[{"page":1,"size":[1],"image":{"path":"p.png"}},"x"]}"#,
        #"{"candidates":{"account":[{"explain":{"vetoed":"no","rule":[["base",400]]}}]}}"#,
    ]

    @Test(arguments: oddMembers) func oddMembersWriteBackAsTheyCame(_ line: String) throws {
        let json = try JSON.parse(line)
        #expect(PageRecord(json)?.json.encoded() == json.encoded())
        #expect(DocumentRecord(json)?.json.encoded() == json.encoded())
    }

    @Test func theGoldenCasesHoldRecords() {
        #expect(Self.lines.count > 300)
    }

    @Test func pageRecordsWriteBackWhatTheyRead() throws {
        for line in Self.lines {
            let json = try JSON.parse(line)
            #expect(PageRecord(json)?.json.encoded() == json.encoded(), "\(line.prefix(200))")
        }
    }

    @Test func documentRecordsWriteBackWhatTheyRead() throws {
        for line in Self.lines {
            let json = try JSON.parse(line)
            #expect(DocumentRecord(json)?.json.encoded() == json.encoded(), "\(line.prefix(200))")
        }
    }

    /// A candidate with every member set, each to a value no other member holds.
    static var everyMember: Candidate {
        var c = Candidate()
        (c.value, c.display, c.confidence, c.page) = ("v", "d", 1234, 2)
        (c.box, c.evidence, c.scheme, c.referenceModel, c.country) = ([1, 2, 3, 4], ["e"], "s", "97", "RS")
        (c.iban, c.ruleScore, c.features) = (.some(nil), 17, Features(["f": 0.5]))
        var explain = Explanation()
        explain.label = "l"
        (c.explain, c.kindV1, c.modelV1, c.currencyV1) = (explain, "k", "m", "EUR")
        c.unknown["zz_custom"] = 5
        return c
    }

    /// Candidate writes itself without its table (`Candidate.member`): the same members as the table writes.
    @Test func candidatesWriteWhatTheirTableWrites() throws {
        var candidates = [Self.everyMember, Candidate()]
        for line in Self.lines {
            for list in (DocumentRecord(try JSON.parse(line))?.candidates ?? [:]).values { candidates += list }
        }
        #expect(candidates.count > 100)
        for candidate in candidates {
            #expect(candidate.member.encoded() == JSON.object(candidate.object).encoded())
        }
    }
}
