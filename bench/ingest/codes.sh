#!/usr/bin/env bash
# bench/ingest, part 4: pp-ingest's payment-code reading (zxing-cpp) side by side with zbarimg (ZBar).
#   a. photos: time per photo and codes found, pp-ingest against `zbarimg` on the same files
#      (samples/photos, the fixture photo, and the shared corpus's payment-code images when present);
#   b. the overhead of reading codes on born-digital pages without codes: pp-ingest against
#      pp-ingest --no-codes on samples/pdf (the files without a code) and on a generated 200-page book.
# Needs hyperfine, zbar-tools (zbarimg), qpdf, python3 with reportlab; valgrind (optional) counts instructions.
# Usage: bash bench/ingest/codes.sh [CORPUS_CODES_FOLDER]   (default ../shared/corpus/payment-codes)
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${BIN:-.build/release/pp-ingest}
CORPUS_CODES=${1:-../shared/corpus/payment-codes}
[ -x "$BIN" ] || swift build -c release --product pp-ingest >/dev/null
for t in hyperfine zbarimg python3; do
    command -v "$t" >/dev/null || { echo "bench/ingest/codes.sh: needs $t (apt-get install -y hyperfine zbar-tools)" >&2; exit 2; }
done
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/pp-bench-codes.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT
export OMP_THREAD_LIMIT=1

