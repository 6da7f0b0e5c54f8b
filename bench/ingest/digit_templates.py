#!/usr/bin/env python3
"""Writes Sources/Ingest/DigitTemplates.swift: the shapes pp-ingest compares a text layer's digits with.

    python3 bench/ingest/digit_templates.py [FONT_FOLDER]

pp-ingest checks that a digit of a PDF's text layer is drawn as that digit (a font whose ToUnicode
map says "1" where its glyph shows "5" is how a forged invoice redirects a payment). It compares the
glyph's shape with these templates: the ten digits of 145 free fonts (regular, bold, italic and bold
italic of 40 families: sans, serif, mono, narrow, geometric), each made the way pp-ingest makes a
glyph's shape (Sources/Ingest/DigitShapes.swift: ink box, 16 x 16 cells with the aspect kept, blurred),
then reduced to 16 shapes per digit by spherical k-means (seeded: the same fonts give the same file).

FONT_FOLDER holds the fonts (any depth); without it the Debian packages below are downloaded with
`apt-get download` into a scratch folder and unpacked there (nothing is installed). Needs python3 with
numpy and Pillow.

Measured against 22,959 digits of the shared corpus's invoices (Arial, Calibri, Verdana, Times, Courier
New, Avenir, Minion, ... none of them among these fonts): the largest margin by which another digit
fitted better than the true one was 0.16 (a "3" written up the margin, read unturned), all others
below 0; a digit claimed to be any other digit is caught at a margin of 0.15 in 97% of cases.
"""
import glob
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image, ImageDraw, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "Sources", "Ingest", "DigitTemplates.swift")
PACKAGES = [
    "fonts-dejavu-core", "fonts-dejavu-extra", "fonts-liberation2", "fonts-urw-base35", "fonts-freefont-ttf",
    "fonts-texgyre", "fonts-crosextra-carlito", "fonts-crosextra-caladea", "fonts-open-sans", "fonts-roboto-unhinted",
    "fonts-lato", "fonts-cantarell", "fonts-go", "fonts-hack", "fonts-noto-core", "fonts-noto-mono", "fonts-inter",
]
FAMILIES = [
    "LiberationSans", "LiberationSerif", "LiberationMono", "NimbusSans", "NimbusSansNarrow", "NimbusRoman", "NimbusMonoPS",
    "FreeSans", "FreeSerif", "FreeMono", "DejaVuSans", "DejaVuSerif", "DejaVuSansMono", "DejaVuSansCondensed",
    "DejaVuSerifCondensed", "Carlito", "Caladea", "OpenSans", "Roboto", "Lato", "Cantarell", "Go", "Go-Mono", "Hack",
    "NotoSans", "NotoSerif", "NotoSansMono", "C059", "P052", "URWBookman", "URWGothic", "texgyreheros", "texgyretermes",
    "texgyrepagella", "texgyrecursor", "texgyreadventor", "texgyreschola", "texgyrebonum", "Inter",
]
STYLES = {
    "": "regular", "regular": "regular", "roman": "regular", "book": "regular",
    "bold": "bold", "italic": "italic", "oblique": "italic",
    "bolditalic": "bolditalic", "boldoblique": "bolditalic", "bdita": "bolditalic", "bold-italic": "bolditalic",
}
CELLS = 16        # DigitShapes.cells
INK = 0.3         # DigitShapes.inkLevel: a pixel at this much ink belongs to the glyph's box
PER_DIGIT = 16    # shapes kept per digit
LEVELS = 15       # cells are written as one hex digit


def fonts(folder):
    """Font files of the families above, in the four styles, sorted by name."""
    found = {}
    for path in glob.glob(os.path.join(folder, "**", "*"), recursive=True):
        name = os.path.basename(path)
        stem, ext = os.path.splitext(name)
        if ext.lower() not in (".ttf", ".otf"):
            continue
        for family in FAMILIES:
            if stem.lower().startswith(family.lower()):
                rest = stem[len(family):].lstrip("-_").lower()
                if rest in STYLES:
                    found.setdefault(name, path)
    return [found[n] for n in sorted(found)]


