#!/usr/bin/env bash
# pp-ingest | pp-extract versus invoice2data (PyPI) on the same born-digital PDFs, side by side in one run:
# documents per second (hyperfine), peak memory (/usr/bin/time -v) and fields found.
#   bash bench/extract/run.sh [BIN] [PDF...]      (default BIN .build/release, PDFs samples/pdf/*.pdf)
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${1:-.build/release}
shift || true
if [ $# -gt 0 ]; then PDFS=("$@"); else PDFS=(samples/pdf/*.pdf); fi
N=${#PDFS[@]}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
command -v hyperfine >/dev/null || { echo "bench: apt-get install -y hyperfine time" >&2; exit 2; }
command -v invoice2data >/dev/null || { echo "bench: pip install invoice2data" >&2; exit 2; }
for t in pp-ingest pp-extract; do [ -x "$BIN/$t" ] || { echo "bench: $BIN/$t missing (make build)" >&2; exit 2; }; done
printf '%s\n' "${PDFS[@]}" > "$OUT/list"
PP="$BIN/pp-ingest --work $OUT/work \$(cat $OUT/list) | $BIN/pp-extract > $OUT/pp.jsonl"
PP1="$BIN/pp-ingest --jobs 1 --work $OUT/work \$(cat $OUT/list) | $BIN/pp-extract --jobs 1 > $OUT/pp1.jsonl"
I2D="cd $OUT && invoice2data --input-reader pdftotext --output-format json --output-name i2d \$(sed 's#^#$PWD/#' $OUT/list) 2>/dev/null"
echo "== $N born-digital PDFs; $(nproc) cores"
hyperfine --warmup 1 --runs 5 --export-json "$OUT/hf.json" -n "pp-ingest | pp-extract" "$PP" \
    -n "pp (--jobs 1)" "$PP1" -n "invoice2data (pdftotext)" "$I2D" >&2
python3 - "$OUT/hf.json" "$N" <<'PY'
import json, sys
runs = json.load(open(sys.argv[1]))['results']; n = int(sys.argv[2])
base = runs[-1]['mean']
for r in runs:
    print('%-28s %7.3f s  %7.1f documents/s  x%.1f vs invoice2data' % (r['command'], r['mean'], n / r['mean'], base / r['mean']))
PY
mem() { /usr/bin/time -v bash -c "$1" 2>&1 >/dev/null | awk -F: '/Maximum resident/ {gsub(/ /,"",$2); print $2}'; }
echo "peak memory (KiB): pp-ingest|pp-extract $(mem "$PP1")  invoice2data $(mem "$I2D")"
python3 - "$OUT/pp.jsonl" "$OUT/i2d.json" "$N" <<'PY'
import json, sys
docs = [json.loads(l) for l in open(sys.argv[1]) if '"kind":"document"' in l]
n = int(sys.argv[3])
def found(field, conf=0):
    return sum(1 for d in docs if d['candidates'].get(field) and d['candidates'][field][0]['confidence'] >= conf)
print('fields found on %d documents:' % n)
for f in ['account', 'amount', 'reference', 'due_date', 'payee']:
    print('  pp-extract %-10s any %2d  confident (>=1500) %2d' % (f, found(f), found(f, 1500)))
try:
    i2d = json.load(open(sys.argv[2]))
except Exception:
    i2d = []
keys = {}
for r in i2d:
    for k, v in r.items():
        if v not in (None, '', []): keys[k] = keys.get(k, 0) + 1
print('  invoice2data: %d of %d documents matched a template; fields: %s' % (len(i2d), n, keys or 'none'))
PY
