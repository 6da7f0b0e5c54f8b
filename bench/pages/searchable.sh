#!/usr/bin/env bash
# bench/pages/searchable.sh — scan to searchable PDF: `pp-ingest | pp-ocr --text-layer | pp-pages --searchable`
# against `ocrmypdf --skip-text`, side by side in one run, on the OCR bench's scans (whole PDFs of
# samples/pdf until $PAGES pages, rendered at 300 dpi grey and stored as JPEG scans with no text).
#
#   bash bench/pages/searchable.sh             # PAGES=12, JOBS=2, RUNS=3
#   OCRMYPDF_ARGS="--output-type pdf" bash bench/pages/searchable.sh
#
# OCRmyPDF runs twice: as installed (Debian's libtesseract then spins OpenMP threads, see bench/ocr) and
# with OMP_THREAD_LIMIT=1 as a careful user runs it; pp-ocr sets that limit itself. Each run of each
# side is timed with /usr/bin/time -v (wall, and the peak RSS of its largest process), the sides taking
# turns; then bench/pages/searchable_check.py measures word F1 and box agreement of each side's
# pdftotext against pp-ocr's reading. KEEP=1 keeps the work folder (its path is printed).
set -euo pipefail
cd "$(dirname "$0")/../.."
PAGES=${PAGES:-12}
JOBS=${JOBS:-2}
RUNS=${RUNS:-3}
BIN=${BIN:-.build/release}
LANGS=${LANGS:-eng}
OCRMYPDF_ARGS=${OCRMYPDF_ARGS:-}