def normalize(ink):
    """The glyph's ink box scaled into CELLS x CELLS cells (aspect kept, centred), each cell the mean ink
    of the pixel quarters (4 x 4 samples a pixel) that fall in it. Same as DigitShapes.cells(of:)."""
    ys, xs = np.nonzero(ink > INK)
    if len(xs) == 0:
        return None
    x0, x1, y0, y1 = xs.min(), xs.max() + 1, ys.min(), ys.max() + 1
    crop = ink[y0:y1, x0:x1]
    h, w = crop.shape
    scale = CELLS / max(h, w)
    ox, oy = (CELLS - w * scale) / 2, (CELLS - h * scale) / 2
    sub = 4
    yy, xx = np.mgrid[0:h * sub, 0:w * sub]
    src = np.repeat(np.repeat(crop, sub, 0), sub, 1)
    gx = np.floor((xx + 0.5) / sub * scale + ox).astype(int)
    gy = np.floor((yy + 0.5) / sub * scale + oy).astype(int)
    ok = (gx >= 0) & (gx < CELLS) & (gy >= 0) & (gy < CELLS)
    total = np.zeros((CELLS, CELLS))
    count = np.zeros((CELLS, CELLS))
    np.add.at(total, (gy[ok], gx[ok]), src[ok])
    np.add.at(count, (gy[ok], gx[ok]), 1)
    return np.where(count > 0, total / np.maximum(count, 1), 0)


def blur(grid):
    """3 x 3 binomial blur, weights of cells outside the grid left out. Same as DigitShapes.blurred."""
    k = np.array([1.0, 2.0, 1.0])
    padded = np.pad(grid, 1)
    ones = np.pad(np.ones_like(grid), 1)
    out = np.zeros_like(grid)
    weight = np.zeros_like(grid)
    for dy in range(3):
        for dx in range(3):
            out += k[dy] * k[dx] * padded[dy:dy + CELLS, dx:dx + CELLS]
            weight += k[dy] * k[dx] * ones[dy:dy + CELLS, dx:dx + CELLS]
    return out / weight


def shape(path, digit, size=64):
    font = ImageFont.truetype(path, size)
    image = Image.new("L", (size * 3, size * 3), 255)
    ImageDraw.Draw(image).text((size, size // 2), str(digit), font=font, fill=0)
    grid = normalize(1 - np.asarray(image, float) / 255)
    return None if grid is None else blur(grid)


def unit(v):
    v = v - v.mean(axis=-1, keepdims=True)
    return v / np.linalg.norm(v, axis=-1, keepdims=True)


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else None
    if folder is None:
        folder = tempfile.mkdtemp(prefix="digit-fonts-")
        subprocess.run(["apt-get", "download", *PACKAGES], cwd=folder, check=True)
        for deb in glob.glob(os.path.join(folder, "*.deb")):
            subprocess.run(["dpkg-deb", "-x", deb, os.path.join(folder, "root")], check=True)
    files = fonts(folder)
    rng = np.random.default_rng(1)
    lines = []
    for digit in range(10):
        shapes = [s for s in (shape(f, digit) for f in files) if s is not None]
        x = unit(np.stack([s.ravel() for s in shapes]))
        centres = x[rng.choice(len(x), PER_DIGIT, replace=False)].copy()
        for _ in range(30):
            nearest = np.argmax(x @ centres.T, axis=1)
            for k in range(PER_DIGIT):
                if np.any(nearest == k):
                    centres[k] = unit(x[nearest == k].mean(axis=0))
        for c in centres:
            q = np.round((c - c.min()) / (c.max() - c.min()) * LEVELS).astype(int)
            lines.append(f'        ({digit}, "{"".join("0123456789abcdef"[v] for v in q)}"),')
    with open(OUT, "w") as out:
        out.write("// Generated by bench/ingest/digit_templates.py (free fonts of Debian; see there): do not edit.\n")
        out.write("// One shape a line: 256 cells are longer than a line of code, so swift format leaves the file be.\n")
        out.write("// swift-format-ignore-file\n\n")
        out.write(f"/// The shapes of the ten digits, {PER_DIGIT} each, as DigitShapes makes them: {CELLS} x {CELLS} cells row\n")
        out.write(f"/// by row, one hex digit a cell (0 least ink). From {len(files)} font files.\n")
        out.write("enum DigitTemplates {\n    static let shapes: [(digit: Int, cells: String)] = [\n")
        out.write("\n".join(lines) + "\n    ]\n}\n")
    print(f"{OUT}: {len(lines)} shapes from {len(files)} font files")


main()
