"""Makes the payment-code fixtures of Tests/IngestTests/CodeTests.swift with real encoders.

    pip install segno pdf417gen reportlab pillow
    python3 Tests/Fixtures/codes/make_codes.py

Writes, next to this script (all committed, so `swift test` needs no Python):
- epc-vector.pdf   born-digital A4 page: text, a table, an EPC QR code drawn as vector rectangles
- swiss-image.pdf  born-digital A4 page: text, a Swiss QR code (CR LF lines) placed as a PNG image
- hub3-pdf417.pdf  born-digital A4 page: text, a HUB-3 PDF417 drawn as vector bars
- ips-photo.jpg    photo-like page: a small IPS QR code turned 105 degrees, blurred, noisy, JPEG,
                   stored turned with EXIF orientation 6 (a viewer turns it upright)
- epc-latin1.png   an EPC QR code whose bytes are ISO 8859-1 (EPC coding 2), no ECI
- no-code.pdf      born-digital A4 page: text, a table and a grey logo image, no code
- damaged.png      a scanned EPC QR code (200 dpi, grey) with an ink blot over some of its modules
- microqr.png      a Micro QR code (not read: see below)
- hub3-photo-10.jpg, hub3-photo-30.jpg  photos of a HUB-3 slip (PDF417 of HUB3, 150 dpi) turned 10 and
                   30 degrees on a grey table, blurred, noisy, JPEG (zxing alone reads a PDF417 only
                   within a few degrees of upright); hub3-photo-persp20.jpg the slip turned 3 degrees
                   in a 20 % perspective (modules of 1.2-1.5 pixels), hub3-photo-glare.jpg turned 3
                   degrees under a glare spot over the code's right half; hub3-photo-persp30.jpg a photo
                   of bench/codes/photos.py in a 30 % perspective (modules of about 1.2 pixels)
- pdf417-long-turned.png  a page of text with a long PDF417 (16 columns) under it, turned 6 degrees:
                   read by pp-ocr on the page it deskewed, not by pp-ingest (Tests/OCRTests)
- two-codes.jpg    a photo of a slip with an EPC QR code and a HUB-3 PDF417 under it, turned 6 degrees
- bysquare-low-contrast.jpg  a photo of bench/codes/photos.py (PAY by square in low contrast) on which
                   zxing-cpp 1.4's Micro QR detector stops the process (about ten minutes to make)
- expected.json    per file: the payload encoded, its symbology and the code's box in points
                   (top-left origin, as page records give boxes); two-codes.jpg: "codes", a list of them

    python3 Tests/Fixtures/codes/make_codes.py NAME...   makes only the named files (expected.json merged)
"""
import importlib.util
import io
import json
import math
import os
import random
import sys

import pdf417gen
import segno
from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont
from reportlab.lib.pagesizes import A4
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen import canvas

HERE = os.path.dirname(os.path.abspath(__file__))
W, H = A4

EPC = "BCD\n002\n1\nSCT\nRVSAAT2S\nBergkräuter Versand KG\nAT611904300234573201\nEUR123.45\n\nRF18539007547034\n"
SWISS = ("SPC\r\n0200\r\n1\r\nCH4431999123000889012\r\nS\r\nRobert Schneider AG\r\nRue du Lac\r\n12\r\n2501\r\nBiel\r\n"
         "CH\r\n\r\n\r\n\r\n\r\n\r\n\r\n\r\n1949.75\r\nCHF\r\nS\r\nPia-Maria Rutschmann-Schnyder\r\nGrosse Marktgasse\r\n"
         "28\r\n9400\r\nRorschach\r\nCH\r\nQRR\r\n210000000003139471430009017\r\nAuftrag vom 15.06.2020\r\nEPD")
HUB3 = ("HRVHUB30\nEUR\n000000000012355\nZELJKO SENEKOVIC\nIVANECKA ULICA 125\n42000 VARAZDIN\n"
        "2DBK d.d.\nALKARSKI PROLAZ 13B\n21230 SINJ\nHR1210010051863000160\nHR01\n7269-68-0000000000\nCOST\n"
        "Troskovi za 1. mjesec\n")
