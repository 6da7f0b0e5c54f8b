#!/usr/bin/env bash
# bench/ocr — pp-ocr against the shell pipeline users write: pdftoppm -r 300 -gray -png, then
# `tesseract page.png -` per page, with OMP_THREAD_LIMIT=1 and with Debian's OpenMP defaults.
# Side by side in one run, on whole PDFs from samples/pdf (at least $PAGES pages, rendered as scans).
#
# Our side: `pp-ingest --raster | pp-ocr --force` when pp-ingest is built; otherwise pp-ocr on page
# records pointing at pdftoppm PNGs (the rendering is then timed apart and added). The report says which.
#
#   bash bench/ocr/run.sh            # PAGES=12, JOBS=2, RUNS=3
#   PAGES=24 SCALE="6 12 24" bash bench/ocr/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
PAGES=${PAGES:-12}
JOBS=${JOBS:-2}
RUNS=${RUNS:-3}
SCALE=${SCALE:-"4 8 $PAGES"}
BIN=${BIN:-.build/release}
LANGS=${LANGS:-eng}

need() { command -v "$1" >/dev/null || { echo "bench/ocr: needs $1 ($2)" >&2; exit 2; }; }
need hyperfine "apt-get install hyperfine"
need pdftoppm "apt-get install poppler-utils"
need tesseract "apt-get install tesseract-ocr"
need python3 "apt-get install python3"
[ -x /usr/bin/time ] || { echo "bench/ocr: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
[ -x "$BIN/pp-ocr" ] || swift build -c release --product pp-ocr >/dev/null
# INGEST=path/to/pp-ingest picks another build (e.g. of a branch not merged yet).
INGEST=${INGEST:-}
if [ -z "$INGEST" ] && [ -x "$BIN/pp-ingest" ]; then INGEST="$BIN/pp-ingest"; fi

work=$(mktemp -d "${TMPDIR:-/tmp}/pp-bench-ocr.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Whole documents, in name order, until there are enough pages.
. "$(dirname "$0")/pick_pdfs.sh"
pick_pdfs "$PAGES"
echo "== pages: $total from ${#pdfs[@]} PDFs (samples/pdf), 300 dpi gray, languages $LANGS, --jobs $JOBS"
echo "== machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(tesseract --version 2>&1 | head -1)"

# Pre-rendered pages (for the untimed reference outputs and the pp-ocr-only runs).
mkdir -p "$work/cli"
render_pages "$work"

# The shell pipeline, as a script hyperfine can run.
cat > "$work/shell.sh" <<SH
#!/usr/bin/env bash
set -e
out=\$(mktemp -d "$work/shell.XXXXXX")
for pdf in ${pdfs[*]}; do
    name=\$(basename "\$pdf" .pdf)
    pdftoppm -r 300 -gray -png "\$pdf" "\$out/\$name"
done
for png in "\$out"/*.png; do tesseract "\$png" - -l $LANGS > "\$png.txt"; done
rm -rf "\$out"
SH
# Ours.
if [ -n "$INGEST" ]; then
    ours="rm -rf $work/ingest && $INGEST --raster --work $work/ingest ${pdfs[*]} | $BIN/pp-ocr --force --lang $LANGS -j $JOBS > $work/ours.jsonl"
    oursLabel="pp-ingest --raster | pp-ocr --force -j $JOBS"
else
    cat > "$work/render.sh" <<SH
#!/usr/bin/env bash
set -e
rm -rf "$work/r" && mkdir -p "$work/r"
for pdf in ${pdfs[*]}; do pdftoppm -r 300 -gray -png "\$pdf" "$work/r/\$(basename "\$pdf" .pdf)"; done
SH
    ours="bash $work/render.sh && $BIN/pp-ocr --lang $LANGS -j $JOBS < $work/pages.jsonl > $work/ours.jsonl"
    oursLabel="pdftoppm (render) + pp-ocr -j $JOBS  [pp-ingest not built]"
fi
echo "== our side: $oursLabel"

hyperfine --style basic --runs "$RUNS" --export-json "$work/fast.json" \
    -n "pp: $oursLabel" "OMP_THREAD_LIMIT=1 bash -c '$ours'" \
    -n "pp-ocr -j $JOBS on rendered PNGs" "$BIN/pp-ocr --lang $LANGS -j $JOBS < $work/pages.jsonl > /dev/null" \
    -n "pp-ocr -j 1 on rendered PNGs" "$BIN/pp-ocr --lang $LANGS -j 1 < $work/pages.jsonl > /dev/null" \
    -n "shell: pdftoppm + tesseract, OMP_THREAD_LIMIT=1" "OMP_THREAD_LIMIT=1 bash $work/shell.sh"
hyperfine --style basic --runs 1 --export-json "$work/slow.json" \
    -n "shell: pdftoppm + tesseract, Debian OpenMP defaults" "env -u OMP_THREAD_LIMIT bash $work/shell.sh"

# Tesseract's own recognition time: the CLI per page on the same PNGs (OMP 1), summed.
echo "== reference outputs (untimed by hyperfine)"
start=$(date +%s.%N)
for png in "$work"/png/*.png; do OMP_THREAD_LIMIT=1 tesseract "$png" - -l "$LANGS" > "$work/cli/$(basename "$png" .png).txt" 2>/dev/null; done
end=$(date +%s.%N)
echo "cli_seconds $(python3 -c "print(round($end - $start, 2))")" > "$work/cli-time.txt"
# pp-ocr on exactly the images the CLI read (the pipeline above renders with cairo, not pdftoppm).
"$BIN/pp-ocr" --lang "$LANGS" -j "$JOBS" < "$work/pages.jsonl" > "$work/ours-png.jsonl"

# Peak memory, and how time and memory grow with pages.
echo "== scaling (pp-ocr -j $JOBS on rendered PNGs; peak RSS from /usr/bin/time -v)"
: > "$work/scale.txt"
for n in $SCALE; do
    head -n "$n" "$work/pages.jsonl" > "$work/scale-$n.jsonl"
    /usr/bin/time -v "$BIN/pp-ocr" --lang "$LANGS" -j "$JOBS" < "$work/scale-$n.jsonl" > /dev/null 2> "$work/time-$n.txt"
    secs=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$work/time-$n.txt")
    kb=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time-$n.txt")
    echo "$n $secs $kb" >> "$work/scale.txt"
done
for label in "OMP_THREAD_LIMIT=1 tesseract (one page)" ; do
    png=$(ls "$work"/png/*.png | head -1)
    OMP_THREAD_LIMIT=1 /usr/bin/time -v tesseract "$png" - -l "$LANGS" > /dev/null 2> "$work/time-cli.txt"
done

echo "== load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 bench/ocr/report.py "$work" "$JOBS" "$oursLabel"
