# pp — build, test, demo. `make demo` and `make test` are what a newcomer types first.
SHELL := /bin/bash
PREFIX ?= /usr/local
SWIFT ?= swift
CONFIG ?= release
BIN := .build/$(CONFIG)
TOOLS := pp-ingest pp-ocr pp-extract pp-pages pp-cardcheck pp-assets
CORPUS ?= ../shared/corpus
PROFILE ?= auto
DEMO := .build/demo

# Debian packages the tools, tests and benchmarks need; `make deps` installs only what is missing.
APT_PACKAGES := pkg-config
# pp-ingest: poppler-glib + cairo, leptonica, zxing-cpp (payment codes); poppler-utils (pdfinfo, pdftotext,
# pdftoppm) for checks and benches.
APT_PACKAGES += libpoppler-glib-dev libcairo2-dev libleptonica-dev libzxing-dev poppler-utils
# pp-ocr: libtesseract, the language data it is tested with, OSD for --rotate-pages and --lang auto's script
# (and zxing-cpp, above, for the codes on the pages it turned);
# the CLI for bench-ocr.
APT_PACKAGES += libtesseract-dev tesseract-ocr tesseract-ocr-eng tesseract-ocr-deu tesseract-ocr-srp \
	tesseract-ocr-srp-latn tesseract-ocr-osd
# --lang auto reads a page again in the language its words show: the data of every lexicon's language (1-10 MB each).
APT_PACKAGES += $(addprefix tesseract-ocr-,fra ita spa por nld pol ces slk slv hrv bos mkd hun ron bul swe dan nor fin ell)
# pp-pages: libqpdf (C API), GnuTLS (SHA-256; libqpdf loads it anyway); the qpdf CLI checks results in tests.
APT_PACKAGES += libqpdf-dev libgnutls28-dev qpdf
# pp-extract: liblzma decodes PAY by square payment codes (raw LZMA1).
APT_PACKAGES += liblzma-dev
# Stand-alone and attached e-invoices (UBL, CII): libxml2, one XML reader for pp-ingest and pp-extract.
APT_PACKAGES += libxml2-dev
# pp-ingest: e-mails (.eml, mbox) with GMime, ZIP archives (a mail's attachments, or given) with libarchive.
APT_PACKAGES += libgmime-3.0-dev libarchive-dev
# Man pages and completions (`TOOL --help-man`, `--completion bash|zsh|fish`) are checked with groff, zsh and fish.
APT_PACKAGES += groff-base zsh fish
# pp-assets: Ed25519 signatures (libsodium), downloads (libcurl, GnuTLS flavour like the rest); Debian's
# minisign checks our signatures in the tests, and signs manifests a team makes without pp-assets.
APT_PACKAGES += libsodium-dev libcurl4-gnutls-dev minisign
# make fuzz: its seed corpora are written by a Python script (libFuzzer and ASan come with the Swift toolchain).
APT_PACKAGES += python3

# Debian's libtesseract uses OpenMP, which makes OCR about 9x slower on small machines unless limited.
export OMP_THREAD_LIMIT := 1

.PHONY: deps deps-browser pages-static review-results review-demo test-browser build test test-office deb test-deb test-parallel demo \
	install uninstall lint format clean bench bench-tools bench-cardcheck bench-pages bench-ingest bench-ocr bench-extract \
	bench-extract-instructions corpus-ingest corpus-pages codes-accuracy codes-photos xml-accuracy accuracy fit batch synth fuzz stress
.PHONY: assets-demo bench-assets release-key bench-searchable

