#!/usr/bin/env bash
# bench/ocr/defaults.sh — scans read as a user reads them, with every default: `pp-ingest SCANS | pp-ocr`
# (--lang auto, a worker per core) against the shell loop users write (pdftoppm -r 300 -gray -png, then
# `tesseract page.png -` per page) and OCRmyPDF (`--skip-text --sidecar --jobs 2`), all with
# OMP_THREAD_LIMIT=1 (pp-ocr sets it itself; Debian's libtesseract spins OpenMP threads otherwise), and
# `pp-ocr --lang eng` beside them. The scans are the OCR bench's pages (whole PDFs of samples/pdf until
# $PAGES pages) rendered at 300 dpi grey and stored as JPEG pages with no text.
#
#   bash bench/ocr/defaults.sh                           # PAGES=12, RUNS=3, BIN=.build/release
#   BEFORE=path/to/other/bin bash bench/ocr/defaults.sh  # an older pp-ingest and pp-ocr beside them
#   PEERS=no bash bench/ocr/defaults.sh                  # pp's sides only (auto and eng): no shell loop, no OCRmyPDF
#
# Each round runs every side once, one after the other, so the machine's load falls on all alike; the report
# gives medians of wall, user and system CPU (/usr/bin/time, children included) and the peak RSS of the
# largest process, the ratios against ours, and the words each side found of the PDFs' own (pdftotext).
set -euo pipefail
cd "$(dirname "$0")/../.."
PAGES=${PAGES:-12}
RUNS=${RUNS:-3}
BIN=${BIN:-.build/release}
BEFORE=${BEFORE:-}
PEERS=${PEERS:-yes}

need() { command -v "$1" >/dev/null || { echo "bench/ocr/defaults: needs $1 ($2)" >&2; exit 2; }; }
need pdftoppm "apt-get install poppler-utils"
need tesseract "apt-get install tesseract-ocr"
[ "$PEERS" = no ] || need ocrmypdf "pip install ocrmypdf, or apt-get install ocrmypdf"
need python3 "apt-get install python3 python3-pil"
[ -x /usr/bin/time ] || { echo "bench/ocr/defaults: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
for tool in pp-ingest pp-ocr; do [ -x "$BIN/$tool" ] || swift build -c release --product "$tool" >/dev/null; done
BIN=$(cd "$BIN" && pwd)
[ -n "$BEFORE" ] && BEFORE=$(cd "$BEFORE" && pwd)
# A pp-ocr built on its own has no lexicon folder beside it; --lang auto needs pp-extract's lexicons.
export PP_LEXICONS=${PP_LEXICONS:-$PWD/Sources/Extract/Lexicons}
export OMP_THREAD_LIMIT=1

work=$(mktemp -d "${TMPDIR:-/tmp}/pp-bench-defaults.XXXXXX")
if [ -n "${KEEP:-}" ]; then echo "== work folder: $work"; else trap 'rm -rf "$work"' EXIT; fi

. bench/ocr/pick_pdfs.sh
pick_pdfs "$PAGES"
render_pages "$work" "$work/truth"
make_scans "$work"
echo "== $total pages in ${#pdfs[@]} scanned PDFs (samples/pdf at 300 dpi grey, JPEG), $RUNS rounds; $(nproc --all) cores;" \
    "$(tesseract --version 2>&1 | head -1)$([ "$PEERS" = no ] || echo ", ocrmypdf $(ocrmypdf --version)")"

# One script per side; each writes what it read into the folder it is given.
side() { printf '#!/usr/bin/env bash\nset -eo pipefail\nout=$1; mkdir -p "$out"; cd "%s"\n%s\n' "$work" "$2" > "$work/$1.sh"; }
for build in "after=$BIN" ${BEFORE:+"before=$BEFORE"}; do
    label=${build%%=*} dir=${build#*=}
    side "pp-$label" "\"$dir/pp-ingest\" --work \"\$out/ingest\" scans/*.pdf | \"$dir/pp-ocr\" > \"\$out/pages.jsonl\""
    side "pp-$label-eng" "\"$dir/pp-ingest\" --work \"\$out/ingest\" scans/*.pdf | \"$dir/pp-ocr\" --lang eng > \"\$out/pages.jsonl\""
done
side shell 'for pdf in scans/*.pdf; do pdftoppm -r 300 -gray -png "$pdf" "$out/$(basename "$pdf" .pdf)"; done
for png in "$out"/*.png; do tesseract "$png" - > "${png%.png}.txt" 2>/dev/null; done'
side ocrmypdf 'for pdf in scans/*.pdf; do name=$(basename "$pdf" .pdf); ocrmypdf --skip-text --sidecar "$out/$name.txt" --jobs 2 -q "$pdf" "$out/$name.pdf"; done'
labels=(pp-after pp-after-eng)
[ "$PEERS" = no ] || labels+=(shell ocrmypdf)
[ -n "$BEFORE" ] && labels=(pp-before pp-before-eng "${labels[@]}")

: > "$work/times.tsv"
for round in $(seq 1 "$RUNS"); do
    for label in "${labels[@]}"; do
        rm -rf "$work/out-$label"
        load=$(cut -d' ' -f1 /proc/loadavg)
        /usr/bin/time -f "%e %U %S %M" -o "$work/time.txt" bash "$work/$label.sh" "$work/out-$label" > /dev/null 2>&1
        printf '%s\t%s\t%s\t%s\n' "$round" "$label" "$load" "$(cat "$work/time.txt")" >> "$work/times.tsv"
        # The first round's readings are kept for the words.
        if [ "$round" = 1 ]; then cp -r "$work/out-$label" "$work/first-$label" && rm -rf "$work/first-$label/ingest"; fi
    done
    echo "== round $round done, load $(cut -d' ' -f1-3 /proc/loadavg)"
done
python3 bench/ocr/defaults_report.py "$work" "$total"
