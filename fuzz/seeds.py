#!/usr/bin/env python3
"""Seed corpora for the fuzz targets, from the project's own samples and test data.

    python3 fuzz/seeds.py OUT [CORPUS]

Writes OUT/<target>/<name> for every target (the folder is emptied first). CORPUS, the shared
corpus of real documents, adds its e-invoice XML when present. Nothing written here is committed:
small hand seeds live in fuzz/seeds/<target>/, crashes in Tests/FuzzTests/Regressions/<target>/.
"""

import hashlib
import json
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "Tests" / "Golden"
# Inputs longer than a target's -max_len (fuzz/run.sh) are cut by libFuzzer; keep seeds within it.
MAX_SMALL = 4096
MAX_LARGE = 16384


def jsonl(path):
    """The records of a JSON Lines file (lines that are no JSON are skipped)."""
    out = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            out.append(json.loads(line))
        except ValueError:
            pass
    return out


def golden(tool, name):
    """The files called `name` of every golden case of `tool`."""
    return sorted((GOLDEN / tool).glob(f"*/{name}"))


def page_records():
    """Every page record the tests hold: pp-extract's inputs and pp-ingest's and pp-ocr's outputs."""
    files = golden("pp-extract", "stdin") + golden("pp-ingest", "stdout") + golden("pp-ocr", "stdout")
    files.append(ROOT / "Tests" / "ExtractTests" / "Fixtures" / "samples-pages.jsonl")
    return [r for f in files for r in jsonl(f) if isinstance(r, dict) and r.get("kind") == "page"]


def chunks(lines, limit):
    """Lines grouped into pieces of at most `limit` bytes (a longer line alone, cut)."""
    piece = b""
    for line in lines:
        line = line.encode() if isinstance(line, str) else line
        if piece and len(piece) + len(line) + 1 > limit:
            yield piece
            piece = b""
        piece += line[:limit] + b"\n"
    if piece:
        yield piece


def compact(record):
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def json_lines():
    files = [ROOT / "samples" / "cards.jsonl", ROOT / "samples" / "truth.jsonl"]
    files += golden("pp-cardcheck", "stdin") + golden("pp-pages", "stdin") + golden("pp-extract", "stdout")
    for f in files:
        yield from chunks(f.read_bytes().splitlines(), MAX_SMALL)
    yield b'{"a":1}\r\n\r\n  \n[1]\n{"b":"\\u00e9\\ud83d\\ude00"}\nnot json\n{"c":{"d":[true,false,null,-0.5e+3]}}'


def page_records_seeds():
    for r in page_records():
        r.pop("attachments", None)
        text = compact(r).encode()
        if len(text) <= MAX_LARGE:
            yield text
    # Pages of one document, a document left open, and an error record between them.
    yield b"\n".join([
        b'{"kind":"page","doc":"d","page":1,"pages":2,"lines":[{"text":"Total EUR 12,50","box":[1,2,3,4]}]}',
        b'{"kind":"error","state":"error","doc":"d","error":{"code":"x","message":"y"}}',
        b'{"kind":"page","doc":"d","page":2,"pages":2,"lines":[{"text":"IBAN DE89 3704 0044 0532 0130 00"}]}',
        b'{"kind":"page","doc":"e","lines":[{"text":"Zu zahlen 1.234,56","words":[{"text":"1.234,56","conf":91}]}]}',
    ])


def card_records():
    yield from chunks((ROOT / "samples" / "cards.jsonl").read_bytes().splitlines(), MAX_SMALL)
    for f in golden("pp-cardcheck", "stdin"):
        yield from chunks(f.read_bytes().splitlines(), MAX_SMALL)


def card_types():
    for f in sorted((GOLDEN / "pp-cardcheck").glob("*/*.json")):
        yield f.read_bytes()


def pages_ops():
    for f in golden("pp-pages", "stdin"):
        yield from chunks(f.read_bytes().splitlines(), MAX_SMALL)
    # Page ranges and positions the tests spell, one per line, and the goldens' command lines.
    literals = set()
    for f in sorted((ROOT / "Tests" / "PagesTests").glob("*.swift")):
        literals.update(re.findall(r'"([0-9zrxodevn:,\- ]{1,40})"', f.read_text()))
    yield from chunks(sorted(literals), 512)
    for f in golden("pp-pages", "args"):
        yield " ".join(f.read_text().split("\n")).encode()


