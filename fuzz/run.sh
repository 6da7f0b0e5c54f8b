#!/usr/bin/env bash
# Runs the fuzz targets, each for FUZZ_SECONDS (default 20), one after another on one core, and
# prints per target: executions, coverage (libFuzzer's cov and ft), corpus size, and findings.
#
#   bash fuzz/run.sh [TARGET...]          all targets of fuzz/targets/ when none are named
#   FUZZ_SECONDS=600 bash fuzz/run.sh     a long run; the corpus grows in .build/fuzz/corpus/
#
# Inputs: the growing corpus (.build/fuzz/corpus/<target>, kept between runs), seeds from the
# project's samples and tests (fuzz/seeds.py, written again each run), the hand seeds in
# fuzz/seeds/<target>, the inputs kept from long runs in fuzz/corpus/<target> (fuzz/keep.py) and
# earlier crashes in Tests/FuzzTests/Regressions/<target>. A crash, a
# hang (FUZZ_TIMEOUT seconds on one input) or running out of memory is a finding: its input is
# saved in .build/fuzz/findings/<target>/, that target stops, and the script exits 1 at the end.
# Expects fuzz/build.sh to have run with the same FUZZ_OPT (make fuzz does both).
set -uo pipefail
cd "$(dirname "$0")/.."

SECONDS_PER_TARGET=${FUZZ_SECONDS:-20}
TIMEOUT=${FUZZ_TIMEOUT:-30}
OPT=${FUZZ_OPT:--O}
OUT=.build/fuzz
BIN=$OUT/${OPT#-}/bin
CORPUS=${CORPUS:-../shared/corpus}

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    for t in fuzz/targets/*.swift; do targets+=("$(basename "$t" .swift)"); done
fi

# Inputs longer than this are not made (bytes); page records and XML need room.
max_len() {
    case $1 in
        page-records | profiles | einvoice | pages-pdf) echo 16384 ;;
        numbers) echo 512 ;; # every parser reads every line: short inputs, more of them
        *) echo 4096 ;;
    esac
}

python3 fuzz/seeds.py "$OUT/seeds" "$CORPUS" >/dev/null || exit 2

# A crash must end as libFuzzer's report, not in Swift's interactive backtracer; ASan symbolizes
# with the toolchain's llvm-symbolizer; fuzz/lsan.supp names leaks of the toolchain's own libraries.
export SWIFT_BACKTRACE=enable=no
export LSAN_OPTIONS=suppressions=$PWD/fuzz/lsan.supp:print_suppressions=0
symbolizer="$(dirname "$(command -v swiftc)")/llvm-symbolizer"
[ -x "$symbolizer" ] && export ASAN_SYMBOLIZER_PATH=$symbolizer

printf '%-14s %8s %12s %9s %7s %7s %8s %7s  %s\n' target seconds executions exec/s cov ft corpus rss_mb findings
failed=0
for t in "${targets[@]}"; do
    binary="$BIN/fuzz-$t"
    [ -x "$binary" ] || { echo "fuzz: no $binary (run fuzz/build.sh)" >&2; exit 2; }
    mkdir -p "$OUT/corpus/$t" "$OUT/findings/$t" "$OUT/logs"
    log="$OUT/logs/$t.log"
    extra=()
    for dir in "$OUT/seeds/$t" "fuzz/seeds/$t" "fuzz/corpus/$t" "Tests/FuzzTests/Regressions/$t"; do
        [ -d "$dir" ] && extra+=("$dir")
    done
    [ -f "fuzz/dicts/$t.dict" ] && extra=(-dict="fuzz/dicts/$t.dict" "${extra[@]}")
    start=$(date +%s)
    "$binary" -max_total_time="$SECONDS_PER_TARGET" -timeout="$TIMEOUT" -rss_limit_mb=2048 -max_len="$(max_len "$t")" \
        -print_final_stats=1 -artifact_prefix="$OUT/findings/$t/" "$OUT/corpus/$t" "${extra[@]}" >"$log" 2>&1
    status=$?
    took=$(($(date +%s) - start))
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)
    progress=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1)
    cov=$(sed -E 's/.*cov: ([0-9]+).*/\1/' <<<"$progress")
    ft=$(sed -E 's/.*ft: ([0-9]+).*/\1/' <<<"$progress")
    corp=$(sed -E 's/.*corp: ([0-9]+).*/\1/' <<<"$progress")
    found=$(sed -n 's/.*Test unit written to //p' "$log")
    finding=none
    if [ $status -ne 0 ]; then
        failed=1
        finding="FOUND: ${found:-exit status $status} (log: $log)"
    fi
    rate=$((${execs:-0} / (took > 0 ? took : 1)))
    printf '%-14s %8s %12s %9s %7s %7s %8s %7s  %s\n' "$t" "$took" "${execs:-?}" "$rate" "${cov:-?}" "${ft:-?}" \
        "${corp:-?}" "${rss:-?}" "$finding"
done
exit $failed
