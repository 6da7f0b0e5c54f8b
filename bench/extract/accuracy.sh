#!/usr/bin/env bash
# One table of pp-extract's accuracy over every data set present (see bench/extract/README.md):
# samples, synth (SYNTH/truth.jsonl), the shared corpus's einvoice-pages, invoices, invoices-apps,
# xml-einvoices and receipts, and photos of the corpus's pages; each set cut into a tuning and a
# checking half (split.py); then the decode and parse rates of the corpus's payment codes.
# Nothing from the corpus is committed; rows whose data is absent are skipped with a note.
#   bash bench/extract/accuracy.sh [CORPUS [BIN]]      (make accuracy [CORPUS=dir] [SYNTH=dir] [FRESH=1])
# Environment: SYNTH (default .build/synth), OUT (default .build/accuracy), PHOTOS (photos of the
# corpus's pages, made when missing; default .build/corpus-photo), FRESH=1 (read every document
# again), JOBS (documents read in parallel, default 1; each pp-ocr uses one core).
#
# The expensive part, `pp-ingest | pp-ocr`, is cached per document in OUT/pages/<set>/<file>.jsonl and
# made again only when missing, older than the document, when FRESH=1, or when the OCR languages that
# pp-extract asks for change. pp-extract and `pp-extract eval` then run once per row over the cached
# page records: a rerun after a change to pp-extract takes seconds.
set -uo pipefail
CORPUS=${1:-../shared/corpus}
BIN=${2:-.build/release}
SYNTH=${SYNTH:-.build/synth}
OUT=${OUT:-.build/accuracy}
PHOTOS=${PHOTOS:-.build/corpus-photo}
FRESH=${FRESH:-}
JOBS=${JOBS:-1}
export OMP_THREAD_LIMIT=${OMP_THREAD_LIMIT:-1}  # Debian's libtesseract is ~9x slower without it
here=$(dirname "$0")

for t in pp-ingest pp-ocr pp-extract; do
    [ -x "$BIN/$t" ] || { echo "accuracy: no $BIN/$t (make build, or BIN=dir)" >&2; exit 2; }