def numbers():
    texts = [line.get("text", "") for r in page_records() for line in r.get("lines", []) if isinstance(line, dict)]
    for r in jsonl(ROOT / "samples" / "truth.jsonl"):
        texts += [str(v) for v in r.values() if isinstance(v, (str, int, float))]
    yield from chunks(sorted(set(t for t in texts if isinstance(t, str))), 512)


def code_texts():
    """The text of every payment code in the page records and code fixtures."""
    for r in page_records():
        for c in r.get("codes", []) or []:
            if isinstance(c, dict) and isinstance(c.get("text"), str):
                yield c["text"]
    expected = json.loads((ROOT / "Tests" / "Fixtures" / "codes" / "expected.json").read_text())
    for value in expected.values():
        if isinstance(value, dict) and isinstance(value.get("text"), str):
            yield value["text"]
    for r in jsonl(ROOT / "Tests" / "ExtractTests" / "Fixtures" / "codes" / "bysquare.jsonl"):
        yield r["payload"]


def payment_codes():
    for text in code_texts():
        yield text.encode()
        # A PAY by square payload's binary too: the target feeds its input as that binary as well.
        if re.fullmatch(r"[0-9A-V]{8,}", text.strip()):
            yield base32hex(text.strip())


def base32hex(text):
    """Base32hex without padding to bytes, as pp-extract reads PAY by square (the last partial byte dropped)."""
    value = int("".join(f"{int(ch, 32):05b}" for ch in text), 2) if text else 0
    bits = 5 * len(text)
    return (value >> (bits % 8)).to_bytes(bits // 8, "big")


def einvoice(corpus):
    files = sorted((ROOT / "samples" / "special").glob("*.xml"))
    files += sorted(GOLDEN.glob("*/*/*.xml"))
    if corpus and corpus.is_dir():
        files += sorted(corpus.glob("xml-einvoices/*.xml")) + sorted(corpus.glob("invoices/**/*.xml"))
    for f in files:
        data = f.read_bytes()
        if len(data) <= MAX_LARGE:
            yield data


def profiles():
    extract = ROOT / "Sources" / "Extract"
    for f in sorted(extract.glob("Profiles/*.json")) + sorted(extract.glob("Lexicons/*.json")):
        yield f.read_bytes()
    for f in golden("pp-extract", "acme.json"):
        yield f.read_bytes()
    # The model's first field only: the whole file is larger than an input should be.
    model = json.loads((extract / "Model" / "confidence.json").read_text())
    fields = model.get("fields", {})
    for name in sorted(fields)[:2]:
        yield compact({"fields": {name: fields[name]}}).encode()


def files_of(folders, suffixes, limit):
    """The files of `folders` whose names end in one of `suffixes`, no larger than `limit` bytes."""
    for folder in folders:
        for f in sorted(folder.glob("*")):
            if f.suffix.lower() in suffixes and f.is_file() and f.stat().st_size <= limit:
                yield f.read_bytes()


def image_headers():
    """The images of the tests and samples small enough for the target's -max_len."""
    folders = [ROOT / "Tests" / "Fixtures" / "pages", ROOT / "samples", ROOT / "samples" / "photos"]
    yield from files_of(folders, {".jpg", ".jpeg", ".png", ".tif", ".tiff", ".bmp", ".gif", ".webp"}, MAX_SMALL)


def pages_pdf():
    """The PDFs of the tests and samples small enough for the target's -max_len."""
    folders = [ROOT / "Tests" / "Fixtures" / "pages", ROOT / "samples" / "pdf", ROOT / "samples"]
    yield from files_of(folders, {".pdf"}, MAX_LARGE)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = Path(sys.argv[1])
    corpus = Path(sys.argv[2]) if len(sys.argv) > 2 else None
    targets = {
        "json-lines": json_lines(), "page-records": page_records_seeds(), "card-records": card_records(),
        "card-types": card_types(), "pages-ops": pages_ops(), "numbers": numbers(),
        "payment-codes": payment_codes(), "einvoice": einvoice(corpus), "profiles": profiles(),
        "image-headers": image_headers(), "pages-pdf": pages_pdf(),
    }
    for target, seeds in targets.items():
        folder = out / target
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        count = 0
        for seed in seeds:
            (folder / hashlib.sha1(seed).hexdigest()).write_bytes(seed)
            count += 1
        print(f"fuzz seeds: {target}: {count}")


if __name__ == "__main__":
    main()
