#!/usr/bin/env python3
"""One line per record of pp-ocr's output, for people: what was read, how sure, what was turned."""
import json
import sys

for line in sys.stdin:
    r = json.loads(line)
    where = f"{r.get('source', '?')} p{r.get('page', '?')}"
    if r.get("state") == "error":
        print(f"{where}: ERROR {r['error']['code']}: {r['error']['message']}")
    elif r.get("text_source") == "ocr":
        o = r["ocr"]
        words = sum(len(l["words"]) for l in r["lines"])
        first = " | ".join(l["text"] for l in r["lines"][:2])
        print(f"{where}: {len(r['lines'])} lines, {words} words, mean_conf {o['mean_conf']}, "
              f"deskew {o['deskew_degrees']}°, rotation {o['rotation']}° — {first[:90]}")
    else:
        print(f"{where}: passed through ({r.get('kind')}, text_source {r.get('text_source')})")
