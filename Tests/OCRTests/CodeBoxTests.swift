import PPShared
import Records
import Testing

@testable import OCR

/// A payment code's box follows the page when pp-ocr turns and straightens it.
@Suite struct CodeBoxTests {
    static func code(_ box: [Double]) -> PageCode {
        var code = PageCode()
        code.box = box
        return code
    }

    @Test func upsideDownMovesTheBoxToTheOppositeCorner() {
        let codes = [PageCode(type: "qr", text: "BCD", box: [10, 20, 110, 120], page: 1)]
        let turned = CodeBoxes.turned(codes, degrees: 180, from: [600, 800], to: [600, 800])
        #expect(turned.first?.box?.member == [490, 680, 590, 780])  // as the record writes it
        #expect(turned.first?.text == "BCD" && turned.first?.page == 1)  // everything else as it was
    }

    @Test func aQuarterTurnPutsTheBoxInTheTurnedFrame() {
        // A landscape photo 800 x 600 turned clockwise: its top-left corner goes to the top-right.
        let turned = CodeBoxes.turned([Self.code([0, 0, 100, 50])], degrees: 90, from: [800, 600], to: [600, 800])
        #expect(turned.first?.box?.member == [550, 0, 600, 100])
    }

    @Test func aSkewTurnsTheCornersAboutTheCentre() {
        // A box at the centre keeps its centre; its turned corners make it larger.
        let codes = [Self.code([290, 390, 310, 410])]
        let b = CodeBoxes.turned(codes, degrees: 10, from: [600, 800], to: [600, 800]).first?.box ?? []
        #expect(b.count == 4)
        guard b.count == 4 else { return }
        #expect(abs((b[0] + b[2]) / 2 - 300) < 0.01 && abs((b[1] + b[3]) / 2 - 400) < 0.01)
        #expect(b[2] - b[0] > 20 && b[3] - b[1] > 20)
        #expect(CodeBoxes.turned(codes, degrees: 0, from: [600, 800], to: [600, 800]) == codes)
    }
}
