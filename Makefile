# pp — build, test, demo. `make demo` and `make test` are what a newcomer types first.
SHELL := /bin/bash
PREFIX ?= /usr/local
SWIFT ?= swift
CONFIG ?= release
BIN := .build/$(CONFIG)
TOOLS := pp-cardcheck pp-ingest

# Debian packages the tools and tests need (installed only when missing).
APT_PACKAGES := pkg-config
# pp-ingest: poppler-glib + cairo, leptonica; poppler-utils for its corpus check and bench.
APT_PACKAGES += libpoppler-glib-dev libcairo2-dev libleptonica-dev poppler-utils

export OMP_THREAD_LIMIT := 1

.PHONY: deps build test demo install lint format bench clean bench-ingest corpus-ingest

deps:
	@missing=$$(for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing:" $$missing; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi

build: deps
	$(SWIFT) build -c $(CONFIG) --product pp-cardcheck
	$(SWIFT) build -c $(CONFIG) --product pp-ingest

test: deps
	$(SWIFT) build
	$(SWIFT) test

demo: build
	@echo "== pp-cardcheck on samples/cards.jsonl (today fixed at 2026-11-29)"
	@$(BIN)/pp-cardcheck --today 2026-11-29 --format samples/cards.jsonl; status=$$?; \
	echo "== exit status $$status (1 = some card is not valid)"
	@echo "== pp-ingest on samples/ (one page record per page; rasters and attachments in .pp-work/; records cut to 220 characters)"
	@$(BIN)/pp-ingest samples/pdf samples/photos samples/special | cut -c1-220; \
	echo "== exit status $${PIPESTATUS[0]} (3 = some files ended in an error record: the garbage and encrypted samples)"
	@echo "== pp-ingest --raster --thumbnails 160: every page rendered (300 dpi gray PNG) and a thumbnail, keys without the text layer"
	@$(BIN)/pp-ingest --raster --thumbnails 160 samples/pdf/rs-grejanje-cyr-2p.pdf | sed -e 's/"lines":\[.*\],"media"/"lines":[…],"media"/'

install: build
	install -d $(DESTDIR)$(PREFIX)/bin
	for t in $(TOOLS); do install -m 755 $(BIN)/$$t $(DESTDIR)$(PREFIX)/bin/$$t; done

lint:
	$(SWIFT) format lint --strict --recursive --configuration .swift-format Sources Tests Package.swift

format:
	$(SWIFT) format --in-place --recursive --configuration .swift-format Sources Tests Package.swift

bench: build
	bash bench/cardcheck/run.sh
	bash bench/ingest/run.sh

bench-ingest: build
	bash bench/ingest/run.sh

# Every file of the shared corpus through pp-ingest: no crash, page counts = pdfinfo, text where pdftotext finds it.
CORPUS ?= ../shared/corpus
corpus-ingest: build
	python3 Tests/Corpus/ingest_corpus.py $(BIN)/pp-ingest $(CORPUS)/pdfs $(CORPUS)/invoices

clean:
	rm -rf .build
