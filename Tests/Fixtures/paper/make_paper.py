#!/usr/bin/env python3
"""Writes the photos of Tests/PixImageTests/PaperTests, Tests/PagesTests/PhotoPageTests and
Tests/OCRTests/StraightenTests: a bill (made-up names and numbers) photographed lying on a wooden desk,
turned 11 degrees and seen at a slant (a pinhole camera, the sheet tilted 32 degrees), with its true
corners; the same bill as
a flat scan; and a photo the paper fills. Deterministic (seeded noise).

    python3 Tests/Fixtures/paper/make_paper.py   (needs Pillow, numpy and the DejaVu fonts)

bill-on-desk.json: {"corners": [[x, y] x 4]}, top-left, top-right, bottom-right, bottom-left, in the
photo's pixels (pixel centres at whole numbers); "words": the words printed on the bill.
"""
import json
import math
import os

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONTS = "/usr/share/fonts/truetype/dejavu/"
HERE = os.path.dirname(os.path.abspath(__file__))
LINES = [
    "Harbour Lane Joinery Ltd", "Invoice 2026-0588 dated 12 November 2026", "Customer Ellen Marsh",
    "Oak shelving fitted 640.00", "Walnut desk repaired 215.50", "Materials and delivery 96.30",
    "Total due 951.80 EUR", "Please pay by 30 November 2026", "IBAN DE44 5001 0517 5407 3249 31",
    "Reference HLJ 2026 0588", "Thank you for your business",
]
PHOTO = (1050, 1400)
TURN = 11.0


def page():
    img = Image.new("RGB", (1000, 1414), (247, 245, 238))
    d = ImageDraw.Draw(img)
    head = ImageFont.truetype(FONTS + "DejaVuSans-Bold.ttf", 44)
    body = ImageFont.truetype(FONTS + "DejaVuSans.ttf", 34)
    d.text((80, 90), LINES[0], fill=(25, 25, 25), font=head)
    for k, line in enumerate(LINES[1:]):
        d.text((80, 220 + k * 105), line, fill=(20, 20, 20), font=body)
    return img


def coeffs(src, dst):
    """PIL's PERSPECTIVE coefficients: output points (dst) back to input points (src)."""
    a, b = [], []
    for (x, y), (u, v) in zip(dst, src):
        a.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        a.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        b += [u, v]
    return np.linalg.solve(np.array(a, float), np.array(b, float)).tolist()


def wood(size, rng):
    w, h = size
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    u = xx * 0.3 + yy * 0.95
    grain = np.sin(u / 9 + 3 * np.sin(u / 170)) * 0.12
    a = np.array([150, 96, 58], np.float32) * (1 + grain)[..., None]
    return a + rng.normal(0, 4, (h, w, 1)).astype(np.float32)


def photo(sheet, corners, rng):
    pw, ph = sheet.size
    src = [(0, 0), (pw, 0), (pw, ph), (0, ph)]
    c = coeffs(src, corners)
    mask = Image.new("L", sheet.size, 255).transform(PHOTO, Image.PERSPECTIVE, c, Image.BILINEAR)
    warped = sheet.transform(PHOTO, Image.PERSPECTIVE, c, Image.BICUBIC, fillcolor=(255, 255, 255))
    m = np.asarray(mask, np.float32)[..., None] / 255
    shadow = np.roll(np.asarray(mask.filter(ImageFilter.GaussianBlur(12)), np.float32)[..., None] / 255, 10, 0)
    a = wood(PHOTO, rng) * (1 - 0.35 * shadow)
    a = a * (1 - m) + np.asarray(warped, np.float32) * m
    W, H = PHOTO
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    a *= (1.02 - 0.25 * ((xx / W - 0.3) ** 2 + (yy / H - 0.4) ** 2))[..., None]
    a += rng.normal(0, 3, (H, W, 1)).astype(np.float32)
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(0.6))


def main():
    rng = np.random.default_rng(30)
    sheet = page()
    # The sheet's corners: a 1000 x 1414 sheet turned TURN degrees, tilted 32 degrees about an axis at 30
    # degrees, 1900 units before (and 60 left of) a pinhole camera (focal length 1300, optical centre mid-photo).
    t, a, d = math.radians(TURN), math.radians(32), math.radians(30)
    ax, ay = a * math.cos(d), a * math.sin(d)
    rx = np.array([[1, 0, 0], [0, math.cos(ax), -math.sin(ax)], [0, math.sin(ax), math.cos(ax)]])
    ry = np.array([[math.cos(ay), 0, math.sin(ay)], [0, 1, 0], [-math.sin(ay), 0, math.cos(ay)]])
    rz = np.array([[math.cos(t), -math.sin(t), 0], [math.sin(t), math.cos(t), 0], [0, 0, 1]])
    r = rx @ ry @ rz
    corners = []
    for x, y in [(-500, -707), (500, -707), (500, 707), (-500, 707)]:
        X, Y, Z = r @ np.array([x, y, 0.0]) + np.array([-60, 0, 1900.0])
        corners.append((PHOTO[0] / 2 + 1300 * X / Z, PHOTO[1] / 2 + 1300 * Y / Z))
    photo(sheet, corners, rng).save(os.path.join(HERE, "bill-on-desk.jpg"), "JPEG", quality=82)
    words = " ".join(LINES).split()
    with open(os.path.join(HERE, "bill-on-desk.json"), "w") as f:
        json.dump({"corners": [[round(x - 0.5, 2), round(y - 0.5, 2)] for x, y in corners], "words": words}, f)
        f.write("\n")
    sheet.convert("L").resize((500, 707), Image.LANCZOS).save(os.path.join(HERE, "scan.png"), optimize=True)
    # Filled: the middle of the sheet, a little turned, covers the whole photo.
    middle = sheet.crop((60, 150, 940, 1250)).rotate(4, resample=Image.BICUBIC, fillcolor=(247, 245, 238))
    middle.crop((40, 40, 840, 1060)).resize((600, 765)).save(os.path.join(HERE, "filled.jpg"), "JPEG", quality=80)


if __name__ == "__main__":
    main()
