#!/usr/bin/env python3
"""pp-extract on stand-alone XML e-invoices against a truth.jsonl (the corpus's xml-einvoices folder).

    python3 Tests/Corpus/xml_einvoices.py BIN FOLDER [--min-rate 0.99]

Runs BIN/pp-ingest FOLDER/*.xml | BIN/pp-extract and compares each document's top candidate with the
truth: payee account (spaces removed), amount due (as a number) and payment reference must be equal, a
value the truth has as null must have no candidate at 1500 or above, and a document that expects no
payment must have no candidate at 1500 or above in any field. Prints one line per field and the misses;
exits 1 when a rate is below --min-rate or a document without payment has a confident candidate.
Skips (exit 0) when the folder is absent: the corpus is not part of the repository.
"""
import argparse
import glob
import json
import os
import subprocess
import sys
from decimal import Decimal, InvalidOperation

CONFIDENT = 1500


def compact(text):
    return "".join(str(text).split()).upper()


def same(field, expected, got):
    if field == "amount":
        try:
            return Decimal(expected) == Decimal(got)
        except (InvalidOperation, TypeError):
            return False
    return compact(expected) == compact(got)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bin")
    parser.add_argument("folder")
    parser.add_argument("--min-rate", type=float, default=0.99)
    args = parser.parse_args()
    truth_path = os.path.join(args.folder, "truth.jsonl")
    if not os.path.exists(truth_path):
        print(f"xml-accuracy: {args.folder} is absent, skipped")
        return 0
    files = sorted(glob.glob(os.path.join(args.folder, "*.xml")))
    ingest = subprocess.run([os.path.join(args.bin, "pp-ingest"), *files], capture_output=True, check=False)
    extract = subprocess.run(
        [os.path.join(args.bin, "pp-extract")], input=ingest.stdout, capture_output=True, check=False
    )
    results = {}
    for line in extract.stdout.decode().splitlines():
        record = json.loads(line)
        results[os.path.basename(record.get("source", ""))] = record
    truth = [json.loads(line) for line in open(truth_path, encoding="utf-8") if line.strip()]

    fields = ["account", "amount", "reference"]
    right = {f: 0 for f in fields}
    misses = []
    confident_without_payment = []
    for t in truth:
        record = results.get(t["source"])
        if record is None or record.get("state") != "processed":
            misses.append((t["source"], "document", "a document record", (record or {}).get("error")))
            continue
        candidates = record.get("candidates", {})
        for field in fields:
            top = (candidates.get(field) or [None])[0]
            expected = t.get(field)
            if expected is None:
                ok = top is None or top["confidence"] < CONFIDENT
            else:
                ok = top is not None and same(field, expected, top["value"])
            if ok:
                right[field] += 1
            else:
                misses.append((t["source"], field, expected, top and (top["value"], top["confidence"])))
        if not t.get("payment_expected", True):
            confident = [
                (f, c["value"], c["confidence"])
                for f, cs in candidates.items()
                for c in cs
                if c["confidence"] >= CONFIDENT
            ]
            if confident or record.get("payment_expected") is not False:
                confident_without_payment.append((t["source"], record.get("payment_expected"), confident))

    n = len(truth)
    failed = False
    print(f"xml-accuracy: {n} e-invoices in {args.folder}")
    for field in fields:
        rate = right[field] / n if n else 0
        failed |= rate < args.min_rate
        print(f"  {field:10} {right[field]:3}/{n} = {rate:.1%}")
    without = sum(1 for t in truth if not t.get("payment_expected", True))
    print(f"  no payment expected: {without}, with a confident candidate or a payment expected: {len(confident_without_payment)}")
    for m in misses:
        print("  miss:", *m)
    for c in confident_without_payment:
        print("  confident without payment:", *c)
    failed |= bool(confident_without_payment)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
