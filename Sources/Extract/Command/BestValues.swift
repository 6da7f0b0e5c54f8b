import Lexicons
import PPShared

/// Reading candidates back from document records (the review site, the result table, evaluation): a
/// reference's value with its model in front, also from records written before values carried it.
public enum BestValues {
    /// A reference's model, by its name or the name of earlier records (`model`).
    public static func referenceModel(_ candidate: JSON) -> String? {
        (candidate["reference_model"] ?? candidate["model"])?.stringValue
    }

    /// A candidate's value as records now write it: a reference with its model in front.
    public static func recordValue(_ candidate: JSON, field: String) -> String? {
        guard let value = candidate["value"]?.stringValue else { return nil }
        guard field == "reference", let model = referenceModel(candidate), !model.isEmpty,
            !value.hasPrefix(model + " ")
        else { return value }
        return model + " " + value
    }
}
