# Courtly: `make run` serves online play (http://localhost:8000/), `make test` checks everything.
# Two builds of one source (docs/developing.md):
#   .venv           the editable development install: always interpreted, runs the source as edited
#   .venv-compiled  the wheel as `pip install courtly` builds it: compiled with mypyc where a
#                   C compiler is found (pure Python otherwise); rebuilt when the source changes
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
CVENV  := .venv-compiled
CBIN   := $(CVENV)/bin

.PHONY: run test test-quick test-pure test-compiled lint bench install compiled compiled-all clean

$(STAMP): pyproject.toml setup.py Makefile
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,rl,postgres,lab]'
	touch $(STAMP)

install: $(STAMP)

EXTRAS := dev,rl,postgres,lab

# Up to date with the source, or rebuilt (tools/compiled-venv keeps a hash of the
# source). `make run` installs only what playing needs; the tests add every extra.
compiled:
	PYTHON=$(PYTHON) tools/compiled-venv $(CVENV)

compiled-all:
	PYTHON=$(PYTHON) tools/compiled-venv $(CVENV) $(EXTRAS)

run: compiled
	$(CBIN)/courtly serve --host 127.0.0.1 --port 8000 --db courtly.db

lint: $(STAMP)
	$(BIN)/ruff check setup.py src tests tools
	$(BIN)/ruff format --check setup.py src tests tools
	$(BIN)/mypy

# `make test`: lint, a quick run against the editable install (the build it
# imports, the declarations, the docs' examples, the engine's contract, the CLI),
# then the whole suite, browser tests included, against the compiled wheel, the
# build `make run` serves and `pip install courtly` gives. One source, and no
# test depends on the build, so the whole suite once is the whole check; run
# twice it took CI past its 15 minutes (docs/developing.md). tests/test_build.py
# checks that each run imported the build it was meant to. `make test-pure` runs
# the whole suite against the editable install (as a plain `pytest` does).
test: lint test-quick test-compiled

QUICK := tests/test_build.py tests/test_declarations.py tests/test_docs_examples.py \
	tests/engine/test_contract.py tests/cli/test_cli.py

test-quick: $(STAMP)
	COURTLY_EXPECT_BUILD=pure $(BIN)/pytest -q -n 2 -m "not browser" $(QUICK)

test-pure: $(STAMP)
	COURTLY_EXPECT_BUILD=pure $(BIN)/pytest -q -n 2 -m "not browser"

test-compiled: compiled-all
	COURTLY_EXPECT_BUILD=$$(cat $(CVENV)/.build-kind) $(CBIN)/pytest -q -n 2 -p no:cacheprovider

bench: compiled-all
	$(CBIN)/courtly bench

clean:
	rm -rf $(VENV) $(CVENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
