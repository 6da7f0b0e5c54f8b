/// Numbers written into PDF syntax: fixed point, never an exponent, never the locale's decimal mark
/// (String(format:) follows LC_NUMERIC, and "\(1e-7)" is no PDF number).
enum PDFNumber {
    /// Decimals of a matrix: a sine in two would put the far side of a page points away.
    static let matrixPlaces = 6

    static func text(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return String(Int(value.rounded())) }
        let whole = Int(scaled / scale)
        var fraction = String(Int(scaled) - whole * Int(scale))
        if fraction == "0" { return (value < 0 && whole != 0 ? "-" : "") + String(whole) }
        fraction = String(repeating: "0", count: places - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return (value < 0 ? "-" : "") + "\(whole).\(fraction)"
    }

    /// With `matrixPlaces` decimals.
    static func fixed(_ value: Double) -> String { text(value, places: matrixPlaces) }
}
