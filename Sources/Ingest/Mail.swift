import CGMime
import Foundation
import PDFRender
import PPShared
import Records

/// One e-mail of an .eml file or an mbox, read with GMime: its headers and its attachments, each
/// decoded into the work folder.
struct MailMessage {
    /// 1-based position in the file (an .eml holds one).
    let number: Int
    let from: String?
    let subject: String?
    /// ISO 8601 with the sender's offset, as the Date header states it.
    let date: String?
    let messageID: String?
    var attachments: [MailAttachment] = []
    /// Inline images under `MailLimits.minImageBytes` (logos, signatures) left out.
    var skippedInline = 0
    /// More parts than `MailLimits.maxParts`: nothing of the mail is saved or used.
    var tooManyParts = false

    /// The `mail` object every record of the mail carries.
    var record: PageMail {
        var mail = PageMail()
        mail.number = number
        mail.from = from
        mail.subject = subject
        mail.date = date
        mail.messageID = messageID
        return mail
    }
}

/// An attachment: saved (`path`), or why not.
struct MailAttachment {
    let name: String
    let mime: String
    var path: String?
    var problem: (code: String, message: String)?
}

/// The bounds that keep a hostile mail (a 10,000-part bomb, a gigabyte attachment) cheap.
enum MailLimits {
    /// MIME parts of one mail (bodies, attachments, multipart containers); a mail with more is refused whole.
    static let maxParts = 500
    static let maxAttachmentBytes = 100 << 20
    /// An inline image smaller than this is a logo or a signature, not a bill (a legible photo of a page is larger).
    static let minImageBytes = 32 << 10
}

/// The mails of an .eml file or an mbox, read with GMime one at a time (`next()`), so that a mailbox of any
/// size is worked through in bounded memory, each mail's attachments saved below `folder/N/` as it is read.
final class MailReader {
    /// GMime's global state, set up once.
    private static let initialized: Void = { g_mime_init() }()

    private let stream: UnsafeMutablePointer<GMimeStream>
    private let parser: UnsafeMutablePointer<GMimeParser>
    private let mbox: Bool
    private let folder: String
    private(set) var count = 0

    /// Opens the file (`mbox`: mails one after another, separated by "From " lines); throws when it cannot be opened.
    init(path: String, mbox: Bool, folder: String) throws(ToolError) {
        _ = Self.initialized
        let opened = GLibCall.run { g_mime_stream_fs_open(path, O_RDONLY, 0, &$0) }
        guard case .success(let stream) = opened else {
            let why = opened.fault?.message ?? "unknown error"
            throw ToolError(.record, code: "cannot_read", "cannot open '\(path)': \(why)")
        }
        guard let parser = g_mime_parser_new_with_stream(stream) else {
            g_object_unref(stream)
            throw ToolError(.record, code: "mail_unreadable", "GMime could not start reading it")
        }
        g_mime_parser_set_format(parser, mbox ? GMIME_FORMAT_MBOX : GMIME_FORMAT_MESSAGE)
        self.stream = stream
        self.parser = parser
        self.mbox = mbox
        self.folder = folder
    }

    deinit {
        g_object_unref(parser)
        g_object_unref(stream)
    }

    /// The next mail with its attachments saved; nil after the last (an .eml holds one).
    func next() -> MailMessage? {
        guard mbox || count == 0, g_mime_parser_eos(parser) == 0,
            let message = g_mime_parser_construct_message(parser, nil)
        else { return nil }
        defer { g_object_unref(message) }
        count += 1
        var mail = Self.headers(message, number: count)
        if let body = g_mime_message_get_mime_part(message) {
            // Counted first, so a mail of 10,000 parts writes nothing.
            if PartWalker.count(body, depth: 0, upTo: MailLimits.maxParts + 1) > MailLimits.maxParts {
                mail.tooManyParts = true
            } else {
                var walker = PartWalker(folder: folder + "/\(count)")
                walker.walk(body, depth: 0)
                mail.attachments = walker.attachments
                mail.skippedInline = walker.skippedInline
            }
        }
        return mail
    }

