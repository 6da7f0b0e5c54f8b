#!/usr/bin/env python3
"""Writes the tiny test PDFs and images of Tests/Fixtures/pages (run from that folder).

Every page shows one line "Page N" (or "Extra N"), so a test can check the order of pages
with pdftotext per page. Images need Pillow; the PDFs only the standard library.
encrypted.pdf is five.pdf encrypted afterwards: qpdf --encrypt secret secret 256 -- five.pdf encrypted.pdf
"""
import zlib


def pdf(name, pages, *, word="Page", rotate_on_tree=None, labels=None, outline=False, signed=False, damage=False,
        links=False):
    objs = {}
    n = len(pages)
    page_ids = [10 + 2 * i for i in range(n)]
    objs[3] = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
    for i, (w, h) in enumerate(pages):
        text = f"BT /F1 24 Tf 72 {h - 100} Td ({word} {i + 1}) Tj ET".encode()
        objs[page_ids[i] + 1] = b"<< /Length %d >>\nstream\n" % len(text) + text + b"\nendstream"
        objs[page_ids[i]] = (
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {w} {h}] /Contents {page_ids[i] + 1} 0 R "
            f"/Resources << /Font << /F1 3 0 R >> >>{' /Annots [20 0 R 21 0 R]' if links and i == 0 else ''} >>"
        ).encode()
    if links:
        # Page 1 links to page 2 (/Dest) and to page 3 (a /GoTo action).
        objs[20] = f"<< /Type /Annot /Subtype /Link /Rect [72 700 200 720] /Border [0 0 0] /Dest [{page_ids[1]} 0 R /Fit] >>".encode()
        objs[21] = (f"<< /Type /Annot /Subtype /Link /Rect [72 650 200 670] /Border [0 0 0] "
                    f"/A << /S /GoTo /D [{page_ids[2]} 0 R /Fit] >> >>").encode()
    kids = " ".join(f"{p} 0 R" for p in page_ids)
    tree = f"<< /Type /Pages /Kids [{kids}] /Count {n}"
    if rotate_on_tree is not None:
        tree += f" /Rotate {rotate_on_tree}"
    objs[2] = (tree + " >>").encode()
    catalog = "<< /Type /Catalog /Pages 2 0 R"
    if labels:
        catalog += " /PageLabels << /Nums [" + " ".join(f"{k} {v}" for k, v in labels) + "] >>"
    if outline:
        # One bookmark per page: "Chapter N" -> page N.
        first, count = 200, n
        catalog += " /Outlines 199 0 R"
        objs[199] = f"<< /Type /Outlines /First {first} 0 R /Last {first + n - 1} 0 R /Count {count} >>".encode()
        for i in range(n):
            links = ""
            if i > 0:
                links += f" /Prev {first + i - 1} 0 R"
            if i < n - 1:
                links += f" /Next {first + i + 1} 0 R"
            objs[first + i] = (
                f"<< /Title (Chapter {i + 1}) /Parent 199 0 R /Dest [{page_ids[i]} 0 R /Fit]{links} >>"
            ).encode()
    if signed:
        catalog += " /AcroForm << /Fields [300 0 R] /SigFlags 3 >>"
        objs[300] = b"<< /FT /Sig /T (Signature1) /V 301 0 R /Rect [0 0 0 0] /Subtype /Widget /P 10 0 R >>"
        objs[301] = b"<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /Contents <00> /ByteRange [0 0 0 0] >>"
    objs[1] = (catalog + " >>").encode()
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for k in sorted(objs):
        offsets[k] = len(out)
        out += b"%d 0 obj\n" % k + objs[k] + b"\nendobj\n"
    size = max(objs) + 1
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % size
    for k in range(1, size):
        if k in offsets:
            off = offsets[k] + (7 if damage else 0)
            out += b"%010d 00000 n \n" % off
        else:
            out += b"0000000000 65535 f \n"
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (size, xref)
    open(name, "wb").write(out)


A4 = (595, 842)
pdf("five.pdf", [A4] * 5)
pdf("extra.pdf", [A4] * 3, word="Extra")
pdf("inherited-rotate.pdf", [A4] * 3, rotate_on_tree=90)
pdf("labels.pdf", [A4] * 5, labels=[(0, "<< /S /r >>"), (2, "<< /S /D /P (A-) >>")])
pdf("outline.pdf", [A4] * 4, outline=True)
pdf("signed.pdf", [A4] * 2, signed=True)
pdf("damaged.pdf", [A4] * 3, damage=True)
pdf("links.pdf", [A4] * 3, links=True)

from PIL import Image, ImageDraw  # noqa: E402

img = Image.new("RGB", (120, 160), "white")
d = ImageDraw.Draw(img)
d.rectangle([10, 10, 110, 60], fill=(200, 30, 30))
d.text((20, 100), "JPEG", fill="black")
img.save("photo.jpg", quality=80, dpi=(72, 72))
g = Image.new("L", (100, 50), 255)
ImageDraw.Draw(g).text((10, 20), "PNG", fill=0)
g.save("scan.png", dpi=(100, 100))
Image.new("1", (64, 32), 1).save("bilevel.png")
a = Image.new("L", (40, 30), 255)
ImageDraw.Draw(a).rectangle([5, 5, 20, 20], fill=0)
b = Image.new("L", (30, 40), 200)
a.save("two-pages.tiff", save_all=True, append_images=[b], compression="tiff_deflate", dpi=(72, 72))
