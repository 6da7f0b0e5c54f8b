#!/usr/bin/env python3
"""The review site of `pp-extract review` in a real browser (headless Chromium, Selenium).

    review_browser.py --bin .build/release --results R.jsonl --pages P.jsonl --truth samples/truth.jsonl --work DIR
    review_browser.py --screenshot OUT.png --site DIR [--doc N | --results R.jsonl --source S]   (make review-demo)

The test builds the site from the samples' results, then: opens a site of 1,000 documents and times it;
checks that every top candidate's box is drawn where the record puts it and sits on the words of the page
record; shows a payee `<script>` as text; corrects one value and confirms two documents, exports, and
feeds the export to `pp-extract eval`; imports it back; accepts every document with Enter and checks that
eval on the export agrees with eval on samples/truth.jsonl wherever the two agree.
"""
import argparse
import difflib
import json
import os
import re
import sys
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from site_driver import becomes, browser, evaluate, export, open_document, open_site, read_jsonl, review, write_jsonl

CODE_EVIDENCE = {"epc-qr", "swiss-qr", "ips-qr", "hub3-pdf417", "upn-qr", "spayd", "spayd-invoice", "bysquare"}


FIELDS = ["account", "amount", "currency", "reference", "payee", "due_date"]


failures = []
passes = []


def check(ok, message):
    print(("ok    " if ok else "FAIL  ") + message)
    (passes if ok else failures).append(message)


def squash(text):
    return re.sub(r"[\W_]", "", text or "").casefold()


def near(value, text):
    """OCR's reading of the words may differ in a letter or two from the repaired value (O for 0)."""
    if len(text) < len(value):
        return difflib.SequenceMatcher(None, value, text).ratio() >= 0.85
    return any(difflib.SequenceMatcher(None, value, text[i:i + len(value)]).ratio() >= 0.85
               for i in range(len(text) - len(value) + 1))


def boxes_on_words(driver, results, pages):
    """Every top candidate's box: drawn where its record says (within 1 pt), and on words of the page."""
    words = {}
    for p in pages:
        for line in p.get("lines") or []:
            for w in line.get("words") or []:
                words.setdefault((p.get("source"), p.get("page")), []).append(w)
    drawn = matched = coded = 0
    for number, record in enumerate(results, start=1):
        if record.get("kind") != "document":
            continue
        open_document(driver, number)
        shown = driver.execute_script("""
            return [...document.querySelectorAll('.page')].map(p => {
              const r = p.getBoundingClientRect();
              return {page: +p.dataset.page, w: r.width, h: r.height, boxes: [...p.querySelectorAll('.box.top')].map(b => {
                const q = b.getBoundingClientRect();
                return {field: b.dataset.field, x0: q.left - r.left, y0: q.top - r.top, x1: q.right - r.left, y1: q.bottom - r.top};
              })};
            });""")
        views = {v["page"]: v for v in record.get("page_views", [])}
        for page in shown:
            size = views[page["page"]]["size"]
            scale = page["w"] / size[0]
            for b in page["boxes"]:
                top = record["candidates"][b["field"]][0]
                got = [b["x0"] / scale, b["y0"] / scale, b["x1"] / scale, b["y1"] / scale]
                drawn += 1
                where = "%s p%d %s" % (record["source"], page["page"], b["field"])
                if max(abs(g - e) for g, e in zip(got, top["box"])) > 1.0:
                    check(False, "%s: drawn at %s, the record says %s" % (where, [round(g, 1) for g in got], top["box"]))
                    continue
                evidence = top.get("evidence", [])
                if b["field"] == "currency" or (any(e.split(":")[0] in CODE_EVIDENCE for e in evidence) and
                                                not any(e.startswith("label") for e in evidence)):
                    # A payment code's box has no printed words in it, and a currency's is the box of the
                    # amount it goes with: both are checked above against their records only.
                    coded += 1
                    continue
                inside = [w for w in words.get((record["source"], page["page"]), [])
                          if got[0] - 2 <= (w["box"][0] + w["box"][2]) / 2 <= got[2] + 2
                          and got[1] - 2 <= (w["box"][1] + w["box"][3]) / 2 <= got[3] + 2]
                text = squash("".join(w["text"] for w in inside))
                value = squash(top.get("display") or top.get("value"))
                if text and value and (value in text or text in value or near(value, text)):
                    matched += 1
                else:
                    check(False, "%s: the words under the box read %r, the value is %r" % (where, text, value))
    check(drawn > 200, "%d top candidates' boxes drawn where their records put them" % drawn)
    check(matched + coded == drawn, "%d boxes sit on the words of their value (%d payment codes and currencies)" % (matched, coded))