photos=(samples/photos/*.jpg Tests/Fixtures/codes/ips-photo.jpg)
if [ -d "$CORPUS_CODES" ]; then
    while IFS= read -r f; do photos+=("$f"); done < <(find "$CORPUS_CODES" -maxdepth 1 \( -name '*.jpg' -o -name '*.png' \) | sort)
fi
printf '%s\n' "${photos[@]}" > "$SCRATCH/photos"
n=${#photos[@]}

echo "== 4a. reading codes in $n images: pp-ingest (page record with codes) against zbarimg"
"$BIN" --jobs 1 --work "$SCRATCH/w" "${photos[@]}" > "$SCRATCH/pp.jsonl"
zbarimg -q --xml "${photos[@]}" > "$SCRATCH/zbar.xml" 2>/dev/null || true
hyperfine -N --warmup 1 --runs 5 --export-json "$SCRATCH/photos.json" \
    -n "pp-ingest --jobs 1" "$BIN --jobs 1 --work $SCRATCH/w ${photos[*]}" \
    -n "pp-ingest --jobs 1 --no-codes" "$BIN --jobs 1 --no-codes --work $SCRATCH/w ${photos[*]}" \
    -i -n "zbarimg" "zbarimg -q ${photos[*]}"

echo
echo "== 4b. overhead on born-digital pages without codes: pp-ingest against pp-ingest --no-codes"
nocode=$("$BIN" --jobs 1 --work "$SCRATCH/w" samples/pdf | python3 -c '
import collections, json, sys
n = collections.Counter()
for line in sys.stdin:
    r = json.loads(line)
    n[r["source"]] += len(r.get("codes", []))
print(" ".join(s for s, k in n.items() if k == 0))')
pages=$("$BIN" --jobs 1 --no-codes --work "$SCRATCH/w" $nocode | wc -l)
python3 - "$SCRATCH/book.pdf" <<'PY'
import random, sys
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas
random.seed(7)
words = "payment invoice account amount reference total due date customer supplier bank transfer".split()
c = canvas.Canvas(sys.argv[1], pagesize=A4, invariant=1)
for p in range(200):
    c.setFont("Helvetica-Bold", 14); c.drawString(56, 800, f"Chapter {p // 10 + 1}, page {p + 1}")
    c.setFont("Times-Roman", 10)
    for i in range(57):
        c.drawString(56, 780 - i * 12.5, " ".join(random.choice(words) for _ in range(14)))
    c.showPage()
c.save()
PY
hyperfine -N --warmup 2 --runs 15 --export-json "$SCRATCH/digital.json" \
    -n "samples/pdf without codes" "$BIN --jobs 1 --work $SCRATCH/w $nocode" \
    -n "samples/pdf without codes, --no-codes" "$BIN --jobs 1 --no-codes --work $SCRATCH/w $nocode"
hyperfine -N --warmup 1 --runs 5 --export-json "$SCRATCH/book.json" \
    -n "200-page book" "$BIN --jobs 1 --work $SCRATCH/w $SCRATCH/book.pdf" \
    -n "200-page book, --no-codes" "$BIN --jobs 1 --no-codes --work $SCRATCH/w $SCRATCH/book.pdf"

# Instructions are counted exactly (callgrind), so the overhead shows even on a busy machine.
if command -v valgrind >/dev/null; then
    echo
    echo "== 4c. instructions executed (valgrind --tool=callgrind), with and without --no-codes"
    count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | sed -n 's/.*I *refs: *//p' | tr -d ,; }
    qpdf "$SCRATCH/book.pdf" --pages . 1-30 -- "$SCRATCH/book30.pdf" 2>/dev/null || cp "$SCRATCH/book.pdf" "$SCRATCH/book30.pdf"
    for set in "samples/pdf without codes:$nocode" "30 book pages:$SCRATCH/book30.pdf" "one photo without a code:samples/photos/en-gb-supplies.jpg"; do
        label=${set%%:*}
        files=${set#*:}
        on=$(count "$BIN" --jobs 1 --work "$SCRATCH/w" $files)
        off=$(count "$BIN" --jobs 1 --no-codes --work "$SCRATCH/w" $files)
        echo "$label: $on instructions, --no-codes $off: +$(( (on - off) * 1000 / off / 10 )).$(( (on - off) * 1000 / off % 10 ))%"
    done
fi

echo
python3 - "$SCRATCH" "$n" "$pages" <<'PY'
import json, sys, xml.etree.ElementTree as ET
scratch, n, pages = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def runs(name):
    return {r["command"]: r for r in json.load(open(f"{scratch}/{name}"))["results"]}
p = runs("photos.json")
pp, off, zb = p["pp-ingest --jobs 1"], p["pp-ingest --jobs 1 --no-codes"], p["zbarimg"]
print(f"per image, wall: pp-ingest {pp['mean'] / n * 1000:.0f} ms (codes cost {(pp['mean'] - off['mean']) / n * 1000:.0f} ms "
      f"over --no-codes), zbarimg {zb['mean'] / n * 1000:.0f} ms")
print(f"per image, user CPU: pp-ingest {pp['user'] / n * 1000:.0f} ms (codes {(pp['user'] - off['user']) / n * 1000:.0f} ms), "
      f"zbarimg {zb['user'] / n * 1000:.0f} ms")
found_pp = sum(len(json.loads(l).get("codes", [])) for l in open(f"{scratch}/pp.jsonl"))
files_pp = sum(1 for l in open(f"{scratch}/pp.jsonl") if json.loads(l).get("codes"))
text = open(f"{scratch}/zbar.xml", encoding="utf-8", errors="replace").read()
found_zb = text.count("<symbol ")
files_zb = text.count("<index num=")
print(f"codes found in {n} images: pp-ingest {found_pp} (in {files_pp} images), zbarimg {found_zb} (in {files_zb} images)")
for name, label in (("digital.json", f"samples/pdf without codes ({pages} pages)"), ("book.json", "200-page book")):
    r = list(runs(name).values())
    on, no = r[0], r[1]
    print(f"{label}: wall {on['mean'] * 1000:.0f} ms vs {no['mean'] * 1000:.0f} ms --no-codes "
          f"(+{(on['mean'] / no['mean'] - 1) * 100:.0f}%), user CPU {on['user'] * 1000:.0f} ms vs {no['user'] * 1000:.0f} ms "
          f"(+{(on['user'] / no['user'] - 1) * 100:.0f}%)")
PY
