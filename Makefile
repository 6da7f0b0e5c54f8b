# pp — build, test, demo. `make demo` and `make test` are what a newcomer types first.
SHELL := /bin/bash
PREFIX ?= /usr/local
SWIFT ?= swift
CONFIG ?= release
BIN := .build/$(CONFIG)
TOOLS := pp-cardcheck pp-pages pp-ingest pp-ocr
TOOLS += pp-extract

# Debian packages the tools and tests need (installed only when missing).
APT_PACKAGES := pkg-config
# pp-pages: libqpdf (C API), GnuTLS (SHA-256; libqpdf loads it anyway), leptonica (opened only for
# non-JPEG images); qpdf and poppler-utils check results in the tests; hyperfine and time for bench-pages.
APT_PACKAGES += libqpdf-dev libgnutls28-dev libleptonica-dev qpdf poppler-utils
# pp-ingest: poppler-glib + cairo, leptonica; poppler-utils for its corpus check and bench.
APT_PACKAGES += libpoppler-glib-dev libcairo2-dev
# pp-ocr: libtesseract + leptonica, the language data it is tested with, OSD for --rotate-pages;
# tesseract-ocr (the CLI) for bench-ocr.
APT_PACKAGES += libtesseract-dev tesseract-ocr tesseract-ocr-eng tesseract-ocr-deu tesseract-ocr-srp tesseract-ocr-srp-latn tesseract-ocr-osd
CORPUS ?= ../shared/corpus

export OMP_THREAD_LIMIT := 1


.PHONY: deps build test demo install lint format bench bench-cardcheck clean bench-pages corpus-pages bench-ingest corpus-ingest bench-ocr demo-ocr

