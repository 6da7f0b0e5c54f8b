#!/usr/bin/env python3
"""Summarises bench/ocr/auto.sh: medians of wall, user CPU and peak RSS per build, language and way in,
auto against eng, how --lang auto decided, and word agreement with the CLI and with the PDFs' own words."""
import collections
import json
import os
import statistics
import sys

work = sys.argv[1]
WAYS = {"png": "pp-ocr on rendered PNGs (no text on the page)", "pipe": "pp-ingest --raster, then pp-ocr --force (text layer present)"}

runs = collections.defaultdict(list)
loads = []
for line in open(os.path.join(work, "times.tsv")):
    _, build, lang, way, load, wall, user, system, rss = line.split()
    runs[(build, lang, way)].append((float(wall), float(user), float(system), int(rss)))
    loads.append(float(load))
builds = sorted({k[0] for k in runs}, key=lambda b: b != "before")


def median(key, i):
    return statistics.median(r[i] for r in runs[key])


print(f"\n## --lang auto against --lang eng (medians of {len(next(iter(runs.values())))} rounds; "
      f"1-minute load at the starts {min(loads):.1f}-{max(loads):.1f}, median {statistics.median(loads):.1f})\n")
print("| build | way in | lang | wall | user CPU | peak RSS | auto/eng wall | auto/eng user | auto/eng RSS |")
print("|---|---|---|---|---|---|---|---|---|")
for build in builds:
    for way in WAYS:
        for lang in ("eng", "auto"):
            key = (build, lang, way)
            if key not in runs:
                continue
            ratio = ""
            if lang == "auto":
                eng = (build, "eng", way)
                ratio = " | ".join(f"**{median(key, i) / median(eng, i):.2f}x**" for i in (0, 1, 3))
            else:
                ratio = " |  | "
            print(f"| {build} | {WAYS[way]} | {lang} | {median(key, 0):.2f} s | {median(key, 1):.2f} s "
                  f"| {median(key, 3) / 1024:.0f} MB | {ratio} |")


def words(text):
    return collections.Counter(text.split())


def pages(name):
    path = os.path.join(work, "out", name)
    if not os.path.exists(path):
        return []
    return [json.loads(line) for line in open(path) if '"lines"' in line]


def key(record):
    return os.path.basename(record["source"])[:-4] + f"-p{record['page']}"


def agreement(records, folder):
    found = total = 0
    for r in records:
        ref = os.path.join(work, folder, key(r) + ".txt")
        if not os.path.exists(ref):
            continue
        want = words(open(ref).read())
        got = words(" ".join(l["text"] for l in r["lines"]))
        found += sum(min(c, got[w]) for w, c in want.items())
        total += sum(want.values())
    return f"{found} of {total} ({100 * found / max(total, 1):.2f}%)"


print("\n### Words (from the first round)\n")
print("| build | way in | lang | CLI `-l eng` words found | PDF's own words found |")
print("|---|---|---|---|---|")
for build in builds:
    for way in WAYS:
        for lang in ("eng", "auto"):
            records = pages(f"{build}-{lang}-{way}.jsonl")
            if records:
                print(f"| {build} | {way} | {lang} | {agreement(records, 'cli')} | {agreement(records, 'truth')} |")

print("\n### How --lang auto chose (from the first round)\n")
for build in builds:
    for way in WAYS:
        records = pages(f"{build}-auto-{way}.jsonl")
        if not records:
            continue
        again = sum(1 for r in records if r["ocr"].get("first_pass") or r["ocr"].get("read_again"))
        osd = sum(1 for r in records if "script_conf" in r["ocr"])
        sources = collections.Counter(r["ocr"].get("detected_from") or "-" for r in records)
        langs = collections.Counter(r["ocr"].get("lang") for r in records)
        print(f"- {build}, {way}: {len(records)} pages, {again} read again, OSD on {osd}; languages "
              + ", ".join(f"{k} {v}" for k, v in sorted(langs.items()))
              + "; decided from " + ", ".join(f"{k} {v}" for k, v in sorted(sources.items())))
