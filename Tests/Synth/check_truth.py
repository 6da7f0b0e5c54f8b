#!/usr/bin/env python3
"""Self-check of a synthetic set: every truth value of a PDF is printed in its text layer
(pdftotext), and every account and reference passes its checksum.

    python3 Tests/Synth/check_truth.py DIR
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checksums as ck  # noqa: E402
from locale_data import LANG, fmt_amount, fmt_date  # noqa: E402
import datetime  # noqa: E402

SPACE = re.compile(r"[\s\u00a0\u202f]+")


def squash(s):
    return SPACE.sub("", s)


def amount_forms(amount):
    return {squash(fmt_amount(amount, st, g)) for st in ("en", "de", "fr", "ch") for g in (True, False)}


def check_one(t, text):
    errs = []
    flat = squash(text)
    if not t["payment_expected"]:
        for k in ("account", "amount", "reference", "currency", "due_date"):
            if t[k] is not None:
                errs.append("%s set on a no-payment document" % k)
        return errs
    acc = t["account"]
    if acc is None:  # a till receipt: only its total
        pass
    elif acc.isdigit():
        if not ck.rs_account_valid(acc):
            errs.append("bad Serbian account checksum " + acc)
        if acc not in flat and squash(ck.rs_short(acc)).replace("-", "") not in flat.replace("-", ""):
            if acc not in flat.replace("-", ""):
                errs.append("account not printed " + acc)
    else:
        if not ck.iban_valid(acc):
            errs.append("bad IBAN checksum " + acc)
        if acc not in flat:
            errs.append("account not printed " + acc)
    if not any(f in flat for f in amount_forms(t["amount"])):
        errs.append("amount not printed " + t["amount"])
    ref = t["reference"]
    if ref:
        if ref.startswith("RF") and not ck.rf_valid(ref):
            errs.append("bad RF checksum " + ref)
        if t["reference_model"] == "97" and not ck.model97_valid(ref):
            errs.append("bad model-97 checksum " + ref)
        if ref not in flat:
            errs.append("reference not printed " + ref)
    if t["due_date"]:
        d = datetime.date.fromisoformat(t["due_date"])
        if not any(squash(fmt_date(d, LANG[l][2])) in flat for l in LANG):
            errs.append("due date not printed " + t["due_date"])
    for k in ("bic", "payment_code"):
        if t[k] and t[k] not in flat:
            errs.append("%s not printed %s" % (k, t[k]))
    return errs


def main(folder):
    bad = total = 0
    keys = None
    with open(os.path.join(folder, "truth.jsonl"), encoding="utf-8") as f:
        rows = [json.loads(line) for line in f]
    for t in rows:
        keys = keys or sorted(t)
        if sorted(t) != keys:
            print("%s: keys differ" % t["source"])
            bad += 1
        if not os.path.exists(t["source"]):
            print("%s: missing file" % t["source"])
            bad += 1
            continue
        if t["variant"] != "digital":
            continue
        total += 1
        text = subprocess.run(["pdftotext", "-layout", t["source"], "-"], capture_output=True, text=True).stdout
        errs = check_one(t, text)
        if t["payee"] and squash(t["payee"]) not in squash(text):
            errs.append("payee not printed")
        for e in errs:
            print("%s: %s" % (t["source"], e))
        bad += bool(errs)
    splits = {}
    for t in rows:
        splits.setdefault(t["split"], set()).add(t["family"])
    print("checked %d PDFs (%d truth lines): %d with problems; families fit %d, heldout %d"
          % (total, len(rows), bad, len(splits.get("fit", ())), len(splits.get("heldout", ()))))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else ".build/synth"))
