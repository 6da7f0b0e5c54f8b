"""A photo benchmark of payment codes, for bench/codes/photos.sh.

    photos.py make OUT [--per-cell N] [--seed S]   writes OUT/*.jpg and OUT/truth.jsonl
    photos.py score OUT PP.jsonl ZBAR_DIR TIMES [NOCODES_TIMES]   prints the decode-rate table

Every format of Tests/Synth/codes.py (the payloads and encoders the tests use: segno for QR, pdf417gen
for HUB-3 PDF417, liblzma for PAY by square) is drawn on a bill-like slip at 150 dpi and photographed
by code: turned 0-45 degrees, a perspective up to 30 %, blurred, noisy, a glare spot, a shadow, moire,
JPEG quality 60 or 95, or small (a 15 mm code on a 12-megapixel photo). Two more kinds of photo: a slip
with two different codes (both must be read) and code-free pages (no code may be reported).
"""
import importlib.util
import json
import math
import os
import random
import sys
import types
from xml.etree import ElementTree
from datetime import date

import numpy as np
import segno
import pdf417gen
from PIL import Image, ImageDraw, ImageFilter, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DPI = 150
PX_MM = DPI / 25.4
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def _synth_codes():
    spec = importlib.util.spec_from_file_location("synth_codes", os.path.join(REPO, "Tests", "Synth", "codes.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CODES = _synth_codes()
FORMATS = ["epc-qr", "swiss-qr", "ips-qr", "upn-qr", "spayd", "bysquare", "hub3-pdf417"]
ACCOUNTS = {"epc-qr": "DE89370400440532013000", "swiss-qr": "CH4431999123000889012",
            "ips-qr": "160000540004511325", "upn-qr": "SI56191000000123438", "spayd": "CZ6508000000192000145399",
            "bysquare": "SK3112000000198742637541", "hub3-pdf417": "HR1210010051863000160"}
# Distortion cells: name -> parameters of photograph().
CELLS = {
    "rot-0": {"angle": 0}, "rot-5": {"angle": 5}, "rot-10": {"angle": 10}, "rot-20": {"angle": 20},
    "rot-30": {"angle": 30}, "rot-45": {"angle": 45},
    "persp-10": {"persp": 0.10}, "persp-20": {"persp": 0.20}, "persp-30": {"persp": 0.30},
    "blur": {"blur": 1.3, "angle": 3}, "noise": {"noise": 14, "angle": 3}, "glare": {"glare": True, "angle": 3},
    "shadow": {"shadow": True, "angle": 3}, "low-contrast": {"contrast": 0.35, "angle": 3},
    "moire": {"moire": True, "angle": 3}, "jpeg-60": {"quality": 60, "angle": 3}, "jpeg-95": {"quality": 95, "angle": 3},
    "small-12mp": {"small": True, "angle": 3},
}


def bill(rng):
    names = ["Energo Nova d.o.o.", "Stadtwerke Sued GmbH", "Vodovod Sava d.d.", "Telekom Plus a.s.", "Alpen Gas AG"]
    return types.SimpleNamespace(
        issuer=rng.choice(names), issuer_addr=("Glavna ulica %d" % rng.randint(1, 99), "1000 Grad"),
        due=date(2026, rng.randint(1, 12), rng.randint(1, 28)), bic="GIBAATWWXXX",
        reference="RF18539007547034" if rng.random() < 0.5 else "%d-%d" % (rng.randint(100, 999), rng.randint(1000, 99999)),
        v={"inv": "Invoice"}, invoice_no=str(rng.randint(10000, 99999)), payer="Ana Novak",
        payer_addr=("Cesta %d" % rng.randint(1, 60), "2000 Mesto"), currency="EUR", payment_code="189")


def payload(fmt, rng):
    amount = "%d.%02d" % (rng.randint(1, 4999), rng.randint(0, 99))
    return CODES.payload(fmt, bill(rng), ACCOUNTS[fmt], amount)


def modules(fmt, text):
    """The symbol's dark modules (rows of booleans, no quiet zone) and the height of one row in modules."""
    if fmt == "hub3-pdf417":
        codes = pdf417gen.encode(text, columns=9, security_level=4, encoding="iso-8859-2")
        return [[b == "1" for b in "".join(format(v, "b") for v in row)] for row in codes], 3
    enc, eci = ("iso-8859-2", True) if fmt == "upn-qr" else ("utf-8", False)
    sym = segno.make(text, error="m", encoding=enc, eci=eci, micro=False, boost_error=False)
    return [list(map(bool, r)) for r in sym.matrix_iter(scale=1, border=0)], 1


def draw_code(page, fmt, text, x, y, width_mm):
    rows, row_h = modules(fmt, text)
    m = width_mm * PX_MM / len(rows[0])
    d = ImageDraw.Draw(page)
    for r, row in enumerate(rows):
        for c, dark in enumerate(row):
            if dark:
                d.rectangle([x + c * m, y + r * m * row_h, x + (c + 1) * m - 1, y + (r + 1) * m * row_h - 1], fill=0)
    return len(rows) * m * row_h


def slip(rng, codes, lines=12):
    """A 210 x 110 mm slip: a title, lines of text, a table and the codes at their sizes."""
    w, h = int(210 * PX_MM), int(110 * PX_MM)
    page = Image.new("L", (w, h), 255)
    d = ImageDraw.Draw(page)
    font = ImageFont.truetype(FONT, 15)
    d.text((40, 30), "Racun / Invoice %d" % rng.randint(1000, 9999), font=ImageFont.truetype(FONT, 24), fill=0)
    for i in range(lines):
        d.text((40, 80 + i * 24), " ".join(rng.choice(["Iznos", "Total", "Due", "Konto", "Ref", "2026", "EUR",
                                                       "Betrag", "Naslov"]) for _ in range(6)), font=font, fill=30)
    for i in range(5):
        d.line([(40, 400 + i * 24), (560, 400 + i * 24)], fill=0, width=1)
    y = 110 + rng.randint(0, 60)
    for fmt, text in codes:  # one below the other (a second one 6 mm under the first)
        y += draw_code(page, fmt, text, 640, y, 58 if fmt == "hub3-pdf417" else 38) + 6 * PX_MM
    return page


def perspective_coeffs(src, dst):
    """PIL's 8 coefficients mapping output (dst) points to input (src) points."""
    a, b = [], []
    for (x, y), (u, v) in zip(dst, src):
        a += [[x, y, 1, 0, 0, 0, -u * x, -u * y], [0, 0, 0, x, y, 1, -v * x, -v * y]]
        b += [u, v]
    return np.linalg.solve(np.array(a, float), np.array(b, float)).tolist()


def photograph(page, rng, angle=0, persp=0.0, blur=0.6, noise=5, glare=False, shadow=False, contrast=1.0,
               moire=False, quality=85, small=False):
    """The slip as a phone photo: on a grey table, turned, in perspective, lit unevenly, blurred, noisy."""
    if small:  # 15 mm of code on a 4000 x 3000 photo of an A4 page (about 13 pixels a millimetre)
        page = page.resize((int(page.width * 0.42 * 13 / PX_MM), int(page.height * 0.42 * 13 / PX_MM)), Image.BICUBIC)
    w, h = page.size
    canvas = (int(w * 1.5), int(h * 1.6)) if not small else (4000, 3000)
    table = Image.new("L", canvas, 110 + rng.randint(-20, 20))
    ox, oy = (canvas[0] - w) // 2, (canvas[1] - h) // 2
    table.paste(page, (ox, oy))
    if angle:
        table = table.rotate(rng.choice([-1, 1]) * (angle + rng.uniform(-1, 1)), resample=Image.BICUBIC,
                             fillcolor=110)
    if persp:
        cw, ch = table.size
        k = persp * rng.uniform(0.9, 1.0)
        side = rng.choice(["top", "left"])
        if side == "top":  # the far edge shorter: the phone tilted towards the bottom
            dst = [(cw * k / 2, 0), (cw * (1 - k / 2), 0), (cw, ch), (0, ch)]
        else:
            dst = [(0, 0), (cw, ch * k / 2), (cw, ch * (1 - k / 2)), (0, ch)]
        src = [(0, 0), (cw, 0), (cw, ch), (0, ch)]
        table = table.transform(table.size, Image.PERSPECTIVE, perspective_coeffs(src, dst), Image.BICUBIC,
                                fillcolor=110)
    a = np.asarray(table, dtype=np.float32)
    hh, ww = a.shape
    yy, xx = np.mgrid[0:hh, 0:ww].astype(np.float32)
    light = 1.0 - 0.12 * (xx / ww)  # a phone's uneven light
    if shadow:
        light *= np.where(xx + 0.6 * yy > ww * rng.uniform(0.45, 0.6), 0.55, 1.0)
    a = 128 + (a * light - 128) * contrast
    if glare:
        cx, cy = ox + w * rng.uniform(0.55, 0.75), oy + h * rng.uniform(0.2, 0.5)
        r = min(w, h) * 0.1
        a = a + 150 * np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * r * r))
    if moire:
        a = a + 18 * np.sin(xx * 1.9 + yy * 0.35) * np.sin(yy * 1.7)
    img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    if blur:
        img = img.filter(ImageFilter.GaussianBlur(blur))
    if noise:
        n = np.asarray(img, dtype=np.float32) + np.random.default_rng(rng.randint(0, 1 << 30)).normal(0, noise, a.shape)
        img = Image.fromarray(np.clip(n, 0, 255).astype(np.uint8))
    return img, quality