IPS = ("K:PR|V:01|C:1|R:160000540004511325|N:EnergoNova d.o.o.\r\nBulevar oslobođenja 211, Beograd|"
       "I:RSD4718,40|SF:189|S:Racun za struju 05/2026|RO:97163205260511")
EPC_LATIN1 = "BCD\n001\n2\nSCT\nGIBAATWWXXX\nMüller & Söhne\nAT082011128431596300\nEUR50\n\n\nRechnung 4711\n"


def page_text(c, title, lines):
    c.setFont("Helvetica-Bold", 16)
    c.drawString(56, H - 72, title)
    c.setFont("Helvetica", 10)
    y = H - 110
    for line in lines:
        c.drawString(56, y, line)
        y -= 14
    # A table: rules, as invoices have (dozens of path operators, no code).
    top = y - 20
    for i in range(6):
        c.line(56, top - i * 16, W - 56, top - i * 16)
    for x in (56, 300, 420, W - 56):
        c.line(x, top, x, top - 80)


def top_left_box(x, y_bottom, w, h):
    """reportlab's bottom-left (x, y, w, h) as a top-left [x0, y0, x1, y1] box in points."""
    return [round(x, 2), round(H - y_bottom - h, 2), round(x + w, 2), round(H - y_bottom, 2)]


def epc_vector(expected):
    path = os.path.join(HERE, "epc-vector.pdf")
    c = canvas.Canvas(path, pagesize=A4, invariant=1)
    page_text(c, "Rechnung 2026-0412", ["Bergkräuter Versand KG, Wien", "Betrag: EUR 123,45",
                                         "Zahlbar mit dem QR-Code (EPC) rechts unten."])
    qr = segno.make_qr(EPC, error="m", encoding="utf-8")
    matrix = [[bool(v) for v in row] for row in qr.matrix]
    module = 2.0  # points: a 0.7 mm module
    x, y_top = 400.0, 520.0
    c.saveState()
    # Per-module rectangles drawn as a path with many subpaths, as PDF generators do.
    p = c.beginPath()
    for r, row in enumerate(matrix):
        for col, dark in enumerate(row):
            if dark:
                p.rect(x + col * module, H - y_top - (r + 1) * module, module, module)
    c.drawPath(p, stroke=0, fill=1)
    c.restoreState()
    c.showPage()
    c.save()
    n = len(matrix)
    expected["epc-vector.pdf"] = {"type": "qr", "text": EPC, "box": [x, y_top, x + n * module, y_top + n * module]}


def swiss_image(expected):
    path = os.path.join(HERE, "swiss-image.pdf")
    c = canvas.Canvas(path, pagesize=A4, invariant=1)
    page_text(c, "QR-Rechnung", ["Robert Schneider AG, Biel", "Betrag CHF 1949.75", "Zahlteil mit Swiss QR Code"])
    qr = segno.make_qr(SWISS, error="m", encoding="utf-8")
    buf = io.BytesIO()
    qr.save(buf, kind="png", scale=4, border=0)
    size = 46 / 25.4 * 72  # 46 mm, as the Swiss QR bill prescribes
    x, y_top = 180.0, 560.0
    c.drawImage(ImageReader(io.BytesIO(buf.getvalue())), x, H - y_top - size, size, size)
    c.showPage()
    c.save()
    expected["swiss-image.pdf"] = {"type": "qr", "text": SWISS, "box": [x, y_top, round(x + size, 2), round(y_top + size, 2)]}


def hub3_pdf417(expected):
    path = os.path.join(HERE, "hub3-pdf417.pdf")
    c = canvas.Canvas(path, pagesize=A4, invariant=1)
    page_text(c, "Uplatnica HUB-3", ["Platitelj: Zeljko Senekovic", "Iznos: 123,55 EUR", "Barkod (PDF417) za placanje"])
    codes = pdf417gen.encode(HUB3, columns=9, security_level=4)
    matrix = [[bool(v) for v in row] for row in pdf417gen.rendering.barcode_to_matrix(codes)] \
        if hasattr(pdf417gen.rendering, "barcode_to_matrix") else None
    if matrix is None:
        image = pdf417gen.render_image(codes, scale=1, ratio=1, padding=0)
        grey = image.convert("L")
        matrix = [[grey.getpixel((i, j)) < 128 for i in range(grey.width)] for j in range(grey.height)]
    bar = 0.75  # points per module: HUB-3 asks for at least 0.17 mm
    row_h = 3 * bar
    x, y_top = 300.0, 600.0
    p = c.beginPath()
    for r, row in enumerate(matrix):
        col = 0
        while col < len(row):
            if row[col]:
                start = col
                while col < len(row) and row[col]:
                    col += 1
                p.rect(x + start * bar, H - y_top - (r + 1) * row_h, (col - start) * bar, row_h)
            else:
                col += 1
    c.drawPath(p, stroke=0, fill=1)
    c.showPage()
    c.save()
    w = len(matrix[0]) * bar
    h = len(matrix) * row_h
    expected["hub3-pdf417.pdf"] = {"type": "pdf417", "text": HUB3, "box": [x, y_top, x + w, round(y_top + h, 2)]}


