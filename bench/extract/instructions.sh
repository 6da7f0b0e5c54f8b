#!/usr/bin/env bash
# pp-extract's own cost, two builds side by side on the same page records: instructions executed (valgrind's
# callgrind: exact, whatever else the machine runs) and CPU time, per page.
#   bash bench/extract/instructions.sh BEFORE [AFTER]
# BEFORE and AFTER are folders holding a release pp-extract, or git revisions: a revision is built (release and static,
# pp-extract only) in a temporary worktree outside this tree, removed at the end. AFTER defaults to
# .build/release. The page records are made once, by AFTER's pp-ingest and pp-ocr (a folder: built there by
# `make build`; a revision: .build/release), from samples/pdf (text layers) and samples/photos (read by OCR),
# and both pp-extract builds read the same ones with --jobs 1.
#   ANNOTATE=1 also prints each build's costliest functions (callgrind_annotate, inclusive).
set -euo pipefail
cd "$(dirname "$0")/../.."
export OMP_THREAD_LIMIT=1
[ $# -ge 1 ] || { echo "usage: bash bench/extract/instructions.sh BEFORE [AFTER]" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "bench: apt-get install -y valgrind" >&2; exit 2; }
OUT=$(mktemp -d)
TREES=()
cleanup() {
    for t in "${TREES[@]}"; do
        git worktree remove --force "$t" 2>/dev/null || true
        rm -rf "$(dirname "$t")"
    done
    rm -rf "$OUT"
}
trap cleanup EXIT

# Sets variable $1 to the folder of a release pp-extract for $2, a folder or a revision.
binary() {
    if [ -d "$2" ]; then
        [ -x "$2/pp-extract" ] || { echo "bench: $2/pp-extract missing (make build)" >&2; exit 2; }
        printf -v "$1" %s "$2"
        return
    fi
    local rev tree
    rev=$(git rev-parse --verify --quiet "$2^{commit}") || { echo "bench: '$2' is neither a folder nor a revision" >&2; exit 2; }
    tree=$(mktemp -d)/tree
    git worktree add --quiet --detach "$tree" "$rev"
    TREES+=("$tree")
    echo "bench: building pp-extract at ${rev:0:7} (release) ..." >&2
    (cd "$tree" && swift build -c release --product pp-extract --static-swift-stdlib >&2)
    printf -v "$1" %s "$tree/.build/release"
}
binary BEFORE "$1"
binary AFTER "${2:-.build/release}"
TOOLS=.build/release
[ -d "${2:-.build/release}" ] && TOOLS=${2:-.build/release}
for t in pp-ingest pp-ocr; do [ -x "$TOOLS/$t" ] || { echo "bench: $TOOLS/$t missing (make build)" >&2; exit 2; }; done

echo "== page records (made once): samples/pdf and samples/photos, $TOOLS/pp-ingest | pp-ocr" >&2
"$TOOLS/pp-ingest" --work "$OUT/work" samples/pdf/*.pdf | "$TOOLS/pp-ocr" --jobs 1 > "$OUT/digital.jsonl"
"$TOOLS/pp-ingest" --work "$OUT/work" samples/photos/* | "$TOOLS/pp-ocr" --jobs "$(nproc)" > "$OUT/photos.jsonl"

# Instructions of one run of pp-extract: the binary's folder, its input, a name for its callgrind file. Swift
# seeds its hash tables at random in each process, which moves the count by up to 1%; a fixed seed keeps it
# to a few instructions from run to run (the output is the same either way).
count() {
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$OUT/$3.cg" "$1/pp-extract" --jobs 1 < "$2" 2>&1 >/dev/null |
        sed -n 's/.*I *refs: *//p' | tr -d ,
}
: > "$OUT/counts"
for set in digital photos; do
    for side in before after; do
        bin=$BEFORE
        [ "$side" = after ] && bin=$AFTER
        echo "$set $side $(count "$bin" "$OUT/$set.jsonl" "$set-$side") $(count "$bin" /dev/null "empty-$side")" >> "$OUT/counts"
    done
done

python3 - "$OUT" "$BEFORE" "$AFTER" <<'PY'
import os, subprocess, sys
out, before, after = sys.argv[1], sys.argv[2], sys.argv[3]
bins = {"before": before, "after": after}

def cpu(binary, records, runs=5):
    """The least user + system CPU of `runs` runs of pp-extract --jobs 1 (ms): other work on the machine only adds."""
    best = None
    for _ in range(runs):
        with open(records, "rb") as f:
            p = subprocess.Popen([binary + "/pp-extract", "--jobs", "1"], stdin=f, stdout=subprocess.DEVNULL)
            _, status, usage = os.wait4(p.pid, 0)
        if status != 0:
            sys.exit(f"bench: {binary}/pp-extract failed on {records}")
        ms = (usage.ru_utime + usage.ru_stime) * 1000
        best = ms if best is None else min(best, ms)
    return best

rows = [line.split() for line in open(f"{out}/counts")]
print("%-8s %-6s %6s %16s %14s %14s %12s %12s" % ("records", "build", "pages", "instructions", "start-up", "per page",
                                                   "CPU ms", "CPU ms/page"))
per = {}
for records, side, total, empty in rows:
    path = f"{out}/{records}.jsonl"
    pages = sum(1 for line in open(path) if line.strip())
    total, empty = int(total), int(empty)
    each = (total - empty) / pages
    ms, ms_empty = cpu(bins[side], path), cpu(bins[side], "/dev/null")
    per[(records, side)] = each
    print("%-8s %-6s %6d %16d %14d %14.0f %12.0f %12.2f" % (records, side, pages, total, empty, each, ms,
                                                              (ms - ms_empty) / pages))
for records in ("digital", "photos"):
    b, a = per[(records, "before")], per[(records, "after")]
    print(f"{records}: instructions per page after/before = {a / b:.3f} ({(a - b) / b * 100:+.1f}%)")
PY

if [ "${ANNOTATE:-0}" = 1 ] && command -v callgrind_annotate >/dev/null; then
    for side in before after; do
        echo
        echo "== $side: costliest functions over the digital records (inclusive)"
        callgrind_annotate --inclusive=yes "$OUT/digital-$side.cg" 2>/dev/null | awk '/file:function/ { on = 1 } on && n++ < 30'
    done
fi