def nocode_page(rng):
    """A photo of a page without a code: text, tables, a striped logo, a halftone picture."""
    page = slip(rng, [], lines=rng.randint(6, 16))
    d = ImageDraw.Draw(page)
    x0, y0 = rng.randint(600, 900), rng.randint(80, 300)
    for i in range(rng.randint(8, 30)):  # stripes: a logo, a ruled box
        d.rectangle([x0 + i * 7, y0, x0 + i * 7 + rng.randint(1, 4), y0 + rng.randint(40, 200)], fill=0)
    for i in range(400):  # a halftone picture
        px, py = rng.randint(900, 1200), rng.randint(300, 600)
        d.ellipse([px, py, px + 4, py + 4], fill=rng.randint(0, 120))
    kind = rng.choice(list(CELLS.values()))
    return photograph(page, rng, **{k: v for k, v in kind.items() if k != "small"})


def single_code_photos(rng, per_cell):
    """Every format's photos, cell by cell, in the order make() writes them: (format, cell, index, payload,
    image, JPEG quality)."""
    for fmt in FORMATS:
        for cell, params in CELLS.items():
            for i in range(per_cell):
                text = payload(fmt, rng)
                img, q = photograph(slip(rng, [(fmt, text)]), rng, **params)
                yield fmt, cell, i, text, img, q


