import Lexicons

/// The part of the site's script that shows one document: its pages with the candidates' boxes (points
/// mapped to percentages of the page, so they stay on the values at any zoom), the alternatives on hover,
/// and the form with its checks. Spliced into `SiteScript.source`, inside the same closure.
enum DocumentScript {
    static let body = #"""
          // --- one document ---
          function openDocument(id) {
            current = id;
            $("list-view").hidden = true;
            $("doc-view").hidden = false;
            if (details[id]) { renderDocument(details[id]); return; }
            $("doc-title").textContent = "loading…";
            $("pages").replaceChildren();
            $("fields").replaceChildren();
            const file = "data/docs-" + Math.floor((id - 1) / CHUNK) + ".js";
            const s = el("script", { src: file });
            s.onerror = () => { $("doc-title").textContent = "cannot load " + file; };
            document.body.append(s);
          }
          function pageOf(d, number) { return d.pages.find((p) => p.page === number); }
          function drawPage(d, p) {
            const size = p.size || [595.28, 841.89];
            const [w, h] = size;
            const frame = el("div", { class: "page", "data-page": p.page });
            frame.style.aspectRatio = w + " / " + h;
            const turned = p.rotation === 90 || p.rotation === 270;
            if (p.picture) {
              // The picture as pp-ingest showed the page, turned as pp-ocr turned it before reading: then the
              // boxes (points, in the upright, straightened frame) sit on it.
              const iw = turned ? h : w, ih = turned ? w : h;
              const img = el("img", { src: p.picture.path, alt: "page " + p.page, class: "picture" });
              img.style.width = (100 * iw / w) + "%";
              img.style.height = (100 * ih / h) + "%";
              img.style.left = (100 * (w - iw) / 2 / w) + "%";
              img.style.top = (100 * (h - ih) / 2 / h) + "%";
              const angle = (p.rotation || 0) + (p.deskew_degrees || 0);
              if (angle) img.style.transform = "rotate(" + angle + "deg)";
              frame.append(img);
            } else {
              frame.append(el("div", { class: "no-picture" }, "no picture of page " + p.page));
            }
            const tags = {};  // a top box two fields share (an amount and its currency) is drawn once, named for both
            for (const f of d.field_order) {
              (d.fields[f] || []).forEach((c, rank) => {
                if (!c.box || c.page !== p.page) return;
                const key = c.box.join(",");
                if (!rank && tags[key]) { tags[key].textContent += " · " + (LABELS[f] || f); return; }
                const b = el("div", { class: "box conf-" + level(c.confidence) + (rank ? " alt" : " top"),
                  "data-field": f, "data-rank": rank });
                b.style.left = (100 * c.box[0] / w) + "%";
                b.style.top = (100 * c.box[1] / h) + "%";
                b.style.width = (100 * (c.box[2] - c.box[0]) / w) + "%";
                b.style.height = (100 * (c.box[3] - c.box[1]) / h) + "%";
                if (!rank) b.append(tags[key] = el("span", { class: "tag" }, LABELS[f] || f));
                b.addEventListener("mouseenter", () => showAlternatives(d, f, b));
                b.addEventListener("mouseleave", hideAlternatives);
                frame.append(b);
              });
            }
            return frame;
          }
          function showAlternatives(d, f, anchor) {
            document.querySelectorAll('.box[data-field="' + f + '"]').forEach((b) => b.classList.add("lit"));
            const tip = $("tip");
            tip.replaceChildren(el("strong", {}, LABELS[f] || f));
            const list = el("ol");
            for (const c of d.fields[f] || []) {
              list.append(el("li", { class: "conf-" + level(c.confidence) },
                c.value + "  ·  " + c.confidence + (c.page ? "  ·  p." + c.page : "")));
            }
            tip.append(list);
            if (anchor) {
              const r = anchor.getBoundingClientRect();
              tip.style.left = (window.scrollX + r.left) + "px";
              tip.style.top = (window.scrollY + r.bottom + 4) + "px";
              tip.hidden = false;
            }
          }
          function hideAlternatives() {
            document.querySelectorAll(".box.lit").forEach((b) => b.classList.remove("lit"));
            $("tip").hidden = true;
          }
          function renderDocument(d) {
            const known = documents.find((x) => x.id === d.id);
            const position = visible().findIndex((x) => x.id === d.id);
            $("doc-title").textContent = d.source || "(no source)";
            $("doc-position").textContent = (position >= 0 ? position + 1 : "–") + " / " + visible().length;
            const st = known ? stateOf(known) : d.state;
            const badge = $("doc-state");
            badge.className = "state state-" + st;
            badge.textContent = STATES[st];
            const notes = $("doc-notes");
            notes.replaceChildren();
            if (d.error && d.error.message) notes.append(el("p", { class: "error" }, d.error.message));
            for (const r of d.no_payment_reasons || []) notes.append(el("p", {}, "no payment expected: " + r));
            for (const w of d.warnings || []) notes.append(el("p", { class: "warning" }, w.message || JSON.stringify(w)));
            const pages = $("pages");
            pages.replaceChildren(...d.pages.map((p) => drawPage(d, p)));
            renderForm(d);
          }
          function renderForm(d) {
            const saved = confirmedOf(d);
            const form = $("fields");
            form.replaceChildren();
            FIELDS.forEach((f) => {
              const cands = d.fields[f] || [];
              const top = cands[0];
              const confident = !!top && top.confidence >= CONFIDENT;
              const row = el("div", { class: "field" + (confident ? " confident" : top ? " unsure" : " empty") });
              row.append(el("label", { for: "f-" + f }, LABELS[f]));
              const input = el("input", { id: "f-" + f, name: f, autocomplete: "off", spellcheck: "false", list: "alt-" + f });
              input.value = saved ? (saved[f] === null || saved[f] === undefined ? "" : saved[f]) : top ? top.value : "";
              input.addEventListener("focus", () => {
                const box = document.querySelector('.box.top[data-field="' + f + '"]');
                showAlternatives(d, f, box);
                if (box) box.scrollIntoView({ block: "nearest" });
              });
              input.addEventListener("blur", hideAlternatives);
              row.append(input);
              row.append(el("span", { class: "mark conf-" + (top ? level(top.confidence) : "none"),
                title: top ? "confidence of the top candidate" : "no candidate" },
                top ? (confident ? "✓ " : "") + top.confidence : "—"));
              const alternatives = el("datalist", { id: "alt-" + f });
              for (const c of cands) alternatives.append(el("option", { value: c.value }, c.confidence));
              row.append(alternatives);
              form.append(row);
            });
            const nopay = el("label", { class: "nopay" });
            const box = el("input", { type: "checkbox", id: "f-nopay" });
            box.checked = saved ? saved.payment_expected === false : d.payment_expected === false;
            nopay.append(box, document.createTextNode(" nothing to pay"));
            form.append(nopay);
            const buttons = el("div", { class: "buttons" });
            buttons.append(el("button", { type: "submit", id: "accept" }, saved ? "Confirm again (Enter)" : "Accept (Enter)"));
            const skip = el("button", { type: "button", id: "skip" }, "Next →");
            skip.addEventListener("click", () => step(1));
            buttons.append(skip);
            form.append(buttons);
            form.append(el("p", { class: "status", id: "form-status" }, saved ? "confirmed " + saved.confirmed_at : ""));
            const first = $("f-account");
            if (first) first.focus();
          }
          function canonicalAmount(text) {
            let t = text.replace(/[\s'’]/g, "");
            if (!/^-?[0-9.,]+$/.test(t)) return null;
            const lastDot = t.lastIndexOf("."), lastComma = t.lastIndexOf(",");
            const mark = Math.max(lastDot, lastComma);
            if (mark >= 0) {
              const decimals = t.length - mark - 1;
              const single = t.split(t[mark]).length === 2 && (lastDot < 0 || lastComma < 0);
              if (decimals === 3 && single) t = t.replace(/[.,]/g, "");
              else t = t.slice(0, mark).replace(/[.,]/g, "") + "." + t.slice(mark + 1);
            }
            const n = Number(t);
            return Number.isFinite(n) ? n.toFixed(2) : null;
          }
          function canonicalDate(text) {
            let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
            if (m) return m[1] + "-" + m[2].padStart(2, "0") + "-" + m[3].padStart(2, "0");
            m = /^(\d{1,2})[./](\d{1,2})[./](\d{4})\.?$/.exec(text);
            if (m) return m[3] + "-" + m[2].padStart(2, "0") + "-" + m[1].padStart(2, "0");
            return null;
          }
          function accept() {
            const d = details[current];
            if (!d) return;
            const rec = { source: d.source, doc: d.doc };
            for (const f of FIELDS) {
              const text = $("f-" + f).value.trim();
              rec[f] = text === "" ? null : text;
            }
            if (rec.amount !== null) {
              const a = canonicalAmount(rec.amount);
              if (a === null) return refuse("amount", "the amount is not a number");
              rec.amount = a;
            }
            if (rec.due_date !== null) {
              const iso = canonicalDate(rec.due_date);
              if (iso === null) return refuse("due_date", "the due date is not YYYY-MM-DD or DD.MM.YYYY");
              rec.due_date = iso;
            }
            if (rec.currency !== null) rec.currency = rec.currency.toUpperCase();
            // The model goes with the reference it was printed with: the candidate whose value was kept.
            const chosen = (d.fields.reference || []).find((c) => c.value === rec.reference);
            rec.reference_model = chosen ? chosen.reference_model : null;
            rec.payment_expected = !$("f-nopay").checked;
            rec.confirmed_at = new Date().toISOString();
            const store = loadStore();
            store[keyOf(d.doc, d.source)] = rec;
            saveStore(store);
            step(1, true);
          }
          function refuse(field, message) {
            $("form-status").textContent = message;
            $("form-status").className = "status error";
            $("f-" + field).focus();
          }
          // The next (or previous) document of the list as filtered, counted from the open one even when it has
          // just left the filter (a document needing review that was confirmed). Numbers follow the list's order.
          function step(by, afterAccept) {
            const list = visible();
            const target = by > 0 ? list.find((x) => x.id > current) : list.slice().reverse().find((x) => x.id < current);
            if (target) location.hash = "#/doc/" + target.id;
            else if (afterAccept) location.hash = "#/";
          }

        """#
}
