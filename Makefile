# tvgrid — terminal TV guide. `make help` lists the targets.
SHELL := /bin/bash
#
# `make run` and `make test` do all the set-up a fresh Debian machine with the
# Swift toolchain needs: missing Debian packages are installed with apt-get
# when run as root; otherwise the exact command to run is printed.

SWIFT      ?= swift
PREFIX     ?= /usr/local
BUILD_DIR  ?= .build
CONFIG_RELEASE = -c release
# Packages every build needs, and the extra ones tests and benchmarks use.
BUILD_DEBS = libncurses-dev libxml2-dev libcurl4-openssl-dev pkg-config
TEST_DEBS  = $(BUILD_DEBS) tmux xmltv-util gzip mpv python3 openssl zsh ksh mksh busybox
BENCH_DEBS = $(TEST_DEBS) libxml2-utils python3-lxml time
FUZZ_SECONDS ?= 60

.PHONY: help deps test-deps bench-deps build release run test bench lint format install uninstall fuzz clean

help:
	@echo "make run                 build (release) and open the guide (demo guide without FILE=...)"
	@echo "make run FILE=guide.xml  open a guide file"
	@echo "make test                install what the tests need, run every test"
	@echo "make bench               speed and memory figures (see README)"
	@echo "make lint                swift format lint, strict"
	@echo "make format              swift format in place"
	@echo "make fuzz                libFuzzer targets, FUZZ_SECONDS each"
	@echo "make install PREFIX=...  install tvgrid and its man page"

# ensure-debs PACKAGES: install missing Debian packages (root) or say how.
define ensure-debs
	@missing=""; for p in $(1); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "tvgrid: installing$$missing"; \
	    DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null || exit 1; \
	  else \
	    echo "tvgrid: missing Debian packages:$$missing"; \
	    echo "install them with:  sudo apt-get install$$missing"; exit 1; \
	  fi; \
	fi
endef

deps:
	$(call ensure-debs,$(BUILD_DEBS))

test-deps:
	$(call ensure-debs,$(TEST_DEBS))

bench-deps:
	$(call ensure-debs,$(BENCH_DEBS))

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build $(CONFIG_RELEASE)

run: release
	$(BUILD_DIR)/release/tvgrid $(FILE)

# Every test: unit, picture, CLI and tmux end-to-end. The CLI tests run the
# debug binary built here. With the XMLTV project's sample files beside the
# checkout (../shared/xmltv-corpus), `now` is also compared with tv_grep on
# them (XMLTV_CORPUS=DIR; set it yourself to use another folder).
XMLTV_CORPUS ?= $(if $(wildcard ../shared/xmltv-corpus/*.xml),$(abspath ../shared/xmltv-corpus))
test: test-deps
	$(SWIFT) build
	XMLTV_CORPUS="$(XMLTV_CORPUS)" $(SWIFT) test 2>&1 | tee $(BUILD_DIR)/test.log; exit $${PIPESTATUS[0]}

bench: bench-deps release
	$(SWIFT) build $(CONFIG_RELEASE) --product tvgrid-bench
	$(BUILD_DIR)/release/tvgrid-bench

lint:
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests

format:
	$(SWIFT) format --in-place --recursive --parallel Package.swift Sources Tests

install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(BUILD_DIR)/release/tvgrid $(DESTDIR)$(PREFIX)/bin/tvgrid
	install -m 644 Resources/tvgrid.1 $(DESTDIR)$(PREFIX)/share/man/man1/tvgrid.1

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/tvgrid $(DESTDIR)$(PREFIX)/share/man/man1/tvgrid.1

fuzz: deps
	./Fuzz/run $(FUZZ_SECONDS)

clean:
	rm -rf $(BUILD_DIR)
