#!/usr/bin/env python3
"""The data sets of `make accuracy`: one truth file per table row and one list of document files.

    python3 bench/extract/accuracy_sets.py CORPUS SYNTH OUT

Writes OUT/rows/<row>.truth.jsonl (only source, payment_expected, account, amount, reference: the three
fields the table scores, so `pp-extract eval` reports exactly them), OUT/rows.txt (one row name per
line, in table order), OUT/files.tsv (set, its folder, document file within it, cache file; one line
per document) and OUT/notes.txt (rows skipped and why). pp-ingest runs in the set's folder on the
document's path within it, so the page records' "source" (and the truth's) does not depend on how
CORPUS or SYNTH is spelled: a cache stays valid when they are given another way.

Truth conventions, per set:
- samples: samples/truth.jsonl; row "samples digital" = pdf/ and special/, "samples photo" = photos/.
- synth: SYNTH/truth.jsonl (Tests/Synth/generate.py); rows by split and variant.
- einvoice-pages: truth from the issuer's XML; a field counts only where visible[field] is true,
  except on documents that ask for no payment, where all three must have no confident candidate.
- invoices: CORPUS/invoices/*/*.expected.json, one document per file named there; a null payee IBAN
  or reference on a document to be paid means "none printed": a confident candidate is wrong.
- receipts: the printed total as amount, nothing else scored.
"""
import glob
import json
import os
import sys

FIELDS = ('account', 'amount', 'reference')


def truth_line(source, pay, **values):
    t = {'source': source, 'payment_expected': bool(pay)}
    for f in FIELDS:
        if f in values:
            t[f] = values[f]
    return t


def samples_rows(notes):
    path = 'samples/truth.jsonl'
    if not os.path.isfile(path):
        notes.append('samples: no samples/truth.jsonl (run from the repository root)')
        return {}, []
    rows = {'samples digital': [], 'samples photo': []}
    files = []
    for line in open(path, encoding='utf-8'):
        if not line.strip():
            continue
        t = json.loads(line)
        src = t['source']
        pay = t.get('payment_expected', True)
        row = 'samples photo' if src.startswith('samples/photos/') else 'samples digital'
        rows[row].append(truth_line(src, pay, **{f: t.get(f) for f in FIELDS}))
        files.append(('samples', '.', src, os.path.relpath(src, 'samples')))
    return rows, files


def synth_rows(synth, notes):
    path = os.path.join(synth, 'truth.jsonl')
    names = ['synth fit', 'synth heldout digital', 'synth heldout photo']
    if not os.path.isfile(path):
        notes.append('synth: no %s (make synth, or SYNTH=dir)' % path)
        return {}, []
    rows = {n: [] for n in names}
    files = []
    missing = 0
    for line in open(path, encoding='utf-8'):
        if not line.strip():
            continue
        t = json.loads(line)
        # A source may be given relative to the synth folder, to the repository, or absolute; it is
        # read as a path within the synth folder whenever it lies there.
        path = next((p for p in (os.path.join(synth, t['source']), t['source']) if os.path.exists(p)), None)
        if path is None:
            missing += 1
            continue
        full, base = os.path.abspath(path), os.path.abspath(synth)
        if full.startswith(base + os.sep):
            root, src = synth, os.path.relpath(full, base)
        else:
            root, src = os.path.split(full)
        if t.get('split') == 'fit':
            row = 'synth fit'
        else:
            row = 'synth heldout photo' if t.get('variant') == 'photo' else 'synth heldout digital'
        pay = t.get('payment_expected', True)
        line = truth_line(src, pay, **{f: t.get(f) for f in FIELDS})
        line['family'] = t.get('family')  # groups the confidence model's cross-validation (fit_confidence.py)
        rows[row].append(line)
        files.append(('synth', root, src, src))
    if missing:
        notes.append('synth: %d documents of %s not found, left out' % (missing, path))
    return rows, files


def truth_lines(corpus, name, notes):
    """The folder of a corpus set and the truth lines of its truth.jsonl (None, with a note, if absent)."""
    folder = os.path.join(corpus, name)
    path = os.path.join(folder, 'truth.jsonl')
    if not os.path.isfile(path):
        notes.append('%s: no %s' % (name, path))
        return folder, None
    return folder, [json.loads(line) for line in open(path, encoding='utf-8') if line.strip()]


