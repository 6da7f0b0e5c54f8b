#!/usr/bin/env bash
# bench/codes: the decode rate on harder copies of a labelled folder's images (turned 90 degrees,
# skewed 15 degrees, half size, photo-like), made in a scratch folder (nothing is committed).
# Usage: bash bench/codes/variants.sh [FOLDER] [PP_INGEST]   (default ../shared/corpus/payment-codes)
set -euo pipefail
cd "$(dirname "$0")/../.."
DIR=${1:-../shared/corpus/payment-codes}
BIN=${2:-.build/release/pp-ingest}
if [ ! -f "$DIR/truth.jsonl" ]; then
    echo "bench/codes: no $DIR/truth.jsonl, skipped"
    exit 0
fi
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/pp-codes-variants.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT
python3 bench/codes/variants.py "$DIR" "$SCRATCH/variants"
bash bench/codes/decode_rate.sh "$SCRATCH/variants" "$BIN"