def make(out, per_cell, seed):
    os.makedirs(out, exist_ok=True)
    rng = random.Random(seed)
    rows = []
    for fmt, cell, i, text, img, q in single_code_photos(rng, per_cell):
        name = "%s.%s.%02d.jpg" % (fmt, cell, i)
        img.save(os.path.join(out, name), quality=q)
        rows.append({"source": name, "format": fmt, "cell": cell, "payloads": [text]})
    for i in range(per_cell * 2):  # two different codes on one slip: both must be read
        a, b = rng.sample(FORMATS[:-1], 1)[0], "hub3-pdf417"
        texts = [payload(a, rng), payload(b, rng)]
        img, q = photograph(slip(rng, [(a, texts[0]), (b, texts[1])]), rng, angle=rng.choice([0, 5, 10]))
        name = "two-codes.%02d.jpg" % i
        img.save(os.path.join(out, name), quality=q)
        rows.append({"source": name, "format": "two-codes", "cell": "rot-0-10", "payloads": texts})
    for i in range(200):
        img, q = nocode_page(rng)
        name = "no-code.%03d.jpg" % i
        img.save(os.path.join(out, name), quality=q)
        rows.append({"source": name, "format": "no-code", "cell": "any", "payloads": []})
    with open(os.path.join(out, "truth.jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def read_jsonl(path):
    return [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]


def score(out, pp_path, zbar_path, times_path, nocodes_path=None):
    truth = read_jsonl(os.path.join(out, "truth.jsonl"))
    pp, zbar = {}, {}
    for r in read_jsonl(pp_path):
        pp.setdefault(os.path.basename(r.get("source", "")), []).extend(c["text"] for c in r.get("codes", []))
    for name in os.listdir(zbar_path):  # one zbarimg --xml output a photo
        found = ElementTree.parse(os.path.join(zbar_path, name)).getroot().iter() if os.path.getsize(
            os.path.join(zbar_path, name)) else []
        zbar[name[:-len(".xml")]] = [e.text or "" for e in found if e.tag.endswith("data")]
    times = sorted(int(line.split("\t")[1]) for line in open(times_path) if "\t" in line)
    cells = list(CELLS) + ["rot-0-10", "any"]
    table = {}
    false_pp = false_zbar = 0
    for t in truth:
        src, want = t["source"], t["payloads"]
        got_pp, got_zb = pp.get(src, []), zbar.get(src, [])
        key = (t["format"], t["cell"])
        n, a, b = table.get(key, (0, 0, 0))
        if want:
            table[key] = (n + 1, a + all(p in got_pp for p in want), b + all(p in got_zb for p in want))
        else:
            false_pp += bool(got_pp)
            false_zbar += bool(got_zb)
            table[key] = (n + 1, a + (not got_pp), b + (not got_zb))
    formats = FORMATS + ["two-codes", "no-code"]
    print("decode rate per format and distortion: pp-ingest / zbarimg (no-code: share of photos with no code reported)")
    print()
    print("| cell | " + " | ".join(formats) + " |")
    print("|---|" + "---|" * len(formats))
    for cell in cells:
        row = []
        for fmt in formats:
            if (fmt, cell) not in table:
                row.append("")
                continue
            n, a, b = table[(fmt, cell)]
            row.append("%.2f / %.2f" % (a / n, b / n))
        if any(row):
            print("| %s | %s |" % (cell, " | ".join(row)))
    print()
    print("photos with a code reported where none is: pp-ingest %d, zbarimg %d (of %d)" % (
        false_pp, false_zbar, sum(1 for t in truth if not t["payloads"])))
    if times:
        print("time per photo (one pp-ingest run, process start included): median %d ms, p90 %d ms, max %d ms" % (
            times[len(times) // 2], times[int(len(times) * 0.9)], times[-1]))
    if nocodes_path and os.path.exists(nocodes_path):
        timed = dict(line.rstrip("\n").split("\t") for line in open(times_path) if "\t" in line)
        extra = sorted(int(timed[name]) - int(ms) for name, ms in
                       (line.rstrip("\n").split("\t") for line in open(nocodes_path) if "\t" in line) if name in timed)
        if extra:
            print("code reading's own time (a run less the same photo's --no-codes run, %d photos): median %d ms, "
                  "p90 %d ms" % (len(extra), extra[len(extra) // 2], extra[int(len(extra) * 0.9)]))


if __name__ == "__main__":
    if sys.argv[1] == "make":
        args = sys.argv[3:]
        per = int(args[args.index("--per-cell") + 1]) if "--per-cell" in args else 10
        seed = int(args[args.index("--seed") + 1]) if "--seed" in args else 29
        make(sys.argv[2], per, seed)
    elif sys.argv[1] == "score":
        score(*sys.argv[2:7])
    else:
        sys.exit(__doc__)
