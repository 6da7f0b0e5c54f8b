#!/usr/bin/env bash
# bench/ingest: pp-ingest side by side with the poppler-utils a user would pick instead.
#   1. text layer of a born-digital book (hundreds of pages):  pp-ingest  vs  pdftotext -bbox-layout
#   2. rasterizing scanned pages at 300 dpi gray to PNG:        pp-ingest  vs  pdftoppm -r 300 -gray -png
#      (pp-ingest with --jobs 1 and --jobs 2)
#   3. peak memory against the page count (book of N and 4N pages).
# Inputs are generated here into a scratch folder (never committed). Needs hyperfine, GNU time,
# poppler-utils, qpdf, and python3 with reportlab + Pillow for the generated book and scans.
# Usage: bash bench/ingest/run.sh [PAGES]   (default 400 book pages, 12 scanned pages)
set -euo pipefail
cd "$(dirname "$0")/../.."
PAGES=${1:-400}
SCANS=${SCANS:-12}
BIN=${BIN:-.build/release/pp-ingest}
[ -x "$BIN" ] || swift build -c release --product pp-ingest >/dev/null
for t in hyperfine /usr/bin/time pdftotext pdftoppm qpdf python3; do
    command -v "$t" >/dev/null || { echo "bench/ingest: needs $t (apt-get install -y hyperfine time poppler-utils qpdf)" >&2; exit 2; }
done
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/pp-bench-ingest.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT
export OMP_THREAD_LIMIT=1

echo "== generating inputs in $SCRATCH"
python3 - "$SCRATCH" "$PAGES" "$SCANS" <<'PY'
import random, sys, os
scratch, pages, scans = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas
random.seed(7)
words = ("payment invoice account amount reference total due date customer supplier bank transfer balance "
         "interest period statement delivery order quantity price discount tax rate net gross currency").split()
def book(path, n):
    c = canvas.Canvas(path, pagesize=A4, invariant=1)
    for p in range(n):
        c.setFont("Helvetica-Bold", 14); c.drawString(56, 800, f"Chapter {p // 10 + 1}, page {p + 1}")
        c.setFont("Times-Roman", 10)
        y = 780
        while y > 60:
            c.drawString(56, y, " ".join(random.choice(words) for _ in range(14)) + f" {random.randint(1, 99999)},{random.randint(10, 99)}")
            y -= 12.5
        c.showPage()
    c.save()
book(os.path.join(scratch, "book.pdf"), pages)
book(os.path.join(scratch, "book4.pdf"), pages * 4)
# Scanned pages: page images (noise, slight tilt) wrapped into a PDF as JPEGs, as a scanner would.
from PIL import Image, ImageDraw, ImageFont, ImageFilter
frames = []
for s in range(scans):
    im = Image.new("L", (2480, 3508), 250)
    d = ImageDraw.Draw(im)
    y = 150
    while y < 3350:
        d.text((180, y), " ".join(random.choice(words) for _ in range(11)), fill=20, font=ImageFont.load_default(size=42) if hasattr(ImageFont, "load_default") else None)
        y += 62
    im = im.rotate(0.7, fillcolor=250).filter(ImageFilter.GaussianBlur(0.8))
    frames.append(im.convert("RGB"))
frames[0].save(os.path.join(scratch, "scans.pdf"), save_all=True, append_images=frames[1:], resolution=300.0, quality=85)
PY
pdfinfo "$SCRATCH/book.pdf" | grep Pages
pdfinfo "$SCRATCH/scans.pdf" | grep Pages

echo
echo "== 1. text layer: $PAGES-page born-digital book"
hyperfine --warmup 1 --runs 5 --export-json "$SCRATCH/text.json" \
    -n "pp-ingest --jobs 1" "$BIN --jobs 1 --work $SCRATCH/w1 $SCRATCH/book.pdf > $SCRATCH/book.jsonl" \
    -n "pp-ingest --jobs 2" "$BIN --jobs 2 --work $SCRATCH/w2 $SCRATCH/book.pdf > $SCRATCH/book2.jsonl" \
    -n "pdftotext -bbox-layout" "pdftotext -bbox-layout $SCRATCH/book.pdf $SCRATCH/book.html"

