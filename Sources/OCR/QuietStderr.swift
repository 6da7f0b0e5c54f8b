import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// libpng and libjpeg, called by leptonica's readers, print straight to stderr ("libpng error: Read Error",
/// "Premature end of JPEG file") with no hook to turn that off. While any decoder runs, file descriptor 2
/// points at /dev/null; the first reader in redirects it, the last one out restores it. pp-ocr's own
/// messages and its progress line go to the status line's copy of stderr (PPShared), which this leaves alone.
enum QuietStderr {
    private static let state = Mutex()

    static func during<T>(_ body: () -> T) -> T {
        state.enter()
        defer { state.leave() }
        return body()
    }

    private final class Mutex: @unchecked Sendable {
        private let lock = NSLock()
        private var depth = 0
        private var saved: Int32 = -1

        func enter() {
            lock.lock()
            defer { lock.unlock() }
            depth += 1
            guard depth == 1 else { return }
            let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
            guard null >= 0 else { return }
            saved = dup(2)
            if saved >= 0 { dup2(null, 2) }
            close(null)
        }

        func leave() {
            lock.lock()
            defer { lock.unlock() }
            depth -= 1
            guard depth == 0, saved >= 0 else { return }
            dup2(saved, 2)
            close(saved)
            saved = -1
        }
    }
}