def injected_payee(driver, binary, results, work):
    """A payee `<script>` (and an image with onerror) shows as text and runs nothing."""
    record = next(r for r in results if r.get("kind") == "document" and r["candidates"]["payee"])
    hostile = json.loads(json.dumps(record))
    payee = "<script>window.ppInjected=1</script><img src=x onerror=\"window.ppInjected=2\">"
    hostile["candidates"]["payee"][0]["value"] = payee
    hostile["candidates"]["payee"][0]["display"] = payee
    hostile["source"] = "samples/<b onmouseover=window.ppInjected=3>injected</b>.pdf"
    hostile["doc"] = "sha256:injected"
    write_jsonl(os.path.join(work, "injected.jsonl"), [hostile])
    site = os.path.join(work, "injected-site")
    review(binary, os.path.join(work, "injected.jsonl"), site)
    open_site(driver, site)
    listed = driver.find_element(By.CSS_SELECTOR, "#rows td.source a").text
    open_document(driver, 1)
    value = driver.find_element(By.ID, "f-payee").get_attribute("value")
    title = driver.find_element(By.ID, "doc-title").text
    driver.find_element(By.ID, "f-payee").click()
    tip = driver.find_element(By.ID, "tip").text
    time.sleep(0.3)
    ran = driver.execute_script("return window.ppInjected === undefined ? null : window.ppInjected")
    elements = driver.execute_script("return document.querySelectorAll('#pages img:not(.picture), #fields script, "
                                     "#doc-title *, #tip script, #tip img, #rows b').length")
    check(value == payee and payee in tip, "the payee <script> is the form's text and the tip's, as written")
    check(title == hostile["source"] and listed == hostile["source"], "a source with markup is shown as text")
    check(ran is None and elements == 0, "nothing from the document ran or became an element")
    driver.find_element(By.ID, "f-payee").send_keys(Keys.ESCAPE)


def hover_and_keys(driver, results):
    """Pointing at a box lists the field's candidates and outlines the alternatives; arrow keys move on."""
    def pick():
        for n, r in enumerate(results, start=1):
            if r.get("kind") != "document":
                continue
            tops = {f: (c[0].get("page"), tuple(c[0].get("box") or ())) for f, c in r["candidates"].items() if c}
            for f in ("account", "reference", "amount", "due_date"):
                cands = r["candidates"].get(f) or []
                alone = f in tops and list(tops.values()).count(tops[f]) == 1
                if alone and len([c for c in cands[1:] if c.get("box") and c.get("page") == cands[0].get("page")]):
                    return n, r, f
    number, record, field = pick()
    open_document(driver, number)
    driver.find_element(By.ID, "doc-title").click()  # out of the form: its tip would cover the page
    box = driver.find_element(By.CSS_SELECTOR, '.box.top[data-field="%s"]' % field)
    ActionChains(driver).move_to_element(box).perform()
    WebDriverWait(driver, 5).until(lambda d: d.find_element(By.ID, "tip").is_displayed())
    listed = driver.find_elements(By.CSS_SELECTOR, "#tip li")
    alternatives = [b for b in driver.find_elements(By.CSS_SELECTOR, '.box.alt[data-field="%s"]' % field) if b.is_displayed()]
    check(len(listed) == len(record["candidates"][field]) and listed[0].text.startswith(record["candidates"][field][0]["value"]),
          "pointing at the %s's box lists its %d candidates, the top one first" % (field, len(listed)))
    check(len(alternatives) >= 1, "... and outlines its %d alternatives on the page" % len(alternatives))
    driver.find_element(By.ID, "doc-title").click()
    ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
    moved = becomes(driver, lambda d: d.execute_script("return location.hash") == "#/doc/%d" % (number + 1))
    ActionChains(driver).key_down(Keys.ALT).send_keys(Keys.ARROW_LEFT).key_up(Keys.ALT).perform()
    back = becomes(driver, lambda d: d.execute_script("return location.hash") == "#/doc/%d" % number and
                   d.execute_script("return document.activeElement.id") == "f-account")
    check(moved and back, "→ opens the next document, Alt+← inside a field the previous one")
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    check(becomes(driver, lambda d: d.find_element(By.ID, "list-view").is_displayed()), "Esc goes back to the list")


