import Foundation
import PPShared

/// The rule weights: data in Sources/Extract/Model/weights.json (installed in share/pp/model, or the file
/// in $PP_WEIGHTS), each explained in docs/scoring.md; a profile's "weights" override them.
public enum Scoring {
    /// The weights, or why they could not be read (pp-extract stops with that error at start).
    public static let loaded: Result<[String: Int], ToolError> = load()

    /// The weights by name (empty when they could not be read).
    public static var defaults: [String: Int] { (try? loaded.get()) ?? [:] }

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
            guard let i = value.intValue else { return .failure(bad("weights.\(name) must be an integer")) }
            weights[name] = i
        }
        return .success(weights)
    }
}
