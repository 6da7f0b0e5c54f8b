#!/usr/bin/env bash
# Runs pp-pages's common operations over the PDFs of a corpus (default ../shared/corpus/pdfs):
# reverse, delete the first page, rotate, insert a JPEG, append a page of itself, decrypt.
# A run passes when pp-pages never crashes, every edit either succeeds (0, or 3 with warnings) or
# refuses with a message (2, e.g. a file qpdf cannot open), and every written result passes
# qpdf --check (0, or 3 when the input's own damage is carried over) with the expected page count.
#   usage: bash Tests/Corpus/pages.sh [PP_PAGES] [CORPUS_DIR]
set -uo pipefail
cd "$(dirname "$0")/../.."
PP=${1:-.build/debug/pp-pages}
CORPUS=${2:-../shared/corpus/pdfs}
if [ ! -d "$CORPUS" ]; then echo "corpus-pages: no corpus at $CORPUS; skipped"; exit 0; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
jpeg=Tests/Fixtures/pages/photo.jpg
# "# Passwords: a.pdf=pw; b.pdf=pw" in SOURCES.txt, when present.
declare -A passwords=()
if [ -f "$CORPUS/SOURCES.txt" ]; then
    line=$(grep -m1 '^# Passwords:' "$CORPUS/SOURCES.txt" | sed 's/^# Passwords: *//')
    IFS=';' read -ra pairs <<<"$line"
    for pair in "${pairs[@]}"; do
        pair=$(echo "$pair" | xargs)
        [ -n "$pair" ] && passwords[${pair%%=*}]=${pair#*=}
    done
fi
failures=0 runs=0 refused=0 warned=0
while IFS= read -r -d '' pdf; do
    rel=${pdf#"$CORPUS"/}
    pw=${passwords[$rel]:-}
    export PP_PDF_PASSWORD=$pw
    n=$(qpdf --show-npages ${pw:+--password="$pw"} "$pdf" 2>/dev/null | tail -1)
    [[ $n =~ ^[0-9]+$ ]] || n=0
    declare -a names=(reverse delete-first rotate insert-jpeg append-self decrypt)
    declare -A ops=(
        [reverse]="--order z-1" [delete-first]="--delete 1" [rotate]="--rotate 90:1-z:odd"
        [insert-jpeg]="--insert-at 1 $jpeg" [append-self]="--append $pdf:1" [decrypt]="--decrypt --rotate -90:1"
    )
    declare -A expect=(
        [reverse]=$n [delete-first]=$((n - 1)) [rotate]=$n [insert-jpeg]=$((n + 1)) [append-self]=$((n + 1)) [decrypt]=$n
    )
    for name in "${names[@]}"; do
        # Deleting the only page is refused by design; tested elsewhere.
        [ "$name" = delete-first ] && [ "$n" = 1 ] && continue
        runs=$((runs + 1))
        out=$work/out.pdf
        rm -f "$out"
        # shellcheck disable=SC2086
        "$PP" "$pdf" ${ops[$name]} -o "$out" >"$work/record" 2>"$work/stderr"
        status=$?
        case $status in
            0 | 3)
                [ $status = 3 ] && warned=$((warned + 1))
                got=$(qpdf --show-npages ${pw:+--password="$pw"} "$out" 2>/dev/null || echo "?")
                qpdf --check ${pw:+--password="$pw"} "$out" >/dev/null 2>&1
                check=$?
                if [ "$got" != "${expect[$name]}" ] || { [ $check != 0 ] && [ $check != 3 ]; }; then
                    echo "FAIL $rel $name: pages $got (expected ${expect[$name]}), qpdf --check $check"
                    failures=$((failures + 1))
                fi
                ;;
            2)
                refused=$((refused + 1))
                if [ -e "$out" ] || ! grep -q "pp-pages: error: " "$work/stderr"; then
                    echo "FAIL $rel $name: exit 2 without a message, or a file was written"
                    failures=$((failures + 1))
                else
                    echo "refused $rel $name: $(head -1 "$work/stderr" | cut -c1-150)"
                fi
                ;;
            *)
                echo "FAIL $rel $name: exit status $status"
                failures=$((failures + 1))
                ;;
        esac
    done
done < <(find "$CORPUS" -name '*.pdf' -print0 | sort -z)
echo "corpus-pages: $runs edits, $warned with warnings, $refused refused with a message, $failures failures"
[ $failures = 0 ]
