#!/usr/bin/env python3
"""The table of `make accuracy`, from what accuracy.sh left in OUT (default .build/accuracy).

    python3 bench/extract/accuracy_table.py fill OUT    # a placeholder record per document without a result
    python3 bench/extract/accuracy_table.py table OUT   # print the table, write OUT/<row>.detail.txt

Per row, OUT/rows/<row>.truth.jsonl (accuracy_sets.py), OUT/<row>.results.jsonl (pp-extract) and
OUT/<row>.eval.json (`pp-extract eval`, the JSON report). Hits, confident precision and calibration
counts are eval's own figures; this script only adds them up, counts confident answers on documents
that ask for no payment (from eval's misses) and the mean confidence per band (eval reports none).
"""
import json
import os
import sys

FIELDS = ('account', 'amount', 'reference')
CONFIDENT = 1500
NOT_CALIBRATED = ('samples digital', 'samples photo', 'synth fit')


def read_jsonl(path):
    if not os.path.isfile(path):
        return []
    return [json.loads(line) for line in open(path, encoding='utf-8') if line.strip()]


def rows(out):
    return [line.rstrip('\n') for line in open(os.path.join(out, 'rows.txt')) if line.strip()]


def key(row):
    return row.replace(' ', '-')


class Results:
    """Document and error records of one row, found by source or, like eval, by file name."""

    def __init__(self, records):
        self.docs, self.by_base, self.errors = {}, {}, {}
        for r in records:
            src = r.get('source')
            if not src:
                continue
            if r.get('kind') == 'document':
                self.docs[src] = r
                self.by_base[os.path.basename(src)] = r
            elif r.get('state') == 'error' or 'error' in r:
                self.errors.setdefault(src, r.get('error') or {})
                self.errors.setdefault(os.path.basename(src), r.get('error') or {})

    def doc(self, source):
        return self.docs.get(source) or self.by_base.get(os.path.basename(source))

    def error(self, source):
        return self.errors.get(source) or self.errors.get(os.path.basename(source))


def fill(out):
    for row in rows(out):
        path = os.path.join(out, key(row) + '.results.jsonl')
        res = Results(read_jsonl(path))
        with open(path, 'a', encoding='utf-8') as w:
            for t in read_jsonl(os.path.join(out, 'rows', key(row) + '.truth.jsonl')):
                if res.doc(t['source']) is None:
                    err = res.error(t['source']) or {}
                    w.write(json.dumps({
                        'kind': 'document', 'source': t['source'], 'candidates': {},
                        'accuracy_placeholder': 'no document record' + (': ' + err['code'] if err.get('code') else ''),
                    }) + '\n')


def top(doc, field):
    cands = ((doc or {}).get('candidates') or {}).get(field) or []
    return cands[0] if cands else None


def ratio(hits, total):
    return '-' if not total else '%d/%d = %.2f' % (hits, total, hits / total)


def shown(value):
    return 'none' if value is None else str(value)


def row_figures(out, row):
    truth = read_jsonl(os.path.join(out, 'rows', key(row) + '.truth.jsonl'))
    res = Results(read_jsonl(os.path.join(out, key(row) + '.results.jsonl')))
    ev = json.load(open(os.path.join(out, key(row) + '.eval.json'), encoding='utf-8'))
    misses = {(m['source'], m['field']) for m in ev.get('misses', [])}
    f = {'row': row, 'docs': len(truth), 'truth': truth, 'res': res, 'eval': ev, 'misses': misses}
    for field in FIELDS:
        s = ev.get('fields', {}).get(field) or {}
        f[field] = (s.get('top1', 0), s.get('expected', 0))
    conf = ev.get('confident', 0)
    f['confident'] = (round((ev.get('confident_precision') or 0) * conf), conf)
    nopay = [t for t in truth if not t.get('payment_expected', True)]
    wrong = [t for t in nopay if any((t['source'], fl) in misses for fl in FIELDS if fl in t)]
    f['nopay'] = (len(wrong), len(nopay))
    f['no_result'] = sum(1 for t in truth if (res.doc(t['source']) or {}).get('accuracy_placeholder'))
    return f


def detail(out, f):
    """OUT/<row>.detail.txt: per document and field, expected against the top candidate."""
    lines = [
        '# %s: expected vs top candidate (confidence) per field; WRONG = eval counts it wrong' % f['row'],
        '# "none" expected = nothing to pay or nothing printed: right unless the top candidate is >= %d;' % CONFIDENT,
        '# "-" = field not scored here. Sources: paths within the data set folder.',
        '',
    ]
    wrong = []
    for t in f['truth']:
        doc = f['res'].doc(t['source'])
        pay = 'pay' if t.get('payment_expected', True) else 'no payment'
        got_pay = (doc or {}).get('payment_expected')
        head = '%s  [%s; pp-extract: %s]' % (t['source'], pay, {True: 'pay', False: 'no payment'}.get(got_pay, '?'))
        if doc and doc.get('accuracy_placeholder'):
            head += '  (%s)' % doc['accuracy_placeholder']
        lines.append(head)
        for field in FIELDS:
            c = top(doc, field)
            got = '%s (%d)' % (c.get('value'), c.get('confidence', 0)) if c else 'no candidate'
            if field not in t:
                lines.append('  %-10s %-32s %s' % (field, '-', got))  # not scored
                continue
            mark = ''
            if (t['source'], field) in f['misses']:
                mark = 'WRONG (confident)' if t[field] is None or not t.get('payment_expected', True) else 'WRONG'
                wrong.append('%s  %s: expected %s, got %s  %s' % (
                    t['source'], field, shown(t[field]), got, mark))
            lines.append(('  %-10s %-32s %-48s %s' % (field, shown(t[field]), got, mark)).rstrip())
        lines.append('')
    summary = ['# %d documents, %d WRONG:' % (len(f['truth']), len(wrong))] + ['#   ' + w for w in wrong]
    lines[3:3] = summary
    with open(os.path.join(out, key(f['row']) + '.detail.txt'), 'w', encoding='utf-8') as w:
        w.write('\n'.join(lines))