def ips_photo(expected):
    rng = random.Random(11)
    dpi = 100
    page = Image.new("L", (620, 820), 236)
    d = ImageDraw.Draw(page)
    for i in range(22):  # lines of "text"
        y = 40 + i * 24
        x = 40
        while x < 560:
            w = rng.randint(20, 70)
            d.rectangle([x, y, x + w, y + 9], fill=rng.randint(40, 90))
            x += w + rng.randint(8, 14)
    d.rectangle([330, 500, 610, 810], fill=236)
    qr = segno.make_qr(IPS, error="m", encoding="utf-8")
    module = 3
    symbol = qr.symbol_size(scale=module, border=0)[0]
    code = Image.open(io.BytesIO(_png(qr, module, 4))).convert("L")
    mask = Image.new("L", code.size, 0)
    ImageDraw.Draw(mask).rectangle([4 * module, 4 * module, 4 * module + symbol - 1, 4 * module + symbol - 1], fill=255)
    angle = 105  # a quarter turn and 15 degrees more, counter-clockwise
    code_r = code.rotate(angle, resample=Image.BICUBIC, expand=True, fillcolor=236)
    mask_r = mask.rotate(angle, resample=Image.NEAREST, expand=True, fillcolor=0)
    at = (360, 540)
    page.paste(code_r, at)
    where = Image.new("L", page.size, 0)
    where.paste(mask_r, at)
    x0, y0, x1, y1 = where.getbbox()
    # Slight blur, noise, then a JPEG as a phone camera writes it.
    page = page.filter(ImageFilter.GaussianBlur(0.9))
    noise = Image.effect_noise(page.size, 14)
    page = Image.blend(page, noise, 0.08)
    # Stored turned: EXIF orientation 6 makes a viewer (and pp-ingest) turn it 90 degrees clockwise.
    stored = page.rotate(90, expand=True)
    exif = Image.Exif()
    exif[0x0112] = 6
    stored.save(os.path.join(HERE, "ips-photo.jpg"), quality=35, dpi=(dpi, dpi), exif=exif.tobytes())
    k = 72 / dpi
    expected["ips-photo.jpg"] = {"type": "qr", "text": IPS,
                                 "box": [round(x0 * k, 2), round(y0 * k, 2), round(x1 * k, 2), round(y1 * k, 2)]}


def _png(qr, scale, border):
    buf = io.BytesIO()
    qr.save(buf, kind="png", scale=scale, border=border)
    return buf.getvalue()


def epc_latin1(expected):
    qr = segno.make_qr(EPC_LATIN1, error="m", encoding="iso-8859-1", eci=False)
    open(os.path.join(HERE, "epc-latin1.png"), "wb").write(_png(qr, 3, 4))
    n = qr.symbol_size(scale=3, border=0)[0]
    k = 72 / 300  # no resolution stated: pp-ingest assumes 300 dpi
    expected["epc-latin1.png"] = {"type": "qr", "text": EPC_LATIN1,
                                  "box": [round(12 * k, 2), round(12 * k, 2), round((12 + n) * k, 2), round((12 + n) * k, 2)]}


