#!/usr/bin/env bash
# bench/pages/paper.sh: photos of bills on a desk read by pp-ocr with and without --straighten.
# Generates the synthetic bills (Tests/Synth), makes one photo per seed with bench/pages/paper.py (the
# sheet's true corners known), runs pp-ingest | pp-ocr and pp-ingest | pp-ocr --straighten on them, and
# prints per photo and in total: the sheet found, its corners within 2% of the true ones, and the OCR
# word F1 against the bill's born-digital text layer (pdftotext) for both readings.
#   usage: bash bench/pages/paper.sh [tuning|checking|FIRST-LAST]   (tuning: seeds 1-20, default;
#   checking: 101-120; FIRST-LAST: a fresh set of seeds, e.g. 201-220, measured once)
# The photos go to a temporary folder (KEEP=DIR keeps them there instead); nothing is committed.
set -euo pipefail
cd "$(dirname "$0")/../.."
set_name=${1:-tuning}
case "$set_name" in
tuning) seeds=$(seq 1 20) ;;
checking) seeds=$(seq 101 120) ;;
[0-9]*-[0-9]*) seeds=$(seq "${set_name%-*}" "${set_name#*-}") ;;
*) echo "usage: bash bench/pages/paper.sh [tuning|checking|FIRST-LAST]" >&2; exit 2 ;;
esac
BIN=.build/release
swift build -c release --product pp-ingest >&2
swift build -c release --product pp-ocr >&2
work=${KEEP:-$(mktemp -d)}
mkdir -p "$work"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
export OMP_THREAD_LIMIT=1
# --lang auto reads pp-extract's lexicons; a release build of pp-ocr alone does not put them beside it.
export PP_LEXICONS=${PP_LEXICONS:-$PWD/Sources/Extract/Lexicons}
python3 Tests/Synth/generate.py --out "$work/synth" --per-family 1 --seed 30 >/dev/null
# shellcheck disable=SC2086
python3 bench/pages/paper.py make "$work/synth/pdf" "$work/$set_name" $seeds
"$BIN/pp-ingest" "$work/$set_name"/photo-*.jpg > "$work/pages.jsonl"
start=$(date +%s.%N)
"$BIN/pp-ocr" < "$work/pages.jsonl" > "$work/plain.jsonl"
middle=$(date +%s.%N)
"$BIN/pp-ocr" --straighten < "$work/pages.jsonl" > "$work/straight.jsonl"
end=$(date +%s.%N)
echo "## $set_name set (seeds $(echo $seeds | cut -d' ' -f1)-$(echo $seeds | rev | cut -d' ' -f1 | rev))"
echo
python3 bench/pages/paper.py report "$work/$set_name/truth.jsonl" "$work/plain.jsonl" "$work/straight.jsonl"
python3 -c 'import sys; a, b, c = map(float, sys.argv[1:]); print(f"pp-ocr wall time: {b - a:.1f} s unstraightened, {c - b:.1f} s with --straighten")' "$start" "$middle" "$end"
