#!/usr/bin/env bash
# bench/codes: the photo benchmark. Makes photographed payment codes of every format (photos.py make),
# reads each photo with pp-ingest (one run per photo, timed) and with zbarimg (zbar-tools) side by
# side, and prints the decode rate per format and distortion (photos.py score).
# Usage: bash bench/codes/photos.sh [PER_CELL] [PP_INGEST]   (default 5 photos a cell, the release build)
# KEEP=DIR keeps the photos and the outputs in DIR; SEED=S makes another set of photos (default 29).
# Every EXTRA_EVERY-th photo (default 10) is read once more with --no-codes, right after its timed run: the
# difference is the code reading's own time.
set -euo pipefail
cd "$(dirname "$0")/../.."
PER=${1:-5}
BIN=${2:-.build/release/pp-ingest}
command -v zbarimg >/dev/null || { echo "bench/codes/photos.sh: needs zbarimg (apt-get install -y zbar-tools)" >&2; exit 2; }
[ -x "$BIN" ] || swift build -c release --product pp-ingest >/dev/null
export OMP_THREAD_LIMIT=1
if [ -n "${KEEP:-}" ]; then SCRATCH=$KEEP; mkdir -p "$SCRATCH"; else
    SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/pp-photos.XXXXXX")
    trap 'rm -rf "$SCRATCH"' EXIT
fi
[ -f "$SCRATCH/photos/truth.jsonl" ] || python3 bench/codes/photos.py make "$SCRATCH/photos" --per-cell "$PER" --seed "${SEED:-29}"
: > "$SCRATCH/pp.jsonl"
: > "$SCRATCH/times"
: > "$SCRATCH/times-nocodes"
every=${EXTRA_EVERY:-10}
n=0
rm -rf "$SCRATCH/zbar"; mkdir -p "$SCRATCH/zbar"
for f in "$SCRATCH"/photos/*.jpg; do
    name=$(basename "$f")
    start=$(date +%s%N)
    "$BIN" --jobs 1 --work "$SCRATCH/work" "$f" >> "$SCRATCH/pp.jsonl" || true
    end=$(date +%s%N)
    printf '%s\t%s\n' "$name" "$(( (end - start) / 1000000 ))" >> "$SCRATCH/times"
    n=$((n + 1))
    if [ $((n % every)) = 0 ]; then
        start=$(date +%s%N)
        "$BIN" --jobs 1 --no-codes --work "$SCRATCH/work" "$f" > /dev/null || true
        end=$(date +%s%N)
        printf '%s\t%s\n' "$name" "$(( (end - start) / 1000000 ))" >> "$SCRATCH/times-nocodes"
    fi
    zbarimg -q --xml "$f" > "$SCRATCH/zbar/$name.xml" 2>/dev/null || true
done
python3 bench/codes/photos.py score "$SCRATCH/photos" "$SCRATCH/pp.jsonl" "$SCRATCH/zbar" "$SCRATCH/times" "$SCRATCH/times-nocodes"