def no_code(expected):
    path = os.path.join(HERE, "no-code.pdf")
    c = canvas.Canvas(path, pagesize=A4, invariant=1)
    page_text(c, "Invoice 88-2026", ["Hosting, May 2026", "Amount due EUR 49.00", "Paid by direct debit: no code."])
    logo = Image.new("L", (120, 120), 255)
    d = ImageDraw.Draw(logo)
    for r in range(60, 0, -6):
        d.ellipse([60 - r, 60 - r, 60 + r, 60 + r], fill=255 - r * 3)
    buf = io.BytesIO()
    logo.save(buf, format="PNG")
    c.drawImage(ImageReader(io.BytesIO(buf.getvalue())), W - 140, H - 140, 84, 84)
    c.showPage()
    c.save()
    expected["no-code.pdf"] = None


def damaged(expected):
    qr = segno.make_qr(EPC, error="q", encoding="utf-8")
    scale, border = 4, 4
    im = Image.open(io.BytesIO(_png(qr, scale, border))).convert("L")
    n = qr.symbol_size(scale=scale, border=0)[0]
    d = ImageDraw.Draw(im)
    # A blot of ink and a scratch across data modules (not the finder patterns).
    c = border * scale + n // 2
    d.ellipse([c - n // 9, c - n // 12, c + n // 9, c + n // 12], fill=20)
    d.line([border * scale + n // 3, border * scale + 2 * n // 3, border * scale + 2 * n // 3, border * scale + n - 40],
           fill=255, width=5)
    im = im.filter(ImageFilter.GaussianBlur(0.7))
    im.save(os.path.join(HERE, "damaged.png"), dpi=(200, 200), optimize=True)
    k = 72 / 200
    o = border * scale
    expected["damaged.png"] = {"type": "qr", "text": EPC,
                               "box": [round(o * k, 2), round(o * k, 2), round((o + n) * k, 2), round((o + n) * k, 2)]}


def microqr(expected):
    text = "RF18539007547034"
    qr = segno.make_micro(text)
    open(os.path.join(HERE, "microqr.png"), "wb").write(_png(qr, 4, 2))
    n = qr.symbol_size(scale=4, border=0)[0]
    k = 72 / 300
    expected["microqr.png"] = {"type": "microqr", "text": text,
                               "box": [round(8 * k, 2), round(8 * k, 2), round((8 + n) * k, 2), round((8 + n) * k, 2)]}


def photographed_slip(codes, angle, seed, persp=0.0, glare=False):
    """A 150-dpi slip with `codes` ((kind, text) QR or PDF417 modules, one under the other, 2.4 and
    1.5 pixels a module) photographed: on a grey table, turned `angle` degrees, seen in a perspective
    (`persp`: the right edge that much shorter), under a glare spot on the first code's right half,
    blurred, noisy. Returns the photo and each code's box in points (72/150 of a pixel) in the photo."""
    rng = random.Random(seed)
    slip = Image.new("L", (1240, 650), 255)
    d = ImageDraw.Draw(slip)
    for i in range(10):
        d.text((40, 60 + i * 26), "Uplatnica / Invoice %d  EUR %d,%02d" % (i, rng.randint(1, 999), rng.randint(0, 99)),
               fill=20)
    boxes, y = [], 110
    for kind, text in codes:
        if kind == "pdf417":
            rows = [[b == "1" for b in "".join(format(v, "b") for v in row)]
                    for row in pdf417gen.encode(text, columns=9, security_level=4, encoding="iso-8859-2")]
            mw, mh = 342 / len(rows[0]), 3 * 342 / len(rows[0])
        else:
            rows = [list(map(bool, r)) for r in segno.make_qr(text, error="m").matrix_iter(scale=1, border=0)]
            mw = mh = 224 / len(rows)
        for r, row in enumerate(rows):
            for col, dark in enumerate(row):
                if dark:
                    d.rectangle([640 + col * mw, y + r * mh, 640 + (col + 1) * mw - 1, y + (r + 1) * mh - 1], fill=0)
        boxes.append((640, y, 640 + len(rows[0]) * mw, y + len(rows) * mh))
        y += len(rows) * mh + 36
    table = Image.new("L", (1600, 1000), 105)
    ox, oy = 180, 175
    table.paste(slip, (ox, oy))
    photo = table.rotate(angle, resample=Image.BICUBIC, fillcolor=105)
    # The perspective: output points (the right edge shortened) from input points, and back.
    cw, ch = photo.size
    near = [(0, 0), (cw, 0), (cw, ch), (0, ch)]
    far = [(0, 0), (cw, ch * persp / 2), (cw, ch * (1 - persp / 2)), (0, ch)]
    if persp:
        photo = photo.transform(photo.size, Image.PERSPECTIVE, _homography(far, near), Image.BICUBIC, fillcolor=105)
    if glare:  # a light spot that washes out the right half of the first code
        x0, y0, x1, y1 = boxes[0]
        cx, cy, r = ox + x0 + 0.75 * (x1 - x0), oy + (y0 + y1) / 2, 0.1 * 650
        spot = Image.new("L", photo.size, 0)
        ImageDraw.Draw(spot).ellipse([cx - 2 * r, cy - 2 * r, cx + 2 * r, cy + 2 * r], fill=150)
        photo = ImageChops.add(photo, spot.filter(ImageFilter.GaussianBlur(r)))
    photo = photo.filter(ImageFilter.GaussianBlur(0.6))
    noise = Image.effect_noise(photo.size, 40)
    photo = Image.blend(photo, noise, 0.05)
    # PIL turns counterclockwise about the centre: where each box's corners went.
    cx, cy = table.width / 2, table.height / 2
    a = math.radians(angle)
    placed = []
    for x0, y0, x1, y1 in boxes:
        pts = [(x + ox - cx, y + oy - cy) for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))]
        turned = [(cx + px * math.cos(a) + py * math.sin(a), cy - px * math.sin(a) + py * math.cos(a)) for px, py in pts]
        if persp:
            turned = [_apply(_homography(near, far), p) for p in turned]
        k = 72 / 150
        placed.append([round(min(p[0] for p in turned) * k, 2), round(min(p[1] for p in turned) * k, 2),
                       round(max(p[0] for p in turned) * k, 2), round(max(p[1] for p in turned) * k, 2)])
    return photo, placed


def _homography(src, dst):
    """The 8 coefficients of the projective map taking each `dst` point to its `src` point (PIL's
    PERSPECTIVE data maps output to input)."""
    a, b = [], []
    for (x, y), (u, v) in zip(dst, src):
        a += [[x, y, 1, 0, 0, 0, -u * x, -u * y], [0, 0, 0, x, y, 1, -v * x, -v * y]]
        b += [u, v]
    n = 8  # Gaussian elimination, no numpy needed
    m = [row + [rhs] for row, rhs in zip(a, b)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[r][n] / m[r][r] for r in range(n)]


def _apply(k, p):
    x, y = p
    d = k[6] * x + k[7] * y + 1
    return ((k[0] * x + k[1] * y + k[2]) / d, (k[3] * x + k[4] * y + k[5]) / d)


# The HUB-3 slip photos: name -> (angle, perspective, glare), each read by pp-ingest (Tests/IngestTests).
HUB3_PHOTOS = {"hub3-photo-10.jpg": (10, 0.0, False), "hub3-photo-30.jpg": (30, 0.0, False),
               "hub3-photo-persp20.jpg": (3, 0.2, False), "hub3-photo-glare.jpg": (3, 0.0, True)}


def hub3_photos(expected):
    for name, (angle, persp, glare) in HUB3_PHOTOS.items():
        photo, (box,) = photographed_slip([("pdf417", HUB3)], angle, seed=angle, persp=persp, glare=glare)
        photo.save(os.path.join(HERE, name), quality=85, dpi=(150, 150))
        expected[name] = {"type": "pdf417", "text": HUB3, "box": box}


def two_codes(expected):
    photo, boxes = photographed_slip([("qr", EPC), ("pdf417", HUB3)], 6, seed=6)
    photo.save(os.path.join(HERE, "two-codes.jpg"), quality=85, dpi=(150, 150))
    expected["two-codes.jpg"] = {"codes": [{"type": "qr", "text": EPC, "box": boxes[0]},
                                           {"type": "pdf417", "text": HUB3, "box": boxes[1]}]}


def long_pdf417_turned(expected):
    """A 150-dpi page of text lines with a long PDF417 (16 columns, 2 pixels a module: 12 times as
    wide as tall, longer than pp-ingest's code regions) under them, the page turned 6 degrees. pp-ingest
    reads no code on it; pp-ocr deskews the page and reads the code there (boxes in its frame)."""
    rng = random.Random(12)
    page = Image.new("L", (1240, 1000), 255)
    d = ImageDraw.Draw(page)
    font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 22)  # fonts-dejavu-core
    for i in range(16):
        d.text((100, 80 + i * 34), " ".join(rng.choice(["Racun", "Invoice", "Iznos", "EUR", "Konto", "Ref", "2026",
                                                      "Total", "Due"]) for _ in range(8)), font=font, fill=0)
    rows = [[b == "1" for b in "".join(format(v, "b") for v in row)]
            for row in pdf417gen.encode(HUB3, columns=16, security_level=3, encoding="iso-8859-2")]
    x0, y0, m = 80, 700, 2
    for r, row in enumerate(rows):
        for col, dark in enumerate(row):
            if dark:
                d.rectangle([x0 + col * m, y0 + r * 3 * m, x0 + (col + 1) * m - 1, y0 + (r + 1) * 3 * m - 1], fill=0)
    photo = page.rotate(6, resample=Image.BICUBIC, fillcolor=255).filter(ImageFilter.GaussianBlur(0.5))
    photo.save(os.path.join(HERE, "pdf417-long-turned.png"), dpi=(150, 150))
    # The code's box on the upright page, in points (72/150 of a pixel).
    k = 72 / 150
    box = [x0 * k, y0 * k, (x0 + len(rows[0]) * m) * k, (y0 + len(rows) * 3 * m) * k]
    expected["pdf417-long-turned.png"] = {"type": "pdf417", "text": HUB3, "upright_box": [round(v, 2) for v in box]}



