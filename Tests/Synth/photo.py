"""Turn the first page of a PDF into a phone-photo-like JPEG: rendered at about 200 dpi, laid on a
desk, slightly turned and keystoned, blurred, noisy, unevenly lit, saved at JPEG quality 60-85."""
import os
import random
import subprocess
import tempfile

import numpy as np
from PIL import Image, ImageFilter


def render(pdf, dpi):
    with tempfile.TemporaryDirectory() as td:
        out = os.path.join(td, "p")
        subprocess.run(["pdftoppm", "-r", str(dpi), "-f", "1", "-l", "1", "-png", "-singlefile", pdf, out], check=True)
        return Image.open(out + ".png").convert("RGB")


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


def make_photo(pdf, jpg, seed, dpi=200):
    img, quality = degrade(render(pdf, dpi), seed)
    img.save(jpg, "JPEG", quality=quality, optimize=False)
