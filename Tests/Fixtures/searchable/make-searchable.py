#!/usr/bin/env python3
"""Writes scan.pdf, the fixture of pp-pages --searchable (Tests/PagesTests/SearchableTests.swift).

Four pages of a bill, three of them scans with no text, made the ways scanners make them:
  1. a grey JPEG (DCTDecode) on a page of its size;
  2. a born-digital page with its own text (Helvetica): a page with a text layer, to be left alone;
  3. a 1-bit Flate scan stored sideways on a page with /Rotate 90 and a media box that does not start at 0;
  4. a 1-bit Flate scan turned 2.5 degrees (pp-ocr straightens it before reading).
Run from this folder: python3 make-searchable.py (needs Pillow and fonts-dejavu-core).
"""
import io
import zlib

from PIL import Image, ImageDraw, ImageFont

DPI = 200
PAGE = (420, 560)  # points: a small page keeps the committed file small
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

LINES = [
    (26, "Invoice 2026-0417"),
    (14, "Northwind Garden Supplies Ltd"),
    (14, "42 Harbour Street, Bristol"),
    (12, "Customer number: K-20931"),
    (12, "Invoice date: 16 March 2026"),
    (12, "Garden hose, twenty metres      34.90"),
    (12, "Watering can, green      12.50"),
    (12, "Delivery to your door      6.00"),
    (14, "Total due: 53.40 GBP"),
    (11, "Please pay within fourteen days to"),
    (11, "IBAN GB33 BUKB 2020 1555 5555 55"),
    (11, "quoting the invoice number. Thank you."),
]


def bill(seed_shift=0):
    w, h = (round(PAGE[0] * DPI / 72), round(PAGE[1] * DPI / 72))
    img = Image.new("L", (w, h), 255)
    d = ImageDraw.Draw(img)
    y = 70 + seed_shift
    for size, text in LINES:
        font = ImageFont.truetype(FONT, round(size * DPI / 72))
        d.text((80, y), text, fill=0, font=font)
        y += round(size * DPI / 72 * 1.9)
    return img


def bilevel_stream(img):
    one = img.convert("1", dither=Image.Dither.NONE)
    raw = one.tobytes()  # rows padded to bytes, 1 = white as PIL packs it
    return zlib.compress(raw, 9), one.size


class Writer:
    def __init__(self):
        self.objects = []

    def add(self, body):
        self.objects.append(body)
        return len(self.objects)

    def stream(self, dictionary, data):
        return self.add(b"<< " + dictionary + b" /Length %d >>\nstream\n" % len(data) + data + b"\nendstream")

    def write(self, path, root):
        out = io.BytesIO()
        out.write(b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n")
        offsets = []
        for n, body in enumerate(self.objects, 1):
            offsets.append(out.tell())
            out.write(b"%d 0 obj\n" % n + body + b"\nendobj\n")
        xref = out.tell()
        out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(self.objects) + 1))
        for o in offsets:
            out.write(b"%010d 00000 n \n" % o)
        out.write(b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(self.objects) + 1, root, xref))
        open(path, "wb").write(out.getvalue())


def main():
    pdf = Writer()
    pages_id = 1
    pdf.add(b"")  # the page tree, filled in last
    kids = []
    pw, ph = PAGE

    def page(content, resources, box, rotate=0):
        c = pdf.stream(b"", content)
        extra = b" /Rotate %d" % rotate if rotate else b""
        kids.append(
            pdf.add(
                b"<< /Type /Page /Parent 1 0 R /MediaBox [%s] /Resources %s /Contents %d 0 R%s >>"
                % (b" ".join(b"%g" % v for v in box), resources, c, extra)
            )
        )

    # 1. grey JPEG
    jpeg = io.BytesIO()
    img = bill()
    img.save(jpeg, "JPEG", quality=55, dpi=(DPI, DPI))
    im1 = pdf.stream(
        b"/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode"
        % img.size,
        jpeg.getvalue(),
    )
    page(b"q %g 0 0 %g 0 0 cm /Im1 Do Q" % (pw, ph), b"<< /XObject << /Im1 %d 0 R >> >>" % im1, [0, 0, pw, ph])

    # 2. born-digital text
    font = pdf.add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    text = b"BT /F1 14 Tf 60 480 Td (Terms of payment) Tj 0 -24 Td /F1 11 Tf (Payment is due within fourteen days.) Tj ET"
    page(text, b"<< /Font << /F1 %d 0 R >> >>" % font, [0, 0, pw, ph])

    # 3. sideways 1-bit scan, shown upright by /Rotate 90, media box from (20, 30)
    side = bill().rotate(90, expand=True)  # counter-clockwise: /Rotate 90 turns it back clockwise
    data, (w, h) = bilevel_stream(side)
    im3 = pdf.stream(
        b"/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 1 /Decode [0 1] /Filter /FlateDecode"
        % (w, h),
        data,
    )
    page(
        b"q %g 0 0 %g 20 30 cm /Im3 Do Q" % (ph, pw),
        b"<< /XObject << /Im3 %d 0 R >> >>" % im3,
        [20, 30, 20 + ph, 30 + pw],
        rotate=90,
    )

    # 4. a skewed 1-bit scan
    skewed = bill(seed_shift=20).rotate(-2.5, resample=Image.Resampling.BICUBIC, fillcolor=255)
    data, (w, h) = bilevel_stream(skewed)
    im4 = pdf.stream(
        b"/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 1 /Decode [0 1] /Filter /FlateDecode"
        % (w, h),
        data,
    )
    page(b"q %g 0 0 %g 0 0 cm /Im4 Do Q" % (pw, ph), b"<< /XObject << /Im4 %d 0 R >> >>" % im4, [0, 0, pw, ph])

    pdf.objects[pages_id - 1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (
        b" ".join(b"%d 0 R" % k for k in kids),
        len(kids),
    )
    catalog = pdf.add(b"<< /Type /Catalog /Pages 1 0 R >>")
    pdf.write("scan.pdf", catalog)


main()
