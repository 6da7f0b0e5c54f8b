#!/usr/bin/env python3
"""Test mail for pp-ingest, made from samples/ (run from the repository root):

    python3 Tests/Fixtures/mail/make_mailbox.py OUT

writes into OUT:
- mailbox.mbox: 50 mails with mixed attachments (PDFs, XML e-invoices, photos, ZIPs of PDFs with a stray
  text file, a forwarded mail with its own PDF, a text file, a ZIP inside a ZIP, an S/MIME signature, small inline logos, mails
  with nothing attached), and expected.json: for each mail, the sources pp-ingest must account for (a record or an
  error record each), "mailbox.mbox#N:name" or "mailbox.mbox#N" for a mail with no attachment.
- bomb.zip: one entry that unpacks to 400 MB of zeros (under 1 MB packed), written in pieces.
- many-parts.eml: one mail with 10,000 attachments.
"""
import email.message
import email.policy
import glob
import io
import json
import mailbox
import os
import sys
import time
import zipfile

LOGO = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082"
)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def zip_of(files):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files:
            z.writestr(name, data)
    return buffer.getvalue()


def mailbox_of_fifty(out):
    pdfs = sorted(glob.glob("samples/pdf/*.pdf"))
    xmls = sorted(glob.glob("samples/xml/*.xml"))
    photos = ["samples/photos/cz-faktura-spayd.jpg", "samples/photos/ch-garage-scor-eur.jpg"]
    box_path = os.path.join(out, "mailbox.mbox")
    box = mailbox.mbox(box_path, create=True)
    expected = []
    for n in range(1, 51):
        m = email.message.EmailMessage(policy=email.policy.SMTP)
        m["From"] = f"Lieferant {n} <rechnung{n}@example.com>"
        m["To"] = "ap@example.com"
        m["Subject"] = f"Rechnung {n}"
        m["Date"] = f"Mon, {1 + n % 28:02d} Nov 2026 10:{n:02d}:00 +0100"
        m["Message-ID"] = f"<mail-{n}@example.com>"
        m.set_content(f"Anbei Rechnung {n}.\n")
        names = []
        kind = n % 10
        if kind in (0, 1, 2, 3):
            pdf = pdfs[n % len(pdfs)]
            names.append(os.path.basename(pdf))
            m.add_attachment(read(pdf), maintype="application", subtype="pdf", filename=os.path.basename(pdf))
        if kind in (3, 4):
            xml = xmls[n % len(xmls)]
            names.append(os.path.basename(xml))
            m.add_attachment(read(xml), maintype="application", subtype="xml", filename=os.path.basename(xml))
        if kind == 5 and n in (5, 15):
            photo = photos[0 if n == 5 else 1]
            names.append(os.path.basename(photo))
            m.add_attachment(read(photo), maintype="image", subtype="jpeg", filename=os.path.basename(photo))
        if kind == 6:
            a, b = pdfs[n % len(pdfs)], pdfs[(n + 7) % len(pdfs)]
            data = zip_of([("a/" + os.path.basename(a), read(a)), (os.path.basename(b), read(b)), ("liesmich.txt", b"hallo")])
            names += [f"bills-{n}.zip:a/{os.path.basename(a)}", f"bills-{n}.zip:{os.path.basename(b)}", f"bills-{n}.zip:liesmich.txt"]
            m.add_attachment(data, maintype="application", subtype="zip", filename=f"bills-{n}.zip")
        if kind == 7:
            inner = email.message.EmailMessage(policy=email.policy.SMTP)
            inner["From"] = "original@example.com"
            inner["Subject"] = "Fwd original"
            inner.set_content("forwarded")
            pdf = pdfs[(n + 3) % len(pdfs)]
            inner.add_attachment(read(pdf), maintype="application", subtype="pdf", filename="forwarded.pdf")
            names.append("forwarded.pdf")
            m.add_attachment(inner)
        if n == 9:
            inner = zip_of([("bill.pdf", read(pdfs[0]))])
            names.append("outer.zip:inner.zip")
            m.add_attachment(zip_of([("inner.zip", inner)]), maintype="application", subtype="zip", filename="outer.zip")
        if kind == 8:
            names.append("notiz.txt")
            m.add_attachment(b"nur eine Notiz", maintype="text", subtype="plain", filename="notiz.txt")
        if n == 10:
            # An S/MIME signature is no attachment to read.
            m.add_attachment(b"0\x82signature", maintype="application", subtype="pkcs7-signature", filename="smime.p7s")
        if n % 4 == 0:
            m.add_attachment(LOGO, maintype="image", subtype="png", disposition="inline", cid=f"<logo{n}@example.com>")
        entry = mailbox.mboxMessage(m)
        entry.set_from("MAILER-DAEMON", time.gmtime(1796040000 + n))
        box.add(entry)
        prefix = f"mailbox.mbox#{n}"
        expected.append([f"{prefix}:{name}" for name in names] or [prefix])
    box.flush()
    box.close()
    with open(os.path.join(out, "expected.json"), "w") as f:
        json.dump(expected, f, indent=1)


def zip_bomb(out):
    with zipfile.ZipFile(os.path.join(out, "bomb.zip"), "w", zipfile.ZIP_DEFLATED) as z:
        with z.open("bill.pdf", "w", force_zip64=True) as entry:
            zeros = bytes(1 << 20)
            for _ in range(400):
                entry.write(zeros)


def many_parts(out):
    boundary = "pp-many-parts"
    lines = [
        "From: flood@example.com",
        "To: ap@example.com",
        "Subject: 10000 attachments",
        "Message-ID: <flood@example.com>",
        "MIME-Version: 1.0",
        f'Content-Type: multipart/mixed; boundary="{boundary}"',
        "",
    ]
    for i in range(10000):
        lines += [
            f"--{boundary}",
            "Content-Type: application/pdf",
            f'Content-Disposition: attachment; filename="part{i}.pdf"',
            "Content-Transfer-Encoding: base64",
            "",
            "JVBERi0xLjQK",
        ]
    lines.append(f"--{boundary}--")
    with open(os.path.join(out, "many-parts.eml"), "w") as f:
        f.write("\r\n".join(lines) + "\r\n")


if __name__ == "__main__":
    target = sys.argv[1]
    os.makedirs(target, exist_ok=True)
    mailbox_of_fifty(target)
    zip_bomb(target)
    many_parts(target)
