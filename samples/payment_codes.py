"""Payment codes for the sample bills: the checksums of their references, real encoders (segno for QR,
pdf417gen for PDF417, liblzma for PAY by square) drawing vector symbols into reportlab pages, and the self-check
that decodes every code in samples/pdf and samples/photos with zxing-cpp and compares it with what was encoded.
Needs: pip install segno pdf417gen zxing-cpp
"""
import lzma
import os
import struct
import subprocess
import tempfile
import zlib

import pdf417gen
import segno
from reportlab.lib.units import mm

g = None  # the generate module (set by generate_codes.init)
PAYLOADS = {}  # "pdf/x.pdf" -> [payload, ...] of every code drawn into it


def record(c, payload):
    PAYLOADS.setdefault(os.path.relpath(c._filename, g.HERE), []).append(payload)


# ---- checksums ------------------------------------------------------------------------------------


def mod10_recursive(digits):
    carry = 0
    for d in digits:
        carry = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5][(carry + int(d)) % 10]
    return str((10 - carry) % 10)


def mod11ini(digits):
    """ISO 7064 MOD 11 as the HR and SI reference models use it: weights 2, 3, 4, ... from the right,
    K = 11 - (sum mod 11), and 10 or 11 give 0."""
    s = sum(int(d) * (i + 2) for i, d in enumerate(reversed(digits)))
    k = 11 - s % 11
    return "0" if k >= 10 else str(k)


def cz_account(prefix, base9):
    """Czech/Slovak account number: weights 6 3 7 9 10 5 8 4 2 1, sum mod 11 = 0 (last digit completes it)."""
    w = [6, 3, 7, 9, 10, 5, 8, 4, 2]
    last = -sum(int(d) * x for d, x in zip(base9, w)) % 11
    assert last < 10 and sum(int(d) * x for d, x in zip(prefix, [10, 5, 8, 4, 2, 1])) % 11 == 0
    return base9 + str(last)


def si_bban(bank5, acct8):
    """Slovenian BBAN: the national check digits make the IBAN check digits 56."""
    body = bank5 + acct8
    return body + "%02d" % (98 - g.mod97(body + "00"))


# ---- encoders -------------------------------------------------------------------------------------

BYSQUARE_FILTERS = [{"id": lzma.FILTER_LZMA1, "lc": 3, "lp": 0, "pb": 2, "dict_size": 131072}]


def bysquare(fields):
    """PAY by square 1.1: 2-byte header (all 0: PAY, version 0), 2-byte length, raw LZMA1 of CRC32 + fields,
    in base32hex without padding (as Tests/ExtractTests/Fixtures/codes/make_bysquare.py)."""
    text = "\t".join(fields).encode("utf-8")
    body = struct.pack("<I", zlib.crc32(text)) + text
    data = b"\x00\x00" + struct.pack("<H", len(body)) + lzma.compress(body, format=lzma.FORMAT_RAW,
                                                                     filters=BYSQUARE_FILTERS)
    bits = "".join(format(b, "08b") for b in data)
    bits += "0" * (-len(bits) % 5)
    return "".join("0123456789ABCDEFGHIJKLMNOPQRSTUV"[int(bits[i:i + 5], 2)] for i in range(0, len(bits), 5))


def upn(fields):
    """19 fields each ended by LF, then the control sum (their length, 3 digits)."""
    head = "".join(f + "\n" for f in fields)
    assert len(fields) == 19
    return head + "%03d\n" % len(head)


def draw_matrix(p, x, y, w_mm, h_mm, rows):
    """Dark modules of a symbol (rows of booleans, quiet zone excluded) as filled rectangles."""
    c = p.c
    mw, mh = w_mm * mm / len(rows[0]), h_mm * mm / len(rows)
    path = c.beginPath()
    for r, row in enumerate(rows):
        i = 0
        while i < len(row):
            if row[i]:
                j = i
                while j < len(row) and row[j]:
                    j += 1
                path.rect(x * mm + i * mw, g.H - y * mm - (r + 1) * mh, (j - i) * mw, mh)
                i = j
            else:
                i += 1
    c.setFillColorRGB(0, 0, 0)
    c.drawPath(path, stroke=0, fill=1)


