#!/usr/bin/env python3
"""Summarises bench/ocr/defaults.sh: medians of wall, CPU and peak RSS per side, the ratios against pp with its
defaults, the words each side found of the PDFs' own, and how pp-ocr's --lang auto chose."""
import collections
import glob
import json
import os
import re
import statistics
import sys

work, pages = sys.argv[1], int(sys.argv[2])
NAMES = {
    "pp-before": "before: `pp-ingest \\| pp-ocr` (defaults: --lang auto)",
    "pp-before-eng": "before: `pp-ingest \\| pp-ocr --lang eng`",
    "pp-after": "**`pp-ingest \\| pp-ocr`** (defaults: --lang auto)",
    "pp-after-eng": "`pp-ingest \\| pp-ocr --lang eng`",
    "shell": "shell: pdftoppm -r 300 -gray -png + `tesseract page.png -`",
    "ocrmypdf": "OCRmyPDF --skip-text --sidecar --jobs 2",
}

runs = collections.defaultdict(list)
loads = []
for line in open(os.path.join(work, "times.tsv")):
    _, label, load, wall, user, system, rss = line.split()
    runs[label].append((float(wall), float(user) + float(system), float(user), int(rss)))
    loads.append(float(load))


def median(label, i):
    return statistics.median(r[i] for r in runs[label])


def words(text):
    return collections.Counter(text.split())


def truth(key):
    path = os.path.join(work, "truth", key + ".txt")
    return words(open(path).read()) if os.path.exists(path) else None


def readings(label):
    """Page key (NAME-pN) → the words that side read."""
    folder = os.path.join(work, "first-" + label)
    found = {}
    if label.startswith("pp-"):
        for line in open(os.path.join(folder, "pages.jsonl")):
            r = json.loads(line)
            if r.get("kind") == "page" and "lines" in r:
                key = os.path.basename(r["source"])[:-4] + f"-p{r['page']}"
                found[key] = (" ".join(l["text"] for l in r["lines"]), r.get("ocr") or {})
    elif label == "shell":  # pdftoppm names pages NAME-N.txt (N zero-padded)
        for path in glob.glob(os.path.join(folder, "*.txt")):
            name, n = re.match(r"(.*)-0*(\d+)\.txt$", os.path.basename(path)).groups()
            found[f"{name}-p{n}"] = (open(path).read(), {})
    else:  # OCRmyPDF's sidecar: one text per PDF, pages split by form feeds
        for path in glob.glob(os.path.join(folder, "*.txt")):
            name = os.path.basename(path)[:-4]
            for n, text in enumerate(open(path).read().split("\f"), 1):
                found[f"{name}-p{n}"] = (text, {})
    return found


def agreement(label):
    got_total = want_total = 0
    for key, (text, _) in readings(label).items():
        want = truth(key)
        if want is None:
            continue
        got = words(text)
        got_total += sum(min(c, got[w]) for w, c in want.items())
    want_total = sum(sum(truth(os.path.basename(p)[:-4]).values()) for p in glob.glob(os.path.join(work, "truth", "*.txt")))
    return f"{got_total} of {want_total} ({100 * got_total / max(want_total, 1):.1f} %)"


labels = [l for l in NAMES if l in runs]
ours = "pp-after"
print(f"\n## {pages} scanned pages, defaults (medians of {len(runs[ours])} rounds; 1-minute load at the starts "
      f"{min(loads):.1f}-{max(loads):.1f}, median {statistics.median(loads):.1f}, on {os.cpu_count()} cores)\n")
print("| side | wall | CPU (user + sys) | peak RSS | wall vs ours | CPU vs ours | RSS vs ours | PDF's own words found |")
print("|---|---|---|---|---|---|---|---|")
for label in labels:
    ratios = " | ".join(f"{median(label, i) / median(ours, i):.2f}x" for i in (0, 1, 3))
    print(f"| {NAMES[label]} | {median(label, 0):.2f} s | {median(label, 1):.2f} s | {median(label, 3) / 1024:.0f} MB "
          f"| {ratios} | {agreement(label)} |")
for peer in ("shell", "ocrmypdf"):
    for label in ("pp-after", "pp-before"):
        if label in runs and peer in runs:
            print(f"- {peer} / {label}: wall {median(peer, 0) / median(label, 0):.2f}x, "
                  f"CPU {median(peer, 1) / median(label, 1):.2f}x")
for label in ("pp-before", "pp-after"):
    if label in runs:
        eng = label + "-eng"
        print(f"- {label} auto / eng: wall {median(label, 0) / median(eng, 0):.2f}x, "
              f"user {median(label, 2) / median(eng, 2):.2f}x, RSS {median(label, 3) / median(eng, 3):.2f}x")
        ocr = [o for _, o in readings(label).values()]
        again = sum(1 for o in ocr if o.get("read_again"))
        osd = sum(1 for o in ocr if "script_conf" in o)
        langs = collections.Counter(o.get("lang") for o in ocr)
        sources = collections.Counter(o.get("detected_from") or "-" for o in ocr)
        print(f"  - how auto chose: {len(ocr)} pages, {again} read again, OSD on {osd}; languages "
              + ", ".join(f"{k} {v}" for k, v in sorted(langs.items()))
              + "; decided from " + ", ".join(f"{k} {v}" for k, v in sorted(sources.items())))
