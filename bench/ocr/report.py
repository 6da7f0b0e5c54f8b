#!/usr/bin/env python3
"""Summarises a bench/ocr run: times and ratios, scaling, peak memory, word agreement with the CLI."""
import collections
import json
import os
import sys

work, jobs, ours_label = sys.argv[1], int(sys.argv[2]), sys.argv[3]


def results(name):
    with open(os.path.join(work, name)) as f:
        return {r["command"]: r for r in json.load(f)["results"]}


timed = results("fast.json")
timed.update(results("slow.json"))
pages = sum(1 for _ in open(os.path.join(work, "pages.jsonl")))


def find(prefix):
    return next(r for name, r in timed.items() if name.startswith(prefix))


ours = find("pp: ")
ocr_j = find(f"pp-ocr -j {jobs} ")
ocr_1 = find("pp-ocr -j 1 ")
shell1 = find("shell: pdftoppm + tesseract, OMP_THREAD_LIMIT=1")
shell_default = find("shell: pdftoppm + tesseract, Debian")

print(f"\n## Results ({pages} pages)\n")
print("| pipeline | wall time (mean ± sd) | per page | wall vs ours | CPU (user+sys) | CPU vs ours |")
print("|---|---|---|---|---|---|")
for label, r in [
    (ours_label, ours),
    (f"pp-ocr -j {jobs} on rendered PNGs", ocr_j),
    ("pp-ocr -j 1 on rendered PNGs", ocr_1),
    ("shell: pdftoppm + tesseract, OMP_THREAD_LIMIT=1", shell1),
    ("shell: pdftoppm + tesseract, Debian OpenMP defaults", shell_default),
]:
    sd = r.get("stddev") or 0
    cpu = r["user"] + r["system"]
    ours_cpu = ours["user"] + ours["system"]
    print(f"| {label} | {r['mean']:.2f} s ± {sd:.2f} | {r['mean'] / pages:.2f} s | {r['mean'] / ours['mean']:.2f}x "
          f"| {cpu:.2f} s | {cpu / ours_cpu:.2f}x |")

cli_seconds = float(open(os.path.join(work, "cli-time.txt")).read().split()[1])
print(f"\n- speed-up over the OMP-limited shell pipeline: **{shell1['mean'] / ours['mean']:.2f}x**; "
      f"over Debian's defaults: **{shell_default['mean'] / ours['mean']:.2f}x**")
print(f"- tesseract CLI recognition alone (OMP 1, PNGs already rendered, summed over pages): {cli_seconds:.2f} s; "
      f"divided across {jobs} cores: {cli_seconds / jobs:.2f} s; pp-ocr -j {jobs} on the same PNGs: {ocr_j['mean']:.2f} s "
      f"({(ocr_j['mean'] / (cli_seconds / jobs) - 1) * 100:+.1f}%)")
print(f"- pp-ocr -j 1 / -j {jobs}: {ocr_1['mean'] / ocr_j['mean']:.2f}x (parallel speed-up); "
      f"pp-ocr -j 1 against -j {jobs} x {jobs}: {(ocr_j['mean'] * jobs / ocr_1['mean'] - 1) * 100:+.1f}% overhead")

print(f"\n### Growth with page count (pp-ocr -j {jobs}, /usr/bin/time -v)\n")
print("| pages | wall | per page | peak RSS |")
print("|---|---|---|---|")
for line in open(os.path.join(work, "scale.txt")):
    n, wall, kb = line.split()
    parts = [float(x) for x in wall.split(":")]
    secs = parts[-1] + 60 * parts[-2] + (3600 * parts[-3] if len(parts) > 2 else 0)
    print(f"| {n} | {secs:.2f} s | {secs / int(n):.2f} s | {int(kb) / 1024:.0f} MB |")
for line in open(os.path.join(work, "time-cli.txt")):
    if "Maximum resident set size" in line:
        print(f"\n- tesseract CLI, one page, peak RSS: {int(line.split(':')[1]) / 1024:.0f} MB")


def words(text):
    return collections.Counter(text.split())


def agreement(name, title):
    matched = cli_total = ours_total = both = 0
    worst = []
    for line in open(os.path.join(work, name)):
        r = json.loads(line)
        if r.get("kind") != "page" or "lines" not in r:
            continue
        page = os.path.basename(r["source"])[:-4] + f"-p{r['page']}"
        cli_path = os.path.join(work, "cli", page + ".txt")
        if not os.path.exists(cli_path):
            continue
        ours_words = words(" ".join(l["text"] for l in r["lines"]))
        cli_words = words(open(cli_path).read())
        if not ours_words or not cli_words:
            continue
        both += 1
        m = sum(min(c, ours_words[w]) for w, c in cli_words.items())
        matched += m
        cli_total += sum(cli_words.values())
        ours_total += sum(ours_words.values())
        worst.append((m / max(sum(cli_words.values()), sum(ours_words.values())), page))
    print(f"\n### Word agreement with the tesseract CLI: {title} ({both} pages both read)\n")
    print(f"- {matched} of {cli_total} CLI words found in pp-ocr's output: **{100 * matched / max(cli_total, 1):.2f}%**; "
          f"{matched} of {ours_total} pp-ocr words in the CLI's: {100 * matched / max(ours_total, 1):.2f}%")
    worst.sort()
    print("- lowest pages: " + ", ".join(f"{n} {100 * a:.1f}%" for a, n in worst[:3]))


agreement("ours-png.jsonl", "pp-ocr and the CLI on the same pdftoppm PNGs")
agreement("ours.jsonl", f"whole pipelines ({ours_label} against pdftoppm + tesseract)")
