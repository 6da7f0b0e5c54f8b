"""Decode rate of pp-ingest's "codes" against a truth.jsonl (bench/codes/decode_rate.sh).

Usage: decode_rate.py TRUTH.jsonl PAGES.jsonl [TIMES.tsv]
A file counts as decoded when one of its pages has a code of the expected symbology, and as exact
when one code's text equals the payload byte for byte (line endings, byte-order mark, padding).
"""
import collections
import json
import os
import sys

TYPES = {"QRCode": "qr", "PDF417": "pdf417", "DataMatrix": "datamatrix", "Aztec": "aztec", "MicroQRCode": "microqr"}


def main():
    truth = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8") if line.strip()]
    codes = collections.defaultdict(list)
    for line in open(sys.argv[2], encoding="utf-8"):
        record = json.loads(line)
        codes[os.path.basename(record.get("source", ""))] += record.get("codes", [])
    times = {}
    if len(sys.argv) > 3:
        for line in open(sys.argv[3], encoding="utf-8"):
            name, ms = line.rstrip("\n").split("\t")
            times[name] = int(ms)
    rows = collections.defaultdict(lambda: [0, 0, 0])
    misses = []
    for t in truth:
        found = codes.get(t["source"], [])
        kind = TYPES.get(t.get("barcode"), "qr")
        decoded = any(c["type"] == kind for c in found)
        exact = any(c["text"] == t["payload"] for c in found)
        media = "pdf" if t["source"].lower().endswith(".pdf") else "image"
        keys = [t["format"], f"({media})", "all"]
        if t.get("variant"):
            keys.append(f"[{t['variant']}]")
        for key in keys:
            row = rows[key]
            row[0] += 1
            row[1] += decoded
            row[2] += exact
        if not exact:
            got = [c["text"][:60] for c in found]
            misses.append(f"  {t['source']}: {'decoded, text differs' if decoded else 'not decoded'} {got!r}")
    print(f"{'format':<14} {'files':>5} {'decoded':>8} {'rate':>7} {'exact':>6} {'rate':>7}")
    order = sorted(k for k in rows if k[0] not in "([" and k != "all") + sorted(k for k in rows if k[0] == "[")
    order += ["(image)", "(pdf)", "all"]
    for key in order:
        if key not in rows:
            continue
        n, d, e = rows[key]
        print(f"{key:<14} {n:>5} {d:>8} {d / n:>7.1%} {e:>6} {e / n:>7.1%}")
    if times:
        ms = sorted(times.values())
        print(f"time per file (one pp-ingest run each): median {ms[len(ms) // 2]} ms, max {ms[-1]} ms, "
              f"total {sum(ms) / 1000:.1f} s")
    if misses:
        print("not read exactly:")
        print("\n".join(misses))


if __name__ == "__main__":
    main()
