"""Turn a PDF into phone photos: each page rendered at about 200 dpi, laid on a desk, slightly turned and
keystoned, blurred, noisy, unevenly lit, saved at JPEG quality 60-85; a one-page bill as a JPEG, a longer
one as a PDF of one photo per page (as a phone's scanner app hands it over)."""
import os
import random
import subprocess
import tempfile

import numpy as np
from PIL import Image, ImageFilter


def render(pdf, dpi):
    """Every page of the PDF, in order, as RGB images."""
    with tempfile.TemporaryDirectory() as td:
        subprocess.run(["pdftoppm", "-r", str(dpi), "-png", pdf, os.path.join(td, "p")], check=True)
        pages = []
        for name in sorted(f for f in os.listdir(td) if f.endswith(".png")):
            with Image.open(os.path.join(td, name)) as im:
                pages.append(im.convert("RGB"))
        return pages


def _coeffs(src, dst):
    """Perspective transform coefficients mapping output corners (dst) back to input corners (src)."""
    a, b = [], []
    for (x, y), (u, v) in zip(dst, src):
        a.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        a.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        b += [u, v]
    return np.linalg.solve(np.array(a, float), np.array(b, float)).tolist()


def degrade(img, seed):
    r = random.Random(seed)
    g = np.random.default_rng(seed)
    w, h = img.size
    m = int(w * 0.05)
    desk_color = tuple(r.randrange(60, 140) for _ in range(3))
    canvas = Image.new("RGB", (w + 2 * m, h + 2 * m), desk_color)
    canvas.paste(img, (m, m))
    W, H = canvas.size
    j = lambda s: r.uniform(-s, s)
    src = [(0, 0), (W, 0), (W, H), (0, H)]
    dst = [(j(W * 0.015), j(H * 0.012)), (W + j(W * 0.015), j(H * 0.012)),
           (W + j(W * 0.012), H + j(H * 0.01)), (j(W * 0.012), H + j(H * 0.01))]
    canvas = canvas.transform(canvas.size, Image.PERSPECTIVE, _coeffs(src, dst), Image.BICUBIC, fillcolor=desk_color)
    canvas = canvas.rotate(r.uniform(-3, 3), resample=Image.BICUBIC, fillcolor=desk_color)
    canvas = canvas.filter(ImageFilter.GaussianBlur(r.uniform(0.4, 1.1)))
    a = np.asarray(canvas).astype(np.float32)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    cx, cy = r.uniform(0.2, 0.8), r.uniform(0.2, 0.8)
    light = 1.02 - r.uniform(0.15, 0.35) * (((xx / W - cx) ** 2 + (yy / H - cy) ** 2) * 1.6)
    light += r.uniform(-0.12, 0.12) * (xx / W - 0.5)
    tint = np.array([1.0, r.uniform(0.96, 1.0), r.uniform(0.88, 0.97)], np.float32)
    a = a * light[..., None] * tint
    a += g.normal(0, r.uniform(2.0, 6.0), (H, W, 1)).astype(np.float32)
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8)), r.randrange(60, 86)


def make_photo(pdf, stem, seed, dpi=200):
    """Writes stem + ".jpg" (one page) or stem + ".pdf" (a photo per page, page i degraded with seed + i);
    returns the file written."""
    shots = [degrade(page, seed + i) for i, page in enumerate(render(pdf, dpi))]
    quality = shots[0][1]
    if len(shots) == 1:
        shots[0][0].save(stem + ".jpg", "JPEG", quality=quality, optimize=False)
        return stem + ".jpg"
    first, *rest = [img for img, _ in shots]
    first.save(stem + ".pdf", "PDF", save_all=True, append_images=rest, resolution=dpi, quality=quality)
    return stem + ".pdf"
