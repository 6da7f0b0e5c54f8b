#!/usr/bin/env python3
"""Corpus check for pp-ingest: every PDF and image of a folder of real documents goes through.

For each file: pp-ingest must not crash (exit 0 or 3, never a signal); its page count must equal
pdfinfo's; every page where pdftotext finds text must carry "lines" in the page record. Files that
pdfinfo cannot open must come out as one error record naming the file. Passwords come from the
corpus's SOURCES.txt line "# Passwords: path=pw; path=pw".

Embedded files: the first page record lists as many as `pdfdetach -list`, each saved whole.

usage: ingest_corpus.py PP_INGEST CORPUS_DIR...   (exit 1 when any check fails)
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile


def passwords(corpus):
    found = {}
    path = os.path.join(corpus, "SOURCES.txt")
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            m = re.match(r"#\s*Passwords:\s*(.*)", line)
            if m:
                for pair in m.group(1).split(";"):
                    if "=" in pair:
                        k, v = pair.strip().split("=", 1)
                        found[k.strip()] = v.strip()
    return found


def pdfinfo_pages(path, password):
    args = ["pdfinfo"] + (["-upw", password] if password else []) + [path]
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode != 0:
        return None
    m = re.search(r"^Pages:\s+(\d+)", r.stdout, re.M)
    return int(m.group(1)) if m else None


def pdfdetach_count(path, password):
    args = ["pdfdetach", "-list"] + (["-upw", password] if password else []) + [path]
    r = subprocess.run(args, capture_output=True, text=True)
    m = re.match(r"(\d+) embedded files", r.stdout)
    return int(m.group(1)) if m else 0


def pdftotext_chars(path, page, password):
    args = ["pdftotext", "-q", "-f", str(page), "-l", str(page)] + (["-upw", password] if password else []) + [path, "-"]
    r = subprocess.run(args, capture_output=True)
    return len(re.sub(rb"\s", b"", r.stdout))


def main():
    tool = sys.argv[1]
    failures = 0
    checked = 0
    for corpus in sys.argv[2:]:
        f, c = check(tool, corpus)
        failures += f
        checked += c
    print(f"{checked} files, {failures} failing")
    return 1 if failures else 0


def check(tool, corpus):
    pw = passwords(corpus)
    failures = 0
    checked = 0
    work = tempfile.mkdtemp(prefix="pp-ingest-corpus-")
    files = []
    for root, _, names in os.walk(corpus):
        for n in names:
            if n.lower().endswith((".pdf", ".png", ".jpg", ".jpeg", ".tif", ".tiff")):
                files.append(os.path.join(root, n))
    for path in sorted(files):
        rel = os.path.relpath(path, corpus)
        env = dict(os.environ)
        env.pop("PP_PDF_PASSWORD", None)
        if rel in pw:
            env["PP_PDF_PASSWORD"] = pw[rel]
        r = subprocess.run([tool, "--work", work, "--jobs", "2", path], capture_output=True, env=env)
        problems = []
        if r.returncode not in (0, 3):
            problems.append(f"exit status {r.returncode}: {r.stderr.decode(errors='replace')[:300]}")
        records = [json.loads(l) for l in r.stdout.decode().splitlines() if l.strip()]
        pages = [x for x in records if x.get("state") != "error"]
        errors = [x for x in records if x.get("state") == "error"]
        notes = []
        if rel.lower().endswith(".pdf"):
            expected = pdfinfo_pages(path, pw.get(rel))
            if expected is None:
                if not errors or rel not in errors[0]["error"]["message"] and path not in errors[0]["error"]["message"]:
                    problems.append("pdfinfo cannot open it, but pp-ingest wrote no error record naming the file")
                else:
                    notes.append(f"error {errors[0]['error']['code']} (pdfinfo fails too)")
            else:
                if len(pages) != expected:
                    problems.append(f"{len(pages)} page records, pdfinfo says {expected}")
                for rec in pages:
                    chars = pdftotext_chars(path, rec["page"], pw.get(rel))
                    if chars == 0:
                        continue
                    if rec.get("lines"):
                        continue
                    if any(w["code"] == "text_unplaced" for w in rec.get("warnings", [])):
                        notes.append(f"page {rec['page']}: text poppler cannot place ({chars} chars), sent to OCR")
                        continue
                    problems.append(f"page {rec['page']}: pdftotext finds {chars} characters, the record has no lines")
                notes.append(f"{len(pages)} pages = pdfinfo")
                embedded = pdfdetach_count(path, pw.get(rel))
                listed = pages[0].get("attachments", []) if pages else []
                if embedded != len(listed):
                    problems.append(f"pdfdetach lists {embedded} embedded files, the first page record {len(listed)}")
                elif embedded:
                    missing = [a["name"] for a in listed if not os.path.exists(a["path"]) or os.path.getsize(a["path"]) != a["size"]]
                    if missing:
                        problems.append(f"attachments not saved: {missing}")
                    notes.append(f"{embedded} attachments saved ({', '.join(a.get('einvoice') or '-' for a in listed)})")
        else:
            notes.append(f"{len(pages)} image pages")
        checked += 1
        status = "FAIL" if problems else "ok  "
        failures += bool(problems)
        print(f"{status} {rel}: " + "; ".join(problems + notes))
    shutil.rmtree(work, ignore_errors=True)
    return failures, checked


if __name__ == "__main__":
    sys.exit(main())
