#!/usr/bin/env bash
# Fit pp-extract's confidence model (Sources/Extract/Model/confidence.json) on the tuning half of
# `make accuracy` (bench/extract/split.py): the samples, the synthetic families of split "fit" and the
# corpus documents whose name hashes to tuning, digital and photographed. The checking half is never
# used here (fit_confidence.py refuses any row of it); `make accuracy` measures on it afterwards.
#   bash bench/extract/fit.sh [BIN]        (make fit; needs scikit-learn: pip install scikit-learn)
set -euo pipefail
BIN=${1:-.build/release}
OUT=${OUT:-.build/accuracy}
MODEL=${MODEL:-Sources/Extract/Model/confidence.json}
here=$(dirname "$0")
bin=$(cd "$BIN" && pwd)
python3 -c 'import sklearn' 2>/dev/null || { echo "fit: needs scikit-learn (pip install scikit-learn)" >&2; exit 2; }
[ -f "$OUT/rows.txt" ] || { echo "fit: no $OUT/rows.txt: run make accuracy (and make synth) first" >&2; exit 2; }
mapfile -t tuning < <(grep ' tuning$' "$OUT/rows.txt" || true)
[ "${#tuning[@]}" -gt 0 ] || { echo "fit: no tuning rows in $OUT/rows.txt" >&2; exit 2; }
rows=()
for row in "${tuning[@]}"; do
    key=${row// /-}
    # Features come from the rule scores alone, so the model never learns from its own output.
    # (An unreadable document has no cached pages: it is left out.)
    # In the row's folder, as make accuracy runs it: an XML e-invoice is read again by its path there.
    { tr '\n' '\0' < "$OUT/rows/$key.pages" | xargs -0 cat 2>/dev/null || true; } \
        | ( cd "$(cat "$OUT/rows/$key.folder")" && "$bin/pp-extract" --jobs 1 --no-model --explain --max-candidates 8 ) \
        > "$OUT/fit-$key.results.jsonl" \
        || [ $? -eq 3 ]  # 3: an error record passed through (an unreadable sample), the rest is complete
    "$BIN/pp-extract" eval --truth "$OUT/rows/$key.truth.jsonl" --features-out "$OUT/fit-$key.rows.jsonl" \
        "$OUT/fit-$key.results.jsonl" > /dev/null 2>&1
    rows+=("$OUT/fit-$key.rows.jsonl")
done
docs=$(cat "${rows[@]}" | python3 -c 'import json,sys; print(len({(r["family"], r["source"]) for r in map(json.loads, sys.stdin)}))')
python3 "$here/fit_confidence.py" -o "$MODEL" --note "tuning half (bench/extract/split.py) of samples, synthetic \
families and corpus, $docs documents in ${#tuning[@]} rows; fitted by bench/extract/fit.sh" "${rows[@]}"
echo "fit: wrote $MODEL; measure with make accuracy" >&2
