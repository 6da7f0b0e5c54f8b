#!/usr/bin/env python3
"""The table of `make accuracy`, from what accuracy.sh left in OUT (default .build/accuracy).

    python3 bench/extract/accuracy_table.py fill OUT    # a placeholder record per document without a result
    python3 bench/extract/accuracy_table.py pool OUT    # truth and results of "all tuning", "all checking"
    python3 bench/extract/accuracy_table.py seal OUT    # miss kinds into each eval report; checking: no misses
    python3 bench/extract/accuracy_table.py table OUT   # print the table, write OUT/<row>.detail.txt

Per row, OUT/rows/<row>.truth.jsonl (accuracy_sets.py), OUT/<row>.results.jsonl (pp-extract) and
OUT/<row>.eval.json (`pp-extract eval`, the JSON report). Every figure is eval's own: top-1, confident
precision and its Wilson lower bound, the confident share, the calibration bands and their expected
calibration error; the pooled lines are eval run once more over the rows of a half put together. This
script only counts the kinds of misses and the confident answers on documents that ask for no payment.

The checking half is never shown failure by failure: `seal` replaces the misses of its reports by their
counts per kind and cuts them from eval's summary, and no detail file is written for it.
"""
import collections
import json
import os
import sys

import split

FIELDS = ('account', 'amount', 'reference')
CONFIDENT = 1500
POOLS = ['all ' + h for h in split.HALVES]
KINDS = [
    ('wrong_confident', 'wrong, >= %d' % CONFIDENT),
    ('wrong', 'wrong, below'),
    ('no_candidate', 'no candidate'),
    ('confident_unexpected', 'confident, none expected'),
]


def read_jsonl(path):
    if not os.path.isfile(path):
        return []
    return [json.loads(line) for line in open(path, encoding='utf-8') if line.strip()]


def write_jsonl(path, lines):
    with open(path, 'w', encoding='utf-8') as w:
        w.writelines(json.dumps(t, ensure_ascii=False, sort_keys=True) + '\n' for t in lines)


def rows(out):
    return [line.rstrip('\n') for line in open(os.path.join(out, 'rows.txt')) if line.strip()]


def key(row):
    return row.replace(' ', '-')


def half_of(row):
    return row.rsplit(' ', 1)[1]


def truth_of(out, row):
    return read_jsonl(os.path.join(out, 'rows', key(row) + '.truth.jsonl'))


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


def results_of(out, row):
    return Results(read_jsonl(os.path.join(out, key(row) + '.results.jsonl')))


def fill(out):
    for row in rows(out):
        path = os.path.join(out, key(row) + '.results.jsonl')
        res = Results(read_jsonl(path))
        with open(path, 'a', encoding='utf-8') as w:
            for t in truth_of(out, row):
                if res.doc(t['source']) is None:
                    err = res.error(t['source']) or {}
                    w.write(json.dumps({
                        'kind': 'document', 'source': t['source'], 'candidates': {},
                        'accuracy_placeholder': 'no document record' + (': ' + err['code'] if err.get('code') else ''),
                    }) + '\n')


def pool(out):
    """One truth and one results file per half, sources prefixed with their row (sets share file names)."""
    with open(os.path.join(out, 'pools.txt'), 'w') as w:
        w.writelines(p + '\n' for p in POOLS)
    for p in POOLS:
        truth, results = [], []
        for row in rows(out):
            if half_of(row) != half_of(p):
                continue
            res = results_of(out, row)
            for t in truth_of(out, row):
                doc = res.doc(t['source'])
                named = key(row) + '/' + t['source']
                truth.append(dict(t, source=named))
                if doc is not None:
                    results.append(dict(doc, source=named))
        write_jsonl(os.path.join(out, 'rows', key(p) + '.truth.jsonl'), truth)
        write_jsonl(os.path.join(out, key(p) + '.results.jsonl'), results)


def miss_kind(miss, pay):
    if miss.get('expected') is None or not pay:
        return 'confident_unexpected'  # eval counts these only when the top candidate is confident
    if miss.get('got') is None:
        return 'no_candidate'
    return 'wrong_confident' if (miss.get('confidence') or 0) >= CONFIDENT else 'wrong'


