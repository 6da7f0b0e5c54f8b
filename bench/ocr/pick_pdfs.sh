# Sourced by the OCR benches: whole documents of samples/pdf, in name order, until there are $1 pages.
# Sets the array `pdfs` and `total` (their pages).
pick_pdfs() {
    pdfs=()
    total=0
    local pdf n
    for pdf in samples/pdf/*.pdf; do
        n=$(pdfinfo "$pdf" 2>/dev/null | awk '/^Pages:/ {print $2}')
        [ -n "$n" ] || continue
        pdfs+=("$pdf")
        total=$((total + n))
        [ "$total" -ge "$1" ] && break
    done
}
