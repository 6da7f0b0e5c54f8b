#!/usr/bin/env bash
# pp-cardcheck against a Python peer (python-stdnum Luhn + prefix table), side by side in one run.
# Usage: bash bench/cardcheck/run.sh [RECORDS]   (default 1,000,000; inputs go to a scratch folder)
set -euo pipefail
cd "$(dirname "$0")/../.."
N=${1:-1000000}
TOOL=.build/release/pp-cardcheck
[ -x "$TOOL" ] || swift build -c release --product pp-cardcheck >/dev/null
python3 -c 'import stdnum' 2>/dev/null || pip install --quiet python-stdnum
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
python3 bench/cardcheck/make_input.py "$N" > "$WORK/cards.jsonl"
python3 bench/cardcheck/make_input.py $((N * 4)) > "$WORK/cards-4x.jsonl"
echo "input: $N records, $(du -h "$WORK/cards.jsonl" | cut -f1)"

hyperfine --warmup 1 --runs 3 --export-json "$WORK/h.json" \
  -n pp-cardcheck "$TOOL --today 2026-11-29 $WORK/cards.jsonl > /dev/null || true" \
  -n python-stdnum "python3 bench/cardcheck/peer.py < $WORK/cards.jsonl > /dev/null"

peak() { { /usr/bin/time -v "$@" 2>&1 >/dev/null || true; } | awk -F': ' '/Maximum resident/ {print $2}'; }
pp_kb=$(peak "$TOOL" --today 2026-11-29 "$WORK/cards.jsonl")
pp4_kb=$(peak "$TOOL" --today 2026-11-29 "$WORK/cards-4x.jsonl")
py_kb=$(peak bash -c "python3 bench/cardcheck/peer.py < $WORK/cards.jsonl")
python3 - "$WORK/h.json" "$N" "$pp_kb" "$pp4_kb" "$py_kb" <<'PY'
import json, sys
h = json.load(open(sys.argv[1]))["results"]
n = int(sys.argv[2]); t = {r["command"]: r["mean"] for r in h}
pp, py = t["pp-cardcheck"], t["python-stdnum"]
print(f"pp-cardcheck : {n/pp:,.0f} records/s  ({pp:.2f} s), peak {int(sys.argv[3])/1024:.1f} MB ({int(sys.argv[4])/1024:.1f} MB at 4x the input)")
print(f"python-stdnum: {n/py:,.0f} records/s  ({py:.2f} s), peak {int(sys.argv[5])/1024:.1f} MB")
print(f"ratio        : pp-cardcheck is {py/pp:.1f}x the peer's throughput")
PY
