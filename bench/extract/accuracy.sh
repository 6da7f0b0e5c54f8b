#!/usr/bin/env bash
# Accuracy of `pp-ingest | pp-ocr | pp-extract` on the shared corpus of real invoices
# (CORPUS/invoices/*/*.expected.json), field by field. Nothing from the corpus is committed.
#   bash bench/extract/accuracy.sh ../shared/corpus .build/release
set -uo pipefail
CORPUS=${1:-../shared/corpus}
BIN=${2:-.build/release}
OUT=${OUT:-.build/accuracy}
inv="$CORPUS/invoices"
if [ ! -d "$inv" ]; then echo "accuracy: no corpus at $inv" >&2; exit 2; fi
mkdir -p "$OUT"
# 1. Truth lines from the corpus's expected.json files (one per document file).
python3 - "$inv" > "$OUT/truth.jsonl" <<'PY'
import json, os, sys, glob
inv = sys.argv[1]
for exp in sorted(glob.glob(os.path.join(inv, '*', '*.expected.json'))):
    e = json.load(open(exp))
    folder = os.path.dirname(exp)
    files = [e['file']] if 'file' in e else [f.split(' ')[0] for f in e.get('files', [])]
    pay = e.get('payment_expected', True)
    due = e.get('due_date')
    due = due[:10] if isinstance(due, str) and len(due) >= 10 and due[4] == '-' else None
    amount = e.get('amount_due')
    for f in files:
        t = {
            'source': os.path.join(folder, f),
            'payment_expected': pay,
            'account': e.get('payee_iban') if pay else None,
            'amount': ('%.2f' % amount) if (pay and amount is not None) else None,
            'reference': e.get('payment_reference') if pay else None,
            'currency': e.get('currency'),
        }
        if pay and e.get('payee_name'): t['payee'] = e['payee_name'].split('\n')[0]
        if pay and due: t['due_date'] = due
        print(json.dumps(t, ensure_ascii=False, sort_keys=True))
PY
# 2. The pipeline on every document file named there.
: > "$OUT/results.jsonl"
python3 -c 'import json,sys; [print(json.loads(l)["source"]) for l in open(sys.argv[1])]' "$OUT/truth.jsonl" | while read -r f; do
    "$BIN/pp-ingest" --jobs 1 --work "$OUT/work" "$f" 2>>"$OUT/stderr.txt" \
        | "$BIN/pp-ocr" --jobs 1 --lang "$("$BIN/pp-extract" --ocr-languages)" 2>>"$OUT/stderr.txt" \
        | "$BIN/pp-extract" --jobs 1 2>>"$OUT/stderr.txt" >> "$OUT/results.jsonl"
done
# 3. Field by field.
"$BIN/pp-extract" eval --truth "$OUT/truth.jsonl" "$OUT/results.jsonl" > "$OUT/eval.json"
python3 - "$OUT/truth.jsonl" "$OUT/results.jsonl" <<'PY'
import json, sys, os
truth = [json.loads(l) for l in open(sys.argv[1])]
res = {}
for l in open(sys.argv[2]):
    r = json.loads(l)
    if r.get('kind') == 'document': res[r['source']] = r
def norm(f, v):
    if v is None: return None
    v = str(v)
    if f == 'amount': return '%.2f' % float(v)
    return ''.join(c for c in v.upper() if c.isalnum())
print('%-58s %-5s %-26s %-26s %-22s' % ('document', 'pay', 'account', 'amount', 'reference'))
for t in truth:
    r = res.get(t['source'])
    name = os.path.relpath(t['source'], os.path.dirname(os.path.dirname(t['source'])))
    if not r:
        print('%-58s no result' % name); continue
    pay_ok = r.get('payment_expected', True) == t['payment_expected']
    cells = []
    for f in ['account', 'amount', 'reference']:
        c = (r['candidates'].get(f) or [None])[0]
        conf = c['confidence'] if c else 0
        got = norm(f, c['value']) if c else None
        exp = norm(f, t.get(f))
        if exp is None:
            mark = 'ok(none)' if conf < 1500 else 'WRONG(confident)'
        else:
            mark = 'ok' if got == exp else 'WRONG'
        cells.append('%s %s' % (mark, conf))
    print('%-58s %-5s %-26s %-26s %-22s' % (name[:58], 'ok' if pay_ok else 'WRONG', *cells))
PY