echo
echo "== 2. rasterizing $SCANS scanned pages, 300 dpi gray PNG (no reuse: fresh work folder per run)"
hyperfine --runs 3 --export-json "$SCRATCH/raster.json" \
    --prepare "rm -rf $SCRATCH/r1 $SCRATCH/r2 $SCRATCH/ppm; mkdir -p $SCRATCH/ppm" \
    -n "pp-ingest --jobs 1" "$BIN --jobs 1 --work $SCRATCH/r1 $SCRATCH/scans.pdf > /dev/null" \
    -n "pp-ingest --jobs 2" "$BIN --jobs 2 --work $SCRATCH/r2 $SCRATCH/scans.pdf > /dev/null" \
    -n "pdftoppm -r 300 -gray -png" "pdftoppm -r 300 -gray -png $SCRATCH/scans.pdf $SCRATCH/ppm/p"
rm -rf "$SCRATCH/r1" "$SCRATCH/ppm" && mkdir -p "$SCRATCH/ppm"
"$BIN" --jobs 1 --work "$SCRATCH/r1" "$SCRATCH/scans.pdf" >/dev/null
pdftoppm -r 300 -gray -png "$SCRATCH/scans.pdf" "$SCRATCH/ppm/p"
echo "PNG bytes per page: pp-ingest $(( $(du -sb "$SCRATCH/r1" | cut -f1) / SCANS )), pdftoppm $(( $(du -sb "$SCRATCH/ppm" | cut -f1) / SCANS ))"
echo "rerun with rasters present (reuse):"
hyperfine --warmup 1 --runs 3 -n "pp-ingest rerun" "$BIN --jobs 1 --work $SCRATCH/r1 $SCRATCH/scans.pdf > /dev/null"

echo
echo "== 3. peak memory (max RSS, KB) against page count"
peak() { /usr/bin/time -f "%M" "$@" 2>&1 >/dev/null | tail -1; }
echo "pp-ingest text, $PAGES pages:        $(peak "$BIN" --jobs 1 --work "$SCRATCH/m1" "$SCRATCH/book.pdf")"
echo "pp-ingest text, $((PAGES * 4)) pages:       $(peak "$BIN" --jobs 1 --work "$SCRATCH/m1" "$SCRATCH/book4.pdf")"
echo "pdftotext -bbox-layout, $PAGES pages:   $(peak pdftotext -bbox-layout "$SCRATCH/book.pdf" "$SCRATCH/b.html")"
echo "pdftotext -bbox-layout, $((PAGES * 4)) pages:  $(peak pdftotext -bbox-layout "$SCRATCH/book4.pdf" "$SCRATCH/b.html")"
rm -rf "$SCRATCH/m2"
echo "pp-ingest raster, $SCANS pages --jobs 1: $(peak "$BIN" --jobs 1 --work "$SCRATCH/m2" "$SCRATCH/scans.pdf")"
rm -rf "$SCRATCH/m2"
echo "pp-ingest raster, $SCANS pages --jobs 2: $(peak "$BIN" --jobs 2 --work "$SCRATCH/m2" "$SCRATCH/scans.pdf")"
echo "pdftoppm raster, $SCANS pages:          $(peak pdftoppm -r 300 -gray -png "$SCRATCH/scans.pdf" "$SCRATCH/ppm/q")"

echo
python3 - "$SCRATCH" "$PAGES" "$SCANS" <<'PY'
import json, sys
scratch, pages, scans = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def means(f):
    return {r["command"]: r["mean"] for r in json.load(open(f"{scratch}/{f}"))["results"]}
t = means("text.json"); r = means("raster.json")
p = t["pdftotext -bbox-layout"]
print(f"text layer: pp-ingest --jobs 1 {t['pp-ingest --jobs 1']:.2f} s = {t['pp-ingest --jobs 1'] / p:.2f}x pdftotext ({p:.2f} s); "
      f"--jobs 2 {t['pp-ingest --jobs 2']:.2f} s = {t['pp-ingest --jobs 2'] / p:.2f}x  (target <= 1.5x)")
q = r["pdftoppm -r 300 -gray -png"]
j1, j2 = r["pp-ingest --jobs 1"], r["pp-ingest --jobs 2"]
print(f"raster per page: pp-ingest --jobs 1 {j1 / scans * 1000:.0f} ms, --jobs 2 {j2 / scans * 1000:.0f} ms, pdftoppm {q / scans * 1000:.0f} ms; "
      f"pdftoppm / pp-ingest = {q / j1:.2f}x (--jobs 1), {q / j2:.2f}x (--jobs 2); --jobs 2 speed-up {j1 / j2:.2f}x")
PY
