# pyholdem — every set-up step lives here; a fresh clone needs only Python 3.11, a C compiler and PyPI.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip
EXTRAS ?= test,conformance-quick
PYTEST_ARGS ?=
CONFORMANCE_HANDS ?= 300
ASAN_LIB = $(shell $(CC) -print-file-name=libasan.so)

.PHONY: install build run test bench sanitize lint vectors conformance clean

$(VENV)/.installed: pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip
	$(PIP) install --quiet -e ".[$(EXTRAS)]"
	touch $@

install: $(VENV)/.installed build

build: $(VENV)/.installed
	$(PY) build_ffi.py

run: install
	$(VENV)/bin/pyholdem run

test: install
	$(PY) -m pytest $(PYTEST_ARGS)

bench: install
	$(PIP) install --quiet -e ".[test,bench]"
	$(PY) -m pytest benchmarks --benchmark-only --benchmark-columns=min,median,ops -p no:randomly $(PYTEST_ARGS)

sanitize: $(VENV)/.installed
	PYHOLDEM_SANITIZE=1 $(PY) build_ffi.py
	LD_PRELOAD=$(ASAN_LIB) ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 PYHOLDEM_SANITIZED=1 \
	  $(PY) -m pytest -x $(PYTEST_ARGS); status=$$?; \
	  $(PY) build_ffi.py; exit $$status

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

vectors: install
	$(VENV)/bin/pyholdem vectors write vectors

conformance: vectors
	$(PIP) install --quiet -e ".[test,bench]"
	$(PY) -m pytest tests/pokerkit $(PYTEST_ARGS)
	-$(VENV)/bin/pyholdem conformance run --adapter "$(PY) examples/adapters/pokerkit_adapter.py" --limit 20
	$(PIP) install --quiet -e ".[test,bench,conformance]"
	$(VENV)/bin/pyholdem conformance report --engine all --out docs/conformance --hands $(CONFORMANCE_HANDS) \
	  --executor process --timeout 60

clean:
	rm -rf $(VENV) build pyholdem/_native*.so pyholdem/_native.c pyholdem/_native.buildhash \
	  .pytest_cache .ruff_cache .hypothesis .benchmarks *.egg-info
