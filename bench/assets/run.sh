#!/usr/bin/env bash
# pp-assets update against curl: the same 100 MB of assets (4 files of 25 MB) from the same local server
# (Python's http.server on 127.0.0.1), in one run, alternating, ROUNDS (default 5) rounds each; medians of
# throughput, peak memory, and the machine's load before and after. A third line, curl into /dev/null, shows
# what the server itself can deliver (when it is near curl's figure, the server is the bottleneck).
# pp-assets does more than curl here: SHA-256 of every byte, fsync of every file, the signature check and
# the atomic swap. Target: >= 80% of curl's throughput, < 30 MB peak resident memory.
# Usage: [ROUNDS=5] bash bench/assets/run.sh [MB]   (default 100; inputs go to a scratch folder)
set -euo pipefail
cd "$(dirname "$0")/../.."
MB=${1:-100}
ROUNDS=${ROUNDS:-5}
TOOL=.build/release/pp-assets
# Built as `make build` builds it: the Swift runtime linked in (as in the Debian package).
if [ ! -x "$TOOL" ]; then
  swift build -c release --product pp-assets --static-swift-stdlib --scratch-path .build/static >/dev/null
  mkdir -p .build/release && cp .build/static/release/pp-assets "$TOOL"
fi
[ -x /usr/bin/time ] || { SUDO=$( [ "$(id -u)" = 0 ] || echo sudo ); $SUDO apt-get install -y -qq time >/dev/null; }
command -v curl >/dev/null || { SUDO=$( [ "$(id -u)" = 0 ] || echo sudo ); $SUDO apt-get install -y -qq curl >/dev/null; }
WORK=$(mktemp -d)
SERVER_PID=
trap '[ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null; rm -rf "$WORK"' EXIT
mkdir -p "$WORK/source/tessdata"
for i in 1 2 3 4; do head -c $((MB * 1024 * 1024 / 4)) /dev/urandom > "$WORK/source/tessdata/part$i.traineddata"; done
"$TOOL" keygen -o "$WORK/key" >/dev/null
"$TOOL" publish "$WORK/source" --key "$WORK/key.key" -o "$WORK/repo" >/dev/null
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
python3 -m http.server "$PORT" --bind 127.0.0.1 --directory "$WORK/repo" >/dev/null 2>&1 &
SERVER_PID=$!
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$PORT/pp/release/manifest.json" >/dev/null && break; sleep 0.1; done
BASE="http://127.0.0.1:$PORT/pp/release/1/tessdata"

now() { date +%s.%N; }
pp_times=(); curl_times=(); null_times=(); pp_peak=0; curl_peak=0
echo "load before: $(uptime | sed 's/.*load average: //')"
for round in $(seq "$ROUNDS"); do
  rm -rf "$WORK/installed" "$WORK/curl" && mkdir -p "$WORK/curl"
  # Each run starts with nothing dirty in the page cache: curl leaves 100 MB to be written back, which
  # would otherwise land on the next pp-assets run (its direct writes and fsyncs wait behind it).
  sync
  t0=$(now)
  /usr/bin/time -f %M -o "$WORK/pp.mem" "$TOOL" update --server "http://127.0.0.1:$PORT" --public-key "$WORK/key.pub" \
    --data-dir "$WORK/installed" --config /dev/null >/dev/null
  t1=$(now)
  sync
  t1b=$(now)
  /usr/bin/time -f %M -o "$WORK/curl.mem" curl -sf --output-dir "$WORK/curl" \
    -O "$BASE/part1.traineddata" -O "$BASE/part2.traineddata" -O "$BASE/part3.traineddata" -O "$BASE/part4.traineddata"
  t2=$(now)
  curl -sf -o /dev/null "$BASE/part1.traineddata" -o /dev/null "$BASE/part2.traineddata" \
    -o /dev/null "$BASE/part3.traineddata" -o /dev/null "$BASE/part4.traineddata"
  t3=$(now)
  pp_times+=("$(awk "BEGIN {print $t1 - $t0}")"); curl_times+=("$(awk "BEGIN {print $t2 - $t1b}")")
  null_times+=("$(awk "BEGIN {print $t3 - $t2}")")
  pp_peak=$(( $(cat "$WORK/pp.mem") > pp_peak ? $(cat "$WORK/pp.mem") : pp_peak ))
  curl_peak=$(( $(cat "$WORK/curl.mem") > curl_peak ? $(cat "$WORK/curl.mem") : curl_peak ))
done
echo "load after:  $(uptime | sed 's/.*load average: //')"
python3 - "$MB" "$pp_peak" "$curl_peak" "${pp_times[*]}" "${curl_times[*]}" "${null_times[*]}" <<'PY'
import statistics, sys
mb = int(sys.argv[1]); pp_peak, curl_peak = int(sys.argv[2]), int(sys.argv[3])
pp, cu, null = (statistics.median(map(float, a.split())) for a in sys.argv[4:7])
n = len(sys.argv[4].split())
print(f"pp-assets update: {mb / pp:7.1f} MB/s  (median {pp:.2f} s of {n}), peak {pp_peak / 1024:.1f} MB")
print(f"curl -O         : {mb / cu:7.1f} MB/s  (median {cu:.2f} s of {n}), peak {curl_peak / 1024:.1f} MB")
print(f"curl > /dev/null: {mb / null:7.1f} MB/s  (median {null:.2f} s of {n}): what the server delivers")
print(f"ratio           : pp-assets at {100 * cu / pp:.0f}% of curl's throughput")
PY
