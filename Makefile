# Courtly: `make run` serves online play (http://localhost:8000/), `make test` checks everything. Both install into .venv first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint bench install clean

$(STAMP): pyproject.toml Makefile
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,rl,postgres]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/courtly serve --host 127.0.0.1 --port 8000 --db courtly.db

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(BIN)/mypy

test: lint
	$(BIN)/pytest -q -n 2

bench: $(STAMP)
	$(BIN)/courtly bench

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
