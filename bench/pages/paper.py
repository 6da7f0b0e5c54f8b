"""Photos of bills lying on a desk, with the sheet's true corners, and the report of how well pp-ocr
--straighten finds and straightens them.

  python3 bench/pages/paper.py make PDF_DIR OUT_DIR SEED...   photos OUT_DIR/photo-SEED.jpg + truth.jsonl
  python3 bench/pages/paper.py report TRUTH PLAIN STRAIGHT     the figures (pp-ocr records, JSON Lines)

A photo: the bill's first page rendered at 150 dpi, off-white paper, seen by a pinhole camera (focal
length 0.8-1.2 times the photo's long side, optical centre in the middle) turned up to 15 degrees and
tilted so its near side is up to 20% longer than its far side (`--perspective`), on a desk (wood,
fabric, stone, a coloured or a light grey top) that shows on every side, with a soft shadow, uneven
light, noise, a little blur, JPEG quality 70-90. The corners are where the camera puts the page's.
"""
import json
import math
import os
import random
import re
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image, ImageFilter

PHOTO = (1500, 2000)  # a phone photo held upright, 4:3
MAX_TURN = 15.0  # degrees
MAX_PERSPECTIVE = 0.20  # near side longer than the far side by up to this


def render(pdf, dpi=150):
    with tempfile.TemporaryDirectory() as td:
        out = os.path.join(td, "p")
        subprocess.run(["pdftoppm", "-r", str(dpi), "-f", "1", "-l", "1", "-png", "-singlefile", pdf, out], check=True)
        return Image.open(out + ".png").convert("RGB")