def seal(out):
    """Adds `table` (miss kinds per field, no-payment documents answered confidently) to every report;
    a checking row's report and summary lose their misses."""
    for row in rows(out) + POOLS:
        path = os.path.join(out, key(row) + '.eval.json')
        ev = json.load(open(path, encoding='utf-8'))
        pay = {t['source']: t.get('payment_expected', True) for t in truth_of(out, row)}
        kinds = {f: {k: 0 for k, _ in KINDS} for f in FIELDS}
        wrong_nopay = set()
        for m in ev.get('misses', []):
            if m.get('field') not in kinds:
                continue
            kinds[m['field']][miss_kind(m, pay.get(m['source'], True))] += 1
            if not pay.get(m['source'], True):
                wrong_nopay.add(m['source'])
        ev['table'] = {
            'miss_kinds': kinds, 'no_payment_documents': sum(1 for p in pay.values() if not p),
            'no_payment_confident': len(wrong_nopay),
        }
        if half_of(row) == split.CHECKING:
            ev['misses'] = []
            summary = os.path.join(out, key(row) + '.eval.txt')
            if os.path.isfile(summary):
                text = open(summary, encoding='utf-8').read()
                cut = text.find('\nmisses:\n')
                with open(summary, 'w', encoding='utf-8') as w:
                    w.write(text if cut < 0 else text[:cut + 1] + 'misses: not shown for the checking half\n')
        with open(path, 'w', encoding='utf-8') as w:
            json.dump(ev, w, ensure_ascii=False, sort_keys=True)
            w.write('\n')


def top(doc, field):
    cands = ((doc or {}).get('candidates') or {}).get(field) or []
    return cands[0] if cands else None


def ratio(hits, total):
    return '-' if not total else '%d/%d = %.2f' % (hits, total, hits / total)


def shown(value):
    return 'none' if value is None else str(value)


def row_figures(out, row):
    truth = truth_of(out, row)
    ev = json.load(open(os.path.join(out, key(row) + '.eval.json'), encoding='utf-8'))
    f = {'row': row, 'docs': len(truth), 'truth': truth, 'eval': ev}
    for field in FIELDS:
        s = ev.get('fields', {}).get(field) or {}
        f[field] = (s.get('top1', 0), s.get('expected', 0))
    conf = ev.get('confident', 0)
    right = round((ev.get('confident_precision') or 0) * conf)
    lower = ev.get('confident_precision_lower_95')
    f['confident'] = ratio(right, conf) + (' (%.2f)' % lower if lower is not None else '')
    f['share'] = ratio(ev.get('confident_answered', 0), ev.get('value_expected', 0))
    ece = (ev.get('calibration_error') or {}).get('ece')
    f['ece'] = '-' if ece is None else '%.3f' % ece
    t = ev.get('table', {})
    f['nopay'] = '%d/%d' % (t['no_payment_confident'], t['no_payment_documents']) if t.get('no_payment_documents') else '-'
    f['kinds'] = t.get('miss_kinds', {})
    f['no_result'] = sum(1 for r in results_of(out, row).docs.values() if r.get('accuracy_placeholder')) if row not in POOLS else 0
    return f


def detail(out, f):
    """OUT/<row>.detail.txt, for a tuning row only: per document and field, expected against the top candidate."""
    res = results_of(out, f['row'])
    misses = {(m['source'], m['field']) for m in f['eval'].get('misses', [])}
    lines = [
        '# %s: expected vs top candidate (confidence) per field; WRONG = eval counts it wrong' % f['row'],
        '# "none" expected = nothing to pay or nothing printed: right unless the top candidate is >= %d;' % CONFIDENT,
        '# "-" = field not scored here. Sources: paths within the data set folder.',
        '',
    ]
    wrong = []
    for t in f['truth']:
        doc = res.doc(t['source'])
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
            if (t['source'], field) in misses:
                mark = 'WRONG (confident)' if t[field] is None or not t.get('payment_expected', True) else 'WRONG'
                wrong.append('%s  %s: expected %s, got %s  %s' % (t['source'], field, shown(t[field]), got, mark))
            lines.append(('  %-10s %-32s %-48s %s' % (field, shown(t[field]), got, mark)).rstrip())
        lines.append('')
    lines[3:3] = ['# %d documents, %d WRONG:' % (len(f['truth']), len(wrong))] + ['#   ' + w for w in wrong]
    with open(os.path.join(out, key(f['row']) + '.detail.txt'), 'w', encoding='utf-8') as w:
        w.write('\n'.join(lines))


