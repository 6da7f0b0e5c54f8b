#!/usr/bin/env python3
"""The data sets of `make accuracy`: one truth file per table row and one list of document files.

    python3 bench/extract/accuracy_sets.py CORPUS SYNTH OUT [PHOTOS]

Every data set is cut in two halves by split.py (tuning, checking); a row is one set's half, named
"<set> <half>". Writes OUT/rows/<row>.truth.jsonl (only source, payment_expected, account, amount,
reference: the three fields the table scores, so `pp-extract eval` reports exactly them; and `family`,
the document's group and origin that split.py reads back), OUT/rows.txt (one row name per line, in
table order: the tuning rows, then the checking rows), OUT/files.tsv (set, its folder, document file
within it, cache file; one line per document), OUT/rows/<row>.folder (the folder pp-extract runs in:
a stand-alone XML e-invoice is read again by its path within the set) and OUT/notes.txt (rows skipped
and why). pp-ingest runs
in the set's folder on the document's path within it, so the page records' "source" (and the truth's)
does not depend on how CORPUS or SYNTH is spelled: a cache stays valid when they are given another way.
PHOTOS (default .build/corpus-photo) receives the photos of the corpus's pages (corpus_photos.py).

Truth conventions, per set:
- samples: samples/truth.jsonl; row "samples digital" = pdf/ and special/, "samples photo" = photos/.
- synth: SYNTH/truth.jsonl (Tests/Synth/generate.py); rows by variant, halves by the family's split.
- einvoice-pages: truth from the issuer's XML; a field counts only where visible[field] is true,
  except on documents that ask for no payment, where all three must have no confident candidate.
- invoices: CORPUS/invoices/*/*.expected.json, one document per file named there; a null payee IBAN
  or reference on a document to be paid means "none printed": a confident candidate is wrong.
- invoices-apps: labelled from the printed page; null means none printed, as for invoices; an account
  that fails the IBAN check (account_iban_valid false: a demo IBAN) must not be answered confidently
  and is not counted for top-1.
- xml-einvoices: XML e-invoices without a page; null means the XML has none.
- receipts: the printed total as amount, nothing else scored.
- corpus photo: photos of the PDFs of einvoice-pages, invoices/zugferd and invoices-apps, each with
  its document's truth and half.
"""
import collections
import glob
import json
import os
import sys

import corpus_photos
import split

FIELDS = ('account', 'amount', 'reference')
# A document of a row: its cache namespace (set), its row without the half, its half, the truth line as
# scored, the folder pp-ingest runs in and the document's path within it.
Doc = collections.namedtuple('Doc', 'set row half truth root src')


def truth_line(source, pay, family, **values):
    t = {'source': source, 'payment_expected': bool(pay), 'family': family}
    for f in FIELDS:
        if f in values:
            t[f] = values[f]
    return t


def corpus_doc(set_name, folder, src, pay, values, row=None):
    """A corpus document: half and group by its file name."""
    line = truth_line(src, pay, split.corpus_group(src), **(values if pay else {f: None for f in FIELDS}))
    return Doc(set_name, row or set_name, split.corpus_half(src), line, folder, src)


def read_jsonl(path):
    return [json.loads(line) for line in open(path, encoding='utf-8') if line.strip()]


def samples_docs(notes):
    path = 'samples/truth.jsonl'
    if not os.path.isfile(path):
        notes.append('samples: no samples/truth.jsonl (run from the repository root)')
        return []
    docs = []
    for t in read_jsonl(path):
        src = t['source']
        row = 'samples photo' if src.startswith('samples/photos/') else 'samples digital'
        line = truth_line(src, t.get('payment_expected', True), split.samples_group(src), **{f: t.get(f) for f in FIELDS})
        docs.append(Doc('samples', row, split.TUNING, line, '.', src))
    return docs


