#!/usr/bin/env python3
"""Writes samples/mail/: e-mails whose attachments are the sample bills (run from the repository root).

    python3 samples/generate_mail.py

- rechnung.eml: a bill as PDF with its XRechnung XML, a text body and a small inline logo (left out).
- postfach.mbox: three mails one after another: a ZIP of two bills, a reminder with no attachment (an
  error record), and a Peppol credit note as XML.
The output is the same on every run (fixed dates, message IDs and MIME boundaries).
"""
import email.message
import email.policy
import io
import mailbox
import os
import time
import zipfile

OUT = "samples/mail"
# A 1x1 PNG: the size of a signature logo, not of a bill.
LOGO = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082"
)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def mail(sender, subject, date, message_id, body, attachments, boundary):
    m = email.message.EmailMessage(policy=email.policy.SMTP)
    m["From"] = sender
    m["To"] = "Kreditoren <ap@example.com>"
    m["Subject"] = subject
    m["Date"] = date
    m["Message-ID"] = message_id
    m.set_content(body)
    for data, maintype, subtype, name, disposition in attachments:
        kwargs = {"filename": name} if name else {}
        if disposition == "inline":
            kwargs["disposition"] = "inline"
            kwargs["cid"] = "<logo@example.com>"
        m.add_attachment(data, maintype=maintype, subtype=subtype, **kwargs)
    if m.is_multipart():
        m.set_boundary(boundary)
    return m


def deterministic_zip(files):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for name, path in files:
            info = zipfile.ZipInfo(name, date_time=(2026, 11, 30, 12, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, read(path))
    return buffer.getvalue()


def main():
    os.makedirs(OUT, exist_ok=True)
    first = mail(
        "Elbtal Druckerei GmbH <rechnung@elbtal-druck.example>",
        "Rechnung RE-2026-0412",
        "Mon, 02 Nov 2026 09:15:00 +0100",
        "<re-2026-0412@elbtal-druck.example>",
        "Sehr geehrte Damen und Herren,\nanbei unsere Rechnung als PDF und als XRechnung.\n",
        [
            (read("samples/pdf/en-gb-supplies.pdf"), "application", "pdf", "rechnung.pdf", "attachment"),
            (read("samples/xml/de-xrechnung-ubl.xml"), "application", "xml", "xrechnung.xml", "attachment"),
            (LOGO, "image", "png", None, "inline"),
        ],
        "pp-sample-boundary-1",
    )
    with open(os.path.join(OUT, "rechnung.eml"), "wb") as f:
        f.write(first.as_bytes())

    box_path = os.path.join(OUT, "postfach.mbox")
    if os.path.exists(box_path):
        os.remove(box_path)
    box = mailbox.mbox(box_path, create=True)
    messages = [
        mail(
            "Bergkräuter Versand KG <buchhaltung@bergkraeuter.example>",
            "Ihre Rechnungen November",
            "Mon, 30 Nov 2026 12:00:00 +0100",
            "<nov-2026@bergkraeuter.example>",
            "Im Anhang beide Rechnungen als ZIP.\n",
            [
                (
                    deterministic_zip([("november/webshop.pdf", "samples/pdf/at-webshop.pdf")]),
                    "application",
                    "zip",
                    "rechnungen.zip",
                    "attachment",
                )
            ],
            "pp-sample-boundary-2",
        ),
        mail(
            "Stadtwerke Beispiel <mahnung@stadtwerke.example>",
            "Zahlungserinnerung",
            "Tue, 01 Dec 2026 08:00:00 +0100",
            "<erinnerung-77@stadtwerke.example>",
            "Bitte begleichen Sie die offene Rechnung 2026-77.\n",
            [],
            None,
        ),
        mail(
            "Noordzee Kantoorartikelen <facturen@noordzee.example>",
            "Creditnota CN-88",
            "Thu, 15 Oct 2026 16:45:00 +0200",
            "<cn-88@noordzee.example>",
            "Bijgaand de creditnota.\n",
            [(read("samples/xml/nl-peppol-creditnote.xml"), "application", "xml", "CN-88.xml", "attachment")],
            "pp-sample-boundary-3",
        ),
    ]
    for m in messages:
        entry = mailbox.mboxMessage(m)
        entry.set_from("MAILER-DAEMON", time.gmtime(1796040000))  # a fixed "From " line, not today
        box.add(entry)
    box.flush()
    box.close()


if __name__ == "__main__":
    main()