need() { command -v "$1" >/dev/null || { echo "bench/pages/searchable: needs $1 ($2)" >&2; exit 2; }; }
need ocrmypdf "pip install ocrmypdf, or apt-get install ocrmypdf"
need pdftotext "apt-get install poppler-utils"
need qpdf "apt-get install qpdf"
need python3 "apt-get install python3 python3-pil"
[ -x /usr/bin/time ] || { echo "bench/pages/searchable: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
for tool in pp-ingest pp-ocr pp-pages; do
    [ -x "$BIN/$tool" ] || swift build -c release --product "$tool" >/dev/null
done
BIN=$(cd "$BIN" && pwd)

work=$(mktemp -d "${TMPDIR:-/tmp}/pp-bench-searchable.XXXXXX")
if [ -n "${KEEP:-}" ]; then echo "== work folder: $work"; else trap 'rm -rf "$work"' EXIT; fi

. bench/ocr/pick_pdfs.sh
pick_pdfs "$PAGES"
echo "== scans: $total pages from ${#pdfs[@]} PDFs (samples/pdf) at 300 dpi grey, JPEG; languages $LANGS, $JOBS jobs"
echo "== machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(tesseract --version 2>&1 | head -1), ocrmypdf $(ocrmypdf --version)"
render_pages "$work"
make_scans "$work"
scans=("$work"/scans/*.pdf)

cat > "$work/ours.sh" <<SH
#!/usr/bin/env bash
set -eo pipefail
out=\$1; mkdir -p "\$out"; cd "$work"
"$BIN/pp-ingest" scans/*.pdf | "$BIN/pp-ocr" --text-layer -j $JOBS --lang $LANGS > "\$out/pages.jsonl"
for pdf in scans/*.pdf; do "$BIN/pp-pages" "\$pdf" --searchable "\$out/pages.jsonl" -o "\$out/\$(basename "\$pdf")" > /dev/null; done
SH
cat > "$work/ocrmypdf.sh" <<SH
#!/usr/bin/env bash
set -e
out=\$1; mkdir -p "\$out"; cd "$work"
for pdf in scans/*.pdf; do ocrmypdf --skip-text -q -l $LANGS --jobs $JOBS $OCRMYPDF_ARGS "\$pdf" "\$out/\$(basename "\$pdf")"; done
SH
{ echo '#!/usr/bin/env bash'; echo 'OMP_THREAD_LIMIT=1 exec "$(dirname "$0")/ocrmypdf.sh" "$@"'; } > "$work/ocrmypdf-omp1.sh"
chmod +x "$work/ours.sh" "$work/ocrmypdf.sh" "$work/ocrmypdf-omp1.sh"

timed() {  # label run-number: appends "label wall_s peak_kb" to $work/times
    local label=$1 n=$2 log="$work/time-$1-$2.txt"
    rm -rf "$work/out-$label"
    /usr/bin/time -v "$work/$label.sh" "$work/out-$label" 2> "$log" > /dev/null
    local wall kb
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,t,":"); s=0; for(i=1;i<=n;i++) s=s*60+t[i]; print s}' "$log")
    kb=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$log")
    echo "$label $wall $kb" >> "$work/times"
}
: > "$work/times"
for n in $(seq 1 "$RUNS"); do
    timed ours "$n"
    timed ocrmypdf "$n"
    timed ocrmypdf-omp1 "$n"
done

echo "== timing ($RUNS runs each, taking turns; load now $(cut -d' ' -f1-3 /proc/loadavg))"
python3 - "$work/times" "$total" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
pages = int(sys.argv[2])
by = {}
for label, wall, kb in rows:
    by.setdefault(label, []).append((float(wall), int(kb)))
ours = statistics.median(w for w, _ in by["ours"])
print("| pipeline | wall, median s | runs | per page s | time vs ours | peak RSS MB (largest process, median) |")
print("|---|---|---|---|---|---|")
for label, name in [("ours", "pp-ingest \\| pp-ocr --text-layer \\| pp-pages --searchable"),
                    ("ocrmypdf", "ocrmypdf --skip-text (as installed)"),
                    ("ocrmypdf-omp1", "OMP_THREAD_LIMIT=1 ocrmypdf --skip-text")]:
    walls = [w for w, _ in by[label]]
    kbs = [k for _, k in by[label]]
    med = statistics.median(walls)
    print(f"| {name} | {med:.2f} | {' '.join(f'{w:.2f}' for w in walls)} | {med / pages:.2f} | {med / ours:.2f}x | {statistics.median(kbs) / 1024:.0f} |")
PY

echo "== agreement with pp-ocr's reading (pdftotext; boxes within 2 pt)"
for label in ours ocrmypdf ocrmypdf-omp1; do
    check=passes
    for pdf in "$work/out-$label/"*.pdf; do qpdf --check "$pdf" > /dev/null 2>&1 || check="FAILS on $(basename "$pdf")"; done
    printf '%s (qpdf --check %s): ' "$label" "$check"
    python3 bench/pages/searchable_check.py "$work/out-ours/pages.jsonl" "$work/out-$label/"*.pdf | tail -1
done

echo "== page images byte-identical to the scans' (raw stream data)"
python3 - "$work" <<'PY'
import glob, json, os, subprocess, sys
work = sys.argv[1]
def images(pdf):
    out = subprocess.run(["qpdf", "--json=2", "--json-key=qpdf", "--json-stream-data=inline", "--decode-level=none", pdf],
                         capture_output=True, text=True).stdout
    objects = json.loads(out)["qpdf"][1]
    return sorted(o["stream"]["data"] for o in objects.values()
                  if isinstance(o, dict) and "stream" in o and o["stream"]["dict"].get("/Subtype") == "/Image")
for label in ["ours", "ocrmypdf", "ocrmypdf-omp1"]:
    same = total = 0
    for scan in sorted(glob.glob(f"{work}/scans/*.pdf")):
        a, b = images(scan), images(f"{work}/out-{label}/{os.path.basename(scan)}")
        total += len(a)
        same += sum(1 for x in a if x in b)
    print(f"{label}: {same} of {total} page images byte-identical")
PY
du -ch "${scans[@]}" | tail -1 | sed 's/^/== scans: /'
du -ch "$work/out-ours/"*.pdf | tail -1 | sed 's/^/== ours: /'
du -ch "$work/out-ocrmypdf/"*.pdf | tail -1 | sed 's/^/== ocrmypdf: /'
du -ch "$work/out-ocrmypdf-omp1/"*.pdf | tail -1 | sed 's/^/== ocrmypdf, OMP_THREAD_LIMIT=1: /'
