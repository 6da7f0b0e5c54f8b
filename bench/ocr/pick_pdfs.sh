# Sourced by the OCR benches. pick_pdfs: whole documents of samples/pdf, in name order, until there are $1 pages.
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

# Renders every page of `pdfs` at 300 dpi grey into $1/png and writes their page records (images only, no
# text layer) to $1/pages.jsonl; with a second argument, each page's own text too ($2/NAME-pP.txt).
render_pages() {
    local work=$1 truth=${2:-} pdf name n p
    mkdir -p "$work/png"
    [ -n "$truth" ] && mkdir -p "$truth"
    : > "$work/pages.jsonl"
    for pdf in "${pdfs[@]}"; do
        name=$(basename "$pdf" .pdf)
        n=$(pdfinfo "$pdf" | awk '/^Pages:/ {print $2}')
        for p in $(seq 1 "$n"); do
            pdftoppm -r 300 -gray -png -f "$p" -l "$p" -singlefile "$pdf" "$work/png/$name-p$p"
            [ -n "$truth" ] && pdftotext -f "$p" -l "$p" "$pdf" "$truth/$name-p$p.txt"
            printf '{"kind":"page","source":"%s","page":%d,"pages":%d,"text_source":null,"image":{"path":"%s","dpi":300}}\n' \
                "$pdf" "$p" "$n" "$work/png/$name-p$p.png" >> "$work/pages.jsonl"
        done
    done
}

# After render_pages: each of `pdfs` again as a scan, $1/scans/NAME.pdf, its pages the rendered PNGs stored as
# 300 dpi JPEG (quality 75) with no text, as a scanner writes them. Needs python3-pil.
make_scans() {
    mkdir -p "$1/scans"
    python3 - "$1" "${pdfs[@]}" <<'PY'
import glob, os, sys
from PIL import Image
work, pdfs = sys.argv[1], sys.argv[2:]
for pdf in pdfs:
    name = os.path.basename(pdf)[:-4]
    pages = sorted(glob.glob(f"{work}/png/{name}-p*.png"), key=lambda p: int(p.rsplit("-p", 1)[1][:-4]))
    images = [Image.open(p).convert("L") for p in pages]
    images[0].save(f"{work}/scans/{name}.pdf", save_all=True, append_images=images[1:], resolution=300, quality=75)
PY
}