deps:
	@missing=$$(for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing:" $$missing; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi

build: deps
	$(SWIFT) build -c $(CONFIG) --product pp-cardcheck
	@# pp-pages links the Swift runtime statically (1.3 MB less resident memory per run, see bench/pages);
	@# its own scratch path keeps the other products' build from being redone each time.
	$(SWIFT) build -c $(CONFIG) --product pp-pages --static-swift-stdlib --scratch-path .build/static
	@mkdir -p $(BIN) && cp .build/static/$(CONFIG)/pp-pages $(BIN)/pp-pages
	$(SWIFT) build -c $(CONFIG) --product pp-ingest
	$(SWIFT) build -c $(CONFIG) --product pp-ocr

test: deps
	$(SWIFT) build
	$(SWIFT) test

demo: build
	@echo "== pp-cardcheck on samples/cards.jsonl (today fixed at 2026-11-29)"
	@$(BIN)/pp-cardcheck --today 2026-11-29 --format samples/cards.jsonl; status=$$?; \
	echo "== exit status $$status (1 = some card is not valid)"
	@echo "== pp-pages: reverse a sample's pages, put a photo in as page 2, and feed the result on"
	@mkdir -p .build/demo; in=$$(ls samples/pdf/*.pdf 2>/dev/null | head -1); in=$${in:-Tests/Fixtures/pages/five.pdf}; \
	echo "\$$ pp-pages $$in --order z-1 --insert-at 2 Tests/Fixtures/pages/photo.jpg -o .build/demo/edited.pdf"; \
	$(BIN)/pp-pages "$$in" --order z-1 --insert-at 2 Tests/Fixtures/pages/photo.jpg -o .build/demo/edited.pdf \
	  | tee .build/demo/edited.jsonl; \
	if [ -x $(BIN)/pp-ingest ]; then echo "\$$ ... | pp-ingest | head -c 400"; $(BIN)/pp-ingest < .build/demo/edited.jsonl | head -c 400; echo; \
	else echo "(pp-ingest not built yet: the record above is what it reads on stdin)"; fi
	@echo "== pp-ingest on samples/ (one page record per page; rasters and attachments in .pp-work/; records cut to 220 characters)"
	@$(BIN)/pp-ingest samples/pdf samples/photos samples/special | cut -c1-220; \
	echo "== exit status $${PIPESTATUS[0]} (3 = some files ended in an error record: the garbage and encrypted samples)"
	@echo "== pp-ingest --raster --thumbnails 160: every page rendered (300 dpi gray PNG) and a thumbnail, keys without the text layer"
	@$(BIN)/pp-ingest --raster --thumbnails 160 samples/pdf/rs-grejanje-cyr-2p.pdf | sed -e 's/"lines":\[.*\],"media"/"lines":[…],"media"/'

demo: demo-ocr

# pp-ocr on samples/: through pp-ingest when it is built, otherwise on page records written here.
demo-ocr: build
	@echo "== pp-ocr on samples/photos (one line per page: source, page, mean confidence, first lines read)"
	@if [ -x $(BIN)/pp-ingest ]; then $(BIN)/pp-ingest samples/photos; \
	else for f in samples/photos/*; do printf '{"kind":"page","source":"%s","page":1,"text_source":null,"image":{"path":"%s"}}\n' "$$f" "$$f"; done; fi \
	| $(BIN)/pp-ocr --lang deu+srp_latn+srp+eng --rotate-pages | python3 bench/ocr/summary.py; \
	echo "== exit status $${PIPESTATUS[1]}"

install: build
	install -d $(DESTDIR)$(PREFIX)/bin
	for t in $(TOOLS); do install -m 755 $(BIN)/$$t $(DESTDIR)$(PREFIX)/bin/$$t; done

lint:
	$(SWIFT) format lint --strict --recursive --configuration .swift-format Sources Tests Package.swift

format:
	$(SWIFT) format --in-place --recursive --configuration .swift-format Sources Tests Package.swift

# Every benchmark, each side by side with the tool a user would pick instead.
bench: bench-cardcheck bench-pages bench-ingest bench-ocr

bench-cardcheck: build
	bash bench/cardcheck/run.sh

# pp-pages against the qpdf CLI (reverse, delete, insert on a generated book and one ten times larger).
bench-pages: build
	@command -v hyperfine >/dev/null && [ -x /usr/bin/time ] || { SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); $$SUDO apt-get install -y -qq hyperfine time >/dev/null; }
	bash bench/pages/run.sh

# pp-pages's common operations over the real PDFs of $(CORPUS)/pdfs (skipped when absent).
corpus-pages: deps
	$(SWIFT) build --product pp-pages
	bash Tests/Corpus/pages.sh .build/debug/pp-pages $(CORPUS)/pdfs

bench-ingest: build
	bash bench/ingest/run.sh

# Every file of the shared corpus through pp-ingest: no crash, page counts = pdfinfo, text where pdftotext finds it.
corpus-ingest: build
	python3 Tests/Corpus/ingest_corpus.py $(BIN)/pp-ingest $(CORPUS)/pdfs $(CORPUS)/invoices

bench-ocr: build
	bash bench/ocr/run.sh

clean:
	rm -rf .build

# --- pp-extract -------------------------------------------------------------------------------------
# Profiles ship as data beside the tool: SwiftPM copies them into the build folder
# (pp_Extract.resources/Profiles); `make install` puts them in $(PREFIX)/share/pp/profiles.
.PHONY: build-extract install-extract demo-extract bench-extract accuracy batch
PROFILE ?= auto
CORPUS ?= ../shared/corpus
EXTRACT_PIPE = $(BIN)/pp-ingest --jobs 1 --work .pp-work "$$f" | $(BIN)/pp-ocr --jobs 1 --lang "$$($(BIN)/pp-extract --profile $(PROFILE) --ocr-languages)" | $(BIN)/pp-extract --jobs 1 --profile $(PROFILE)

build: build-extract
build-extract: deps
	$(SWIFT) build -c $(CONFIG) --product pp-extract

install: install-extract
install-extract: build-extract
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/pp/profiles
	install -m 755 $(BIN)/pp-extract $(DESTDIR)$(PREFIX)/bin/pp-extract
	install -m 644 Sources/Extract/Profiles/*.json $(DESTDIR)$(PREFIX)/share/pp/profiles/

demo: demo-extract
demo-extract: build
	@echo "== pp-ingest | pp-ocr | pp-extract on samples/ (top candidate per field; * = confidence >= 1500)"
	@if [ -x $(BIN)/pp-ingest ] && [ -x $(BIN)/pp-ocr ]; then \
		for f in samples/pdf/*.pdf samples/photos/*; do $(EXTRACT_PIPE) 2>/dev/null; done | $(BIN)/pp-extract table; \
	else \
		echo "(pp-ingest or pp-ocr not built here: pp-extract reads the committed page records of samples/)"; \
		$(BIN)/pp-extract Tests/ExtractTests/Fixtures/samples-pages.jsonl | $(BIN)/pp-extract table; \
	fi
	@$(BIN)/pp-extract Tests/ExtractTests/Fixtures/samples-pages.jsonl | $(BIN)/pp-extract eval --truth samples/truth.jsonl >/dev/null

# One result file per document, in parallel with -j, resumable: only missing results are made again.
#   make batch IN=bills OUT=results -j 4 [PROFILE=rs]
ifdef IN
BATCH_INPUTS := $(wildcard $(IN)/*.pdf $(IN)/*.PDF $(IN)/*.jpg $(IN)/*.jpeg $(IN)/*.JPG $(IN)/*.png $(IN)/*.PNG $(IN)/*.tif $(IN)/*.tiff)
BATCH_OUTPUTS := $(patsubst $(IN)/%,$(OUT)/%.jsonl,$(BATCH_INPUTS))
endif
batch: $(BATCH_OUTPUTS)
	@if [ -z "$(IN)" ] || [ -z "$(OUT)" ]; then echo "usage: make batch IN=folder OUT=folder [-j N] [PROFILE=rs]" >&2; exit 2; fi
	@echo "batch: $(words $(BATCH_OUTPUTS)) results in $(OUT)"
BATCH_BUILD ?= build
$(OUT)/%.jsonl: $(IN)/% | $(BATCH_BUILD)
	@mkdir -p "$(OUT)"
	@f="$<"; $(EXTRACT_PIPE) > "$@.part"; status=$$?; \
	if [ $$status -le 3 ]; then mv "$@.part" "$@"; else rm -f "$@.part"; exit $$status; fi

# Accuracy on the shared corpus of real invoices (field by field, right/wrong); nothing is committed.
accuracy: build
	@bash bench/extract/accuracy.sh "$(CORPUS)" "$(BIN)"

bench: bench-extract
bench-extract: build
	bash bench/extract/run.sh
