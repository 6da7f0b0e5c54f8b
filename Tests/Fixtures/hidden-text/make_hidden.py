#!/usr/bin/env python3
"""Writes the hidden-text fixtures of IngestTests and GoldenTests (PDF bytes by hand: same bytes each run).

    python3 Tests/Fixtures/hidden-text/make_hidden.py

Every page is a small invoice whose visible IBAN (AT61 1904 3002 3457 3201) is what a person pays, and
most hold a second IBAN (DE89 3704 0044 0532 0130 00) in the text layer that the page does not show, hidden
one way each (the file name says which). visible-styles.pdf holds text that is seen in many styles and must
all stay. Fonts are the standard Helvetica (not embedded: poppler draws it with a system font).
"""
import os
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
DECOY = "AT61 1904 3002 3457 3201"
HIDDEN = "DE89 3704 0044 0532 0130 00"


def text(x, y, s, size=11, font="F1", before=""):
    s = s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    return f"BT {before}/{font} {size} Tf {x} {y} Td ({s}) Tj ET\n"


def invoice(extra):
    """An invoice page: title, payee, the visible IBAN, an amount; then `extra` (content operators)."""
    return (
        text(72, 770, "Rechnung 2026-041", size=16)
        + text(72, 740, "Muster Handel GmbH, Hauptstrasse 1, 1010 Wien")
        + text(72, 700, "IBAN: " + DECOY)
        + text(72, 680, "BIC: BKAUATWW")
        + text(72, 660, "Zu zahlen: 120,00 EUR")
        + extra
    )


def to_unicode_shifted():
    """A ToUnicode map that reads each digit's code as the digit five further on (glyph 5 is read "0")."""
    lines = ["/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap",
             "/CMapName /Shifted def", "/CMapType 2 def",
             "1 begincodespacerange <00> <FF> endcodespacerange",
             "2 beginbfrange <20> <2F> <0020> <3A> <7E> <003A> endbfrange", "10 beginbfchar"]
    for d in range(10):
        lines.append(f"<{0x30 + d:02X}> <{0x30 + (d + 5) % 10:04X}>")
    lines += ["endbfchar", "endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"]
    return "\n".join(lines)


def shifted(s):
    """The codes to draw so that the shifted map reads `s`: each digit drawn five before."""
    return "".join(str((int(c) - 5) % 10) if c.isdigit() else c for c in s)


def pdf(content, extra_objects=None, xobjects="", annots="", rotate=0):
    """A one-page A4 PDF: fonts F1 Helvetica, F2 Helvetica read through the shifted map, F3 Helvetica-Bold."""
    objects = {
        1: "<< /Type /Catalog /Pages 2 0 R >>",
        2: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        3: f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Rotate {rotate} /Contents 4 0 R "
           f"/Resources << /Font << /F1 5 0 R /F2 6 0 R /F3 8 0 R >> /XObject << {xobjects} >> >> {annots}>>",
        5: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        6: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding /ToUnicode 7 0 R >>",
        8: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    }
    streams = {4: content, 7: to_unicode_shifted()}
    for number, value in (extra_objects or {}).items():
        (streams if isinstance(value, tuple) else objects)[number] = value
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for number in sorted(set(objects) | set(streams)):
        offsets[number] = len(out)
        if number in streams:
            value = streams[number]
            head, data = (value if isinstance(value, tuple) else ("", value))
            data = data.encode("latin-1") if isinstance(data, str) else data
            packed = zlib.compress(data, 9)
            out += f"{number} 0 obj\n<< {head} /Length {len(packed)} /Filter /FlateDecode >>\nstream\n".encode()
            out += packed + b"\nendstream\nendobj\n"
        else:
            out += f"{number} 0 obj\n{objects[number]}\nendobj\n".encode()
    xref = len(out)
    size = max(offsets) + 1
    out += f"xref\n0 {size}\n0000000000 65535 f \n".encode()
    for number in range(1, size):
        out += (f"{offsets[number]:010d} 00000 n \n" if number in offsets else "0000000000 65535 f \n").encode()
    out += f"trailer\n<< /Size {size} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)


HIDDEN_LINE = "IBAN: " + HIDDEN
WHITE_BOX_IMAGE = ("/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8",
                   b"\xff")
FORM = ("/Type /XObject /Subtype /Form /BBox [0 0 10 10] /Resources << /Font << /F1 5 0 R >> >>",
        text(72, 620, HIDDEN_LINE))

