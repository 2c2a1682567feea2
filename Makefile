# pyholdem — every set-up step lives here; a fresh clone needs only Python 3.11, a C compiler and PyPI.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip
EXTRAS ?= test,director,conformance-quick
PYTEST_ARGS ?=
# make test spreads the test files over the machine's cores (pytest-xdist; TEST_WORKERS=0: one process)
TEST_WORKERS ?= auto
CONFORMANCE_HANDS ?= 300
ASAN_LIB = $(shell $(CC) -print-file-name=libasan.so)
# preloaded with ASan so that C++ extensions (matplotlib's ft2font) can throw: ASan intercepts __cxa_throw
STDCXX_LIB = $(shell $(CC) -print-file-name=libstdc++.so.6)

.PHONY: install build browser run test bench sanitize lint vectors conformance clean

$(VENV)/.installed: pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip "setuptools>=77"
	$(PIP) install --quiet -e ".[$(EXTRAS)]"
	touch $@

install: $(VENV)/.installed build

build: $(VENV)/.installed
	$(PY) build_ffi.py

run: install
	$(VENV)/bin/pyholdem run

# The browser test drives Debian's Chromium (never a downloaded build): installed with apt-get when it is
# missing and we are root; otherwise the test is skipped and says why.
browser:
	@if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "browser: installing chromium and chromium-driver (apt-get)"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null) \
	    || echo "browser: apt-get could not install chromium; the browser test will be skipped"; \
	else echo "browser: chromium/chromedriver missing and not root with apt-get; the browser test will be skipped"; fi

test: install browser
	$(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile $(PYTEST_ARGS)

# One run of every benchmark; the README's speed table is written from it (benchmarks/speed_table.py).
bench: install
	$(PIP) install --quiet -e ".[$(EXTRAS),bench]"
	$(PY) -m benchmarks.speed_table $(PYTEST_ARGS)

sanitize: $(VENV)/.installed
	PYHOLDEM_SANITIZE=1 $(PY) build_ffi.py
	LD_PRELOAD="$(ASAN_LIB) $(STDCXX_LIB)" ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 PYHOLDEM_SANITIZED=1 \
	  $(PY) -m pytest -x $(PYTEST_ARGS); status=$$?; \
	  $(PY) build_ffi.py; exit $$status

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

vectors: install
	$(VENV)/bin/pyholdem vectors write vectors

conformance: vectors
	$(PIP) install --quiet -e ".[$(EXTRAS),bench]"
	$(PY) -m pytest tests/pokerkit $(PYTEST_ARGS)
	-$(VENV)/bin/pyholdem conformance run --adapter "$(PY) examples/adapters/pokerkit_adapter.py" --limit 20
	$(PIP) install --quiet -e ".[test,bench,conformance]"
	$(VENV)/bin/pyholdem conformance report --engine all --out docs/conformance --hands $(CONFORMANCE_HANDS) \
	  --executor process --timeout 60

clean:
	rm -rf $(VENV) build pyholdem/_native*.so pyholdem/_native.c pyholdem/_native.buildhash \
	  .pytest_cache .ruff_cache .hypothesis .benchmarks *.egg-info
