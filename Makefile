# Two commands for a newcomer: `make run` starts the app, `make test` runs the checks.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
# The largest WebSocket frame uvicorn accepts; a phone's frames are a few hundred
# bytes, and games/ws_limits.py refuses more than WS_MAX_MESSAGE_BYTES after it.
WS_MAX_SIZE ?= 65536
# `make run LAN=1`: listen on every interface and allow this machine's address on
# the local network, so a phone on the same Wi-Fi can open the QR code's link.
ifneq ($(LAN),)
HOST := 0.0.0.0
LAN_ADDRESS := $(shell $(PYTHON) squarescores/lan.py)
comma := ,
export ALLOWED_HOSTS := $(or $(ALLOWED_HOSTS),127.0.0.1$(comma)localhost$(comma)[::1])$(comma)$(LAN_ADDRESS)
endif
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
	@if [ -n "$(LAN)" ]; then echo "Phones on this Wi-Fi: http://$(or $(LAN_ADDRESS),<no LAN address found>):$(PORT)/"; fi
	exec $(BIN)/uvicorn squarescores.asgi:application --host $(HOST) --port $(PORT) \
		--no-access-log --ws-per-message-deflate false --ws-max-size $(WS_MAX_SIZE) \
		--lifespan off

# The real-browser tests drive a chromium: CHROMIUM when set, else `chromium` on
# the PATH, else Debian's, installed with apt when this is root on Debian (never a
# browser download). Without one the browser tests skip and say how to get one;
# under CI=true they fail instead.
browser:
	@if [ -n "$$CHROMIUM" ] || command -v chromium >/dev/null; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "Installing Debian's chromium for the browser tests"; \
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
			apt-get install -y -qq chromium >/dev/null; } || \
		echo "apt-get could not install chromium: the browser tests will skip."; \
	else \
		echo "No chromium found and no apt as root to install it: the browser tests" \
			"will skip. Install chromium, or set CHROMIUM=/path/to/chromium."; \
	fi

lint: install-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: install-test
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# The whole suite on SQLite (the browser tests in a process of their own: their
# Playwright loop stays on the main thread); then, when TEST_DATABASE_URL is set,
# every database test again on that PostgreSQL.
test: lint browser
	$(BIN)/python -m pytest -m "not browser"
	$(BIN)/python -m pytest -m browser
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
