#!/usr/bin/env bash
# Fit pp-extract's confidence model (Sources/Extract/Model/confidence.json) on the training rows of
# `make accuracy`: the samples and the synthetic families of split "fit". Held-out families and the
# shared corpus are never used here; `make accuracy` measures on them afterwards.
#   bash bench/extract/fit.sh [BIN]        (make fit; needs scikit-learn: pip install scikit-learn)
set -euo pipefail
BIN=${1:-.build/release}
OUT=${OUT:-.build/accuracy}
MODEL=${MODEL:-Sources/Extract/Model/confidence.json}
here=$(dirname "$0")
python3 -c 'import sklearn' 2>/dev/null || { echo "fit: needs scikit-learn (pip install scikit-learn)" >&2; exit 2; }
rows=()
for key in samples-digital samples-photo synth-fit; do
    if [ ! -f "$OUT/rows/$key.pages" ]; then
        echo "fit: no $OUT/rows/$key.pages: run make accuracy (and make synth) first" >&2
        exit 2
    fi
    # Features come from the rule scores alone, so the model never learns from its own output.
    # (An unreadable document has no cached pages: it is left out.)
    { tr '\n' '\0' < "$OUT/rows/$key.pages" | xargs -0 cat 2>/dev/null || true; } \
        | "$BIN/pp-extract" --jobs 1 --no-model --explain --max-candidates 8 > "$OUT/fit-$key.results.jsonl" \
        || [ $? -eq 3 ]  # 3: an error record passed through (an unreadable sample), the rest is complete
    "$BIN/pp-extract" eval --truth "$OUT/rows/$key.truth.jsonl" --features-out "$OUT/fit-$key.rows.jsonl" \
        "$OUT/fit-$key.results.jsonl" > /dev/null 2>&1
    rows+=("$OUT/fit-$key.rows.jsonl")
done
docs=$(cat "${rows[@]}" | python3 -c 'import json,sys; print(len({json.loads(l)["source"] for l in sys.stdin}))')
python3 "$here/fit_confidence.py" -o "$MODEL" \
    --note "samples and synthetic families of split fit ($docs documents); fitted by bench/extract/fit.sh" "${rows[@]}"
echo "fit: wrote $MODEL; measure with make accuracy" >&2
