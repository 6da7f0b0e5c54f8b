# pp — build, test, demo. `make demo` and `make test` are what a newcomer types first.
SHELL := /bin/bash
PREFIX ?= /usr/local
SWIFT ?= swift
CONFIG ?= release
BIN := .build/$(CONFIG)
TOOLS := pp-cardcheck
TOOLS += pp-ocr

# Debian packages the tools and tests need (installed only when missing).
APT_PACKAGES := pkg-config
# pp-ocr: libtesseract + leptonica, the language data it is tested with, OSD for --rotate-pages;
# poppler-utils (pdftotext) for its quality test; tesseract-ocr (the CLI) for bench-ocr.
APT_PACKAGES += libtesseract-dev libleptonica-dev tesseract-ocr tesseract-ocr-eng tesseract-ocr-deu tesseract-ocr-srp tesseract-ocr-srp-latn tesseract-ocr-osd poppler-utils

export OMP_THREAD_LIMIT := 1

.PHONY: deps build test demo install lint format bench clean bench-ocr demo-ocr

deps:
	@missing=$$(for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing:" $$missing; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi

build: deps
	$(SWIFT) build -c $(CONFIG) --product pp-cardcheck
	$(SWIFT) build -c $(CONFIG) --product pp-ocr

test: deps
	$(SWIFT) build
	$(SWIFT) test

demo: build
	@echo "== pp-cardcheck on samples/cards.jsonl (today fixed at 2026-11-29)"
	@$(BIN)/pp-cardcheck --today 2026-11-29 --format samples/cards.jsonl; status=$$?; \
	echo "== exit status $$status (1 = some card is not valid)"

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

bench: build
	bash bench/cardcheck/run.sh

bench-ocr: build
	bash bench/ocr/run.sh

clean:
	rm -rf .build
