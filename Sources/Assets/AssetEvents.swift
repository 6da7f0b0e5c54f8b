import FoundationEssentials
import Glibc
import PPShared

/// The JSON Lines events of pp-assets on stdout (docs/assets.md "Events"), mirroring the callbacks of
/// over-the-air SDKs: `update_available`, `progress`, `error`, `finished`. When stderr is a terminal a
/// progress line is drawn there too, by the tools' one progress printer (ProgressDisplay), in bytes.
public final class AssetEvents {
    let sink: OutputSink
    let display: ProgressDisplay
    /// Per asset, the last twentieth of its size reported, so a 1 GB file gives 21 events, not 100 000.
    private var lastStep: [String: Int] = [:]

    /// Draws on `line` (stderr's) when it is a terminal.
    public init(sink: OutputSink = OutputSink(), line: StatusLine = .shared) {
        self.sink = sink
        self.display = ProgressDisplay(tool: "pp-assets", enabled: line.isTerminal, line: line)
    }

    func emit(_ event: String, _ fields: JSONObject) throws {
        var record = fields
        record["kind"] = "asset_event"
        record["event"] = .string(event)
        // The sink clears the progress line around its writes when stdout is the same terminal.
        try sink.write(.object(record))
    }

    public func updateAvailable(_ manifest: Manifest, current: Int?) throws {
        try emit(
            "update_available",
            [
                "version": .int(manifest.version), "current": current.map { .int($0) } ?? .null,
                "assets": .int(manifest.assets.count), "bytes": .int(manifest.totalBytes),
                "expires": .string(Manifest.dateText(manifest.expires)),
            ])
    }

    /// Reports `bytes` of `asset`: always at 0 and at the end, else once per twentieth of its size.
    public func progress(asset: String, bytes: Int, total: Int) throws {
        let step = total > 0 ? bytes * 20 / total : 20
        if bytes != 0 && bytes != total && step == lastStep[asset] { return }
        if lastStep[asset] == step && (bytes == 0 || bytes == total) { return }
        lastStep[asset] = step
        let fraction = total > 0 ? Double(bytes) / Double(total) : 1
        try emit(
            "progress",
            [
                "asset": .string(asset), "bytes": .int(bytes), "total": .int(total),
                "fraction": .rounded(fraction, places: 3),
            ])
        display.transferred(asset, bytes: bytes, of: total)
    }

    public func error(_ error: ToolError) throws {
        try emit("error", ["code": .string(error.code), "message": .string(error.message)])
    }

    public func finished(updated: Bool, version: Int?) throws {
        display.finish(saying: updated ? "now at version \(version ?? 0)" : "nothing to update")
        try emit("finished", ["updated": .bool(updated), "version": version.map { .int($0) } ?? .null])
    }

    /// A record that is not an event (`pp-assets status`).
    public func record(_ json: JSON) throws { try sink.write(json) }
}
