import FoundationEssentials
import Glibc
import PPShared

/// The JSON Lines events of pp-assets on stdout (docs/assets.md "Events"), mirroring the callbacks of
/// over-the-air SDKs: `update_available`, `progress`, `error`, `finished`. When stderr is a terminal a
/// progress line is drawn there too.
public final class AssetEvents {
    let sink: OutputSink
    let drawsLine: Bool
    let started = Date()
    /// Per asset, the last twentieth of its size reported, so a 1 GB file gives 21 events, not 100 000.
    private var lastStep: [String: Int] = [:]

    public init(sink: OutputSink = OutputSink(), drawsLine: Bool = StatusLine.shared.isTerminal) {
        self.sink = sink
        self.drawsLine = drawsLine
    }

    func emit(_ event: String, _ fields: JSONObject) throws {
        var record = fields
        record["kind"] = "asset_event"
        record["event"] = .string(event)
        try StatusLine.shared.aroundOutput { try sink.write(.object(record)) }
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
        if drawsLine {
            let rate = Double(bytes) / max(Date().timeIntervalSince(started), 0.001) / 1e6
            let bar = ProgressLine.bar(fraction, cells: 10)
            StatusLine.shared.draw(
                "pp-assets: \(bar) \(asset) \(Self.megabytes(bytes))/\(Self.megabytes(total)) MB, "
                    + "\(Self.tenths(rate)) MB/s")
        }
    }

    public func error(_ error: ToolError) throws {
        try emit("error", ["code": .string(error.code), "message": .string(error.message)])
    }

    public func finished(updated: Bool, version: Int?) throws {
        if drawsLine {
            StatusLine.shared.finish(
                "pp-assets: " + (updated ? "now at version \(version ?? 0)" : "nothing to update")
                    + " (\(Self.tenths(Date().timeIntervalSince(started))) s)")
        }
        try emit("finished", ["updated": .bool(updated), "version": version.map { .int($0) } ?? .null])
    }

    /// A record that is not an event (`pp-assets status`).
    public func record(_ json: JSON) throws { try sink.write(json) }

    static func megabytes(_ bytes: Int) -> String { tenths(Double(bytes) / 1e6) }
    static func tenths(_ value: Double) -> String {
        let t = Int((value * 10).rounded())
        return "\(t / 10).\(t % 10)"
    }
}
