#!/usr/bin/env python3
"""Writes till-receipt.jpg: a photographed till receipt, a long narrow strip of paper on a dark table,
faint bluish print on grey paper, item names left and prices far right, for Tests/OCRTests. The shop,
items and prices are made up for the test.

    python3 Tests/Fixtures/receipts/make_receipt.py   (needs Pillow and the DejaVu fonts)
"""
import os
import random

from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONTS = "/usr/share/fonts/truetype/dejavu/"
HERE = os.path.dirname(os.path.abspath(__file__))
ITEMS = [("BREAD ROLLS 6X", "3.20"), ("MILK 1L", "1.45"), ("COFFEE BEANS", "8.90"), ("APPLES 1KG", "2.75"),
         ("CHEESE SLICES", "4.10"), ("PAPER TOWELS", "3.60")]


def main():
    rnd = random.Random(7)
    w, h = 560, 1500
    paper = Image.new("RGB", (w, h), (236, 236, 230))
    d = ImageDraw.Draw(paper)
    big = ImageFont.truetype(FONTS + "DejaVuSansMono-Bold.ttf", 30)
    font = ImageFont.truetype(FONTS + "DejaVuSansMono.ttf", 22)
    ink = (60, 50, 120)
    y = 60
    for line in ["NORTHGATE MINI MARKET", "12 HARBOUR ROAD", "TEL 0400 111 222"]:
        d.text(((w - d.textlength(line, font=font)) / 2, y), line, fill=ink, font=font)
        y += 34
    y += 30
    d.text((40, y), "RECEIPT NO: 44871", fill=ink, font=font)
    y += 60
    for name, price in ITEMS:
        d.text((40, y), name, fill=ink, font=font)
        d.text((w - 40 - d.textlength(price, font=font), y), price, fill=ink, font=font)
        y += 40
    y += 20
    d.line((40, y, w - 40, y), fill=ink, width=2)
    y += 30
    for name, price, f in [("SUBTOTAL", "24.00", font), ("ROUNDING", "0.00", font), ("TOTAL", "24.00", big),
                           ("CASH", "50.00", font), ("CHANGE", "26.00", font)]:
        d.text((40, y), name, fill=ink, font=f)
        d.text((w - 40 - d.textlength(price, font=f), y), price, fill=ink, font=f)
        y += 48
    y += 60
    for line in ["THANK YOU", "PLEASE COME AGAIN"]:
        d.text(((w - d.textlength(line, font=font)) / 2, y), line, fill=ink, font=font)
        y += 34
    # A dark table around the strip.
    table = Image.new("RGB", (w + 160, h + 120), (28, 26, 24))
    table.paste(paper.rotate(0.8, expand=False, fillcolor=(28, 26, 24)), (80, 60))
    table = table.filter(ImageFilter.GaussianBlur(1.1))
    px = table.load()
    for _ in range(6000):
        x, yy = rnd.randrange(table.width), rnd.randrange(table.height)
        v = rnd.randrange(-25, 25)
        r, g, b = px[x, yy]
        px[x, yy] = (max(0, min(255, r + v)), max(0, min(255, g + v)), max(0, min(255, b + v)))
    table.save(os.path.join(HERE, "till-receipt.jpg"), quality=70, dpi=(200, 200))


if __name__ == "__main__":
    main()
