#!/usr/bin/env bash
# make assets-demo: publish a new version of the "at" profile to a local repository, serve it over HTTP,
# update with pp-assets, show pp-extract using it (its records name the asset version), reset, and show
# the shipped profile in use again. Everything lives in .build/assets-demo; the user's own asset folder
# is not touched (PP_ASSETS_DIR points into the demo folder).
# Usage: bash scripts/assets-demo.sh [BIN]   (BIN: the folder of the built tools, default .build/release)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-.build/release}
DEMO=.build/assets-demo
rm -rf "$DEMO" && mkdir -p "$DEMO/source/profiles"
export PP_ASSETS_DIR="$PWD/$DEMO/installed"
SERVER_PID=
trap '[ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null; true' EXIT

echo "== pp-assets keygen: the team's signing key (minisign format)"
"$BIN/pp-assets" keygen -o "$DEMO/team"
echo "== a new version of the 'at' profile (its description says make assets-demo published it)"
python3 - Sources/Extract/Profiles/at.json "$DEMO/source/profiles/at.json" <<'PY'
import json, sys
profile = json.load(open(sys.argv[1]))
profile["description"] += " (published by make assets-demo)"
json.dump(profile, open(sys.argv[2], "w"), indent=2, ensure_ascii=False)
PY
echo "== pp-assets publish: a signed repository in $DEMO/repo"
"$BIN/pp-assets" publish "$DEMO/source" --key "$DEMO/team.key" -o "$DEMO/repo"
find "$DEMO/repo" -type f | sort | sed 's/^/   /'

echo "== serve it on 127.0.0.1 (Python's http.server)"
python3 Tests/AssetsTests/Server/serve.py --root "$DEMO/repo" > "$DEMO/port" &
SERVER_PID=$!
for _ in $(seq 50); do [ -s "$DEMO/port" ] && break; sleep 0.1; done
URL="http://127.0.0.1:$(head -1 "$DEMO/port")"
echo "   $URL"

ASSETS=(--server "$URL" --public-key "$DEMO/team.pub")
echo "== pp-assets check"
"$BIN/pp-assets" check "${ASSETS[@]}"
echo "== pp-assets update   (events on stdout; a progress line on stderr when it is a terminal)"
"$BIN/pp-assets" update "${ASSETS[@]}"
echo "== pp-assets status"
"$BIN/pp-assets" status
echo "== pp-extract --version"
"$BIN/pp-extract" --version

extract() {
  "$BIN/pp-ingest" --work "$DEMO/work" samples/pdf/at-webshop.pdf 2>/dev/null | "$BIN/pp-extract" --profile at \
    | python3 -c 'import json,sys
for line in sys.stdin:
    r = json.loads(line)
    if r.get("kind") == "document":
        print("   profile:", r["profile"], "| assets:", r.get("assets", "(shipped)"), "| account:", r["best"].get("account"), "| amount:", r["best"].get("amount"))'
}
echo "== pp-ingest samples/pdf/at-webshop.pdf | pp-extract --profile at   (with the new set)"
extract
echo "== pp-assets reset   (back to the data that shipped)"
"$BIN/pp-assets" reset
"$BIN/pp-extract" --version
echo "== the same document again"
extract