def synth_source_paths(synth, source):
    """Where a truth line's source may be: within SYNTH, as given, then each shorter tail within SYNTH."""
    parts = os.path.normpath(source).split(os.sep)
    yield os.path.join(synth, source)
    yield source
    for i in range(1, len(parts)):
        yield os.path.join(synth, *parts[i:])


def synth_docs(synth, notes):
    path = os.path.join(synth, 'truth.jsonl')
    if not os.path.isfile(path):
        notes.append('synth: no %s (make synth, or SYNTH=dir)' % path)
        return []
    docs, missing = [], 0
    for t in read_jsonl(path):
        # A source may be given relative to the synth folder, to the repository, or absolute; it is
        # read as a path within the synth folder whenever it lies there, also when the set was made in
        # another checkout (".build/synth/pdf/x.pdf" is then found as SYNTH/pdf/x.pdf).
        found = next((p for p in synth_source_paths(synth, t['source']) if os.path.exists(p)), None)
        if found is None:
            missing += 1
            continue
        full, base = os.path.abspath(found), os.path.abspath(synth)
        if full.startswith(base + os.sep):
            root, src = synth, os.path.relpath(full, base)
        else:
            root, src = os.path.split(full)
        row = 'synth photo' if t.get('variant') == 'photo' else 'synth digital'
        group = split.synth_group(t.get('split'), t.get('family'))
        line = truth_line(src, t.get('payment_expected', True), group, **{f: t.get(f) for f in FIELDS})
        docs.append(Doc('synth', row, split.synth_half(t.get('split')), line, root, src))
    if missing:
        notes.append('synth: %d documents of %s not found, left out' % (missing, path))
    return docs


def truth_lines(corpus, name, notes):
    """The folder of a corpus set and the truth lines of its truth.jsonl (None, with a note, if absent)."""
    folder = os.path.join(corpus, name)
    path = os.path.join(folder, 'truth.jsonl')
    if not os.path.isfile(path):
        notes.append('%s: no %s' % (name, path))
        return folder, None
    return folder, read_jsonl(path)


def einvoice_docs(corpus, notes):
    folder, lines = truth_lines(corpus, 'einvoice-pages', notes)
    docs = []
    for t in lines or []:
        vis = t.get('visible') or {}
        values = {f: t.get(f) for f in FIELDS if vis.get(f)}
        docs.append(corpus_doc('einvoice-pages', folder, t['source'], t.get('payment_expected', True), values))
    return docs


def invoice_docs(corpus, notes):
    folder = os.path.join(corpus, 'invoices')
    exps = sorted(glob.glob(os.path.join(folder, '*', '*.expected.json')))
    if not exps:
        notes.append('invoices: no %s/*/*.expected.json' % folder)
        return []
    docs = []
    for exp in exps:
        e = json.load(open(exp, encoding='utf-8'))
        names = [e['file']] if 'file' in e else [f.split(' ')[0] for f in e.get('files', [])]
        amount = e.get('amount_due')
        values = {
            'account': e.get('payee_iban'),
            'amount': ('%.2f' % amount) if amount is not None else None,
            'reference': e.get('payment_reference'),
        }
        for name in names:
            src = os.path.join(os.path.basename(os.path.dirname(exp)), name)
            docs.append(corpus_doc('invoices', folder, src, e.get('payment_expected', True), values))
    return docs


def apps_docs(corpus, notes):
    folder, lines = truth_lines(corpus, 'invoices-apps', notes)
    docs = []
    for t in lines or []:
        values = {f: t.get(f) for f in FIELDS}
        if t.get('account_iban_valid') is False:
            values['account'] = None  # a demo IBAN that fails its checksum: no confident answer is right
        docs.append(corpus_doc('invoices-apps', folder, t['source'], t.get('payment_expected', True), values))
    return docs


def xml_docs(corpus, notes):
    folder, lines = truth_lines(corpus, 'xml-einvoices', notes)
    return [
        corpus_doc('xml-einvoices', folder, t['source'], t.get('payment_expected', True), {f: t.get(f) for f in FIELDS})
        for t in lines or []
    ]


