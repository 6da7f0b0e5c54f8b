import Foundation
import Lexicons
import PPShared

/// The rule weights: data in Sources/Extract/Model/weights.json (installed in share/pp/model, or the file
/// in $PP_WEIGHTS), each explained in docs/scoring.md; a profile's "weights" override them.
public enum Scoring {
    /// The weights, or why they could not be read (pp-extract stops with that error at start).
    public static let loaded: Result<[String: Int], ToolError> = load()

    /// The weights by name (empty when they could not be read).
    public static var defaults: [String: Int] { (try? loaded.get()) ?? [:] }

    /// The values a weight may take: scores add many weights and scale them by factors, and must stay
    /// far inside Int's range whatever a weights or profile file says.
    public static let weightRange = -1_000_000...1_000_000

    /// A shipped weight by name (0 when the file lacks it: `TunedNumbersTests` proves none is lacking).
    static func weight(_ name: String) -> Int { defaults[name] ?? 0 }

    /// A weight read from a file, or nil when it is no integer within `weightRange`.
    static func weight(_ value: JSON) -> Int? { value.int(in: weightRange) }

    /// A weight scaled by a factor of the layout (truncated toward zero, as score bonuses are), kept
    /// within `weightRange`; 0 when the factor is not a number.
    static func scaled(_ weight: Int, by factor: Double) -> Int {
        Int(clamping: Double(weight) * factor, to: weightRange, rounding: .towardZero) ?? 0
    }

    /// `percent` per cent of `points` (truncated toward zero).
    static func share(_ points: Int, percent: Int) -> Int { points * percent / 100 }

    static func load() -> Result<[String: Int], ToolError> {
        let (found, searched) = ShippedData.modelFile("weights.json", environment: "PP_WEIGHTS")
        guard let path = found, let data = FileManager.default.contents(atPath: path) else {
            return .failure(
                ToolError(
                    .fatal, code: "no_weights",
                    "no scoring weights found (looked for \(searched.joined(separator: ", "))); set PP_WEIGHTS"))
        }
        func bad(_ what: String) -> ToolError { ToolError(.fatal, code: "bad_weights", "weights '\(path)': \(what)") }
        guard let json = try? JSON.parse(Array(data)), case .object(let wo)? = json["weights"] else {
            return .failure(bad("not a JSON object with a \"weights\" object"))
        }
        var weights: [String: Int] = [:]
        for (name, value) in wo {
            guard let i = weight(value) else {
                return .failure(bad("weights.\(name) must be an integer from -1000000 to 1000000"))
            }
            weights[name] = i
        }
        return .success(weights)
    }
}
