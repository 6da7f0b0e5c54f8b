import Lexicons

/// The site's page and style sheet. Nothing in them comes from a document: the data arrive through the
/// script, which writes them as text.
enum SiteFiles {
    static let html = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="referrer" content="no-referrer">
        <title>pp review</title>
        <link rel="stylesheet" href="review.css">
        </head>
        <body>
        <header>
          <h1><a href="#/">pp review</a></h1>
          <span id="count"></span>
          <span id="message" role="status"></span>
          <span class="tools">
            <button type="button" id="export">Export confirmed.jsonl</button>
            <label class="import">Import confirmed.jsonl <input type="file" id="import" accept=".jsonl,.json,.txt"></label>
          </span>
        </header>
        <main>
          <section id="list-view">
            <nav id="filters" aria-label="filter by state"></nav>
            <table id="documents">
              <thead><tr><th></th><th>document</th><th>state</th><th>account</th><th>amount</th><th>reference</th></tr></thead>
              <tbody id="rows"></tbody>
            </table>
            <p class="keys">↑ ↓ choose · Enter open</p>
          </section>
          <section id="doc-view" hidden>
            <div class="doc-head">
              <a href="#/">← all documents</a>
              <span id="doc-position"></span>
              <h2 id="doc-title"></h2>
              <span id="doc-state" class="state"></span>
            </div>
            <div id="doc-notes"></div>
            <div class="doc-body">
              <div id="pages"></div>
              <aside>
                <form id="fields" autocomplete="off"></form>
                <p class="keys">Tab next field · Enter accept and go on · ← → (or Alt+←/→ in a field) previous / next document · Esc list ·
                  <span class="conf-high">■ ≥ 1500</span> <span class="conf-mid">■ 1000–1499</span> <span class="conf-low">■ &lt; 1000</span></p>
              </aside>
            </div>
          </section>
        </main>
        <div id="tip" hidden></div>
        <script src="review.js"></script>
        <script src="data/index.js"></script>
        </body>
        </html>
        """#

    static let css = #"""
        :root { --high: #1a7f37; --mid: #b7791f; --low: #c53030; --line: #d0d7de; font-family: system-ui, sans-serif; }
        body { margin: 0; color: #1f2328; background: #f6f8fa; }
        header { display: flex; gap: 1em; align-items: baseline; padding: .5em 1em; background: #fff; border-bottom: 1px solid var(--line); }
        header h1 { font-size: 1.1em; margin: 0; }
        header h1 a { color: inherit; text-decoration: none; }
        header .tools { margin-left: auto; display: flex; gap: .5em; }
        #message { color: #555; }
        main { padding: 1em; }
        button, .import { font: inherit; padding: .25em .7em; border: 1px solid var(--line); border-radius: 4px; background: #fff; cursor: pointer; }
        .import input { width: 12em; }
        #filters { display: flex; flex-wrap: wrap; gap: .4em; margin-bottom: .8em; }
        #filters button.on { background: #0969da; color: #fff; border-color: #0969da; }
        /* Fixed columns: a list of 1,000 documents is laid out once, not measured cell by cell. */
        table { border-collapse: collapse; width: 100%; background: #fff; table-layout: fixed; }
        th:nth-child(1) { width: 56px; } th:nth-child(2) { width: 24%; } th:nth-child(3) { width: 12em; }
        th:nth-child(4) { width: 26%; } th:nth-child(5) { width: 10em; }
        td .check { font-size: .8em; color: #57606a; margin-top: .2em; }
        td { overflow: hidden; text-overflow: ellipsis; }
        th, td { text-align: left; padding: .3em .6em; border-bottom: 1px solid var(--line); vertical-align: top; }
        td { font-variant-numeric: tabular-nums; }
        tr.selected { outline: 2px solid #0969da; outline-offset: -2px; }
        tbody tr { cursor: pointer; }
        td.thumb img { width: 48px; height: 64px; object-fit: cover; object-position: top; border: 1px solid var(--line); background: #fff; }
        td.source { word-break: break-all; max-width: 28em; }
        .error { color: var(--low); }
        .warning { color: var(--mid); }
        .state { display: inline-block; padding: 0 .5em; border-radius: 1em; font-size: .85em; white-space: nowrap; background: #eaeef2; }
        .state-needs-review { background: #fff1c2; }
        .state-processed { background: #dafbe1; }
        .state-error { background: #ffd8d3; }
        .state-no-payment { background: #ddf4ff; }
        .state-confirmed { background: var(--high); color: #fff; }
        .conf-high { color: var(--high); }
        .conf-mid { color: var(--mid); }
        .conf-low { color: var(--low); }
        .keys { color: #57606a; font-size: .85em; }
        .doc-head { display: flex; gap: 1em; align-items: baseline; }
        .doc-head h2 { font-size: 1em; margin: 0; word-break: break-all; }
        .doc-body { display: flex; gap: 1.5em; align-items: flex-start; }
        #pages { flex: 1 1 60%; max-width: 900px; display: flex; flex-direction: column; gap: 1em; }
        aside { flex: 1 1 30%; position: sticky; top: 1em; background: #fff; padding: 1em; border: 1px solid var(--line); border-radius: 6px; }
        .page { position: relative; overflow: hidden; background: #fff; box-shadow: 0 1px 4px rgba(0,0,0,.2); }
        .page img.picture { position: absolute; transform-origin: 50% 50%; }
        .no-picture { position: absolute; inset: 40% 0 auto 0; text-align: center; color: #57606a; }
        .box { position: absolute; box-sizing: border-box; border: 2px solid; background: rgba(255,255,255,0); }
        .box.conf-high { border-color: var(--high); background: rgba(26,127,55,.08); }
        .box.conf-mid { border-color: var(--mid); background: rgba(183,121,31,.08); }
        .box.conf-low { border-color: var(--low); background: rgba(197,48,48,.08); }
        .box.alt { display: none; border-style: dashed; border-width: 1px; }
        .box.alt.lit { display: block; }
        .box.top.lit { border-width: 3px; }
        .box .tag { position: absolute; left: -2px; bottom: 100%; font-size: 10px; line-height: 1.2; padding: 0 3px; color: #fff; background: currentColor; white-space: nowrap; }
        .box.conf-high .tag { background: var(--high); }
        .box.conf-mid .tag { background: var(--mid); }
        .box.conf-low .tag { background: var(--low); }
        .box .tag { color: #fff; }
        #tip { position: absolute; z-index: 10; background: #fff; border: 1px solid var(--line); border-radius: 4px; padding: .4em .7em; box-shadow: 0 2px 8px rgba(0,0,0,.2); font-size: .9em; max-width: 30em; word-break: break-all; }
        #tip ol { margin: .3em 0 0; padding-left: 1.4em; }
        form .field { display: grid; grid-template-columns: 6.5em 1fr 4.5em; gap: .5em; align-items: center; margin-bottom: .5em; }
        form .field input { font: inherit; padding: .25em .4em; border: 1px solid var(--line); border-radius: 4px; min-width: 0; }
        form .field.confident input { border-color: var(--high); background: #f0fff4; }
        form .field.unsure input { border-color: var(--mid); }
        form .mark { font-size: .85em; text-align: right; }
        form .nopay { display: block; margin: .6em 0; }
        form .buttons { display: flex; gap: .5em; }
        form button[type=submit] { background: #1f883d; color: #fff; border-color: #1f883d; }
        .status { min-height: 1.2em; color: #57606a; }
        """#
}
