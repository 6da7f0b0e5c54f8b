#!/usr/bin/env bash
# Writes packaging/link-order/pp-pages.txt: the functions of pp-pages that its everyday runs execute (--version,
# --help, reversing, deleting from and inserting into a book, rotating, appending a photo), for lld's
# --symbol-ordering-file in `make build` and `make deb`. The kernel maps a program's code 64 KB around every page
# it touches, so a statically linked Swift runtime whose used functions lie scattered over 4.7 MB of code costs
# resident memory for code never run; placed side by side they cost less (bench/pages/README.md). A name that
# no longer exists after a change is skipped by the linker, so a stale list only costs memory: record it again
# after large changes to pp-pages.
#   bash packaging/link-order/record.sh          (needs valgrind, and python3 for bench/pages/make-book.py)
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v valgrind >/dev/null || { echo "link-order: apt-get install -y valgrind" >&2; exit 2; }
make --no-print-directory -s pages-static
PP=$PWD/.build/static/release/pp-pages
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 bench/pages/make-book.py 500 "$work/book.pdf"
python3 bench/pages/make-book.py 3 "$work/insert.pdf"
runs=(
    "--version"
    "--help"
    "$work/book.pdf --order z-1 -o $work/out.pdf"
    "$work/book.pdf --delete 10-20,z -o $work/out.pdf"
    "$work/book.pdf --insert-at 100 $work/insert.pdf -o $work/out.pdf"
    "$work/insert.pdf --rotate 90:2 --append samples/photos/at-installateur-skonto.jpg -o $work/out.pdf"
)
n=0
for args in "${runs[@]}"; do
    n=$((n + 1))
    # shellcheck disable=SC2086  # each run's words split on purpose
    valgrind --tool=callgrind --demangle=no --compress-strings=no --callgrind-out-file="$work/cg.$n" "$PP" $args \
        >/dev/null 2>&1 || { echo "link-order: pp-pages $args failed" >&2; exit 1; }
done
# Every function of the pp-pages binary itself (not of the shared libraries), in the order first seen. Valgrind
# calls _start "(below main)" and names a function without a global symbol (crtbegin's, a few of the runtime's)
# by its address, which the binary's symbol table turns back into a name.
nm --defined-only "$PP" > "$work/symbols"
python3 - "$PP" "$work/symbols" "$work"/cg.* > packaging/link-order/pp-pages.txt <<'PY'
import bisect, os, re, sys
binary, seen = os.path.realpath(sys.argv[1]), {}
symbols = sorted((int(a, 16), n) for a, t, n in (line.split(None, 2) for line in open(sys.argv[2])) if t in "tTwW")
starts = [a for a, _ in symbols]
def name(fn):
    if fn == "(below main)":
        return "_start"
    if re.fullmatch(r"0x[0-9a-f]+", fn):
        i = bisect.bisect_right(starts, int(fn, 16)) - 1
        return symbols[i][1].strip() if i >= 0 else None
    return fn
for path in sys.argv[3:]:
    ob = None
    for line in open(path, errors="replace"):
        if line.startswith("ob="):
            ob = os.path.realpath(line[3:].strip())
        elif line.startswith("fn=") and ob == binary:
            found = name(re.sub(r"'\d+$", "", line[3:].strip()))
            if found:
                seen.setdefault(found, None)
print("\n".join(seen))
PY
# The build does not track the list as an input: the next `make build` links anew only without the binary.
rm -f "$(realpath "$PP")"
echo "link-order: $(wc -l < packaging/link-order/pp-pages.txt) functions in packaging/link-order/pp-pages.txt" >&2