def markdown(head, body):
    widths = [max(len(r[i]) for r in [head] + body) for i in range(len(head))]

    def line(cells):
        return '| ' + ' | '.join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))) + ' |'

    rule = '|' + '|'.join('-' * (w + 1) + (':' if i >= 2 else '-') for i, w in enumerate(widths)) + '|'
    return [line(head), rule] + [line(r) for r in body]


def calibration(f, name, what):
    """The bands of one pooled report: count, mean predicted, observed; and the ECE over them."""
    bands = f['eval'].get(name, [])
    text = ['Calibration, %s of account/amount/reference, %s:' % (what, f['row']), '',
            '| confidence | count | predicted (mean c/2000) | observed precision |', '|---|---:|---:|---:|']
    for b in bands:
        pred = '-' if b.get('predicted') is None else '%.2f' % b['predicted']
        text.append('| %s | %d | %s | %s |' % (b['band'], b['count'], pred, ratio(b['right'], b['count'])))
    return text


def kinds_table(figs):
    body = []
    for f in figs:
        for field in FIELDS:
            counts = f['kinds'].get(field) or {}
            if any(counts.values()):
                body.append([f['row'].rsplit(' ', 1)[0], field] + [str(counts.get(k, 0)) for k, _ in KINDS])
    if not body:
        return ['Checking half: no misses.']
    return ['Checking half, misses by kind (counts only; its documents are not shown one by one):', ''] + markdown(
        ['set', 'field'] + [label for _, label in KINDS], body)


def table(out):
    figs = [row_figures(out, row) for row in rows(out)]
    pooled = [row_figures(out, p) for p in POOLS]
    for f in figs:
        if half_of(f['row']) == split.TUNING:
            detail(out, f)
    head = ['set', 'half', 'documents', 'account top-1', 'amount top-1', 'reference top-1',
            'confident precision (lower 95%)', 'confident share', 'ECE', 'confident on no-payment']
    body = []
    for f in figs + pooled:
        name, half = f['row'].rsplit(' ', 1)
        body.append([name, half, str(f['docs']), ratio(*f['account']), ratio(*f['amount']), ratio(*f['reference']),
                     f['confident'], f['share'], f['ece'], f['nopay']])
    text = markdown(head, body) + [
        '',
        'top-1: the top candidate is the expected value (hits/expected). confident precision: share of top',
        'candidates >= %d of the three fields that are right (a confident one where none is expected is' % CONFIDENT,
        'wrong), in brackets the lower end of its 95% Wilson interval. confident share: fields with a value',
        'expected whose top candidate is >= %d / such fields (abstaining sends the field to a person).' % CONFIDENT,
        'ECE: expected calibration error of the top candidates over eval\'s bands. confident on no-payment:',
        'documents asking for no payment with a confident account, amount or reference / such documents.',
        '"all": eval over every row of the half at once.',
    ]
    no_result = ['%s: %d' % (f['row'], f['no_result']) for f in figs if f['no_result']]
    if no_result:
        text.append('Documents with no document record (counted as no candidates): ' + ', '.join(no_result) + '.')
    for n in (n.strip() for n in open(os.path.join(out, 'notes.txt'))):
        if n:
            text.append('Skipped: ' + n)
    checking = [f for f in figs if half_of(f['row']) == split.CHECKING]
    text += [''] + kinds_table(checking)
    pooled_checking = pooled[split.HALVES.index(split.CHECKING)]
    text += [''] + calibration(pooled_checking, 'calibration', 'top candidates')
    text += [''] + calibration(pooled_checking, 'calibration_all', 'all candidates')
    text += ['', 'Per document, tuning rows only: %s/<set>-tuning.detail.txt (grep WRONG); eval reports: %s/<set>.eval.json'
             % (out, out)]
    print('\n'.join(text))


def main():
    commands = {'fill': fill, 'pool': pool, 'seal': seal, 'table': table}
    if len(sys.argv) != 3 or sys.argv[1] not in commands:
        sys.exit('usage: accuracy_table.py fill|pool|seal|table OUT')
    commands[sys.argv[1]](sys.argv[2])


if __name__ == '__main__':
    main()
