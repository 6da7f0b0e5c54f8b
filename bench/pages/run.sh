#!/usr/bin/env bash
# bench/pages: pp-pages side by side with the qpdf CLI doing the same edit (reverse, delete, insert)
# on a generated book of BOOK_PAGES pages and a file ten times larger. Wall time and CPU time (user +
# system, steadier on a shared machine) by hyperfine, peak memory (max RSS) by /usr/bin/time -v;
# prints a Markdown table with the ratios pp/qpdf.
# The inputs are generated into a temporary folder and removed afterwards (never committed).
#   usage: bash bench/pages/run.sh            (BOOK_PAGES=500 RUNS=5 by default)
#   PP=path: measure that pp-pages instead of building one; BEFORE=path: an older pp-pages measured in the same
#   sitting, edit by edit (its rows are marked "before"), for before/after tables.
set -euo pipefail
cd "$(dirname "$0")/../.."
BOOK_PAGES=${BOOK_PAGES:-500}
RUNS=${RUNS:-5}
for tool in hyperfine qpdf python3 /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "bench/pages: needs $tool (apt-get install -y hyperfine time qpdf python3)" >&2; exit 2; }
done
# As `make build` builds it: the Swift runtime linked statically, in its own scratch path.
if [ -z "${PP:-}" ]; then
    make --no-print-directory -s pages-static >&2
    PP=$PWD/.build/static/release/pp-pages
fi
BEFORE=${BEFORE:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 bench/pages/make-book.py "$BOOK_PAGES" "$work/book.pdf"
python3 bench/pages/make-book.py $((BOOK_PAGES * 10)) "$work/big.pdf"
python3 bench/pages/make-book.py 3 "$work/insert.pdf"

# peak RSS in KB of one command, the median of three runs
peak() {
    for _ in 1 2 3; do
        /usr/bin/time -v "$@" 2>&1 >/dev/null | awk -F': ' '/Maximum resident/ {print $2}'
    done | sort -n | sed -n 2p
}
# mean wall time and mean CPU time (user + system) in seconds of one command, "wall cpu"
mean() {
    hyperfine --style none --warmup 1 --runs "$RUNS" --export-json "$work/h.json" "$1" >/dev/null 2>&1
    python3 -c 'import json,sys; r = json.load(open(sys.argv[1]))["results"][0]; print("%.3f %.3f" % (r["mean"], r["user"] + r["system"]))' "$work/h.json"
}
ratio() { python3 -c 'import sys; print("%.2f" % (float(sys.argv[1]) / float(sys.argv[2])))' "$1" "$2"; }
mb() { python3 -c 'import sys; print("%.1f" % (int(sys.argv[1]) / 1024))' "$1"; }

echo "| input | edit | pp-pages s | qpdf s | time ratio | pp-pages CPU s | qpdf CPU s | CPU ratio | pp-pages MB | qpdf MB | memory ratio |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
for name in book big; do
    in=$work/$name.pdf
    n=$(qpdf --show-npages "$in")
    size=$(python3 -c 'import os,sys; print("%.1f" % (os.path.getsize(sys.argv[1]) / 1e6))' "$in")
    declare -A ppargs=(
        [reverse]="$in --order z-1 -o $work/pp.pdf"
        [delete]="$in --delete 10-20,z -o $work/pp.pdf"
        [insert]="$in --insert-at 100 $work/insert.pdf -o $work/pp.pdf"
    )
    declare -A qpdfcmd=(
        [reverse]="qpdf $in --pages . z-1 -- $work/q.pdf"
        [delete]="qpdf $in --pages . 1-9,21-r2 -- $work/q.pdf"
        [insert]="qpdf $in --pages . 1-99 $work/insert.pdf 1-z . 100-z -- $work/q.pdf"
    )
    for edit in reverse delete insert; do
        for pp in ${BEFORE:+"$BEFORE"} "$PP"; do
            label="$name ($n pages, $size MB)"
            [ "$pp" = "$BEFORE" ] && label="$name, before"
            ppcmd="$pp ${ppargs[$edit]}"
            # Same edit, same result: the page counts must agree.
            $ppcmd >/dev/null
            ${qpdfcmd[$edit]}
            [ "$(qpdf --show-npages "$work/pp.pdf")" = "$(qpdf --show-npages "$work/q.pdf")" ] || { echo "page counts differ for $edit" >&2; exit 1; }
            read -r pt pc < <(mean "$ppcmd")
            read -r qt qc < <(mean "${qpdfcmd[$edit]}")
            # shellcheck disable=SC2086
            pm=$(peak $ppcmd); qm=$(peak ${qpdfcmd[$edit]})
            echo "| $label | $edit | $pt | $qt | $(ratio "$pt" "$qt") | $pc | $qc | $(ratio "$pc" "$qc") | $(mb "$pm") | $(mb "$qm") | $(ratio "$pm" "$qm") |"
        done
    done
done