    static func headers(_ message: UnsafeMutablePointer<GMimeMessage>, number: Int) -> MailMessage {
        var from: String?
        if let list = g_mime_message_get_from(message), internet_address_list_length(list) > 0,
            let text = internet_address_list_to_string(list, nil, 0)
        {
            from = String(cString: text)
            g_free(text)
        }
        var date: String?
        if let when = g_mime_message_get_date(message), let text = g_date_time_format(when, "%Y-%m-%dT%H:%M:%S%:z") {
            date = String(cString: text)
            g_free(text)
        }
        return MailMessage(
            number: number, from: from, subject: g_mime_message_get_subject(message).map { String(cString: $0) },
            date: date, messageID: g_mime_message_get_message_id(message).map { String(cString: $0) })
    }
}

/// Walks a mail's MIME tree (multiparts, forwarded mails up to three deep) and saves each attachment.
private struct PartWalker {
    let folder: String
    var attachments: [MailAttachment] = []
    var skippedInline = 0
    private var names: Set<String> = []

    init(folder: String) { self.folder = folder }

    static let signatures: Set<String> = [
        "application/pkcs7-signature", "application/x-pkcs7-signature", "application/pgp-signature",
    ]

    static func isA(_ object: UnsafeMutableRawPointer, _ type: GType) -> Bool {
        g_type_check_instance_is_a(object.assumingMemoryBound(to: GTypeInstance.self), type) != 0
    }

    /// The parts below `object`, counted up to `limit`.
    static func count(_ object: UnsafeMutablePointer<GMimeObject>, depth: Int, upTo limit: Int) -> Int {
        let raw = UnsafeMutableRawPointer(object)
        var n = 1
        if isA(raw, g_mime_multipart_get_type()) {
            let multipart = raw.assumingMemoryBound(to: GMimeMultipart.self)
            for i in 0..<g_mime_multipart_get_count(multipart) where n < limit {
                if let part = g_mime_multipart_get_part(multipart, i) { n += count(part, depth: depth, upTo: limit - n) }
            }
        } else if isA(raw, g_mime_message_part_get_type()), depth < 3,
            let message = g_mime_message_part_get_message(raw.assumingMemoryBound(to: GMimeMessagePart.self)),
            let body = g_mime_message_get_mime_part(message)
        {
            n += count(body, depth: depth + 1, upTo: limit - n)
        }
        return n
    }

    mutating func walk(_ object: UnsafeMutablePointer<GMimeObject>, depth: Int) {
        let raw = UnsafeMutableRawPointer(object)
        if Self.isA(raw, g_mime_multipart_get_type()) {
            let multipart = raw.assumingMemoryBound(to: GMimeMultipart.self)
            for i in 0..<g_mime_multipart_get_count(multipart) {
                if let part = g_mime_multipart_get_part(multipart, i) { walk(part, depth: depth) }
            }
        } else if Self.isA(raw, g_mime_message_part_get_type()) {
            let forwarded = raw.assumingMemoryBound(to: GMimeMessagePart.self)
            if depth < 3, let message = g_mime_message_part_get_message(forwarded),
                let body = g_mime_message_get_mime_part(message)
            {
                walk(body, depth: depth + 1)
            }
        } else if Self.isA(raw, g_mime_part_get_type()) {
            leaf(raw.assumingMemoryBound(to: GMimePart.self), object)
        }
    }

