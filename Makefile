# pp — build, test, demo. `make demo` and `make test` are what a newcomer types first.
SHELL := /bin/bash
PREFIX ?= /usr/local
SWIFT ?= swift
CONFIG ?= release
BIN := .build/$(CONFIG)
TOOLS := pp-cardcheck
TOOLS += pp-extract

# Debian packages the tools and tests need (installed only when missing).
APT_PACKAGES := pkg-config

export OMP_THREAD_LIMIT := 1

.PHONY: deps build test demo install lint format bench clean

deps:
	@missing=$$(for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing:" $$missing; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi

build: deps
	$(SWIFT) build -c $(CONFIG) --product pp-cardcheck

test: deps
	$(SWIFT) build
	$(SWIFT) test

demo: build
	@echo "== pp-cardcheck on samples/cards.jsonl (today fixed at 2026-11-29)"
	@$(BIN)/pp-cardcheck --today 2026-11-29 --format samples/cards.jsonl; status=$$?; \
	echo "== exit status $$status (1 = some card is not valid)"

install: build
	install -d $(DESTDIR)$(PREFIX)/bin
	for t in $(TOOLS); do install -m 755 $(BIN)/$$t $(DESTDIR)$(PREFIX)/bin/$$t; done

lint:
	$(SWIFT) format lint --strict --recursive --configuration .swift-format Sources Tests Package.swift

format:
	$(SWIFT) format --in-place --recursive --configuration .swift-format Sources Tests Package.swift

bench: build
	bash bench/cardcheck/run.sh

clean:
	rm -rf .build

# --- pp-extract -------------------------------------------------------------------------------------
# Profiles ship as data beside the tool: SwiftPM copies them into the build folder
# (pp_Extract.resources/Profiles); `make install` puts them in $(PREFIX)/share/pp/profiles.
.PHONY: build-extract install-extract demo-extract bench-extract accuracy batch eval-samples
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
