# The runbook. `make run` and `make test` set everything up on a fresh machine.
SHELL := /bin/bash
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
# 127.0.0.1: this machine only. HOST=0.0.0.0 serves the local network too, so the phones
# at the table reach it; `make run` then prints the address they open, with a QR code.
HOST ?= 127.0.0.1

# The first Python >= 3.12 found: versioned names, then pyenv's installs, then python3.
PYTHON ?= $(shell for p in python3.13 python3.12 python3.14 \
	$$(ls -d $$HOME/.pyenv/versions/3.1[2-9]*/bin/python3 2>/dev/null) python3; do \
	command -v $$p >/dev/null 2>&1 && \
	$$p -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1 && \
	{ command -v $$p; break; }; done)

.PHONY: install run test bench lint format check-deploy messages clean

$(BIN)/python:
	@if [ -z "$(PYTHON)" ]; then \
		echo "error: Python 3.12 or newer is needed (Django 6). Install it, or run 'make PYTHON=/path/to/python3.12 ...'." >&2; \
		exit 1; fi
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $@

# The message catalogs (locale/<lang>/LC_MESSAGES/django.po, under version control) are
# compiled to .mo with Babel, so no system package is needed; a .po changed since its .mo
# was built is compiled again by the next `make install` (and so by `make run`/`make test`).
CATALOGS := $(wildcard locale/*/LC_MESSAGES/django.po)

install: $(VENV)/.installed $(CATALOGS:.po=.mo)

locale/%/LC_MESSAGES/django.mo: locale/%/LC_MESSAGES/django.po | $(VENV)/.installed
	$(BIN)/pybabel -q compile --domain=django --locale=$* --input-file=$< --output-file=$@

# Local development: debug on, so no secret key or host list is needed.
run bench messages: export DJANGO_DEBUG = true

# The worker (messages and reminders) beside the server; both stop with Ctrl-C.
run: install
	$(BIN)/python manage.py migrate --no-input
	@case "$(HOST)" in 127.*|localhost|::1) ;; \
	*) $(BIN)/python manage.py phone_address --port $(PORT) ;; esac
	$(BIN)/python manage.py worker & worker=$$!; \
	trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

# One worker per core (pytest-xdist; each has its own test database; a worker out of tests
# takes some of another's, so a slow one left near the end idles no core): PYTEST_WORKERS=0 runs
# the suite in this process, e.g. with PYTEST_ARGS="-k something" for a few tests.
PYTEST_WORKERS ?= auto

# The JavaScript's own tests (tests/js, Node's test runner) first; tests/test_rules_shared.py
# runs the phone's referee against the server's on generated hands within pytest.
test: install
	@if command -v node >/dev/null 2>&1; then node --test tests/js/; \
	elif [ "$$CI" = true ]; then echo "error: CI needs Node for the JavaScript tests." >&2; exit 1; \
	else echo "Node is not installed: the JavaScript tests are skipped."; fi
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) $(if $(filter 0,$(PYTEST_WORKERS)),,--dist worksteal) $(PYTEST_ARGS)

# The app against a bare Django project under gunicorn (production settings, its own
# environment), then the ledger's operations in-process. BENCH_ARGS="--rounds 15" for less.
bench: install
	$(BIN)/python -m bench $(BENCH_ARGS)
	@echo
	$(BIN)/python manage.py bench_ledger
	@echo
	$(BIN)/python manage.py bench_history

# Adds the strings marked in the code and templates to every catalog (needs GNU gettext,
# `apt-get install gettext`); .ci/run checks that this would add nothing.
messages: install
	$(BIN)/python manage.py check_catalogs --update

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: install
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

check-deploy: install
	DJANGO_SECRET_KEY=$$(head -c 48 /dev/urandom | base64) DJANGO_ALLOWED_HOSTS=bourre.example.com \
		$(BIN)/python manage.py check --deploy --fail-level WARNING

clean:
	rm -rf $(VENV) .pytest_cache artifacts staticfiles .test-db* locale/*/LC_MESSAGES/*.mo
