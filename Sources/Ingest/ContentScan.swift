import CQPDF
import Foundation
import PPShared

// Ownership: a `ContentScan` owns one qpdf_data (qpdf_cleanup in deinit); the page content buffer
// qpdf mallocs is freed at once. Not Sendable: one per worker thread, like the poppler document.

/// Whether a PDF page draws anything a code could be made of, told from its content stream without
/// rendering it: images (XObjects, inline images), forms, or many path operators (a vector-drawn
/// code is hundreds of rectangles or path segments: a 21 x 21 QR code has about 200 dark modules,
/// while the rules and boxes of an invoice's tables are some dozens). A page of text alone, or of
/// text and a table, needs no survey.
/// Unsure answers are yes: a file qpdf cannot read, a page whose content cannot be had.
final class ContentScan {
    private let handle: OpaquePointer
    /// Path construction operators from which a page counts as drawn.
    static let pathOperators = 150

    /// Opens `path` with libqpdf (warnings and errors kept quiet); nil when qpdf cannot read it.
    init?(path: String, password: String?) {
        guard let q = qpdf_init() else { return nil }
        qpdf_silence_errors(q)
        qpdf_set_suppress_warnings(q, QPDF_TRUE)
        var status = qpdf_read(q, path, nil)
        if status & Int32(QPDF_ERRORS) != 0, let password {
            // qpdf_cleanup complains on stderr of an error nobody took.
            _ = qpdf_get_error(q)
            var failed: qpdf_data? = q
            qpdf_cleanup(&failed)
            guard let retry = qpdf_init() else { return nil }
            qpdf_silence_errors(retry)
            qpdf_set_suppress_warnings(retry, QPDF_TRUE)
            status = qpdf_read(retry, path, password)
            handle = retry
        } else {
            handle = q
        }
        if status & Int32(QPDF_ERRORS) != 0 {
            _ = qpdf_get_error(handle)
            var doomed: qpdf_data? = handle
            qpdf_cleanup(&doomed)
            return nil
        }
    }

    deinit {
        var q: qpdf_data? = handle
        qpdf_cleanup(&q)
    }

    /// Whether page `index` (0-based) may hold a code: its content streams, decoded one by one
    /// (object handles released after each page, so memory stays flat over a long document).
    func mayHoldCode(page index: Int) -> Bool {
        let page = qpdf_get_page_n(handle, index)
        defer { qpdf_oh_release_all(handle) }
        guard qpdf_has_error(handle) == 0 else {
            _ = qpdf_get_error(handle)
            return true
        }
        let contents = qpdf_oh_get_key(handle, page, "/Contents")
        var streams: [qpdf_oh] = []
        if qpdf_oh_is_array(handle, contents) != 0 {
            for i in 0..<qpdf_oh_get_array_n_items(handle, contents) {
                streams.append(qpdf_oh_get_array_item(handle, contents, i))
            }
        } else if qpdf_oh_is_stream(handle, contents) != 0 {
            streams.append(contents)
        }
        var paths = 0
        for stream in streams {
            guard qpdf_oh_is_stream(handle, stream) != 0 else { continue }
            var buffer: UnsafeMutablePointer<UInt8>?
            var length = 0
            var filtered: QPDF_BOOL = 0
            let status = qpdf_oh_get_stream_data(handle, stream, qpdf_dl_generalized, &filtered, &buffer, &length)
            defer { free(buffer) }
            if qpdf_has_error(handle) != 0 { _ = qpdf_get_error(handle) }
            guard status & Int32(QPDF_ERRORS) == 0, filtered != 0, let buffer else { return true }
            if Self.drawsGraphics(UnsafeBufferPointer(start: buffer, count: length), paths: &paths) { return true }
        }
        return false
    }

    /// Scans content-stream bytes for the operators that matter: `Do` (an image or a form), `BI`
    /// (an inline image), and path construction (`re`, `m`, `l`, `c`, `v`, `y`, `h`).
    /// `paths` carries the count of path operators from one content stream of a page to the next.
    static func drawsGraphics(_ bytes: UnsafeBufferPointer<UInt8>, paths: inout Int) -> Bool {
        var i = 0
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            switch c {
            case 0x28:  // ( string ): nested parentheses, backslash escapes
                var depth = 1
                i += 1
                while i < n, depth > 0 {
                    if bytes[i] == 0x5C {
                        i += 1
                    } else if bytes[i] == 0x28 {
                        depth += 1
                    } else if bytes[i] == 0x29 {
                        depth -= 1
                    }
                    i += 1
                }
            case 0x25:  // % comment
                while i < n, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
            case 0x3C:  // < hex string > or << dictionary
                if i + 1 < n, bytes[i + 1] == 0x3C {
                    i += 2
                } else {
                    while i < n, bytes[i] != 0x3E { i += 1 }
                    i += 1
                }
            case 0x2F:  // /Name
                i += 1
                while i < n, isRegular(bytes[i]) { i += 1 }
            default:
                guard isRegular(c) else {
                    i += 1
                    continue
                }
                let start = i
                while i < n, isRegular(bytes[i]) { i += 1 }
                let length = i - start
                if length == 1 {
                    switch bytes[start] {
                    case 0x6D, 0x6C, 0x63, 0x76, 0x79, 0x68: paths += 1  // m l c v y h
                    default: break
                    }
                } else if length == 2 {
                    let a = bytes[start]
                    let b = bytes[start + 1]
                    if a == 0x72, b == 0x65 {  // re
                        paths += 1
                    } else if (a == 0x44 && b == 0x6F) || (a == 0x42 && b == 0x49) {  // Do, BI
                        return true
                    }
                }
                if paths >= pathOperators { return true }
            }
        }
        return false
    }

    /// Not white space and not a delimiter.
    @inline(__always) static func isRegular(_ c: UInt8) -> Bool {
        switch c {
        case 0x00, 0x09, 0x0A, 0x0C, 0x0D, 0x20, 0x28, 0x29, 0x3C, 0x3E, 0x5B, 0x5D, 0x7B, 0x7D, 0x2F, 0x25: return false
        default: return true
        }
    }
}
