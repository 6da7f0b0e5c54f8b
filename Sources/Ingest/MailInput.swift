import Foundation
import PPShared
import Records

/// E-mails (.eml, mbox) and ZIP archives: each attachment, each file of an archive, becomes an input of
/// its own, named `mail.eml#2:bill.pdf` (the second mail of the file) or `bills.zip:march.pdf`, and is
/// planned as any file given (PDF, image, XML e-invoice, a ZIP in a mail). Every record of a mail's
/// attachment carries the mail's `mail` object (number, from, subject, date, message_id).
extension Planner {
    /// The tasks of the first mail, and a source of the rest, mail by mail (an mbox of any size is read
    /// as its tasks are worked on, never all at once).
    func planMail(_ item: InputItem, doc: String, mbox: Bool, insideArchive: Bool) -> (
        first: [PageTask], rest: (() -> [PageTask]?)?
    ) {
        let reader: MailReader
        do throws(ToolError) {
            reader = try MailReader(path: item.path, mbox: mbox, folder: workSubfolder(doc: doc) + "/mail")
        } catch {
            return ([.record(errorRecord(item, doc: doc, code: error.code, "'\(item.source)': \(error.message)"))], nil)
        }
        guard let first = reader.next() else {
            let what = mbox ? "holds no e-mail (an mbox starts each mail with a \"From \" line)" : "is no e-mail GMime can read"
            return ([.record(errorRecord(item, doc: doc, code: "mail_unreadable", "'\(item.source)' \(what)"))], nil)
        }
        let rest = {
            reader.next().map { self.planAttachments(of: $0, in: item, doc: doc, insideArchive: insideArchive) }
        }
        return (planAttachments(of: first, in: item, doc: doc, insideArchive: insideArchive), mbox ? rest : nil)
    }

    /// `insideArchive`: the mail came out of a ZIP, so a ZIP attached to it is not opened either.
    private func planAttachments(of mail: MailMessage, in item: InputItem, doc: String, insideArchive: Bool) -> [PageTask] {
        let name = "\(item.source)#\(mail.number)"
        var base = item.base
        base.plannedDocuments = nil  // one file, many documents: the count no longer holds
        base.mail = mail.record
        let mailItem = InputItem(path: item.path, source: name, base: base)
        if mail.tooManyParts {
            return [
                .record(
                    errorRecord(
                        mailItem, doc: doc, code: "mail_too_large",
                        "'\(name)' has more than \(MailLimits.maxParts) MIME parts; none of its attachments is read"))
            ]
        }
        if mail.attachments.isEmpty {
            let skipped = mail.skippedInline > 0 ? " (\(mail.skippedInline) small inline image(s) left out as logos)" : ""
            return [
                .record(
                    errorRecord(
                        mailItem, doc: doc, code: "no_attachment",
                        "'\(name)'\(Self.subjectNote(mail)) has no attachment to read: no PDF, image, XML e-invoice or ZIP\(skipped)"
                    ))
            ]
        }
        var tasks: [PageTask] = []
        for attachment in mail.attachments {
            let child = InputItem(path: attachment.path ?? item.path, source: name + ":" + attachment.name, base: base)
            if let problem = attachment.problem {
                tasks.append(.record(errorRecord(child, doc: nil, code: problem.code, "'\(child.source)' \(problem.message)")))
            } else {
                tasks += plan(child, insideArchive: insideArchive)
            }
        }
        return tasks
    }

    static func subjectNote(_ mail: MailMessage) -> String {
        guard let subject = mail.subject, !subject.isEmpty else { return "" }
        return " (\"\(subject.prefix(80))\")"
    }

    /// A ZIP archive's files, each an input; a ZIP inside a ZIP is not opened (bombs nest).
    func planZip(_ item: InputItem, doc: String, insideArchive: Bool) -> [PageTask] {
        if insideArchive {
            return [
                .record(
                    errorRecord(
                        item, doc: doc, code: "zip_nested",
                        "'\(item.source)' is a ZIP inside a ZIP; pp-ingest opens one level only"))
            ]
        }
        let entries: [ZipArchive.Entry]
        do throws(ToolError) {
            entries = try ZipArchive.unpack(path: item.path, into: workSubfolder(doc: doc) + "/zip")
        } catch {
            return [.record(errorRecord(item, doc: doc, code: error.code, "'\(item.source)' \(error.message)"))]
        }
        if entries.isEmpty {
            return [
                .record(
                    errorRecord(item, doc: doc, code: "empty_archive", "'\(item.source)' is a ZIP archive with no file in it"))
            ]
        }
        var base = item.base
        base.plannedDocuments = nil  // one file, many documents: the count no longer holds
        var tasks: [PageTask] = []
        for entry in entries {
            let child = InputItem(path: entry.path ?? item.path, source: item.source + ":" + entry.name, base: base)
            if let problem = entry.problem {
                tasks.append(.record(errorRecord(child, doc: nil, code: problem.code, "'\(child.source)' \(problem.message)")))
            } else {
                tasks += plan(child, insideArchive: true)
            }
        }
        return tasks
    }

    /// The work folder of one input file, named by its content.
    func workSubfolder(doc: String) -> String {
        (options.workFolder.hasSuffix("/") ? options.workFolder : options.workFolder + "/") + doc.dropFirst(7).prefix(16)
    }

    func errorRecord(_ item: InputItem, doc: String?, code: String, _ message: String) -> JSON {
        item.errorRecord(doc: doc, ToolError(.record, code: code, message))
    }

    /// Whether a file is an e-mail: by its name (.eml, .mbox), or by its first line (an mbox's
    /// "From " line, or a header every mail has).
    static func mailKind(_ bytes: [UInt8], path: String) -> (isMail: Bool, mbox: Bool) {
        let ext = (path as NSString).pathExtension.lowercased()
        if ext == "mbox" || ext == "mbx" { return (true, true) }
        if bytes.starts(with: Array("From ".utf8)) { return (true, true) }
        if ext == "eml" { return (true, false) }
        let head = String(decoding: bytes.prefix(64), as: UTF8.self).lowercased()
        let headers = ["return-path:", "received:", "delivered-to:", "mime-version:", "message-id:", "x-mozilla-status:"]
        return (headers.contains { head.hasPrefix($0) }, false)
    }
}
