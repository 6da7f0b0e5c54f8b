#!/usr/bin/env bash
# bench/ocr/auto.sh — what `--lang auto` (the default) costs against a named language (`--lang eng`), side by
# side in one run, on the pages bench/ocr/run.sh reads (whole PDFs of samples/pdf until $PAGES pages,
# rendered as 300 dpi grey scans). Each round runs every build and language once, one after the other, so
# that the machine's load falls on all of them alike; the report gives medians over $RUNS rounds.
#
#   bash bench/ocr/auto.sh                           # PAGES=12, JOBS=2, RUNS=3, BIN=.build/release
#   BEFORE=path/to/other/bin bash bench/ocr/auto.sh  # an older build beside it (its pp-ocr and pp-ingest)
#
# Two ways in: pp-ocr on page records pointing at pdftoppm PNGs (a scan: no text on the page), and the
# pipeline `pp-ingest --raster | pp-ocr --force` (the PDF's own text comes along). Measured with
# /usr/bin/time: wall, user CPU, peak RSS. Word agreement is against the tesseract CLI (`-l eng`, as in
# bench/ocr/run.sh) and against the words of the PDFs themselves (pdftotext), which is what a reading
# should find.
set -euo pipefail
cd "$(dirname "$0")/../.."
PAGES=${PAGES:-12}
JOBS=${JOBS:-2}
RUNS=${RUNS:-3}
BIN=${BIN:-.build/release}
BEFORE=${BEFORE:-}

need() { command -v "$1" >/dev/null || { echo "bench/ocr: needs $1 ($2)" >&2; exit 2; }; }
need pdftoppm "apt-get install poppler-utils"
need tesseract "apt-get install tesseract-ocr"
need python3 "apt-get install python3"
[ -x /usr/bin/time ] || { echo "bench/ocr: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
[ -x "$BIN/pp-ocr" ] && [ -x "$BIN/pp-ingest" ] || swift build -c release --product pp-ocr >/dev/null
[ -x "$BIN/pp-ingest" ] || swift build -c release --product pp-ingest >/dev/null
# A pp-ocr built on its own has no lexicon folder beside it; --lang auto needs pp-extract's lexicons.
export PP_LEXICONS=${PP_LEXICONS:-$PWD/Sources/Extract/Lexicons}
export OMP_THREAD_LIMIT=1

work=$(mktemp -d "${TMPDIR:-/tmp}/pp-bench-auto.XXXXXX")
trap 'rm -rf "$work"' EXIT

. "$(dirname "$0")/pick_pdfs.sh"
pick_pdfs "$PAGES"
mkdir -p "$work/cli" "$work/out"
render_pages "$work" "$work/truth"
echo "== $total pages from ${#pdfs[@]} PDFs (samples/pdf), --jobs $JOBS, $RUNS rounds; $(nproc --all) cores, $(tesseract --version 2>&1 | head -1)"

builds=("after=$BIN")
[ -n "$BEFORE" ] && builds=("before=$BEFORE" "${builds[@]}")
: > "$work/times.tsv"
for round in $(seq 1 "$RUNS"); do
    for build in "${builds[@]}"; do
        label=${build%%=*}
        dir=${build#*=}
        for lang in eng auto; do
            for way in png pipe; do
                out="$work/out/$label-$lang-$way.jsonl"
                if [ "$way" = png ]; then
                    cmd="$dir/pp-ocr --lang $lang -j $JOBS < $work/pages.jsonl > $out"
                else
                    cmd="rm -rf $work/ingest && $dir/pp-ingest --raster --work $work/ingest ${pdfs[*]} | $dir/pp-ocr --force --lang $lang -j $JOBS > $out"
                fi
                load=$(cut -d' ' -f1 /proc/loadavg)
                /usr/bin/time -f "%e %U %S %M" -o "$work/time.txt" bash -c "$cmd" 2>/dev/null
                printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$label" "$lang" "$way" "$load" "$(cat "$work/time.txt")" >> "$work/times.tsv"
            done
        done
    done
    echo "== round $round done, load $(cut -d' ' -f1-3 /proc/loadavg)"
done

for png in "$work"/png/*.png; do
    tesseract "$png" - -l eng > "$work/cli/$(basename "$png" .png).txt" 2>/dev/null
done
python3 bench/ocr/auto_report.py "$work"