def band_bounds(label):
    """'1500-1799' -> (1500, 1800): eval's band labels, whatever bands this pp-extract uses."""
    lo, hi = label.split('-')
    return int(lo), int(hi) + 1


def calibration(figs, key='calibration', what='top candidates'):
    """Pooled bands: count, right (and mean predicted, where eval reports it) from eval; else the mean
    confidence of the same top candidates from the results."""
    pooled = [f for f in figs if f['row'] not in NOT_CALIBRATED]
    labels = [b['band'] for b in (pooled[0]['eval'].get(key, []) if pooled else [])]
    count, right, pred_sum, pred_n = ({lb: 0 for lb in labels} for _ in range(4))
    mine_sum, mine_n = {lb: 0 for lb in labels}, {lb: 0 for lb in labels}
    for f in pooled:
        for b in f['eval'].get(key, []):
            lb = b['band']
            if lb not in count:
                continue
            count[lb] += b.get('count', 0)
            right[lb] += b.get('right', 0)
            if b.get('predicted') is not None:
                pred_sum[lb] += b['predicted'] * b.get('count', 0)
                pred_n[lb] += b.get('count', 0)
        for t in f['truth']:
            doc = f['res'].doc(t['source'])
            for field in FIELDS:
                c = top(doc, field) if field in t else None
                if c is None:
                    continue
                conf = c.get('confidence', 0)
                for lb in labels:
                    lo, hi = band_bounds(lb)
                    if lo <= conf < hi:
                        mine_sum[lb] += conf / 2000
                        mine_n[lb] += 1
    out = [
        'Calibration, %s of account/amount/reference pooled over: %s'
        % (what, ', '.join(f['row'] for f in pooled) or 'nothing'),
        '',
        '| confidence | count | predicted (mean c/2000) | observed precision |',
        '|---|---:|---:|---:|',
    ]
    for lb in labels:
        if pred_n[lb]:
            pred = '%.2f' % (pred_sum[lb] / pred_n[lb])
        else:
            pred = '%.2f' % (mine_sum[lb] / mine_n[lb]) if mine_n[lb] else '-'
        obs = '%d/%d = %.2f' % (right[lb], count[lb], right[lb] / count[lb]) if count[lb] else '-'
        out.append('| %s | %d | %s | %s |' % (lb, count[lb], pred, obs))
    if key == 'calibration' and [mine_n[lb] for lb in labels] != [count[lb] for lb in labels]:
        out.append('(warning: eval counted %s top candidates per band, the results give %s)'
                   % ([count[lb] for lb in labels], [mine_n[lb] for lb in labels]))
    return out


def table(out):
    figs = [row_figures(out, row) for row in rows(out)]
    for f in figs:
        detail(out, f)
    head = ['set', 'documents', 'account top-1', 'amount top-1', 'reference top-1',
            'confident precision', 'confident on no-payment']
    body = []
    for f in figs:
        body.append([
            f['row'], str(f['docs']), ratio(*f['account']), ratio(*f['amount']), ratio(*f['reference']),
            ratio(*f['confident']), '%d/%d' % f['nopay'] if f['nopay'][1] else '-',
        ])
    widths = [max(len(r[i]) for r in [head] + body) for i in range(len(head))]

    def line(cells):
        return '| ' + ' | '.join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))) + ' |'

    text = [line(head), '|' + '|'.join('-' * (w + 1) + (':' if i else '-') for i, w in enumerate(widths)) + '|']
    text += [line(r) for r in body]
    text += [
        '',
        'top-1: the top candidate is the expected value (hits/expected). confident precision: share of top',
        'candidates >= %d of the three fields that are right (a confident one where none is expected is' % CONFIDENT,
        'wrong). confident on no-payment: documents asking for no payment with a confident account, amount',
        'or reference / such documents.',
    ]
    no_result = ['%s: %d' % (f['row'], f['no_result']) for f in figs if f['no_result']]
    if no_result:
        text.append('Documents with no document record (counted as no candidates): ' + ', '.join(no_result) + '.')
    notes = [n.strip() for n in open(os.path.join(out, 'notes.txt')) if n.strip()]
    for n in notes:
        text.append('Skipped: ' + n)
    text += [''] + calibration(figs)
    text += [''] + calibration(figs, 'calibration_all', 'all candidates')
    text += ['', 'Per document: %s/<set>.detail.txt (grep WRONG); eval reports: %s/<set>.eval.json' % (out, out)]
    print('\n'.join(text))


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ('fill', 'table'):
        sys.exit('usage: accuracy_table.py fill|table OUT')
    (fill if sys.argv[1] == 'fill' else table)(sys.argv[2])


if __name__ == '__main__':
    main()
