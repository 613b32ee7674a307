# showdown — the two commands of the quick start are `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
BENCH_VENV ?= .bench-venv

.PHONY: install wheel run test test-fast check-resolve check-differential lint format docs bench load preflop-table clean

# `pip install` is the whole install: it compiles the C core (setup.py) in place, again
# whenever a C source changed. `make run` needs only the package; the tests, the docs
# and the optional parts come on top for `make test` and the rest.
RUN_STAMP := $(VENV)/.installed-run
$(RUN_STAMP): pyproject.toml setup.py $(wildcard src/showdown/*.c src/showdown/*.h)
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	@# numba served the batch paths before the compiled core: a venv made then drops it
	@$(PY) -m pip uninstall --quiet --yes numba llvmlite >/dev/null 2>&1 || true
	@touch $(RUN_STAMP)

$(STAMP): $(RUN_STAMP)
	$(PY) -m pip install --quiet -e '.[test,web,dask,plot,parquet,docs]'
	@touch $(STAMP)

install: $(STAMP)

## A binary wheel holding the compiled core, into dist/: it installs where there is no
## compiler. (build/ goes first: setuptools would pack modules left there by older builds.)
wheel:
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	rm -rf build dist/showdown-*.whl
	$(PY) -m pip wheel --quiet --no-deps --wheel-dir dist .
	@for ext in _ceval _cequity _cresolve; do \
	  $(PY) -m zipfile -l dist/showdown-*.whl | grep "showdown/$$ext\..*\.so " >/dev/null || \
	  { echo "make wheel: $$ext was not compiled (no C compiler?)" >&2; exit 1; }; \
	done
	@ls dist/showdown-*.whl

## The main job: decide the bundled showdowns and explain them.
run: $(RUN_STAMP)
	$(VENV)/bin/showdown resolve --human examples/showdowns.jsonl

# Tests run on two processes (pytest-xdist, a file per process at a time); the few
# that measure wall-clock time (marker `serial`) run alone afterwards.
PYTEST_PARALLEL := $(VENV)/bin/pytest -q -n 2 --dist loadfile

## The whole default suite: lint, types, tests and doctests.
test: $(STAMP)
	$(VENV)/bin/ruff check src tests benchmarks
	$(VENV)/bin/ruff format --check src tests benchmarks
	$(VENV)/bin/mypy
	$(PYTEST_PARALLEL) -m "not serial"
	$(VENV)/bin/pytest -q -m serial

## The quick suite: everything but the long differential and exhaustive runs (marker `slow`).
test-fast: $(STAMP)
	$(VENV)/bin/ruff check src tests benchmarks
	$(VENV)/bin/ruff format --check src tests benchmarks
	$(VENV)/bin/mypy
	$(PYTEST_PARALLEL) -m "not slow and not serial"
	$(VENV)/bin/pytest -q -m "serial and not slow"

## The resolve fast path against the readable path on 10,000 random showdowns of every
## game, both the batch and the one-hand paths (the default suite checks 1,000 a game).
check-resolve: $(STAMP)
	SHOWDOWN_RESOLVE_RECORDS=10000 $(PYTEST_PARALLEL) -m slow tests/test_resolve_batch.py tests/test_resolve_fast.py

## The pokerkit differential run at its full size (the default suite runs 0.4 of its deals).
check-differential: $(STAMP)
	SHOWDOWN_DIFFERENTIAL_SCALE=1 $(PYTEST_PARALLEL) -m slow tests/test_differential.py

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests benchmarks
	$(VENV)/bin/ruff format --check src tests benchmarks
	$(VENV)/bin/mypy

format: $(STAMP)
	$(VENV)/bin/ruff check --fix src tests benchmarks
	$(VENV)/bin/ruff format src tests benchmarks

## The documentation site (docs/, mkdocs.yml) into site/; every warning is an error.
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict --site-dir site

## Speed against the peers (not part of `make test`).
bench: $(STAMP)
	@test -x $(BENCH_VENV)/bin/python || $(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(BENCH_VENV)/bin/python -m pip install --quiet -e '.[web,fast]' -r benchmarks/requirements.txt
	$(BENCH_VENV)/bin/python -m benchmarks.run

## A bounded load test of the HTTP API on loopback: req/s, p50/p99, errors (not in `make test`).
load: $(STAMP)
	$(PY) -m benchmarks.load --seconds 30

## Every preflop heads-up Hold'em matchup into the kept preflop table (resumable: run it again
## to go on; `python -m showdown.equity.preflop check --all` checks every entry).
preflop-table: $(STAMP)
	$(PY) -m showdown.equity.preflop build

clean:
	rm -rf $(VENV) $(BENCH_VENV) .mypy_cache .ruff_cache .pytest_cache build dist site