def correct_and_confirm(driver, binary, results, results_path, site, downloads):
    """Correct one value, confirm two documents, export, eval; then import the export back."""
    open_site(driver, site)
    driver.execute_script("localStorage.clear()")
    numbered = [(n, r) for n, r in enumerate(results, start=1) if r.get("kind") == "document"]
    (first, a), (second, b) = numbered[0], numbered[1]
    open_document(driver, first)
    amount = driver.find_element(By.ID, "f-amount")
    amount.send_keys(Keys.CONTROL, "a")
    amount.send_keys("1.234,50")  # typed the local way: kept as 1234.50
    amount.send_keys(Keys.ENTER)
    WebDriverWait(driver, 5).until(lambda d: d.execute_script("return location.hash") == "#/doc/%d" % second)
    WebDriverWait(driver, 5).until(lambda d: d.find_element(By.ID, "doc-title").text == b["source"])
    driver.find_element(By.ID, "f-account").send_keys(Keys.ENTER)
    time.sleep(0.2)
    driver.execute_script("location.hash = '#/'")
    badge = driver.find_element(By.CSS_SELECTOR, '#filters button[data-state="confirmed"]').text
    check(badge.endswith("(2)"), "the list shows two confirmed documents: %r" % badge)
    path, lines = export(driver, downloads)
    check(len(lines) == 2, "the export has one line per confirmed document")
    keys = {"source", "doc", "account", "amount", "currency", "reference", "reference_model", "payee", "due_date",
            "payment_expected", "confirmed_at"}
    check(all(set(l) == keys for l in lines), "each line has source, doc, the fields and confirmed_at")
    check(lines[0]["source"] == a["source"] and lines[0]["amount"] == "1234.50", "the corrected amount is exported")
    top = lambda r, f: (r["candidates"][f] or [{}])[0].get("value")
    check(lines[1]["account"] == top(b, "account") and lines[1]["amount"] == top(b, "amount"),
          "the document confirmed unchanged has its top candidates")
    report = evaluate(binary, path, results_path)
    check(report["documents"] == 2, "pp-extract eval reads the export: %d documents" % report["documents"])
    misses = [(m["source"], m["field"]) for m in report["misses"]]
    check(misses == [(a["source"], "amount")], "eval's only miss is the corrected amount: %s" % misses)
    driver.execute_script("localStorage.clear()")
    open_site(driver, site)
    driver.find_element(By.ID, "import").send_keys(path)
    WebDriverWait(driver, 5).until(lambda d: "imported" in d.find_element(By.ID, "message").text)
    badge = driver.find_element(By.CSS_SELECTOR, '#filters button[data-state="confirmed"]').text
    check(badge.endswith("(2)"), "importing the export shows those two documents as confirmed")
    open_document(driver, first)
    check(driver.find_element(By.ID, "f-amount").get_attribute("value") == "1234.50",
          "an imported document shows its confirmed values")
    # Under a filter, Enter goes on to the next document of that filter.
    driver.execute_script("location.hash = '#/'")
    driver.find_element(By.CSS_SELECTOR, '#filters button[data-state="needs-review"]').click()
    ids = [int(r.get_attribute("data-id")) for r in driver.find_elements(By.CSS_SELECTOR, "#rows tr")]
    open_document(driver, ids[0])
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    check(becomes(driver, lambda d: d.execute_script("return location.hash") == "#/doc/%d" % ids[1]),
          "under the filter 'needs review', Enter confirms and opens the next document needing review")


