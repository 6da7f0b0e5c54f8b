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
# pp-ocr: libtesseract, the language data it is tested with, OSD for --rotate-pages and --lang auto's script;
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
# pp-assets: Ed25519 signatures (libsodium), downloads (libcurl, GnuTLS flavour like the rest); Debian's
# minisign checks our signatures in the tests, and signs manifests a team makes without pp-assets.
APT_PACKAGES += libsodium-dev libcurl4-gnutls-dev minisign
# make fuzz: its seed corpora are written by a Python script (libFuzzer and ASan come with the Swift toolchain).
APT_PACKAGES += python3

# Debian's libtesseract uses OpenMP, which makes OCR about 9x slower on small machines unless limited.
export OMP_THREAD_LIMIT := 1

.PHONY: assets-demo bench-assets
.PHONY: deps build test test-office demo install lint format clean bench bench-tools bench-cardcheck bench-pages bench-ingest \
	bench-ocr bench-extract corpus-ingest corpus-pages codes-accuracy xml-accuracy accuracy fit batch synth fuzz

deps:
	@missing=$$(for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing:" $$missing; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi

build: deps
	$(SWIFT) build -c $(CONFIG) --product pp-ingest
	$(SWIFT) build -c $(CONFIG) --product pp-ocr
	$(SWIFT) build -c $(CONFIG) --product pp-extract
	$(SWIFT) build -c $(CONFIG) --product pp-cardcheck
	$(SWIFT) build -c $(CONFIG) --product pp-assets
	@# pp-pages links the Swift runtime statically (1.3 MB less resident memory per run, see bench/pages);
	@# its own scratch path keeps the other products' build from being redone each time.
	$(SWIFT) build -c $(CONFIG) --product pp-pages --static-swift-stdlib --scratch-path .build/static
	@mkdir -p $(BIN) && cp .build/static/$(CONFIG)/pp-pages $(BIN)/pp-pages

test: deps
	$(SWIFT) build
	$(SWIFT) test

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

# libFuzzer targets of every reader and parser (fuzz/, docs/reliability.md "Fuzzing"), built apart from the
# normal build with the toolchain's libFuzzer and AddressSanitizer, each run FUZZ_SECONDS on one core; prints
# executions, coverage and findings per target and fails on a crash, hang or running out of memory.
#   make fuzz [FUZZ_SECONDS=20] [FUZZ_TARGETS="einvoice numbers"] [FUZZ_OPT=-Onone: quicker build, slower runs]
FUZZ_SECONDS ?= 20
FUZZ_OPT ?= -O
fuzz: deps
	FUZZ_OPT=$(FUZZ_OPT) bash fuzz/build.sh
	FUZZ_OPT=$(FUZZ_OPT) FUZZ_SECONDS=$(FUZZ_SECONDS) CORPUS="$(CORPUS)" bash fuzz/run.sh $(FUZZ_TARGETS)

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
	@echo "== pp-cardcheck --format samples/cards.jsonl   (status, brand, display form; today fixed at 2026-11-29)"
	@$(BIN)/pp-cardcheck --today 2026-11-29 --format samples/cards.jsonl \
	  | sed -E -e 's/.*"kind":"payment_info","status":"([a-z_]+)".*"formatted":"([^"]*)".*/  \1  (payment info)  "\2"/' \
	    -e 's/.*"brand":("[^"]*"|null).*"formatted":("[^"]*"|null).*"status":"([a-z_]+)".*/  \3  \1  \2/'; true

# pp-assets end to end (scripts/assets-demo.sh): publish a new profile version to a local repository, serve
# it, update, show pp-extract using it (its records name the version), reset, show the shipped profile again.
assets-demo: build
	bash scripts/assets-demo.sh $(BIN)

install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/pp/profiles $(DESTDIR)$(PREFIX)/share/pp/lexicons
	for t in $(TOOLS); do install -m 755 $(BIN)/$$t $(DESTDIR)$(PREFIX)/bin/$$t; done
	@# pp-batch runs the three tools of a pipe over a folder; it finds them beside itself.
	install -m 755 scripts/pp-batch $(DESTDIR)$(PREFIX)/bin/pp-batch
	@# pp-extract finds its profiles in ../share/pp/profiles beside the executable.
	install -m 644 Sources/Extract/Profiles/*.json $(DESTDIR)$(PREFIX)/share/pp/profiles/
	@# ... and the per-language label lexicons the profiles name in ../share/pp/lexicons.
	install -m 644 Sources/Extract/Lexicons/*.json $(DESTDIR)$(PREFIX)/share/pp/lexicons/
	@# ... and the fitted confidence model in ../share/pp/model.
	install -d $(DESTDIR)$(PREFIX)/share/pp/model
	install -m 644 Sources/Extract/Model/*.json $(DESTDIR)$(PREFIX)/share/pp/model/

lint:
	$(SWIFT) format lint --strict --recursive --configuration .swift-format Sources Tests Package.swift

format:
	$(SWIFT) format --in-place --recursive --configuration .swift-format Sources Tests Package.swift

# Every benchmark, each side by side with the tool a user would pick instead (figures in bench/*/README.md).
bench: bench-ingest bench-ocr bench-extract bench-pages bench-cardcheck bench-assets

bench-tools:
	@command -v hyperfine >/dev/null && [ -x /usr/bin/time ] || { SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get install -y -qq hyperfine time >/dev/null; }
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
bench-pages: build bench-tools
	bash bench/pages/run.sh
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
# Stand-alone XML e-invoices (UBL, CII) through pp-ingest | pp-extract against their truth.jsonl: payee account,
# amount and reference must equal the truth on 99% of files, and no document that expects no payment may have a
# confident candidate (Tests/Corpus/xml_einvoices.py; skipped when the folder is absent). BIN=dir uses those tools unbuilt.
xml-accuracy: $(if $(filter command line,$(origin BIN)),,build)
	python3 Tests/Corpus/xml_einvoices.py $(BIN) $(CORPUS)/xml-einvoices
# One table of pp-extract's accuracy over every data set present (bench/extract/README.md); OCR is cached
# in .build/accuracy/pages, so a rerun takes seconds. BIN=dir on the command line uses those tools unbuilt.
#   make accuracy [CORPUS=dir] [SYNTH=dir] [FRESH=1] [JOBS=2]
accuracy: $(if $(filter command line,$(origin BIN)),,build)
	@SYNTH="$(or $(SYNTH),.build/synth)" FRESH="$(FRESH)" JOBS="$(or $(JOBS),1)" \
	  bash bench/extract/accuracy.sh "$(CORPUS)" "$(BIN)"

# Fit pp-extract's confidence model on the samples and the synthetic "fit" families (after make synth
# and make accuracy); then make accuracy again measures it on what it was not fitted on.
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
