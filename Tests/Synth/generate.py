#!/usr/bin/env python3
"""Synthetic bills for fitting and measuring pp-extract on layouts it was not tuned on.

    python3 Tests/Synth/generate.py --out DIR [--per-family N] [--seed S] [--photos] [--lexicons DIR]

Writes DIR/pdf/<family>-<nn>-<lang>.pdf, with --photos DIR/photo/<same>.jpg for every held-out
document and every other fit document, and DIR/truth.jsonl (one line per file).
Split rule (order of FAMILIES below): families 0-35, index % 4 == 3 is "heldout"; families 36 and
later, index % 4 != 0 is "heldout" (three of every four); the rest "fit".
"""
import argparse
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import draw  # noqa: E402  (sets reportlab's invariant mode before anything else imports reportlab)
import families_a  # noqa: E402
import families_b  # noqa: E402
import families_c  # noqa: E402
import families_d  # noqa: E402
import families_e  # noqa: E402
import families_f  # noqa: E402
import families_g  # noqa: E402
import families_h  # noqa: E402
import families_i  # noqa: E402
from lexicon import Lexicons  # noqa: E402
from locale_data import LANG  # noqa: E402
from model import Bill  # noqa: E402

FAMILIES = (families_a.FAMILIES + families_b.FAMILIES + families_c.FAMILIES + families_d.FAMILIES
            + families_e.FAMILIES + families_f.FAMILIES + families_g.FAMILIES + families_h.FAMILIES
            + families_i.FAMILIES)
REPO = os.path.dirname(os.path.dirname(HERE))
# Families from this index on were added for shapes found on documents nobody had seen; most of them
# are held out (the split of the earlier ones never changes).
FIRST_MOSTLY_HELDOUT = 36


def split_of(index):
    if index < FIRST_MOSTLY_HELDOUT:
        return "heldout" if index % 4 == 3 else "fit"
    return "fit" if index % 4 == 0 else "heldout"


def language_pool(langs, available):
    wanted = sorted(LANG) if langs == "any" else list(langs)
    return [l for l in wanted if l in available] or wanted  # a family's own language even without its lexicon


def documents_of(fn, langs, available, per_family):
    """per_family, or one per language for a family that must show every one of its languages."""
    if getattr(fn, "one_per_language", False):
        return max(per_family, len(language_pool(langs, available)))
    return per_family


def language_plan(rng, langs, available, n):
    """n (language, script) pairs for a family: its languages, shuffled, repeated as needed."""
    pool = language_pool(langs, available)
    out = []
    while len(out) < n:
        batch = pool[:]
        rng.shuffle(batch)
        out += batch
    plan = []
    for i, lang in enumerate(out[:n]):
        script = "Latn"
        if lang in ("mk", "bg"):
            script = "Cyrl"
        elif lang == "el":
            script = "Grek"
        elif lang == "sr" and (i + sum(map(ord, lang))) % 2 == 1:
            script = "Cyrl"
        plan.append((lang, script))
    return plan


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--per-family", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--photos", action="store_true")
    ap.add_argument("--lexicons", default=os.path.join(REPO, "Sources", "Extract", "Lexicons"))
    ap.add_argument("--only", default="", help="comma-separated family names (for development)")
    a = ap.parse_args(argv)
    lex = Lexicons(a.lexicons)
    available = set(lex.languages())
    os.makedirs(os.path.join(a.out, "pdf"), exist_ok=True)
    if a.photos:
        import photo
        os.makedirs(os.path.join(a.out, "photo"), exist_ok=True)
    only = set(filter(None, a.only.split(",")))
    truth, n_pdf, n_photo = [], 0, 0
    for index, (name, langs, fn, opts) in enumerate(FAMILIES):
        if only and name not in only:
            continue
        frng = random.Random("%d/%s" % (a.seed, name))
        n = documents_of(fn, langs, available, a.per_family)
        for k, (lang, script) in enumerate(language_plan(frng, langs, available, n)):
            rng = random.Random("%d/%s/%d" % (a.seed, name, k))
            kw = dict(opts)
            by_lang = kw.pop("country_by_language", None)
            if by_lang and lang in by_lang:
                kw["country"] = by_lang[lang]
            bill = Bill(rng, lex, lang, script, **kw)
            bill.doc_index, bill.seed = k, a.seed
            tag = lang + ("-cyrl" if lang == "sr" and script == "Cyrl" else "")
            base = "%s-%02d-%s" % (name, k + 1, tag)
            pdf = os.path.join(a.out, "pdf", base + ".pdf")
            doc = draw.Doc(pdf, "%s %s" % (bill.v["inv"], bill.invoice_no), bill.issuer, size=getattr(fn, "page_size", draw.A4))
            fn(bill, doc)
            doc.save()
            n_pdf += 1
            truth.append(bill.truth(pdf, name, split_of(index), "digital"))
            # Every held-out bill gets a photo (the photo measurement needs more than a handful), and
            # every other fit bill, in every language.
            if a.photos and (split_of(index) == "heldout" or k % 2 == 0):
                shot = photo.make_photo(pdf, os.path.join(a.out, "photo", base), rng.randrange(1 << 30))
                n_photo += 1
                truth.append(bill.truth(shot, name, split_of(index), "photo"))
    with open(os.path.join(a.out, "truth.jsonl"), "w", encoding="utf-8") as f:
        for t in truth:
            f.write(json.dumps(t, ensure_ascii=False, sort_keys=True) + "\n")
    heldout = sum(1 for i in range(len(FAMILIES)) if split_of(i) == "heldout")
    print("synth: %d families (%d heldout), %d PDFs, %d photos, labels from %s -> %s"
          % (len(FAMILIES), heldout, n_pdf, n_photo, lex.source, a.out), file=sys.stderr)


if __name__ == "__main__":
    main()