def round_trip(driver, binary, results, results_path, site, downloads, truth, work):
    """Enter through every document: the export, fed to eval, agrees with the samples' truth where they agree."""
    open_site(driver, site)
    driver.execute_script("localStorage.clear()")
    open_site(driver, site)
    documents = len(results)
    open_document(driver, 1)
    for n in range(1, documents + 1):
        WebDriverWait(driver, 5).until(lambda d: d.execute_script(
            "return location.hash === arguments[0] && document.getElementById('doc-title').textContent === arguments[1]"
            " && document.activeElement && document.activeElement.id === 'f-account'",
            "#/doc/%d" % n, results[n - 1].get("source") or results[n - 1].get("input") or "(no source)"))
        ActionChains(driver).send_keys(Keys.ENTER).perform()
    WebDriverWait(driver, 5).until(lambda d: d.execute_script("return location.hash") in ("#/", ""))
    path, confirmed = export(driver, downloads)
    check(len(confirmed) == documents, "Enter through all %d documents confirms each" % documents)
    own = evaluate(binary, path, results_path)
    check(own["misses"] == [], "top candidates confirmed unchanged: eval finds no miss (%d)" % len(own["misses"]))
    # Where the confirmed value and samples/truth.jsonl agree, eval reports the same accuracy for both.
    truth_lines = {t["source"]: t for t in read_jsonl(truth)}

    def same(field, x, y):
        if x is None or y is None:
            return x is y
        if field == "amount":
            return abs(float(x) - float(y)) < 0.005
        if field == "payee":
            return x.strip().casefold() == y.strip().casefold()
        return squash(x) == squash(y)

    agreed_truth, agreed_confirmed, kept = [], [], 0
    for c in confirmed:
        t = truth_lines.get(c["source"])
        if t is None or t.get("payment_expected", True) != c["payment_expected"]:
            continue
        fields = [f for f in FIELDS if f in t and same(f, t[f], c[f])]
        kept += len(fields)
        base = {"source": c["source"], "payment_expected": c["payment_expected"]}
        agreed_truth.append(dict(base, **{f: t[f] for f in fields}))
        agreed_confirmed.append(dict(base, **{f: c[f] for f in fields}))
    write_jsonl(os.path.join(work, "agreed-truth.jsonl"), agreed_truth)
    write_jsonl(os.path.join(work, "agreed-confirmed.jsonl"), agreed_confirmed)
    by_truth = evaluate(binary, os.path.join(work, "agreed-truth.jsonl"), results_path)
    by_confirmed = evaluate(binary, os.path.join(work, "agreed-confirmed.jsonl"), results_path)
    check(kept > 150 and by_truth["fields"] == by_confirmed["fields"],
          "eval on the %d field values where export and truth agree: the same per-field report" % kept)


def thousand(driver, binary, results, work):
    """A site of 1,000 documents: written in under 10 s, open in the browser in under 2 s."""
    documents = [r for r in results if r.get("kind") == "document"]
    many = []
    for n in range(1000):
        r = json.loads(json.dumps(documents[n % len(documents)]))
        r["source"] = "bills/%04d-%s" % (n, os.path.basename(r["source"]))
        r["doc"] = "sha256:%064x" % n
        many.append(r)
    path = os.path.join(work, "thousand.jsonl")
    write_jsonl(path, many)
    site = os.path.join(work, "thousand-site")
    written = review(binary, path, site)
    check(written < 10, "a site of 1,000 documents is written in %.2f s (bound 10 s)" % written)
    opened = open_site(driver, site)
    rows = driver.execute_script("return document.querySelectorAll('#rows tr').length")
    check(opened < 2 and rows == 1000, "it opens with its 1,000 rows in %.2f s (bound 2 s)" % opened)


def screenshot(args):
    downloads = os.path.abspath(os.path.dirname(args.screenshot) or ".")
    driver = browser(downloads)
    try:
        open_site(driver, args.site)
        number = args.doc
        if args.source and args.results:
            sources = [r.get("source") for r in read_jsonl(args.results)]
            number = sources.index(args.source) + 1 if args.source in sources else 1
        open_document(driver, number)
        time.sleep(0.5)  # the page pictures
        driver.execute_script("window.scrollTo(0, 0)")
        height = driver.execute_script("return document.body.scrollHeight")
        driver.set_window_size(1400, min(max(height, 1000), 2400))
        driver.save_screenshot(args.screenshot)
    finally:
        driver.quit()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin")
    parser.add_argument("--results")
    parser.add_argument("--pages")
    parser.add_argument("--truth")
    parser.add_argument("--work")
    parser.add_argument("--screenshot")
    parser.add_argument("--site")
    parser.add_argument("--doc", type=int, default=1)
    parser.add_argument("--source", help="with --screenshot and --results: the document to show")
    args = parser.parse_args()
    if args.screenshot:
        screenshot(args)
        return
    started = time.monotonic()
    work = os.path.abspath(args.work)
    downloads = os.path.join(work, "downloads")
    os.makedirs(downloads, exist_ok=True)
    results = read_jsonl(args.results)
    pages = [p for p in read_jsonl(args.pages) if p.get("kind") == "page"]
    site = os.path.join(work, "site")
    review(args.bin, args.results, site)
    driver = browser(downloads)
    try:
        thousand(driver, args.bin, results, work)
        open_site(driver, site)
        boxes_on_words(driver, results, pages)
        hover_and_keys(driver, results)
        injected_payee(driver, args.bin, results, work)
        correct_and_confirm(driver, args.bin, results, args.results, site, downloads)
        round_trip(driver, args.bin, results, args.results, site, downloads, args.truth, work)
    finally:
        driver.quit()
    print("browser test: %.1f s" % (time.monotonic() - started))
    print("%d passed, %d failed" % (len(passes), len(failures)))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
