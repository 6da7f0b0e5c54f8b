"""Harder copies of a labelled folder's images, for bench/codes/variants.sh.

Usage: variants.py FOLDER OUT
For every image that truth.jsonl names in FOLDER, writes to OUT copies turned a quarter (90),
skewed (turned 15 degrees), small (half size), and photo-like (turned 7 degrees, blurred, noisy,
JPEG quality 60), and OUT/truth.jsonl with the same payloads and a "variant" key.
"""
import json
import os
import random
import sys

from PIL import Image, ImageFilter


def main():
    folder, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    rng = random.Random(5)
    rows = []
    for line in open(os.path.join(folder, "truth.jsonl"), encoding="utf-8"):
        if not line.strip():
            continue
        t = json.loads(line)
        if not t["source"].lower().endswith((".png", ".jpg", ".jpeg")):
            continue
        im = Image.open(os.path.join(folder, t["source"]))
        if im.mode in ("RGBA", "LA", "P"):
            im = im.convert("RGBA")
            white = Image.new("RGBA", im.size, (255, 255, 255, 255))
            im = Image.alpha_composite(white, im)
        im = im.convert("L")
        stem = os.path.splitext(t["source"])[0]
        variants = {
            "rotated-90": im.rotate(90, expand=True),
            "skewed-15": im.rotate(15, resample=Image.BICUBIC, expand=True, fillcolor=255),
            "small-half": im.resize((max(1, im.width // 2), max(1, im.height // 2)), Image.LANCZOS),
        }
        photo = im.rotate(7, resample=Image.BICUBIC, expand=True, fillcolor=235).filter(ImageFilter.GaussianBlur(0.8))
        noise = Image.effect_noise(photo.size, 12)
        variants["photo-like"] = Image.blend(photo, noise, 0.06)
        for name, v in variants.items():
            file = f"{stem}.{name}.{'jpg' if name == 'photo-like' else 'png'}"
            if name == "photo-like":
                v.save(os.path.join(out, file), quality=60)
            else:
                v.save(os.path.join(out, file))
            rows.append({**t, "source": file, "variant": name})
        rng.random()
    with open(os.path.join(out, "truth.jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