    mutating func leaf(_ part: UnsafeMutablePointer<GMimePart>, _ object: UnsafeMutablePointer<GMimeObject>) {
        var mime = "application/octet-stream"
        if let type = g_mime_object_get_content_type(object), let text = g_mime_content_type_get_mime_type(type) {
            mime = String(cString: text).lowercased()
            g_free(text)
        }
        let filename = g_mime_part_get_filename(part).map(RawNames.escaped(cString:))  // odd bytes kept apart
        let disposition = g_mime_object_get_content_disposition(object)
            .flatMap { g_mime_content_disposition_get_disposition($0) }.map { String(cString: $0).lowercased() }
        // The text of the mail itself is no attachment, nor is its signature (S/MIME, OpenPGP).
        if filename == nil, mime.hasPrefix("text/"), disposition != "attachment" { return }
        if Self.signatures.contains(mime) { return }
        if mime.hasPrefix("image/"), disposition != "attachment", encodedSize(part) * 3 / 4 < MailLimits.minImageBytes {
            skippedInline += 1
            return
        }
        attachments.append(save(part, name: uniqueName(filename, mime: mime), mime: mime))
    }

    /// The size of the part as it is in the mail (base64: a third more than the file).
    func encodedSize(_ part: UnsafeMutablePointer<GMimePart>) -> Int {
        guard let content = g_mime_part_get_content(part), let stream = g_mime_data_wrapper_get_stream(content) else { return 0 }
        return max(0, Int(g_mime_stream_length(stream)))
    }

    /// A safe file name, unique within the mail: a later twin gets its position in front.
    mutating func uniqueName(_ filename: String?, mime: String) -> String {
        var name = Planner.safeName(filename ?? "", index: attachments.count)
        if filename == nil { name += "." + Self.fileExtension(mime) }
        if names.contains(name) { name = "\(attachments.count + 1)-" + name }
        names.insert(name)
        return name
    }

    static func fileExtension(_ mime: String) -> String {
        switch mime {
        case "application/pdf": "pdf"
        case "image/jpeg", "image/jpg": "jpg"
        case "image/png": "png"
        case "image/tiff": "tif"
        case "application/xml", "text/xml": "xml"
        case "application/zip", "application/x-zip-compressed": "zip"
        default: "bin"
        }
    }

    static func size(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// Decodes the part (base64, quoted-printable) into the work folder; a part larger than
    /// `MailLimits.maxAttachmentBytes` is cut off by the stream's bound and reported, not kept.
    func save(_ part: UnsafeMutablePointer<GMimePart>, name: String, mime: String) -> MailAttachment {
        var attachment = MailAttachment(name: name, mime: mime)
        let target = folder + "/" + name
        if FileManager.default.fileExists(atPath: target) {
            attachment.path = target
            return attachment
        }
        var tooLarge = false
        do throws(ToolError) {
            try WorkFolder.make(folder)
            let file = try AtomicFile(destination: target)
            // GMime writes the temporary file through a stream of its own; its bound makes a write past
            // the limit fail instead of filling the disk.
            guard let out = g_mime_stream_fs_open(file.temporary, O_WRONLY, 0o644, nil) else {
                throw ToolError(.record, code: "write_failed", "cannot write '\(target)'")
            }
            g_mime_stream_set_bounds(out, 0, MailLimits.maxAttachmentBytes + 1)
            let written = g_mime_part_get_content(part).map { g_mime_data_wrapper_write_to_stream($0, out) } ?? -1
            let flushed = g_mime_stream_flush(out) == 0 && g_mime_stream_close(out) == 0
            g_object_unref(out)
            tooLarge = Self.size(file.temporary) > MailLimits.maxAttachmentBytes
            guard written >= 0, flushed, !tooLarge else {
                file.discard()
                throw ToolError(.record, code: "write_failed", "cannot write '\(target)'")
            }
            try file.commit()
            attachment.path = target
        } catch {
            attachment.problem =
                tooLarge
                ? ("attachment_too_large", "is larger than \(MailLimits.maxAttachmentBytes >> 20) MB; it was not read")
                : ("write_failed", "cannot be saved in the work folder: \(error.message)")
        }
        return attachment
    }
}