def receipt_docs(corpus, notes):
    folder, lines = truth_lines(corpus, 'receipts', notes)
    # A receipt's total is the amount the table asks for; account and reference are not scored.
    return [corpus_doc('receipts', folder, t['source'], True, {'amount': t.get('amount')}) for t in lines or []]


PHOTOGRAPHED = ('einvoice-pages', 'invoices-apps', 'invoices')


def photo_docs(docs, photos, notes):
    """The corpus photo row: a photo of every PDF of the sets above (invoices: zugferd/ only), with the
    truth of the document it shows; source and group stay those of the document's own file name."""
    origin = [d for d in docs if d.set in PHOTOGRAPHED and d.src.lower().endswith('.pdf')
              and (d.set != 'invoices' or d.src.startswith('zugferd/'))]
    if not origin:
        return []
    made = corpus_photos.build([(d.set, d.root, d.src) for d in origin], photos, notes)
    out = []
    for d in origin:
        src = made.get((d.set, d.src))
        if src:
            out.append(d._replace(set='corpus-photo', row='corpus photo', truth=dict(d.truth, source=src), root=photos, src=src))
    return out


ORDER = [
    'samples digital', 'samples photo', 'synth digital', 'synth photo', 'einvoice-pages', 'invoices',
    'invoices-apps', 'xml-einvoices', 'receipts', 'corpus photo',
]


def row_key(name):
    return name.replace(' ', '-')


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit('usage: accuracy_sets.py CORPUS SYNTH OUT [PHOTOS]')
    corpus, synth, out = sys.argv[1:4]
    photos = sys.argv[4] if len(sys.argv) == 5 else '.build/corpus-photo'
    notes = []
    docs = samples_docs(notes) + synth_docs(synth, notes)
    for make in (einvoice_docs, invoice_docs, apps_docs, xml_docs, receipt_docs):
        docs += make(corpus, notes)
    docs += photo_docs(docs, photos, notes)
    rows = collections.defaultdict(list)
    for d in docs:
        rows['%s %s' % (d.row, d.half)].append(d)
    names = [n for h in split.HALVES for r in ORDER for n in ['%s %s' % (r, h)] if rows.get(n)]
    os.makedirs(os.path.join(out, 'rows'), exist_ok=True)
    for n in names:
        with open(os.path.join(out, 'rows', row_key(n) + '.truth.jsonl'), 'w', encoding='utf-8') as w:
            for d in rows[n]:
                w.write(json.dumps(d.truth, ensure_ascii=False, sort_keys=True) + '\n')
    with open(os.path.join(out, 'rows.txt'), 'w') as w:
        w.writelines(n + '\n' for n in names)
    cache_of = {}
    with open(os.path.join(out, 'files.tsv'), 'w', encoding='utf-8') as w:
        for d in docs:
            if (d.set, d.src) in cache_of:
                continue
            cache = os.path.join(out, 'pages', d.set, os.path.relpath(d.src, 'samples') if d.set == 'samples' else d.src)
            cache_of[d.set, d.src] = cache + '.jsonl'
            stale_source(cache + '.jsonl', d.src)
            w.write('%s\t%s\t%s\t%s\n' % (d.set, d.root, d.src, cache + '.jsonl'))
    for n in names:  # the cached page records of a row, in truth order, and the folder they were read in
        with open(os.path.join(out, 'rows', row_key(n) + '.pages'), 'w', encoding='utf-8') as w:
            w.writelines(cache_of[d.set, d.src] + '\n' for d in rows[n])
        with open(os.path.join(out, 'rows', row_key(n) + '.folder'), 'w', encoding='utf-8') as w:
            w.write(os.path.abspath(rows[n][0].root) + '\n')
    with open(os.path.join(out, 'notes.txt'), 'w') as w:
        w.writelines(n + '\n' for n in notes)


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


if __name__ == '__main__':
    main()
