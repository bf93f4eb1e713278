# Two commands for a newcomer: `make run` starts the app, `make test` runs the checks.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
# The largest WebSocket frame uvicorn accepts; a phone's frames are a few hundred
# bytes, and games/ws_limits.py refuses more than WS_MAX_MESSAGE_BYTES after it.
WS_MAX_SIZE ?= 65536
PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check -c requirements.lock

.PHONY: run test lint format bench reliability install install-test browser lock clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: $(BIN)/python pyproject.toml requirements.lock
	$(PIP) -e .
	touch $@

$(VENV)/.installed-test: $(VENV)/.installed
	$(PIP) -e '.[test]'
	touch $@

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test

run: install
	$(BIN)/python manage.py migrate --noinput
	exec $(BIN)/uvicorn squarescores.asgi:application --host $(HOST) --port $(PORT) \
		--no-access-log --ws-per-message-deflate false --ws-max-size $(WS_MAX_SIZE)

# Debian's chromium for the real-browser tests; never a browser download.
browser:
	@command -v chromium >/dev/null || { \
		echo "Installing Debian's chromium for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
		apt-get install -y -qq chromium >/dev/null; }

lint: install-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: install-test
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# The whole suite on SQLite in one process, browser tests among the others (a test
# that leaves state behind for the ones after it fails here, not in a developer's
# selection); then, when TEST_DATABASE_URL is set, every database test again on
# that PostgreSQL.
test: lint browser
	$(BIN)/python -m pytest
	@if [ -n "$$TEST_DATABASE_URL" ]; then \
		echo "== database tests on PostgreSQL ($$TEST_DATABASE_URL)"; \
		DATABASE_URL="$$TEST_DATABASE_URL" $(BIN)/python -m pytest -m "django_db and not browser"; \
	fi

bench: install-test
	$(BIN)/python -m bench

# Fault, race and fuzz tests against real servers; writes docs/reliability.md.
# Set TEST_DATABASE_URL and TEST_REDIS_URL (as .ci/run does) for the multi-worker ones.
reliability: install-test
	$(BIN)/python -m tests.reliability.report

# Re-pin after changing pyproject.toml's dependencies.
lock: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	$(BIN)/python -m pip freeze --exclude-editable > requirements.lock

clean:
	rm -rf $(VENV) var/test.sqlite3* .pytest_cache