CASES = {
    # The six ways of the finding.
    "hidden-white.pdf": (invoice("1 1 1 rg\n" + text(72, 620, HIDDEN_LINE) + "0 0 0 rg\n"), {}),
    "hidden-render-mode.pdf": (invoice(text(72, 620, HIDDEN_LINE, before="3 Tr ")), {}),
    "hidden-clipped.pdf": (invoice("q 300 300 10 10 re W n\n" + text(72, 620, HIDDEN_LINE) + "Q\n"), {}),
    "hidden-tiny.pdf": (invoice(text(72, 620, HIDDEN_LINE, size=0.5)), {}),
    "hidden-painted-over.pdf": (invoice(text(72, 620, HIDDEN_LINE) + "q 1 1 1 rg 60 610 300 25 re f Q\n"), {}),
    "hidden-mismapped.pdf": (invoice(text(72, 620, "IBAN: " + shifted(HIDDEN), font="F2")), {}),
    # Kin of them.
    "hidden-near-white.pdf": (invoice("0.97 g\n" + text(72, 620, HIDDEN_LINE) + "0 g\n"), {}),
    "hidden-same-colour-box.pdf": (
        invoice("q 0.2 0.5 0.3 rg 60 610 300 25 re f Q\nq 0.2 0.5 0.3 rg\n" + text(72, 620, HIDDEN_LINE) + "Q\n"), {}),
    "hidden-clip-mode.pdf": (invoice(text(72, 620, HIDDEN_LINE, before="7 Tr ")), {}),
    "hidden-grey-box-over.pdf": (invoice(text(72, 620, HIDDEN_LINE) + "q 0.85 g 60 610 300 25 re f Q\n"), {}),
    "hidden-image-over.pdf": (
        invoice(text(72, 620, HIDDEN_LINE) + "q 300 0 0 25 60 610 cm /Im1 Do Q\n"), {9: WHITE_BOX_IMAGE}),
    "hidden-form-bbox.pdf": (invoice("q /Fm1 Do Q\n"), {10: FORM}),
    "hidden-squeezed.pdf": (invoice(text(72, 620, HIDDEN_LINE, before="2 Tz ") + "BT 100 Tz ET\n"), {}),
    "hidden-over-other-digits.pdf": (
        invoice(text(72, 620, "IBAN: " + DECOY) + text(72, 620, HIDDEN_LINE, before="3 Tr ")), {}),
    # The hidden IBAN alone, white on white: before the check pp-extract paid it at 1990.
    "hidden-alone.pdf": (
        text(72, 770, "Rechnung 2026-041", size=16) + text(72, 740, "Muster Handel GmbH, Hauptstrasse 1, 1010 Wien")
        + text(72, 660, "Zu zahlen: 120,00 EUR") + "1 1 1 rg\n" + text(72, 700, HIDDEN_LINE) + "0 0 0 rg\n", {}),
    # Text that is seen, in many styles: all of it stays.
    "visible-styles.pdf": (
        text(72, 770, "Rechnung 2026-041", size=16)
        + text(72, 700, "IBAN: " + DECOY)
        + "0 0.3 0.8 rg\n" + text(72, 680, "Kundennummer 4711 0815") + "0 g\n"
        + "q 1 0.95 0.7 rg 66 654 300 20 re f Q\n" + text(72, 660, "Rechnungsnummer 2026-0412")
        + "0.6 g\n" + text(72, 640, "Referenz 99 123 456") + "0 g\n"
        + "q 0.1 0.2 0.4 rg 66 614 300 20 re f Q\n1 g\n" + text(72, 620, "Zu zahlen 1.234,56 EUR") + "0 g\n"
        + text(72, 600, "Betrag 99,90 EUR", font="F3")
        + text(72, 585, "Bankverbindung AT61 1904 3002 3457 3201, BIC BKAUATWW", size=6)
        + "q 0 1 -1 0 40 300 cm\n" + text(0, 0, "Druck 2026-03-01 Nr. 4711") + "Q\n"
        + text(72, 560, "Summe 42,00 EUR", before="2 Tr 0.3 w ") + "BT 0 Tr ET\n"
        # A table cell running into the next: the date's last digit under a letter, both drawn.
        + text(72, 540, "2016-04-03") + text(124.5, 540, "Lieferung"), {}),
}


# Two of them turned by /Rotate: the renders turn with the text layer.
ROTATED = {"rotated-hidden-mismapped.pdf": ("hidden-mismapped.pdf", 90), "rotated-visible-styles.pdf": ("visible-styles.pdf", 270)}

for name, (content, extra) in CASES.items():
    xobjects = " ".join(f"/{'Im' if 'Image' in v[0] else 'Fm'}1 {n} 0 R" for n, v in extra.items())
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(pdf(content, extra, xobjects=xobjects))
for name, (source, rotate) in ROTATED.items():
    content, extra = CASES[source]
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(pdf(content, extra, rotate=rotate))
