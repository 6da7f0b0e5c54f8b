#!/usr/bin/env python3
"""Word agreement of a searchable PDF's text (pdftotext) with pp-ocr's reading of the same pages.

    searchable_check.py RECORDS PDF [PDF ...]     # pp-ocr --text-layer records; PDFs named like the records'
                                                  # sources (a.pdf, or a.pdf for a photo a.jpg)

For every page with ocr.text_layer: word F1 of pdftotext's words against pp-ocr's, and how many of the
words found in both lie within 2 pt of pp-ocr's box (moved back by ocr.deskew_degrees onto the page as
given): the left edge, the right edge (Tesseract's renderer spreads a word and its trailing space over the
word's box, so the right edge is either the box's or n/(n+1) of it), and the baseline (pdftotext's bottom)
against the word's bottom on words with a letter or digit and no descender (a dash floats above it). Prints one JSON line per PDF and one for all.
"""
import html
import json
import math
import os
import re
import subprocess
import sys
from collections import Counter

TOLERANCE = 2.0  # points
DESCENDERS = set("gjpqy,;()[]{}|/Q@$")
WORD = re.compile(r'<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">(.*?)</word>')


def pdf_words(pdf, page):
    out = subprocess.run(
        ["pdftotext", "-bbox", "-f", str(page), "-l", str(page), pdf, "-"], capture_output=True, text=True
    ).stdout
    return [(html.unescape(m.group(5)), [float(m.group(i)) for i in range(1, 5)]) for m in WORD.finditer(out)]


def ocr_words(record):
    ocr = record["ocr"]
    turn = math.radians(ocr.get("deskew_degrees") or 0)
    w, h = ocr["text_layer"]["size"]
    cx, cy = w / 2, h / 2

    def back(x, y):
        return (cx + math.cos(turn) * (x - cx) + math.sin(turn) * (y - cy),
                cy - math.sin(turn) * (x - cx) + math.cos(turn) * (y - cy))

    words = []
    for line in record["lines"]:
        for word in line["words"]:
            b = word["box"]
            x0, y0 = back(b[0], b[1])
            x1, y1 = back(b[2], b[3])
            words.append((word["text"], [x0, y0, x1, y1]))
    return words


def distance(text, o, p):
    short = o[0] + (o[2] - o[0]) * len(text) / (len(text) + 1)
    right = min(abs(p[2] - o[2]), abs(p[2] - short))
    # a word's bottom is its baseline only when it has a letter or digit and nothing below the line
    on_line = any(c.isalnum() for c in text) and not set(text) & DESCENDERS
    bottom = abs(p[3] - o[3]) if on_line else 0
    return max(abs(p[0] - o[0]), right, bottom)


def check(records, pdf):
    total = Counter()
    for record in records:
        ours = ocr_words(record)
        theirs = pdf_words(pdf, record["page"])
        a, b = Counter(t for t, _ in ours), Counter(t for t, _ in theirs)
        total.update(ocr=sum(a.values()), pdf=sum(b.values()), common=sum((a & b).values()))
        pool = list(theirs)
        for text, box in ours:
            cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            same = [g for g in pool if g[0] == text]
            if not same:
                continue
            g = min(same, key=lambda g: abs((g[1][0] + g[1][2]) / 2 - cx) + abs((g[1][1] + g[1][3]) / 2 - cy))
            pool.remove(g)
            total.update(boxes=1, within=distance(text, box, g[1]) <= TOLERANCE)
    return total


def summary(name, t):
    f1 = 2 * t["common"] / max(1, t["ocr"] + t["pdf"])
    return {"pdf": name, "ocr_words": t["ocr"], "pdf_words": t["pdf"], "f1": round(f1, 4),
            "boxes": t["boxes"], "boxes_within_2pt": t["within"],
            "share_within_2pt": round(t["within"] / max(1, t["boxes"]), 4)}


def main():
    records_path, pdfs = sys.argv[1], sys.argv[2:]
    pages = [json.loads(line) for line in open(records_path) if line.strip()]
    pages = [r for r in pages if r.get("kind") == "page" and "text_layer" in (r.get("ocr") or {})]
    all_pages = Counter()
    for pdf in pdfs:
        stem = os.path.splitext(os.path.basename(pdf))[0]  # a photo's records name the photo
        mine = [r for r in pages if os.path.splitext(os.path.basename(r["source"]))[0] == stem]
        t = check(mine, pdf)
        all_pages.update(t)
        print(json.dumps(summary(pdf, t)))
    print(json.dumps(summary("all", all_pages)))


main()