def qr(p, x, y, size_mm, payload, encoding="utf-8", eci=False, swiss_cross=False):
    sym = segno.make(payload, error="m", encoding=encoding, eci=eci, micro=False, boost_error=False)
    draw_matrix(p, x, y, size_mm, size_mm, [list(r) for r in sym.matrix_iter(scale=1, border=0)])
    record(p.c, payload)
    if swiss_cross:  # 7 mm: white frame, black square, white cross
        cx, cy = x + size_mm / 2, y + size_mm / 2
        p.rect(cx - 3.5, cy - 3.5, 7, 7, lw=0, fill=(1, 1, 1), stroke=False)
        p.rect(cx - 3.1, cy - 3.1, 6.2, 6.2, lw=0, fill=(0, 0, 0), stroke=False)
        p.rect(cx - 0.6, cy - 2.1, 1.2, 4.2, lw=0, fill=(1, 1, 1), stroke=False)
        p.rect(cx - 2.1, cy - 0.6, 4.2, 1.2, lw=0, fill=(1, 1, 1), stroke=False)


def pdf417(p, x, y, w_mm, h_mm, payload):
    """HUB-3 barcode: PDF417, 9 data columns, error correction level 4."""
    codes = pdf417gen.encode(payload, columns=9, security_level=4, encoding="iso-8859-2")
    draw_matrix(p, x, y, w_mm, h_mm, [[b == "1" for b in "".join(format(v, "b") for v in row)] for row in codes])
    record(p.c, payload)


def iban4(iban):
    return " ".join(iban[i:i + 4] for i in range(0, len(iban), 4))


# ---- self-check: decode every code ------------------------------------------------------------------


def decode(img):
    import zxingcpp
    out = []
    for r in zxingcpp.read_barcodes(img):
        text = r.text
        if r.format == zxingcpp.BarcodeFormat.PDF417 and not text.isascii():
            text = bytes(r.bytes).decode("iso-8859-2")  # HUB-3 is ISO 8859-2, which PDF417 cannot declare here
        out.append(text)
    return out


def check_codes(records):
    """The references of the formats here pass their checks (QR reference mod 10 recursive, HR01 and SI12
    MOD 11); every code zxing-cpp finds in samples/pdf and samples/photos is a payload that was encoded there,
    and every encoded payload is found."""
    from PIL import Image, ImageSequence
    errors = []
    for r in records:
        ref, model = r["reference"] or "", r["reference_model"]
        if model in ("HR01", "SI12") and mod11ini(ref.replace("-", "")[:-1]) != ref[-1]:
            errors.append("%s: %s reference %s fails its MOD 11 check" % (r["source"], model, ref))
        if len(ref) == 27 and ref.isdigit() and mod10_recursive(ref[:26]) != ref[26]:
            errors.append("%s: QR reference %s fails mod 10 recursive" % (r["source"], ref))
    photo_src = {out: src for src, out, *_ in g.PHOTOS}
    for sub in ("pdf", "photos"):
        for name in sorted(os.listdir(os.path.join(g.HERE, sub))):
            rel, path = sub + "/" + name, os.path.join(g.HERE, sub, name)
            if sub == "pdf":
                with tempfile.TemporaryDirectory() as td:
                    subprocess.run(["pdftoppm", "-r", "200", "-gray", "-png", path, os.path.join(td, "p")], check=True)
                    pages = [Image.open(os.path.join(td, f)).copy() for f in sorted(os.listdir(td))]
            else:
                pages = [f.copy() for f in ImageSequence.Iterator(Image.open(path))]
            found = sorted(t for im in pages for t in decode(im.convert("L")))
            want = sorted(PAYLOADS.get(rel, PAYLOADS.get(photo_src.get(rel), [])))
            if found != want:
                errors.append("%s: decoded codes %r, encoded %r" % (rel, found, want))
    return errors
