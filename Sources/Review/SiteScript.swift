import Lexicons

/// The site's script: plain JavaScript, no library, no network. The list, the confirmed values kept in
/// localStorage, export and import, routes and keys are here; one document's page is `DocumentScript`.
enum SiteScript {
    static let source = head + DocumentScript.body + tail

    private static let head = #"""
        // pp review: the list of documents, one page per document (#/doc/N), the confirmed values in localStorage.
        // Every text from a document reaches the page through textContent, value or setAttribute, never as HTML.
        "use strict";
        (function () {
          const STORE = "pp-review-confirmed";
          const FIELDS = ["account", "amount", "currency", "reference", "payee", "due_date"];
          const LABELS = { account: "Account", amount: "Amount", currency: "Currency", reference: "Reference",
            payee: "Payee", due_date: "Due date", bic: "BIC", payment_code: "Payment code" };
          const STATES = { "needs-review": "needs review", processed: "processed", error: "processed with error",
            "no-payment": "no payment expected", confirmed: "confirmed" };
          const CONFIDENT = 1500;
          const CHUNK = 50;            // documents per data file (SiteWriter.chunk)
          let documents = [];          // the index: one summary per document
          const details = {};          // document id -> its page data, once loaded
          let filter = "all";
          let selected = 0;            // the highlighted row of the list
          let current = null;          // the id of the open document

          const $ = (id) => document.getElementById(id);
          function el(tag, attrs, text) {
            const e = document.createElement(tag);
            for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
            if (text !== undefined && text !== null) e.textContent = String(text);
            return e;
          }
          function level(c) { return c >= CONFIDENT ? "high" : c >= 1000 ? "mid" : "low"; }
          function keyOf(doc, source) { return (doc || "") + "\n" + (source || ""); }

          // --- confirmed values (localStorage) ---
          // Read once and kept: the list asks for every document's state on each drawing.
          let storeCache = null;
          function loadStore() {
            if (storeCache === null) {
              try { storeCache = JSON.parse(localStorage.getItem(STORE) || "{}") || {}; } catch (e) { storeCache = {}; }
            }
            return storeCache;
          }
          function saveStore(store) {
            storeCache = store;
            try {
              localStorage.setItem(STORE, JSON.stringify(store));
            } catch (e) {  // storage full, or refused for file:// pages: kept for this visit only
              $("message").textContent = "this browser keeps no confirmations for file:// pages: export before closing";
            }
          }
          window.addEventListener("storage", () => { storeCache = null; });  // another tab confirmed something
          function confirmedOf(d) {
            const store = loadStore();
            return store[keyOf(d.doc, d.source)] || null;
          }
          function stateOf(d) { return confirmedOf(d) ? "confirmed" : d.state; }

          // --- the list ---
          function visible() { return documents.filter((d) => filter === "all" || stateOf(d) === filter); }
          function renderFilters() {
            const counts = { all: documents.length };
            for (const d of documents) { const s = stateOf(d); counts[s] = (counts[s] || 0) + 1; }
            const bar = $("filters");
            bar.replaceChildren();
            for (const s of ["all", "needs-review", "processed", "error", "no-payment", "confirmed"]) {
              const b = el("button", { type: "button", "data-state": s, class: s === filter ? "on" : "" },
                (s === "all" ? "all" : STATES[s]) + " (" + (counts[s] || 0) + ")");
              b.addEventListener("click", () => { filter = s; selected = 0; renderList(); });
              bar.append(b);
            }
          }
          function cell(row, value, confidence) {
            const td = el("td", {}, value === null || value === undefined ? "—" : value);
            if (confidence !== undefined) td.className = "conf-" + level(confidence);
            row.append(td);
          }
          function renderList() {
            renderFilters();
            const body = $("rows");
            body.replaceChildren();
            visible().forEach((d, i) => {
              const tr = el("tr", { "data-id": d.id, class: i === selected ? "selected" : "" });
              const thumb = el("td", { class: "thumb" });
              if (d.thumbnail) thumb.append(el("img", { src: d.thumbnail, alt: "", loading: "lazy" }));
              tr.append(thumb);
              const name = el("td", { class: "source" });
              name.append(el("a", { href: "#/doc/" + d.id }, d.source || "(no source)"));
              if (d.error) name.append(el("div", { class: "error" }, d.error));
              tr.append(name);
              const st = stateOf(d);
              const badge = el("td");
              badge.append(el("span", { class: "state state-" + st }, STATES[st]));
              if (st === "needs-review" && d.needs_review.length) {
                badge.append(el("div", { class: "check" }, "check " + d.needs_review.map((f) => LABELS[f] || f).join(", ")));
              }
              tr.append(badge);
              for (const f of ["account", "amount", "reference"]) {
                const top = d[f];
                let text = top ? top.value : null;
                if (f === "amount" && top && d.currency) text += " " + d.currency.value;
                cell(tr, text, top ? top.confidence : undefined);
              }
              tr.addEventListener("click", (ev) => { if (ev.target.tagName !== "A") location.hash = "#/doc/" + d.id; });
              body.append(tr);
            });
            $("count").textContent = visible().length + " of " + documents.length + " documents";
          }
          function moveSelection(step) {
            const rows = visible();
            if (!rows.length) return;
            selected = Math.max(0, Math.min(rows.length - 1, selected + step));
            const trs = $("rows").children;
            for (let i = 0; i < trs.length; i++) trs[i].className = i === selected ? "selected" : "";
            trs[selected].scrollIntoView({ block: "nearest" });
          }

        """#

    private static let tail = #"""
          // --- export and import (the format pp-extract eval --truth reads) ---
          function sortedLine(rec) {
            const out = {};
            for (const k of Object.keys(rec).sort()) out[k] = rec[k];
            return JSON.stringify(out);
          }
          function exportText() {
            const store = loadStore();
            const lines = [];
            const seen = new Set();
            for (const d of documents) {
              const k = keyOf(d.doc, d.source);
              if (store[k]) { lines.push(sortedLine(store[k])); seen.add(k); }
            }
            for (const k of Object.keys(store).sort()) if (!seen.has(k)) lines.push(sortedLine(store[k]));
            return lines.length ? lines.join("\n") + "\n" : "";
          }
          function exportFile() {
            const text = exportText();
            const a = el("a", { download: "confirmed.jsonl" });
            a.href = URL.createObjectURL(new Blob([text], { type: "application/x-ndjson" }));
            document.body.append(a);
            a.click();
            a.remove();
            $("message").textContent = "exported " + (text ? text.split("\n").length - 1 : 0) + " confirmed documents";
          }
          function importText(text) {
            const store = loadStore();
            let matched = 0, other = 0, bad = 0;
            text.split(/\r?\n/).forEach((line) => {
              if (!line.trim()) return;
              let rec;
              try { rec = JSON.parse(line); } catch (e) { bad++; return; }
              if (!rec || typeof rec !== "object" || Array.isArray(rec)) { bad++; return; }
              const base = (s) => String(s || "").split("/").pop();
              const d = documents.find((x) => rec.doc && x.doc === rec.doc) ||
                documents.find((x) => x.source === rec.source) ||
                documents.find((x) => rec.source && base(x.source) === base(rec.source));
              if (d) { matched++; store[keyOf(d.doc, d.source)] = Object.assign({}, rec, { doc: d.doc, source: d.source }); }
              else { other++; store[keyOf(rec.doc, rec.source)] = rec; }
            });
            saveStore(store);
            $("message").textContent = "imported " + matched + " confirmed documents" +
              (other ? ", " + other + " not in this review (kept for export)" : "") + (bad ? ", " + bad + " lines unreadable" : "");
            route();
          }

          // --- routes and keys ---
          function route() {
            const m = /^#\/doc\/(\d+)$/.exec(location.hash);
            hideAlternatives();
            if (m) { openDocument(Number(m[1])); return; }
            current = null;
            $("doc-view").hidden = true;
            $("list-view").hidden = false;
            renderList();
          }
          function inTextField(t) { return t && t.tagName === "INPUT" && t.type !== "checkbox"; }
          document.addEventListener("keydown", (ev) => {
            if (current !== null) {
              const back = ev.key === "ArrowLeft" || ev.key === "ArrowUp" || ev.key === "PageUp";
              const forward = ev.key === "ArrowRight" || ev.key === "ArrowDown" || ev.key === "PageDown";
              if ((back || forward) && (!inTextField(ev.target) || ev.altKey || ev.key.startsWith("Page"))) {
                ev.preventDefault();
                step(back ? -1 : 1);
              } else if (ev.key === "Escape") {
                location.hash = "#/";
              } else if (ev.key === "Enter" && ev.target.tagName !== "BUTTON" && ev.target.tagName !== "A") {
                ev.preventDefault();
                accept();
              }
              return;
            }
            if (ev.target.tagName === "INPUT" || ev.target.tagName === "BUTTON") return;
            if (ev.key === "ArrowDown" || ev.key === "ArrowRight") { ev.preventDefault(); moveSelection(1); }
            else if (ev.key === "ArrowUp" || ev.key === "ArrowLeft") { ev.preventDefault(); moveSelection(-1); }
            else if (ev.key === "Enter") {
              const d = visible()[selected];
              if (d) location.hash = "#/doc/" + d.id;
            }
          });

          window.ppReview = {
            index(list) {
              documents = list;
              route();
              window.ppReviewReady = performance.now();
            },
            documents(list) {
              for (const d of list) details[d.id] = d;
              if (current !== null && details[current]) renderDocument(details[current]);
            },
            exportText: exportText,
            importText: importText,
          };
          window.addEventListener("hashchange", route);
          document.addEventListener("DOMContentLoaded", () => {
            $("fields").addEventListener("submit", (ev) => { ev.preventDefault(); accept(); });
            $("export").addEventListener("click", exportFile);
            $("import").addEventListener("change", (ev) => {
              const file = ev.target.files[0];
              if (!file) return;
              const reader = new FileReader();
              reader.onload = () => importText(String(reader.result));
              reader.readAsText(file);
              ev.target.value = "";
            });
          });
        })();
        """#
}