def einvoice_rows(corpus, notes):
    folder, lines = truth_lines(corpus, 'einvoice-pages', notes)
    if lines is None:
        return {}, []
    out, files = [], []
    for t in lines:
        src = t['source']
        pay = t.get('payment_expected', True)
        vis = t.get('visible') or {}
        if pay:
            values = {f: t.get(f) for f in FIELDS if vis.get(f)}
        else:
            values = {f: None for f in FIELDS}  # nothing to pay: no confident candidate is right
        out.append(truth_line(src, pay, **values))
        files.append(('einvoice-pages', folder, src, src))
    return {'einvoice-pages': out}, files


def invoice_rows(corpus, notes):
    folder = os.path.join(corpus, 'invoices')
    exps = sorted(glob.glob(os.path.join(folder, '*', '*.expected.json')))
    if not exps:
        notes.append('invoices: no %s/*/*.expected.json' % folder)
        return {}, []
    out, files = [], []
    for exp in exps:
        e = json.load(open(exp, encoding='utf-8'))
        here = os.path.dirname(exp)
        names = [e['file']] if 'file' in e else [f.split(' ')[0] for f in e.get('files', [])]
        pay = e.get('payment_expected', True)
        amount = e.get('amount_due')
        for name in names:
            src = os.path.join(os.path.basename(here), name)
            if pay:
                values = {
                    'account': e.get('payee_iban'),
                    'amount': ('%.2f' % amount) if amount is not None else None,
                    'reference': e.get('payment_reference'),
                }
            else:
                values = {f: None for f in FIELDS}
            out.append(truth_line(src, pay, **values))
            files.append(('invoices', folder, src, src))
    return {'invoices': out}, files


def receipt_rows(corpus, notes):
    folder, lines = truth_lines(corpus, 'receipts', notes)
    if lines is None:
        return {}, []
    out, files = [], []
    for t in lines:
        src = t['source']
        # A receipt's total is the amount the table asks for; account and reference are not scored.
        out.append(truth_line(src, True, amount=t.get('amount')))
        files.append(('receipts', folder, src, src))
    return {'receipts': out}, files


def stale_source(cache, src):
    """Drops a cached page file made from the same document under another path (CORPUS or SYNTH spelled
    differently): its records would carry the old source, and eval matches documents by source."""
    try:
        with open(cache, encoding='utf-8') as r:
            first = json.loads(r.readline() or '{}')
    except (OSError, ValueError):
        return
    if first.get('source') not in (None, src):
        os.remove(cache)


ORDER = [
    'samples digital', 'samples photo', 'synth fit', 'synth heldout digital', 'synth heldout photo',
    'einvoice-pages', 'invoices', 'receipts',
]


def main():
    if len(sys.argv) != 4:
        sys.exit('usage: accuracy_sets.py CORPUS SYNTH OUT')
    corpus, synth, out = sys.argv[1:]
    notes, rows, files = [], {}, []
    for r, f in (
        samples_rows(notes), synth_rows(synth, notes), einvoice_rows(corpus, notes),
        invoice_rows(corpus, notes), receipt_rows(corpus, notes),
    ):
        rows.update(r)
        files.extend(f)
    os.makedirs(os.path.join(out, 'rows'), exist_ok=True)
    names = [n for n in ORDER if rows.get(n)]
    for n in names:
        with open(os.path.join(out, 'rows', n.replace(' ', '-') + '.truth.jsonl'), 'w', encoding='utf-8') as w:
            for t in rows[n]:
                w.write(json.dumps(t, ensure_ascii=False, sort_keys=True) + '\n')
    with open(os.path.join(out, 'rows.txt'), 'w') as w:
        w.writelines(n + '\n' for n in names)
    cache_of = {}
    with open(os.path.join(out, 'files.tsv'), 'w', encoding='utf-8') as w:
        for s, root, src, name in files:
            cache = os.path.join(out, 'pages', s, name + '.jsonl')
            if (s, src) in cache_of:
                continue
            cache_of[s, src] = cache
            stale_source(cache, src)
            w.write('%s\t%s\t%s\t%s\n' % (s, root, src, cache))
    for n in names:  # the cached page records of a row, in truth order
        s = n.split(' ')[0]
        with open(os.path.join(out, 'rows', n.replace(' ', '-') + '.pages'), 'w', encoding='utf-8') as w:
            w.writelines(cache_of[s, t['source']] + '\n' for t in rows[n])
    with open(os.path.join(out, 'notes.txt'), 'w') as w:
        w.writelines(n + '\n' for n in notes)


if __name__ == '__main__':
    main()
