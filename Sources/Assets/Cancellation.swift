import FoundationEssentials
import Glibc
import PPShared

/// SIGINT and SIGTERM during an update (or `pp-assets cancel`, which sends SIGTERM) set one flag; the
/// transfer in progress sees it in libcurl's progress callback and stops, and the update ends with an
/// `error` event `cancelled` and the active set untouched.
public enum Cancellation {
    /// Plain memory: the signal handler only stores into it.
    nonisolated(unsafe) private static let flag: UnsafeMutablePointer<Int32> = {
        let p = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        p.initialize(to: 0)
        return p
    }()

    public static var isRequested: Bool { flag.pointee != 0 }
    public static let error = ToolError(.fatal, code: "cancelled", "the update was cancelled; the active assets are unchanged")

    /// Replaces the default "remove temporaries and die" handlers for the length of an update. SIGXFSZ is
    /// ignored so that a file-size limit makes write() fail with EFBIG, reported as a full disk.
    public static func install() {
        _ = flag
        for sig in [SIGINT, SIGTERM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in Cancellation.flag.pointee = 1 }
            sigemptyset(&action.sa_mask)
            sigaction(sig, &action, nil)
        }
        signal(SIGXFSZ, SIG_IGN)
        // A parent may have started us with them blocked (the mask is inherited): let them through.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Throws `cancelled` when a cancel was asked for.
    public static func check() throws(ToolError) { if isRequested { throw error } }
}
