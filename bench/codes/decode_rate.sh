#!/usr/bin/env bash
# bench/codes: how many payment codes pp-ingest reads on a folder of labelled images and PDFs.
# The folder holds the files and truth.jsonl (one line per file: "source", "format", "payload" as
# encoded, "barcode" QRCode or PDF417). Default: the shared corpus beside the repository
# (../shared/corpus/payment-codes); skipped cleanly when it is absent.
# Usage: bash bench/codes/decode_rate.sh [FOLDER] [PP_INGEST]
set -euo pipefail
cd "$(dirname "$0")/../.."
DIR=${1:-../shared/corpus/payment-codes}
BIN=${2:-.build/release/pp-ingest}
if [ ! -f "$DIR/truth.jsonl" ]; then
    echo "bench/codes: no $DIR/truth.jsonl, skipped"
    exit 0
fi
[ -x "$BIN" ] || swift build -c release --product pp-ingest >/dev/null
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/pp-codes.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT
# Only the files truth.jsonl names, in its order, each timed on its own.
python3 -c 'import json,sys; [print(json.loads(l)["source"]) for l in open(sys.argv[1]) if l.strip()]' "$DIR/truth.jsonl" \
    > "$SCRATCH/files"
: > "$SCRATCH/pages.jsonl"
: > "$SCRATCH/times"
while IFS= read -r f; do
    start=$(date +%s%N)
    "$BIN" --jobs 1 --work "$SCRATCH/work" "$DIR/$f" >> "$SCRATCH/pages.jsonl" || true
    end=$(date +%s%N)
    printf '%s\t%s\n' "$f" "$(( (end - start) / 1000000 ))" >> "$SCRATCH/times"
done < "$SCRATCH/files"
python3 bench/codes/decode_rate.py "$DIR/truth.jsonl" "$SCRATCH/pages.jsonl" "$SCRATCH/times"
