# Two commands for a newcomer: `make run` starts the app, `make test` runs the checks.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
# The largest WebSocket frame uvicorn accepts; a phone's frames are a few hundred
# bytes, and games/ws_limits.py refuses more than WS_MAX_MESSAGE_BYTES after it.
WS_MAX_SIZE ?= 65536
# The proxy whose X-Forwarded-For (and -Proto) uvicorn may believe: its address,
# or several comma-separated (docs/deploy.md, "The client's address"). Empty, the
# default: no forwarded header is believed, from anywhere, 127.0.0.1 included, so
# nothing on this host can pick the address the join-code limit counts.
TRUSTED_PROXY ?=
ifeq ($(strip $(TRUSTED_PROXY)),)
PROXY_FLAGS := --no-proxy-headers
else
PROXY_FLAGS := --proxy-headers --forwarded-allow-ips '$(TRUSTED_PROXY)'
endif
# `make run LAN=1`: listen on every interface and allow this machine's address on
# the local network, so a phone on the same Wi-Fi can open the QR code's link.
ifneq ($(LAN),)
HOST := 0.0.0.0
LAN_ADDRESS := $(shell $(PYTHON) squarescores/lan.py)
comma := ,
export ALLOWED_HOSTS := $(or $(ALLOWED_HOSTS),127.0.0.1$(comma)localhost$(comma)[::1])$(comma)$(LAN_ADDRESS)
endif
PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check -c requirements.lock

.PHONY: run test lint format bench reliability install install-test browser lock clean \
	messages compilemessages

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: $(BIN)/python pyproject.toml requirements.lock
	$(PIP) -e .
	touch $@

$(VENV)/.installed-test: $(VENV)/.installed
	$(PIP) -e '.[test]'
	touch $@

# The PNG icons are drawn from squarescores/icons.py, never committed; one run
# draws every size, so the largest stands for them all.
ICONS := static/icons/icon-512.png
$(ICONS): squarescores/icons.py | $(BIN)/python
	$(BIN)/python -m squarescores.icons

install: $(VENV)/.installed $(ICONS)
install-test: $(VENV)/.installed-test $(ICONS)

run: install
	$(BIN)/python manage.py migrate --noinput
	@if [ -n "$(LAN)" ]; then echo "Phones on this Wi-Fi: http://$(or $(LAN_ADDRESS),<no LAN address found>):$(PORT)/"; fi
	exec $(BIN)/uvicorn squarescores.asgi:application --host $(HOST) --port $(PORT) \
		--no-access-log --ws-per-message-deflate false --ws-max-size $(WS_MAX_SIZE) \
		$(PROXY_FLAGS) --log-config squarescores/uvicorn-logging.json

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

# The whole suite on SQLite, shared out over TEST_WORKERS pytest-xdist workers (two
# per core: most of a browser test's time is waiting for a page), the slow tests
# first (tests/conftest.py); then, when TEST_DATABASE_URL is set, every database
# test again on that PostgreSQL, each worker on a database of its own.
# TEST_WORKERS=0 runs it in one process.
TEST_WORKERS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) * 2 )))
test: lint browser
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --durations=15
	@if [ -n "$$TEST_DATABASE_URL" ]; then \
		echo "== database tests on PostgreSQL ($$TEST_DATABASE_URL)"; \
		DATABASE_URL="$$TEST_DATABASE_URL" $(BIN)/python -m pytest -n $(TEST_WORKERS) \
			-m "django_db and not browser"; \
	fi

bench: install-test
	$(BIN)/python -m bench
	$(BIN)/python -m bench.club_page

# Fault, race and fuzz tests against real servers; writes docs/reliability.md.
# Set TEST_DATABASE_URL and TEST_REDIS_URL (as .ci/run does) for the multi-worker ones.
reliability: install-test
	$(BIN)/python -m tests.reliability.report

# Translations (issue #15). The catalogues under locale/ are committed together with
# their compiled .mo files, so `make run` on a fresh clone serves every language
# without gettext. `make messages` (needs GNU gettext: apt-get install gettext)
# collects new strings into the .po files; translate them, then `make
# compilemessages` and commit both.
LOCALES := de nl ar
MESSAGES_IGNORE := --ignore=.venv --ignore=var --ignore=bench --ignore=tests \
	--ignore=docs --ignore=templates/games/api
# The scripts' words are the djangojs domain (squarescores/jsi18n.py serves them).
messages: install
	$(BIN)/python manage.py makemessages -e html,txt,py,jinja --no-obsolete --add-location=file \
		$(MESSAGES_IGNORE) $(addprefix -l ,$(LOCALES))
	$(BIN)/python manage.py makemessages -d djangojs --no-obsolete --add-location=file \
		$(MESSAGES_IGNORE) --ignore=templates $(addprefix -l ,$(LOCALES))

compilemessages: install
	$(BIN)/python manage.py compilemessages --ignore=.venv $(addprefix -l ,$(LOCALES))

# Re-pin after changing pyproject.toml's dependencies.
lock: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	$(BIN)/python -m pip freeze --exclude-editable > requirements.lock

clean:
	rm -rf $(VENV) var/test.sqlite3* .pytest_cache
