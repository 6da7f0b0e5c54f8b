#!/usr/bin/env python3
"""Self-check of a synthetic set: every truth value of a PDF is printed in its text layer
(pdftotext), every account and reference passes its checksum, and every payment code (decoded with
zxing-cpp) agrees with the page or contradicts it as code_contradicts says.

    python3 Tests/Synth/check_truth.py DIR
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checksums as ck  # noqa: E402
import codes  # noqa: E402
import national  # noqa: E402
from locale_data import DATE_STYLES, fmt_amount, fmt_date  # noqa: E402
import datetime  # noqa: E402
import tempfile  # noqa: E402

NATIONAL_KEYS = ("routing", "sort_code", "ifsc")

SPACE = re.compile(r"[\s\u00a0\u202f]+")


def squash(s):
    return SPACE.sub("", s)


def amount_forms(amount):
    return {squash(fmt_amount(amount, st, g)) for st in ("en", "de", "fr", "ch") for g in (True, False)}


def check_account(t, flat):
    errs = []
    acc, scheme = t["account"], t["account_scheme"]
    extra = {k: t[k] for k in NATIONAL_KEYS if t[k]}
    if scheme in national.MAKERS:
        if not national.valid(scheme, acc, extra):
            errs.append("account %s fails the %s checks" % (acc, scheme))
        if not any(all(squash(part) in flat for part in alt) for alt in national.printed_forms(scheme, acc)):
            errs.append("account not printed " + acc)
        for k, v in extra.items():
            forms = {v, "%s-%s-%s" % (v[:2], v[2:4], v[4:])} if k == "sort_code" else {v}
            if not any(f in flat for f in forms):
                errs.append("%s not printed %s" % (k, v))
    elif extra:
        errs.append("%s given for an account of scheme %s" % (", ".join(sorted(extra)), scheme))
    elif scheme == "rs-account":
        if not ck.rs_account_valid(acc):
            errs.append("bad Serbian account checksum " + acc)
        if acc not in flat and squash(ck.rs_short(acc)).replace("-", "") not in flat.replace("-", ""):
            if acc not in flat.replace("-", ""):
                errs.append("account not printed " + acc)
    elif scheme == "iban":
        if not ck.iban_valid(acc):
            errs.append("bad IBAN checksum " + acc)
        if acc not in flat:
            errs.append("account not printed " + acc)
    else:
        errs.append("unknown account_scheme %r" % scheme)
    return errs


def check_one(t, text):
    errs = []
    flat = squash(text)
    if not t["payment_expected"]:
        for k in ("account", "amount", "reference", "currency", "due_date", "account_scheme", "code_contradicts") \
                + NATIONAL_KEYS:
            if t[k] is not None:
                errs.append("%s set on a no-payment document" % k)
        return errs
    if t["account"] is not None:  # None: a till receipt, only its total
        errs += check_account(t, flat)
    elif t["account_scheme"] is not None:
        errs.append("account_scheme without an account")
    if not any(f in flat for f in amount_forms(t["amount"])):
        errs.append("amount not printed " + t["amount"])
    ref = t["reference"]
    if ref:
        if ref.startswith("RF") and not ck.rf_valid(ref):
            errs.append("bad RF checksum " + ref)
        if t["reference_model"] == "97" and not ck.model97_valid(ref):
            errs.append("bad model-97 checksum " + ref)
        if len(ref) == 27 and ref.isdigit() and ck.mod10_recursive(ref[:26]) != ref[26]:
            errs.append("bad 27-digit reference check digit " + ref)
        if t["account_scheme"] in ("se-bankgiro", "se-plusgiro", "no-account") and not ck.luhn_valid(ref):
            errs.append("bad OCR/KID check digit " + ref)
        if ref not in flat:
            errs.append("reference not printed " + ref)
    if t["due_date"]:
        d = datetime.date.fromisoformat(t["due_date"])
        if not any(squash(fmt_date(d, st)) in flat for st in DATE_STYLES):
            errs.append("due date not printed " + t["due_date"])
    for k in ("bic", "payment_code"):
        if t[k] and t[k] not in flat:
            errs.append("%s not printed %s" % (k, t[k]))
    return errs


def decoded_codes(pdf):
    """Texts of the codes zxing-cpp finds on page 1 (rendered at 200 dpi, grey)."""
    import zxingcpp
    from PIL import Image
    with tempfile.TemporaryDirectory() as td:
        out = os.path.join(td, "p")
        subprocess.run(["pdftoppm", "-r", "200", "-gray", "-f", "1", "-l", "1", "-png", "-singlefile", pdf, out], check=True)
        img = Image.open(out + ".png").convert("L")
        found = []
        for r in zxingcpp.read_barcodes(img):
            text = r.text
            if r.format == zxingcpp.BarcodeFormat.PDF417 and not text.isascii():
                text = bytes(r.bytes).decode("iso-8859-2")  # HUB-3 is ISO 8859-2, which PDF417 cannot declare
            found.append(text)
        return found


def check_code(t, flat):
    """The code's account and amount equal the page's, or differ in exactly what code_contradicts names
    (and the forged value is nowhere on the page)."""
    fmt, verdict = t["code_format"], t["code_contradicts"]
    try:
        found = decoded_codes(t["source"])
    except ImportError:
        return ["zxing-cpp is needed to check payment codes (pip install zxing-cpp)"]
    if len(found) != 1:
        return ["%d codes decoded, 1 expected (%s)" % (len(found), fmt)]
    try:
        acc, amount = codes.read(fmt, found[0])
    except (KeyError, IndexError, ValueError) as e:
        return ["%s payload not readable: %s" % (fmt, e)]
    errs = []
    if (acc != t["account"]) != (verdict == "account"):
        errs.append("code account %s vs page %s, code_contradicts %s" % (acc, t["account"], verdict))
    if (amount != t["amount"]) != (verdict == "amount"):
        errs.append("code amount %s vs page %s, code_contradicts %s" % (amount, t["amount"], verdict))
    if verdict == "account" and acc in flat:
        errs.append("the code's account %s is printed on the page" % acc)
    if verdict == "amount" and any(f in flat for f in amount_forms(amount)):
        errs.append("the code's amount %s is printed on the page" % amount)
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
        if t["code_format"] and t["payment_expected"]:
            errs += check_code(t, squash(text))
        elif t["code_contradicts"]:
            errs.append("code_contradicts without a code_format")
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
