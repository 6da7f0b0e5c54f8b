"""Driving a review site of `pp-extract review` in headless Chromium: start the browser, open the site or
one document, export, run pp-extract. Shared by review_browser.py (the test and make review-demo's
screenshot)."""
import json
import os
import shutil
import subprocess
import time

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

def browser(downloads):
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--window-size=1400,1000", "--allow-file-access-from-files"]:
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"download.default_directory": downloads,
                                              "download.prompt_for_download": False})
    driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")),
                              options=options)
    driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
    return driver


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def write_jsonl(path, records):
    with open(path, "w", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n")


def review(binary, results, site):
    shutil.rmtree(site, ignore_errors=True)
    started = time.monotonic()
    subprocess.run([os.path.join(binary, "pp-extract"), "review", results, "-o", site], check=True)
    return time.monotonic() - started


def open_site(driver, site, route=""):
    started = time.monotonic()
    driver.get("file://" + os.path.abspath(site) + "/index.html" + route)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.ppReviewReady !== undefined"))
    return time.monotonic() - started


def open_document(driver, number):
    driver.execute_script("location.hash = arguments[0]", "#/doc/%d" % number)
    WebDriverWait(driver, 10).until(
        lambda d: d.execute_script("return document.querySelector('#f-account') !== null && "
                                   "document.getElementById('doc-title').textContent !== 'loading…'"))


def becomes(driver, condition):
    try:
        WebDriverWait(driver, 5).until(condition)
        return True
    except TimeoutException:
        return False


def export(driver, downloads):
    target = os.path.join(downloads, "confirmed.jsonl")
    if os.path.exists(target):
        os.remove(target)
    driver.execute_script("location.hash = '#/'")
    driver.find_element(By.ID, "export").click()
    for _ in range(100):
        if os.path.exists(target) and not os.path.exists(target + ".crdownload"):
            break
        time.sleep(0.1)
    with open(target, encoding="utf-8") as f:
        return target, [json.loads(line) for line in f if line.strip()]


def evaluate(binary, truth, results):
    run = subprocess.run([os.path.join(binary, "pp-extract"), "eval", "--truth", truth, results],
                         check=True, capture_output=True, text=True)
    return json.loads(run.stdout)