done
lang=$("$BIN/pp-extract" --ocr-languages) || { echo "accuracy: pp-extract --ocr-languages failed" >&2; exit 2; }
mkdir -p "$OUT/pages"
# Nothing of an earlier run is left to read: a row that moved to the checking half keeps no detail file.
rm -rf "$OUT/rows"
rm -f "$OUT"/*.detail.txt "$OUT"/*.eval.json "$OUT"/*.eval.txt "$OUT"/*.results.jsonl "$OUT"/*.rows.jsonl
python3 "$here/accuracy_sets.py" "$CORPUS" "$SYNTH" "$OUT" "$PHOTOS" || exit 2
: > "$OUT/stderr.txt"

# 1. Page records per document, made again only where stale.
[ "$FRESH" = 0 ] && FRESH=
if [ "$(cat "$OUT/pages/ocr-languages" 2>/dev/null)" != "$lang" ]; then FRESH=1; fi
stale=$OUT/stale.tsv
# A cache older than its document is still good when the document's bytes are those it was read from (its
# records' "doc" is their SHA-256): a corpus copied again keeps its OCR.
same_bytes() {  # cache file, document
    local doc
    doc=$(head -n 1 "$1" | grep -o -m 1 '"doc":"sha256:[0-9a-f]\{64\}"' | head -n 1 | cut -c15-78)
    [ -n "$doc" ] && [ "$doc" = "$(sha256sum < "$2" | cut -c1-64)" ] && touch "$1"
}
while IFS=$'\t' read -r set root file cache; do
    if [ -n "$FRESH" ] || [ ! -e "$cache" ] || { [ "$cache" -ot "$root/$file" ] && ! same_bytes "$cache" "$root/$file"; }; then
        printf '%s\t%s\t%s\t%s\n' "$set" "$root" "$file" "$cache"
    fi
done < "$OUT/files.tsv" > "$stale"
read_document() {  # one line of stale.tsv: set, its folder, document file within it, cache file
    IFS=$'\t' read -r set root file cache <<< "$1"
    mkdir -p "$(dirname "$cache")"
    # The samples' encrypted PDF opens with "secret", as in `make demo`.
    if [ "$set" = samples ]; then export PP_PDF_PASSWORD=secret; else unset PP_PDF_PASSWORD; fi
    # Run in the set's folder, so that "source" is the document's path within the set.
    # Exit status 3 = finished with an error record (an unreadable file): that is the document's result too.
    if ( cd "$root" && "$abs_bin/pp-ingest" --jobs 1 --work "$abs_out/work" "$file" \
            | "$abs_bin/pp-ocr" --jobs 1 --lang "$lang"
         status=("${PIPESTATUS[@]}"); [ "${status[0]}" -le 3 ] && [ "${status[1]}" -le 3 ] ) \
        > "$cache.part" 2>>"$OUT/stderr.txt"; then
        mv "$cache.part" "$cache"
    else
        rm -f "$cache.part"
        echo "accuracy: $root/$file: pp-ingest | pp-ocr failed" >&2
    fi
}
n=$(wc -l < "$stale")
abs_bin=$(cd "$BIN" && pwd) abs_out=$(cd "$OUT" && pwd)
if [ "$n" -gt 0 ]; then
    echo "accuracy: reading $n of $(wc -l < "$OUT/files.tsv") documents (pp-ingest | pp-ocr --lang $lang, $JOBS at a time)" >&2
    export -f read_document
    export OUT lang abs_bin abs_out
    tr '\n' '\0' < "$stale" | xargs -0 -r -n 1 -P "$JOBS" bash -c 'read_document "$1"' _
fi
echo "$lang" > "$OUT/pages/ocr-languages"

# 2. pp-extract once per row over the cached page records, in the row's folder (an XML e-invoice is read
# again by its path there), then eval (JSON report + summary).
while read -r row; do
    key=${row// /-}
    tr '\n' '\0' < "$OUT/rows/$key.pages" | xargs -0 cat 2>/dev/null \
        | ( cd "$(cat "$OUT/rows/$key.folder")" && "$abs_bin/pp-extract" --jobs 1 ) > "$OUT/$key.results.jsonl" 2>>"$OUT/stderr.txt"
done < "$OUT/rows.txt"
# A document that gave no document record (e.g. an unreadable file) counts as one with no candidates.
python3 "$here/accuracy_table.py" fill "$OUT" || exit 2
# The pooled rows: every row of a half in one truth and one results file, measured by eval like a row.
python3 "$here/accuracy_table.py" pool "$OUT" || exit 2
cat "$OUT/rows.txt" "$OUT/pools.txt" | while read -r row; do
    key=${row// /-}
    "$BIN/pp-extract" eval --truth "$OUT/rows/$key.truth.jsonl" "$OUT/$key.results.jsonl" \
        > "$OUT/$key.eval.json" 2> "$OUT/$key.eval.txt"
done
# Misses counted by kind; the checking rows' reports keep only those counts.
python3 "$here/accuracy_table.py" seal "$OUT" || exit 2

# 3. The table, the calibration of the pooled checking rows, and a detail file per tuning row.
python3 "$here/accuracy_table.py" table "$OUT" || exit 2

# 4. The corpus's payment codes: how many pp-ingest decodes exactly, and how many pp-extract parses.
if [ -f "$CORPUS/payment-codes/truth.jsonl" ]; then
    echo
    echo "Payment codes of $CORPUS/payment-codes: decoded by pp-ingest"
    bash "$here/../codes/decode_rate.sh" "$CORPUS/payment-codes" "$BIN/pp-ingest"
    echo
    echo "Payment codes of $CORPUS/payment-codes: parsed by pp-extract (payloads as decoded)"
    python3 "$here/../codes/parse_rate.py" "$CORPUS/payment-codes" --bin "$BIN/pp-extract"
else
    echo "accuracy: no $CORPUS/payment-codes/truth.jsonl: payment-code rows skipped" >&2
fi
