#!/usr/bin/env python3
"""Tests of the tuning/checking split and of the fit's refusal of checking data (seconds, no scikit-learn
needed): python3 bench/extract/split_test.py. Run by Tests/ExtractTests/HeldOutSplitTests.swift."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import split  # noqa: E402


class SplitTests(unittest.TestCase):
    def test_corpus_half_is_the_first_byte_of_the_file_names_sha256(self):
        # printf %s NAME | sha256sum: a.pdf a7…, b.pdf 9a…, c.pdf 2d…, d.pdf 03…
        self.assertEqual(split.corpus_half('a.pdf'), split.CHECKING)
        self.assertEqual(split.corpus_half('b.pdf'), split.CHECKING)
        self.assertEqual(split.corpus_half('c.pdf'), split.TUNING)
        self.assertEqual(split.corpus_half('d.pdf'), split.TUNING)
        # Only the file name counts: a set's folder or a photo folder does not move a document.
        self.assertEqual(split.corpus_half('zugferd/a.pdf'), split.CHECKING)

    def test_synthetic_families_follow_the_generators_split(self):
        self.assertEqual(split.synth_half('fit'), split.TUNING)
        self.assertEqual(split.synth_half('heldout'), split.CHECKING)
        with self.assertRaises(split.SplitError):
            split.synth_half(None)

    def test_groups_give_their_half_back(self):
        self.assertEqual(split.half_of_group(split.samples_group('samples/pdf/x.pdf')), split.TUNING)
        self.assertEqual(split.half_of_group(split.synth_group('fit', 'letter')), split.TUNING)
        self.assertEqual(split.half_of_group(split.synth_group('heldout', 'box-form')), split.CHECKING)
        self.assertEqual(split.half_of_group(split.corpus_group('invoices/zugferd/c.pdf')), split.TUNING)
        self.assertEqual(split.half_of_group(split.corpus_group('a.pdf')), split.CHECKING)
        for group in (None, '', 'a.pdf', 'synth:letter', 'synth:other:letter', 'corpus:', 'samples:'):
            with self.assertRaises(split.SplitError, msg=group):
                split.half_of_group(group)


class FitRefusesCheckingRows(unittest.TestCase):
    def fit(self, *families):
        """Runs the fit script on one row per family; returns the run and whether a model was written."""
        with tempfile.TemporaryDirectory() as td:
            rows = os.path.join(td, 'rows.jsonl')
            with open(rows, 'w') as w:
                for i, family in enumerate(families):
                    row = {'source': 'doc%d' % i, 'field': 'amount', 'rank': 0, 'correct': i % 2 == 0,
                           'features': {'rule': 0.5}, 'vetoed': False}
                    if family is not None:
                        row['family'] = family
                    w.write(json.dumps(row) + '\n')
            model = os.path.join(td, 'model.json')
            run = subprocess.run([sys.executable, os.path.join(HERE, 'fit_confidence.py'), '-o', model, rows],
                                 capture_output=True, text=True)
            return run, os.path.exists(model)

    def test_a_checking_row_stops_the_fit_before_anything_is_written(self):
        for family in ('synth:heldout:box-form', 'corpus:a.pdf'):
            run, written = self.fit('samples:samples/pdf/x.pdf', family)
            self.assertEqual(run.returncode, 2, run.stderr)
            self.assertIn('rows.jsonl:2', run.stderr)
            self.assertIn('of the checking half; refusing', run.stderr)
            self.assertFalse(written)

    def test_a_row_of_no_known_origin_is_refused(self):
        run, written = self.fit('samples:samples/pdf/x.pdf', None)
        self.assertEqual(run.returncode, 2, run.stderr)
        self.assertIn('names no origin', run.stderr)
        self.assertFalse(written)

    def test_tuning_rows_pass_the_check(self):
        import fit_confidence  # in this process: the check comes before scikit-learn is imported
        with tempfile.TemporaryDirectory() as td:
            rows = os.path.join(td, 'rows.jsonl')
            with open(rows, 'w') as w:
                for family in ('samples:samples/pdf/x.pdf', 'synth:fit:letter', 'corpus:c.pdf'):
                    w.write(json.dumps({'source': 'x', 'family': family, 'correct': True}) + '\n')
            self.assertEqual([r['family'] for r in fit_confidence.load([rows])][1], 'synth:fit:letter')

if __name__ == '__main__':
    unittest.main()
