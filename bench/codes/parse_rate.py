#!/usr/bin/env python3
"""Parse rate of pp-extract on real payment-code payloads, per format.

Feeds each payload of the corpus's truth.jsonl (fields `source`, `format`, `payload`) as a page record
with a `codes` entry through the built pp-extract and reports, per format: recognised (the right
format read), valid (no problems), and account / amount / reference read. Payloads with problems are
listed with the reasons pp-extract gives.

    swift build -c release --product pp-extract
    python3 bench/codes/parse_rate.py [CORPUS_FOLDER] [--bin .build/release/pp-extract]

CORPUS_FOLDER defaults to ../shared/corpus/payment-codes; when it is absent the script says so and
exits 0.
"""
import argparse
import json
import os
import subprocess
import sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def family(fmt):
    """pp-extract names the invoice variant of SPAYD apart; the corpus files it under spayd."""
    return "spayd" if fmt in ("spayd", "spayd-invoice") else fmt


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus", nargs="?", default=os.path.join(ROOT, "..", "shared", "corpus", "payment-codes"))
    ap.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "pp-extract"))
    args = ap.parse_args()
    truth_path = os.path.join(args.corpus, "truth.jsonl")
    if not os.path.exists(truth_path):
        print(f"no corpus at {args.corpus} (truth.jsonl missing): skipped")
        return 0
    if not os.path.exists(args.bin):
        print(f"no pp-extract at {args.bin}: swift build -c release --product pp-extract", file=sys.stderr)
        return 2
    truth = [json.loads(l) for l in open(truth_path, encoding="utf-8") if l.strip()]
    pages = []
    for i, t in enumerate(truth):
        pages.append(json.dumps({
            "kind": "page", "source": t["source"], "doc": f"sha256:{i:064x}", "page": 1, "pages": 1, "lines": [],
            "codes": [{"type": "pdf417" if t.get("barcode") == "PDF417" else "qr", "text": t["payload"], "page": 1}],
        }, ensure_ascii=False))
    run = subprocess.run([args.bin, "--profile", "sepa"], input="\n".join(pages) + "\n", capture_output=True,
                         text=True, check=False)
    if run.returncode not in (0, 3):
        print(run.stderr, file=sys.stderr)
        return 2
    docs = [json.loads(l) for l in run.stdout.splitlines() if l.strip()]
    stats = defaultdict(lambda: defaultdict(int))
    failures = []
    for t, d in zip(truth, docs):
        s = stats[t["format"]]
        s["payloads"] += 1
        checks = d.get("payment_code_checks") or []
        check = checks[0] if checks else None
        got = family(check["format"]) if check else None
        if got == t["format"]:
            s["recognised"] += 1
        if check and check["valid"]:
            s["valid"] += 1
        cands = d.get("candidates", {})
        for field in ("account", "amount", "reference"):
            if cands.get(field):
                s[field] += 1
        if not check or not check["valid"] or got != t["format"]:
            failures.append((t["source"], t["format"], got, check["problems"] if check else ["not recognised"],
                             t.get("note", "")))
    cols = ["payloads", "recognised", "valid", "account", "amount", "reference"]
    print("| format | " + " | ".join(cols) + " |")
    print("|---|" + "---|" * len(cols))
    total = defaultdict(int)
    for fmt in sorted(stats):
        print(f"| {fmt} | " + " | ".join(str(stats[fmt][c]) for c in cols) + " |")
        for c in cols:
            total[c] += stats[fmt][c]
    print("| all | " + " | ".join(str(total[c]) for c in cols) + " |")
    print("\n(amount and reference are optional in several formats; a code without them is not a miss)")
    if failures:
        print("\nPayloads with problems:")
        for source, fmt, got, problems, note in failures:
            print(f"- {source} ({fmt}, read as {got}): {'; '.join(problems)}" + (f" [corpus note: {note}]" if note else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