def desk(r, g, size):
    w, h = size
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    kind = r.choice(["wood", "fabric", "stone", "colour", "light"])
    if kind == "wood":
        base = np.array([r.uniform(120, 170), r.uniform(75, 110), r.uniform(40, 70)], np.float32)
        angle = r.uniform(0, math.pi)
        u = xx * math.cos(angle) + yy * math.sin(angle)
        grain = np.sin(u / r.uniform(6, 14) + 3 * np.sin(u / 180 + yy / 400)) * 0.12
        a = base * (1 + grain)[..., None]
    elif kind == "fabric":
        base = np.array([r.uniform(30, 120) for _ in range(3)], np.float32)
        a = base + g.normal(0, 14, (h, w, 1)).astype(np.float32) + 10 * np.sin(xx / 3)[..., None] * np.sin(yy / 3)[..., None]
    elif kind == "stone":
        v = r.uniform(50, 100)
        speck = np.asarray(Image.fromarray(g.normal(128, 60, (h // 4, w // 4)).clip(0, 255).astype(np.uint8)).resize(size))
        a = np.stack([v + (speck - 128) * 0.4] * 3, -1).astype(np.float32)
    elif kind == "colour":
        hue = [(40, 90, 150), (150, 40, 40), (40, 120, 60), (170, 140, 40)][r.randrange(4)]
        a = np.array(hue, np.float32) * r.uniform(0.7, 1.1) + g.normal(0, 6, (h, w, 1)).astype(np.float32)
    else:  # a light grey laminate: darker than paper, no colour to tell it by
        v = r.uniform(135, 160)
        a = np.full((h, w, 3), v, np.float32) + g.normal(0, 5, (h, w, 1)).astype(np.float32)
    return kind, np.clip(a, 0, 255)


def rotation(ax, ay, az):
    cx, sx, cy, sy, cz, sz = math.cos(ax), math.sin(ax), math.cos(ay), math.sin(ay), math.cos(az), math.sin(az)
    rx = np.array([[1, 0, 0], [0, cx, -sx], [0, sx, cx]])
    ry = np.array([[cy, 0, sy], [0, 1, 0], [-sy, 0, cy]])
    rz = np.array([[cz, -sz, 0], [sz, cz, 0], [0, 0, 1]])
    return rx @ ry @ rz


def homography(pw, ph, turn, tilt, direction, f, distance, shift):
    """Page pixels (u, v) to photo pixels: the page centred on the world origin, turned, tilted, moved."""
    R = rotation(tilt * math.cos(direction), tilt * math.sin(direction), math.radians(turn))
    K = np.array([[f, 0, PHOTO[0] / 2], [0, f, PHOTO[1] / 2], [0, 0, 1]])
    t = np.array([shift[0], shift[1], distance])
    S = np.array([[1, 0, -pw / 2], [0, 1, -ph / 2], [0, 0, 1]])
    return K @ np.column_stack([R[:, 0], R[:, 1], t]) @ S


def project(H, pts):
    out = []
    for u, v in pts:
        x, y, z = H @ np.array([u, v, 1.0])
        out.append((x / z, y / z))
    return out


def side_ratio(c):
    d = lambda a, b: math.hypot(a[0] - b[0], a[1] - b[1])
    return max(d(c[0], c[1]) / d(c[3], c[2]), d(c[3], c[2]) / d(c[0], c[1]),
               d(c[0], c[3]) / d(c[1], c[2]), d(c[1], c[2]) / d(c[0], c[3]))


def make_photo(pdf, seed):
    r = random.Random(seed)
    g = np.random.default_rng(seed)
    page = render(pdf)
    tint = np.array([1.0, r.uniform(0.97, 1.0), r.uniform(0.90, 0.98)], np.float32)
    pw, ph = page.size
    W, H = PHOTO
    f = r.uniform(0.8, 1.2) * max(W, H)
    share = r.uniform(0.62, 0.8)  # of the photo's height the sheet takes
    distance = f * ph / (share * H)
    turn = r.uniform(-MAX_TURN, MAX_TURN)
    direction = r.uniform(0, 2 * math.pi)
    shift = (r.uniform(-0.05, 0.05) * distance * W / f, r.uniform(-0.05, 0.05) * distance * H / f)
    want = r.uniform(0, MAX_PERSPECTIVE)
    corners_of = lambda tilt: project(homography(pw, ph, turn, tilt, direction, f, distance, shift),
                                      [(0, 0), (pw, 0), (pw, ph), (0, ph)])
    lo, hi = 0.0, 0.9
    for _ in range(40):  # the tilt whose sides differ by `want`
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if side_ratio(corners_of(mid)) - 1 < want else (lo, mid)
    tilt = lo
    Hm = homography(pw, ph, turn, tilt, direction, f, distance, shift)
    corners = corners_of(tilt)
    if not all(20 <= x <= W - 20 and 20 <= y <= H - 20 for x, y in corners):
        return None  # the desk must show on every side: the caller tries the next draw
    inv = np.linalg.inv(Hm)
    inv = (inv / inv[2, 2]).flatten()[:8].tolist()
    kind, a = desk(r, g, PHOTO)
    mask = Image.new("L", page.size, 255).transform(PHOTO, Image.PERSPECTIVE, inv, Image.BILINEAR)
    sheet = page.transform(PHOTO, Image.PERSPECTIVE, inv, Image.BICUBIC, fillcolor=(255, 255, 255))
    m = np.asarray(mask, np.float32)[..., None] / 255
    shadow = np.asarray(mask.filter(ImageFilter.GaussianBlur(r.uniform(8, 20))), np.float32)[..., None] / 255
    dx, dy = r.randrange(-12, 13), r.randrange(4, 18)
    shadow = np.roll(np.roll(shadow, dy, 0), dx, 1)
    a = a * (1 - r.uniform(0.25, 0.5) * shadow)
    a = a * (1 - m) + np.asarray(sheet, np.float32) * tint * m
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    cx, cy = r.uniform(0.2, 0.8), r.uniform(0.2, 0.8)
    light = 1.03 - r.uniform(0.15, 0.35) * (((xx / W - cx) ** 2 + (yy / H - cy) ** 2) * 1.6)
    light += r.uniform(-0.12, 0.12) * (xx / W - 0.5)
    a = a * light[..., None] + g.normal(0, r.uniform(2.0, 5.0), (H, W, 1)).astype(np.float32)
    img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(r.uniform(0.4, 1.0)))
    info = {"turn": round(turn, 2), "perspective": round(side_ratio(corners) - 1, 3), "desk": kind, "aspect": round(ph / pw, 4)}
    return img, r.randrange(70, 91), [[round(x - 0.5, 2), round(y - 0.5, 2)] for x, y in corners], info


def make(pdf_dir, out_dir, seeds):
    os.makedirs(out_dir, exist_ok=True)
    pdfs = sorted(os.path.join(pdf_dir, n) for n in os.listdir(pdf_dir) if n.endswith(".pdf"))
    with open(os.path.join(out_dir, "truth.jsonl"), "w") as truth:
        for seed in seeds:
            pdf = pdfs[random.Random(seed).randrange(len(pdfs))]
            made, attempt = None, 0
            while made is None:
                made = make_photo(pdf, seed * 1000 + attempt)
                attempt += 1
            img, quality, corners, info = made
            photo = os.path.join(out_dir, f"photo-{seed}.jpg")
            img.save(photo, "JPEG", quality=quality)
            truth.write(json.dumps({"photo": photo, "pdf": pdf, "corners": corners, **info}) + "\n")


WORD = re.compile(r"\w[\w.,:/@-]*\w|\w", re.UNICODE)


def words(text):
    return [w.lower() for w in WORD.findall(text)]


def f1(read, truth):
    from collections import Counter
    a, b = Counter(read), Counter(truth)
    common = sum((a & b).values())
    if not common:
        return 0.0
    p, r = common / sum(a.values()), common / sum(b.values())
    return 2 * p * r / (p + r)


def records(path):
    out = {}
    for line in open(path):
        rec = json.loads(line)
        if rec.get("kind") == "page":
            out[rec.get("source") or rec["image"]["path"]] = rec
    return out


def report(truth_path, plain_path, straight_path):
    plain, straight = records(plain_path), records(straight_path)
    found = within = aspect_within = 0
    worst = 0.0
    f_plain, f_straight = [], []
    rows = []
    for line in open(truth_path):
        t = json.loads(line)
        photo = t["photo"]
        text = subprocess.run(["pdftotext", "-f", "1", "-l", "1", t["pdf"], "-"], capture_output=True, text=True).stdout
        truth_words = words(text)
        read = lambda rec: words(" ".join(l["text"] for l in rec.get("lines") or []))
        p, s = plain.get(photo, {}), straight.get(photo, {})
        f_plain.append(f1(read(p), truth_words))
        f_straight.append(f1(read(s), truth_words))
        paper = (s.get("ocr") or {}).get("paper")
        err = None
        if paper:
            found += 1
            c, tc = paper["corners"], t["corners"]
            side = min(math.dist(tc[0], tc[1]), math.dist(tc[3], tc[2]))  # the sheet's shorter side as seen
            err = max(math.dist(a, b) for a, b in zip(c, tc)) / side
            worst = max(worst, err)
            within += err <= 0.02
            aspect_within += abs(paper["height"] / paper["width"] / t["aspect"] - 1) <= 0.02
        else:
            worst = float("inf")
        rows.append((os.path.basename(photo), t["desk"], t["turn"], t["perspective"], err, f_plain[-1], f_straight[-1]))
    n = len(rows)
    print("| photo | desk | turn ° | perspective | corner error | F1 plain | F1 straightened |")
    print("|---|---|---|---|---|---|---|")
    for name, kind, turn, persp, err, fp, fs in rows:
        e = "not found" if err is None else f"{100 * err:.2f}%"
        print(f"| {name} | {kind} | {turn} | {persp} | {e} | {fp:.3f} | {fs:.3f} |")
    print()
    print(f"paper found: {found}/{n}; crop within 2% of the true corners: {within}/{n}; worst corner error "
          f"{'none found' if worst == float('inf') and not found else ('%.2f%%' % (100 * worst)) if worst != float('inf') else 'a photo not found'}")
    print(f"straightened page of the sheet's aspect within 2%: {aspect_within}/{n}")
    print(f"OCR word F1 against the text layer, mean: unstraightened {sum(f_plain) / n:.3f}, "
          f"straightened {sum(f_straight) / n:.3f}")


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2], sys.argv[3], [int(s) for s in sys.argv[4:]])
    elif sys.argv[1] == "report":
        report(*sys.argv[2:5])
    else:
        sys.exit(__doc__)
