#!/usr/bin/env python3
"""Writes comb-slip.jpg: a photographed payment slip whose fields are printed one character per box (a
"comb"), on a tinted ground, turned by 1.5 degrees and slightly blurred, for Tests/OCRTests/FormBoxTests.
The values are made up for the test (the IBAN and the RF reference pass their checksums).

    python3 Tests/Fixtures/combs/make_combs.py   (needs Pillow and the DejaVu fonts)
"""
import os

from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONTS = "/usr/share/fonts/truetype/dejavu/"
HERE = os.path.dirname(os.path.abspath(__file__))
FIELDS = [
    ("Empfänger", "NORDWIND ENERGIE GMBH"),
    ("IBAN", "DE89370400440532013000"),
    ("Betrag EUR", "1.234,56"),
    ("Verwendungszweck", "RF18539007547034"),
    ("IBAN des Kontoinhabers", "AT611904300234573201"),
]


def main():
    page = Image.new("RGB", (1700, 1150), (247, 244, 236))
    d = ImageDraw.Draw(page)
    caption = ImageFont.truetype(FONTS + "DejaVuSans.ttf", 26)
    mono = ImageFont.truetype(FONTS + "DejaVuSansMono.ttf", 40)
    d.text((90, 60), "Rechnung 2026-118 der Nordwind Energie GmbH, bitte mit dem Beleg unten zahlen.", fill=(30, 30, 30), font=caption)
    d.rectangle((60, 150, 1640, 1100), fill=(222, 230, 240))
    cell, height, left, y = 52, 62, 90, 190
    for label, value in FIELDS:
        d.text((left, y), label, fill=(90, 90, 90), font=caption)
        y += 38
        for i in range(28):
            x = left + i * cell
            d.rectangle((x, y, x + cell, y + height), fill=(250, 248, 242), outline=(110, 110, 120), width=3)
            if i < len(value) and value[i] != " ":
                d.text((x + 13, y + 8), value[i], fill=(20, 20, 20), font=mono)
        y += height + 100
    photo = page.rotate(1.5, resample=Image.BICUBIC, expand=True, fillcolor=(60, 70, 80))
    photo = photo.filter(ImageFilter.GaussianBlur(1.1))
    photo.save(os.path.join(HERE, "comb-slip.jpg"), quality=85)


if __name__ == "__main__":
    main()