deps:
	@missing=$$(for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing:" $$missing; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi

# The review site's browser test (make test-browser, make review-demo): Debian's Chromium, its driver and
# Selenium for Debian's own python3 (/usr/bin/python3, not whichever python3 comes first on PATH).
BROWSER_PACKAGES := chromium chromium-driver python3-selenium
BROWSER_PYTHON ?= /usr/bin/python3
deps-browser:
	@missing=$$(for p in $(BROWSER_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing:" $$missing; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi

build: deps
	@# Every tool links the Swift runtime and Foundation statically, as the Debian package ships them: no dynamic
	@# symbol binding at start-up and direct calls (pp-extract: 8 ms less start-up, 7% less CPU a page, 5 MB less
	@# resident memory; pp-pages and pp-assets: see bench/pages and bench/assets). Their own scratch path keeps
	@# the debug build of the tests from being redone each time; the tools are copied to $(BIN).
	for t in pp-ingest pp-ocr pp-extract pp-cardcheck pp-assets; do \
	  $(SWIFT) build -c $(CONFIG) --product $$t --static-swift-stdlib --scratch-path .build/static || exit 1; done
	@$(MAKE) --no-print-directory pages-static
	@mkdir -p $(BIN) && for t in $(TOOLS); do cp -f .build/static/$(CONFIG)/$$t $(BIN)/ || exit 1; done
	@rm -rf $(BIN)/pp_Extract.resources && cp -R .build/static/$(CONFIG)/pp_Extract.resources $(BIN)/

# pp-pages, linked by lld with the functions its everyday edits run side by side (packaging/link-order/pp-pages.txt,
# written by packaging/link-order/record.sh): the kernel maps code 64 KB around each page a program touches, so
# the static Swift runtime's scattered functions cost resident memory for code never run (bench/pages/README.md).
# Each function in its own section, so the list places pp's own functions one by one, not file by file; no symbol
# exported (nothing loads pp-pages as a library; exported functions are kept even when unused); relative
# relocations packed (DT_RELR, glibc 2.36): the loader reads 3 KB instead of a 410 KB table, and PIE stays.
PAGES_LINK := -Xswiftc -use-ld=lld -Xlinker --symbol-ordering-file=$(CURDIR)/packaging/link-order/pp-pages.txt \
	-Xlinker --no-warn-symbol-ordering -Xswiftc -Xfrontend -Xswiftc -function-sections -Xlinker --no-export-dynamic \
	-Xlinker -z -Xlinker pack-relative-relocs
pages-static:
	$(SWIFT) build -c $(CONFIG) --product pp-pages --static-swift-stdlib --scratch-path .build/static $(PAGES_LINK)

# The tests write their scratch files under one fresh TMPDIR, removed afterwards, so a run leaves nothing behind;
# open to every user like /tmp (a test runs pp-pages as another user on a file in it).
test: deps
	$(SWIFT) build
	@scratch=$$(mktemp -d "$${TMPDIR:-/tmp}/pp-test.XXXXXX") && chmod 1777 "$$scratch" && \
	echo "TMPDIR=$$scratch $(SWIFT) test" && \
	TMPDIR="$$scratch" $(SWIFT) test; status=$$?; rm -rf "$$scratch"; exit $$status

# Office documents (.docx, .xlsx, .odt, .ods) are converted by LibreOffice, which `make deps` leaves out (about
# 250 MB): this installs its GUI-less Writer and Calc and runs the office tests, which must all run here.
OFFICE_PACKAGES := libreoffice-core-nogui libreoffice-writer-nogui libreoffice-calc-nogui
test-office: deps
	@missing=$$(for p in $(OFFICE_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing:" $$missing; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi
	$(SWIFT) build --build-tests
	PP_REQUIRE_OFFICE=1 $(SWIFT) test --skip-build --filter OfficeTests

# Stress tests too long for make test (about a minute each): pp-ocr --page-timeout with pages given up on
# while their threads are still inside tesseract, 20 runs of 200 pages, never a crash at exit.
stress: deps
	$(SWIFT) build --build-tests
	PP_STRESS=1 OMP_THREAD_LIMIT=1 $(SWIFT) test --skip-build --filter OCRTimeoutStressTests

# libFuzzer targets of every reader and parser (fuzz/, docs/reliability.md "Fuzzing"), built apart from the
# normal build with the toolchain's libFuzzer and AddressSanitizer, each run FUZZ_SECONDS on one core; prints
# executions, coverage and findings per target and fails on a crash, hang or running out of memory.
#   make fuzz [FUZZ_SECONDS=20] [FUZZ_TARGETS="einvoice numbers"] [FUZZ_OPT=-Onone: quicker build, slower runs]
FUZZ_SECONDS ?= 20
FUZZ_OPT ?= -O
fuzz: deps
	FUZZ_OPT=$(FUZZ_OPT) bash fuzz/build.sh
	FUZZ_OPT=$(FUZZ_OPT) FUZZ_SECONDS=$(FUZZ_SECONDS) CORPUS="$(CORPUS)" bash fuzz/run.sh $(FUZZ_TARGETS)

# Debian package (packaging/deb/build.sh): every tool of TOOLS with the Swift runtime linked in (no toolchain
# needed where it is installed), pp-batch, the shipped data in /usr/share/pp, man pages and completions
# rendered by each tool from its option table; dependencies by dpkg-shlibdeps; lintian must pass.
# test-deb installs it into an empty root and runs the pipeline from there; test-parallel runs the GNU parallel
# recipe of docs/scale.md over two OpenSSH daemons on 127.0.0.1 (packaging/parallel/test.sh).
DEB_OUT := .build/deb
DEB_PACKAGES := dpkg-dev lintian help2man chrpath man-db
PARALLEL_PACKAGES := parallel openssh-server openssh-client rsync
deb: deps
	@$(call apt_ensure,$(DEB_PACKAGES))
	for t in $(filter-out pp-pages,$(TOOLS)); do $(SWIFT) build -c release --product $$t --static-swift-stdlib --scratch-path .build/static || exit 1; done
	$(MAKE) --no-print-directory pages-static CONFIG=release
	RELEASE_PUB="$(RELEASE_KEY).pub" bash packaging/deb/build.sh .build/static/release $(DEB_OUT) $(TOOLS)
test-deb: deb
	bash packaging/deb/test-install.sh $(DEB_OUT)/pp_*_$$(dpkg --print-architecture).deb
test-parallel: deb
	@$(call apt_ensure,$(PARALLEL_PACKAGES))
	bash packaging/parallel/test.sh $(DEB_OUT)/pp_*_$$(dpkg --print-architecture).deb

# Installs the Debian packages of $(1) that are missing (as root, else with sudo).
apt_ensure = missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' \
	|| echo $$p; done); if [ -n "$$missing" ]; then echo "installing:" $$missing; SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing \
	>/dev/null; fi

# The main job on the bundled samples: bills, photos, odd files, XML e-invoices and e-mails in, payment data
# out, measured against the confirmed values of samples/truth.jsonl.
demo: build
	@mkdir -p $(DEMO)
	@echo "== pp-ingest samples/ | pp-ocr | pp-extract   (top candidate per field; * = confidence >= 1500)"
	@PP_PDF_PASSWORD=secret $(BIN)/pp-ingest --work $(DEMO)/work samples/pdf samples/photos samples/special samples/xml samples/mail \
	  | $(BIN)/pp-ocr --lang "$$($(BIN)/pp-extract --ocr-languages)" \
	  | $(BIN)/pp-extract > $(DEMO)/results.jsonl; \
	$(BIN)/pp-extract table $(DEMO)/results.jsonl
	@echo "== pp-extract eval --truth samples/truth.jsonl   (the JSON report is in $(DEMO)/eval.json)"
	@$(BIN)/pp-extract eval --truth samples/truth.jsonl $(DEMO)/results.jsonl > $(DEMO)/eval.json
	@echo "== pp-pages: append the photo of the paper bill to the digital one, and read the result"
	$(BIN)/pp-pages samples/pdf/en-gb-supplies.pdf --append samples/photos/en-gb-supplies.jpg -o $(DEMO)/edited.pdf \
	  | $(BIN)/pp-ingest --work $(DEMO)/work | $(BIN)/pp-ocr --lang eng | $(BIN)/pp-extract | $(BIN)/pp-extract table
	@echo "== a photo of a bill on a desk to a searchable PDF: pp-pages cuts out the sheet and straightens it, pp-ocr"
	@echo "   --text-layer reads it, pp-pages --searchable puts the words under the page; pdftotext reads the IBAN back"
	@$(BIN)/pp-pages samples/photos/at-installateur-skonto.jpg -o $(DEMO)/sheet.pdf > /dev/null
	@$(BIN)/pp-ingest --work $(DEMO)/work $(DEMO)/sheet.pdf | $(BIN)/pp-ocr --lang deu --text-layer \
	  | $(BIN)/pp-pages $(DEMO)/sheet.pdf --searchable - -o $(DEMO)/searchable.pdf > /dev/null
	@pdftotext $(DEMO)/searchable.pdf - | grep -E '^IBAN' | sed 's|^|  pdftotext $(DEMO)/searchable.pdf: |'
	@echo "== pp-cardcheck --format samples/cards.jsonl   (status, brand, display form; today fixed at 2026-11-29)"
	@$(BIN)/pp-cardcheck --today 2026-11-29 --format samples/cards.jsonl \
	  | sed -E -e 's/.*"kind":"payment_info","status":"([a-z_]+)".*"formatted":"([^"]*)".*/  \1  (payment info)  "\2"/' \
	    -e 's/.*"brand":("[^"]*"|null).*"formatted":("[^"]*"|null).*"status":"([a-z_]+)".*/  \3  \1  \2/'; true

# The samples through the pipeline with colour page previews, keeping the page records beside the results
# (the browser test compares the drawn boxes with their words). REVIEW_BIN: the tools to use.
REVIEW := $(DEMO)/review
REVIEW_BIN ?= $(BIN)
review-results:
	@mkdir -p $(REVIEW)
	@echo "== pp-ingest --thumbnails 1000 samples/ | pp-ocr | tee pages.jsonl | pp-extract   (in $(REVIEW))"
	@set -o pipefail; PP_PDF_PASSWORD=secret $(REVIEW_BIN)/pp-ingest --quiet --thumbnails 1000 --work $(REVIEW)/work \
	  samples/pdf samples/photos samples/special \
	  | $(REVIEW_BIN)/pp-ocr --quiet --lang "$$($(REVIEW_BIN)/pp-extract --ocr-languages)" | tee $(REVIEW)/pages.jsonl \
	  | $(REVIEW_BIN)/pp-extract --quiet > $(REVIEW)/results.jsonl || [ $$? = 3 ]  # 3: the samples' damaged file

# The review site of the samples (docs/review.md), PNGs with the boxes drawn, and a screenshot of one
# document's page taken in headless Chromium.
review-demo: build deps-browser
	@$(MAKE) --no-print-directory review-results
	@rm -rf $(REVIEW)/site $(REVIEW)/png
	$(BIN)/pp-extract review $(REVIEW)/results.jsonl -o $(REVIEW)/site --png $(REVIEW)/png
	@$(BROWSER_PYTHON) Tests/Browser/review_browser.py --screenshot $(REVIEW)/screenshot.png --site $(REVIEW)/site \
	  --results $(REVIEW)/results.jsonl --source samples/photos/hr-voda-hub3-upside-down.jpg
	@echo "== open file://$(CURDIR)/$(REVIEW)/site/index.html in a browser"
	@echo "   a document page as Chromium shows it: $(REVIEW)/screenshot.png; every page with its boxes: $(REVIEW)/png/"

# The review site in a real browser (Tests/Browser/review_browser.py): boxes on their words, a payee
# <script> shown as text, correct / confirm / export / eval / import, Enter through every document, and a
# site of 1,000 documents written in under 10 s and opened in under 2 s. Uses the debug build of make test.
test-browser: deps deps-browser
	$(SWIFT) build
	@$(MAKE) --no-print-directory review-results REVIEW_BIN=.build/debug
	$(BROWSER_PYTHON) Tests/Browser/review_browser.py --bin .build/debug --results $(REVIEW)/results.jsonl \
	  --pages $(REVIEW)/pages.jsonl --truth samples/truth.jsonl --work $(REVIEW)/browser-test

# The release key pp-assets trusts when its configuration names none (docs/assets.md "Keys"): make the pair
# once, outside the repository (RELEASE_KEY is the files' prefix: RELEASE_KEY.key, RELEASE_KEY.pub), keep the
# .key offline, and sign releases with it; make install and make deb install the .pub as
# share/pp/release-key.pub. Without it the installed pp-assets trusts only a key its configuration names.
RELEASE_KEY ?= $(HOME)/.config/pp/release-key
release-key:
	$(SWIFT) build -c $(CONFIG) --product pp-assets --static-swift-stdlib --scratch-path .build/static
	@mkdir -p "$(dir $(RELEASE_KEY))" && chmod 700 "$(dir $(RELEASE_KEY))"
	.build/static/$(CONFIG)/pp-assets keygen -o "$(RELEASE_KEY)"
	@echo "secret key: $(RELEASE_KEY).key (move it offline); public key: $(RELEASE_KEY).pub (installed by make install/deb)"

# pp-assets end to end (scripts/assets-demo.sh): publish a new profile version to a local repository, serve
# it, update, show pp-extract using it (its records name the version), reset, show the shipped profile again.
assets-demo: build
	bash scripts/assets-demo.sh $(BIN)

install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/pp/profiles $(DESTDIR)$(PREFIX)/share/pp/lexicons
	for t in $(TOOLS); do install -m 755 $(BIN)/$$t $(DESTDIR)$(PREFIX)/bin/$$t; done
	@# pp-batch runs the three tools of a pipe over a folder; it finds them beside itself.
	install -m 755 scripts/pp-batch $(DESTDIR)$(PREFIX)/bin/pp-batch
	@# pp-parallel spreads pp-batch's work over several hosts with GNU parallel (docs/scale.md).
	install -m 755 scripts/pp-parallel $(DESTDIR)$(PREFIX)/bin/pp-parallel
	@# pp-extract finds its profiles in ../share/pp/profiles beside the executable.
	install -m 644 Sources/Extract/Profiles/*.json $(DESTDIR)$(PREFIX)/share/pp/profiles/
	@# ... and the per-language label lexicons the profiles name in ../share/pp/lexicons.
	install -m 644 Sources/Extract/Lexicons/*.json $(DESTDIR)$(PREFIX)/share/pp/lexicons/
	@# ... and the fitted confidence model in ../share/pp/model.
	install -d $(DESTDIR)$(PREFIX)/share/pp/model
	install -m 644 Sources/Extract/Model/*.json $(DESTDIR)$(PREFIX)/share/pp/model/
	@# pp-assets trusts the release key in ../share/pp/release-key.pub when its configuration names none.
	@if [ -f "$(RELEASE_KEY).pub" ]; then install -m 644 "$(RELEASE_KEY).pub" $(DESTDIR)$(PREFIX)/share/pp/release-key.pub; \
	else echo "note: no $(RELEASE_KEY).pub (make release-key): pp-assets will trust only a key its configuration names"; fi
	@# ... and each tool's man page, rendered from its option table.
	install -d $(DESTDIR)$(PREFIX)/share/man/man1
	for t in $(TOOLS); do $(BIN)/$$t --help-man > $(DESTDIR)$(PREFIX)/share/man/man1/$$t.1 || exit 1; done

# Removes what `make install` put under PREFIX (the same PREFIX and DESTDIR).
uninstall:
	for t in $(TOOLS) pp-batch pp-parallel; do rm -f $(DESTDIR)$(PREFIX)/bin/$$t $(DESTDIR)$(PREFIX)/share/man/man1/$$t.1; done
	rm -rf $(DESTDIR)$(PREFIX)/share/pp

lint:
	$(SWIFT) format lint --strict --recursive --configuration .swift-format Sources Tests Package.swift

format:
	$(SWIFT) format --in-place --recursive --configuration .swift-format Sources Tests Package.swift

# Every benchmark, each side by side with the tool a user would pick instead (figures in bench/*/README.md).
bench: bench-ingest bench-ocr bench-extract bench-pages bench-cardcheck bench-assets

bench-tools:
	@command -v hyperfine >/dev/null && [ -x /usr/bin/time ] || { SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get install -y -qq hyperfine time >/dev/null; }
	@# bench/ingest/codes.sh and bench/extract/instructions.sh count instructions with valgrind's callgrind.
	@command -v valgrind >/dev/null || { SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get install -y -qq valgrind >/dev/null; }
	@# bench/ingest/codes.sh compares pp-ingest's code reading with ZBar's zbarimg.
	@command -v zbarimg >/dev/null || { SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get install -y -qq zbar-tools >/dev/null; }

bench-ingest: build bench-tools
	bash bench/ingest/run.sh
	bash bench/ingest/codes.sh
bench-ocr: build bench-tools
	bash bench/ocr/run.sh
bench-extract: build bench-tools
	bash bench/extract/run.sh
# pp-extract's instructions and CPU time per page against an earlier one (bench/extract/README.md): BEFORE is a
# revision (built apart, release) or a folder holding a pp-extract; 7c9be4c is the code before the typed spine.
bench-extract-instructions: build bench-tools
	bash bench/extract/instructions.sh "$(or $(BEFORE),7c9be4c)" $(BIN)
bench-pages: build bench-tools
	bash bench/pages/run.sh
# Scan to searchable PDF against OCRmyPDF (`ocrmypdf --skip-text`), installed from Debian when missing.
SEARCHABLE_BENCH_PACKAGES := ocrmypdf python3-pil fonts-dejavu-core
bench-searchable: build bench-tools
	@command -v ocrmypdf >/dev/null || $(call apt_ensure,$(SEARCHABLE_BENCH_PACKAGES))
	bash bench/pages/searchable.sh
bench-cardcheck: build bench-tools
	bash bench/cardcheck/run.sh
bench-assets: build bench-tools
	bash bench/assets/run.sh

# Checks on the shared corpus of real documents, when it is present (nothing from it is committed).
corpus-ingest: build
	python3 Tests/Corpus/ingest_corpus.py $(BIN)/pp-ingest $(CORPUS)/pdfs $(CORPUS)/invoices
corpus-pages: build
	bash Tests/Corpus/pages.sh $(BIN)/pp-pages $(CORPUS)/pdfs
# pp-ingest's payment-code reading (QR, PDF417) over a labelled folder: decode rate and exact payloads per
# format (bench/codes/decode_rate.sh; skipped when the folder is absent).
codes-accuracy: build
	bash bench/codes/decode_rate.sh $(CORPUS)/payment-codes $(BIN)/pp-ingest
	@# ... and on copies of its images turned 90 and 15 degrees, halved, and made photo-like.
	bash bench/codes/variants.sh $(CORPUS)/payment-codes $(BIN)/pp-ingest

# The photo benchmark: every payment-code format generated and photographed by code (turned,
# in perspective, blurred, glared, JPEG...), read by pp-ingest and zbarimg (bench/codes/photos.sh).
# zbarimg (zbar-tools) and the generator's font (fonts-dejavu-core) are installed here when missing.
PHOTO_BENCH_PACKAGES := zbar-tools fonts-dejavu-core
codes-photos: build
	@$(call apt_ensure,$(PHOTO_BENCH_PACKAGES))
	bash bench/codes/photos.sh $(PER_CELL) $(BIN)/pp-ingest
# Stand-alone XML e-invoices (UBL, CII) through pp-ingest | pp-extract against their truth.jsonl: payee account,
# amount and reference must equal the truth on 99% of files, and no document that expects no payment may have a
# confident candidate (Tests/Corpus/xml_einvoices.py; skipped when the folder is absent). BIN=dir uses those tools unbuilt.
xml-accuracy: $(if $(filter command line,$(origin BIN)),,build)
	python3 Tests/Corpus/xml_einvoices.py $(BIN) $(CORPUS)/xml-einvoices
# One table of pp-extract's accuracy over every data set present, each cut into a tuning and a checking
# half (bench/extract/README.md); photos of the corpus's pages are made in PHOTOS when missing. OCR is
# cached in .build/accuracy/pages, so a rerun takes seconds. BIN=dir on the command line uses those tools unbuilt.
#   make accuracy [CORPUS=dir] [SYNTH=dir] [PHOTOS=dir] [FRESH=1] [JOBS=2]
accuracy: $(if $(filter command line,$(origin BIN)),,build)
	@SYNTH="$(or $(SYNTH),.build/synth)" PHOTOS="$(or $(PHOTOS),.build/corpus-photo)" FRESH="$(FRESH)" \
	  JOBS="$(or $(JOBS),1)" bash bench/extract/accuracy.sh "$(CORPUS)" "$(BIN)"

# Fit pp-extract's confidence model on the tuning half only (samples, the synthetic "fit" families, the
# corpus documents that hash to tuning; after make synth and make accuracy); the fit refuses checking
# data, and make accuracy again measures the model on what it was not fitted on.
fit: $(if $(filter command line,$(origin BIN)),,build)
	bash bench/extract/fit.sh "$(BIN)"

# One result file per input below IN, resumable: scripts/pp-batch with the tools of $(BIN), not rebuilt
# here (make build first). JOBS, or make's own -j N, sets the files worked on in parallel.
#   make batch IN=bills OUT=results -j 4 [PROFILE=rs] [LANG_OCR=srp+eng]
JOBS ?= $(or $(patsubst -j%,%,$(filter -j%,$(MAKEFLAGS))),1)
batch:
	@if [ -z "$(IN)" ] || [ -z "$(OUT)" ]; then echo "usage: make batch IN=folder OUT=folder [-j N] [PROFILE=rs]" >&2; exit 2; fi
	bash scripts/pp-batch --bin "$(BIN)" --jobs "$(JOBS)" --profile "$(PROFILE)" $(if $(LANG_OCR),--lang "$(LANG_OCR)") \
	  -- "$(IN)" "$(OUT)"

# Synthetic bills (Tests/Synth/README.md): PDFs, photos and truth.jsonl in .build/synth, then a self-check.
synth:
	@rm -rf .build/synth
	python3 Tests/Synth/generate.py --out .build/synth --per-family 6 --seed 1 --photos
	python3 Tests/Synth/check_truth.py .build/synth

clean:
	rm -rf .build .pp-work
