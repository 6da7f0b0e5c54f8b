#!/usr/bin/env python3
"""Writes a synthetic book for bench/pages: N pages of compressed text, each with its own
small image, one shared font; an outline entry and page labels like a real book.

usage: make-book.py PAGES OUT.pdf
"""
import random
import sys
import zlib

pages, path = int(sys.argv[1]), sys.argv[2]
rng = random.Random(7)
words = ("payment invoice amount account reference due date total tax net gross bank transfer "
         "customer supplier order delivery quantity price discount balance").split()
objs = {1: None, 2: None, 3: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"}
kids = []
next_id = 10
for p in range(pages):
    lines = []
    for k in range(45):
        line = " ".join(rng.choice(words) for _ in range(10))
        lines.append(f"BT /F1 10 Tf 56 {780 - 16 * k} Td (Page {p + 1} line {k + 1}: {line}) Tj ET")
    lines.append("q 120 0 0 80 400 40 cm /Im1 Do Q")
    content = zlib.compress("\n".join(lines).encode(), 6)
    pixels = bytes(rng.getrandbits(8) for _ in range(64 * 48 * 3))
    image = zlib.compress(pixels, 1)
    page, cs, im = next_id, next_id + 1, next_id + 2
    next_id += 3
    objs[cs] = b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(content) + content + b"\nendstream"
    objs[im] = (b"<< /Type /XObject /Subtype /Image /Width 64 /Height 48 /ColorSpace /DeviceRGB "
                b"/BitsPerComponent 8 /Filter /FlateDecode /Length %d >>\nstream\n" % len(image) + image + b"\nendstream")
    objs[page] = (f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents {cs} 0 R "
                  f"/Resources << /Font << /F1 3 0 R >> /XObject << /Im1 {im} 0 R >> >> >>").encode()
    kids.append(page)
outline = next_id
chapters = list(range(0, pages, 20))
items = list(range(outline + 1, outline + 1 + len(chapters)))
objs[outline] = f"<< /Type /Outlines /First {items[0]} 0 R /Last {items[-1]} 0 R /Count {len(items)} >>".encode()
for i, (item, start) in enumerate(zip(items, chapters)):
    links = (f" /Prev {items[i - 1]} 0 R" if i else "") + (f" /Next {items[i + 1]} 0 R" if i + 1 < len(items) else "")
    objs[item] = f"<< /Title (Chapter {i + 1}) /Parent {outline} 0 R /Dest [{kids[start]} 0 R /Fit]{links} >>".encode()
objs[2] = f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] /Count {pages} >>".encode()
objs[1] = (f"<< /Type /Catalog /Pages 2 0 R /Outlines {outline} 0 R "
           f"/PageLabels << /Nums [0 << /S /r >> 4 << /S /D >>] >> >>").encode()
out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
offsets = {}
for k in sorted(objs):
    offsets[k] = len(out)
    out += b"%d 0 obj\n" % k + objs[k] + b"\nendobj\n"
size = max(objs) + 1
xref = len(out)
out += b"xref\n0 %d\n0000000000 65535 f \n" % size
for k in range(1, size):
    out += (b"%010d 00000 n \n" % offsets[k]) if k in offsets else b"0000000000 65535 f \n"
out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (size, xref)
open(path, "wb").write(out)