def photo_benchmark():
    """bench/codes/photos.py, the photo benchmark's generator."""
    spec = importlib.util.spec_from_file_location("photos", os.path.join(HERE, "..", "..", "..", "bench", "codes", "photos.py"))
    photos = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(photos)
    return photos


def small_module_photo(expected):
    """hub3-photo-persp30.jpg: a photo of bench/codes/photos.py (seed 102, its tenth 30 % perspective after
    twenty of 20 %), modules of about 1.2 pixels at the code's narrow end; its box is not known here."""
    photos = photo_benchmark()
    rng = random.Random(102)
    for cell, count in (("persp-20", 20), ("persp-30", 10)):
        for _ in range(count):
            text = photos.payload("hub3-pdf417", rng)
            photo, _ = photos.photograph(photos.slip(rng, [("hub3-pdf417", text)]), rng, **photos.CELLS[cell])
    photo.save(os.path.join(HERE, "hub3-photo-persp30.jpg"), quality=80)
    expected["hub3-photo-persp30.jpg"] = {"type": "pdf417", "text": text}

def micro_qr_crash_photo(expected):
    """bysquare-low-contrast.jpg: the photo bysquare.low-contrast.01.jpg of `photos.py make DIR --per-cell 20
    --seed 301` (every photo before it is made too, so this takes about ten minutes). zxing-cpp 1.4's Micro QR
    detector stops the process on an assertion on it."""
    photos = photo_benchmark()
    for fmt, cell, i, text, img, q in photos.single_code_photos(random.Random(301), 20):
        if (fmt, cell, i) == ("bysquare", "low-contrast", 1):
            img.save(os.path.join(HERE, "bysquare-low-contrast.jpg"), quality=q)
            expected["bysquare-low-contrast.jpg"] = {"type": "qr", "text": text}
            return


MAKERS = {"epc-vector.pdf": epc_vector, "swiss-image.pdf": swiss_image, "hub3-pdf417.pdf": hub3_pdf417,
          "ips-photo.jpg": ips_photo, "epc-latin1.png": epc_latin1, "no-code.pdf": no_code, "damaged.png": damaged,
          "microqr.png": microqr, **{name: hub3_photos for name in HUB3_PHOTOS},
          "two-codes.jpg": two_codes, "pdf417-long-turned.png": long_pdf417_turned,
          "hub3-photo-persp30.jpg": small_module_photo, "bysquare-low-contrast.jpg": micro_qr_crash_photo}


def main():
    path = os.path.join(HERE, "expected.json")
    names = sys.argv[1:]
    expected = json.load(open(path, encoding="utf-8")) if names else {}
    for make in dict.fromkeys(MAKERS[n] for n in (names or MAKERS)):
        make(expected)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(expected, f, ensure_ascii=False, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
