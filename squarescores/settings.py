"""Settings for SquareScores, read from the environment.

Every value has a default that is safe for one table on one machine: SQLite under
``var/`` and Channels' in-memory layer. A deployment sets ``SECRET_KEY``,
``ALLOWED_HOSTS``, ``HTTPS``, ``DATABASE_URL`` and ``REDIS_URL`` (docs/deploy.md).
"""

import os
import re
import secrets
import warnings
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def envbool(name, default):
    return os.getenv(name, default).strip().lower() in ("1", "true", "yes", "on")


def envint(name, default):
    return int(os.getenv(name, default))


def envlist(name, default):
    items = os.getenv(name, default).split(",")
    return [item.strip() for item in items if item.strip()]


VAR_DIR = Path(os.getenv("VAR_DIR", BASE_DIR / "var"))


def secret_key():
    """SECRET_KEY from the environment, or a key made once and kept under var/.

    The file lets ``make run`` start safely with nothing set; a deployment with
    several workers sets SECRET_KEY so that they all agree.
    """
    if os.getenv("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    if envbool("REQUIRE_SECRET_KEY", "0"):
        raise ImproperlyConfigured("SECRET_KEY must be set.")
    path = VAR_DIR / "secret_key"
    if not path.exists():
        VAR_DIR.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


DEBUG = envbool("DEBUG", "0")
SECRET_KEY = secret_key()

ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "squarescores.accounts",
    "squarescores.clubs",
    "games",
    "games.fortyone_exchange",
    "games.schwimmen",
    "games.thirty_one",
    "games.forty_one",
    "games.points",
    "games.wizard",
]

MIDDLEWARE = [
    # First, so a request's time includes every other middleware's.
    "squarescores.metrics.RequestLatencyMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "squarescores.middleware.ContentSecurityPolicyMiddleware",
    "squarescores.middleware.SameForEveryoneMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and the script catalogue compressed: a match page is 42 KB of HTML,
    # 7 KB gzipped, on a phone's slow network (docs/benchmarks.md). Static files
    # are served pre-compressed above and never reach it. Against BREACH, Django
    # masks the CSRF token per response and pads each gzipped body randomly.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After the session (it reads the language cookie and the header), before
    # CommonMiddleware (Django's documented order); the API answers in it too.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "squarescores.middleware.AccountLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "squarescores.urls"
ASGI_APPLICATION = "squarescores.asgi.application"
WSGI_APPLICATION = "squarescores.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
    {
        # The live fragments (``<app>/jinja2/``, named ``*.jinja``): rendered on
        # every record, where Jinja2 is several times faster (squarescores/jinja.py).
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {"environment": "squarescores.jinja.environment"},
    },
]

# SQLite is the embedded default. WAL lets readers run beside the one writer,
# IMMEDIATE takes the write lock when a transaction starts (so two taps queue
# instead of failing on lock upgrade), and the timeout makes the queue wait.
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": (
        "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;"
    ),
}
DATABASE_URL = os.getenv("DATABASE_URL", "")
if DATABASE_URL:
    # Sync code under ASGI runs in a thread pool, where a persistent connection can
    # outlive its thread; 0 (one connection per request) is Django's advice there.
    DATABASES = {
        "default": dj_database_url.parse(
            DATABASE_URL, conn_max_age=envint("CONN_MAX_AGE", "0")
        )
    }
    if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
        DATABASES["default"]["ENGINE"] = "squarescores.sqlite"
        DATABASES["default"]["OPTIONS"] = SQLITE_OPTIONS
        DATABASES["default"]["CONN_MAX_AGE"] = 0
    elif envint("DB_POOL_MAX_SIZE", "0"):
        # Every request in flight holds a connection of its own; a bounded pool
        # makes an overloaded worker queue for one instead of PostgreSQL refusing
        # it ("too many clients").
        DATABASES["default"]["CONN_MAX_AGE"] = 0
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": 1,
            "max_size": envint("DB_POOL_MAX_SIZE", "0"),
            "timeout": envint("DB_POOL_TIMEOUT", "10"),
        }
    if os.getenv("TEST_DB_NAME"):
        # Lets two test runs share one PostgreSQL server without sharing a database.
        DATABASES["default"]["TEST"] = {"NAME": os.environ["TEST_DB_NAME"]}
else:
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    DATABASES = {
        "default": {
            "ENGINE": "squarescores.sqlite",
            "NAME": VAR_DIR / "squarescores.sqlite3",
            "OPTIONS": SQLITE_OPTIONS,
            # A file, not memory, for tests too: threads then share one database
            # and take real locks, as two phones would.
            "TEST": {"NAME": VAR_DIR / "test.sqlite3"},
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# Threads for the consumers' database work (games/threads.py): one on SQLite,
# whose writers queue for its one write lock anyway; on PostgreSQL several, so
# that different matches' records overlap.
_ON_SQLITE = DATABASES["default"]["ENGINE"] == "squarescores.sqlite"
DB_THREADS = envint("DB_THREADS", "1" if _ON_SQLITE else "4")

REDIS_URL = os.getenv("REDIS_URL", "")
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {
                "hosts": [REDIS_URL],
                "prefix": os.getenv("CHANNEL_PREFIX", "squarescores"),
            },
        }
    }
else:
    # Channels' in-memory layer with its expiry sweep throttled (squarescores/layers.py;
    # measured in docs/benchmarks.md).
    CHANNEL_LAYERS = {
        "default": {"BACKEND": "squarescores.layers.InMemoryChannelLayer"}
    }

# Django's cache holds the limits' counts (games/limits.py) and the languages each
# match's phones read (games/languages.py): in memory for one process, in Redis with
# REDIS_URL so that every worker shares them (squarescores/cache.py: one redis-py
# client per pool, not one per call). A short socket timeout: the limits let
# requests through while Redis is away, and must not hang. In memory, room for far
# more entries than Django's default 300, so that a busy club's languages are never
# culled while its phones listen.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "OPTIONS": {"MAX_ENTRIES": envint("CACHE_MAX_ENTRIES", "100000")},
    }
}
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "squarescores.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.getenv("CHANNEL_PREFIX", "squarescores"),
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
else:
    # One process with the cache in its own memory: sessions are read through it
    # (the database stays the truth). Every page and every socket's handshake
    # reads one, and a hall's phones reconnecting at once read 1,200
    # (bench/storm.py). Not with Redis: Django's cached_db store fails a request
    # when a Redis that is away cannot take a session it loaded.
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

# Join codes: a client address (and a signed-in user) may try this many wrong codes
# a window; past it every code check from there answers 429 until the window ends.
JOIN_CODE_GUESSES = envint("JOIN_CODE_GUESSES", "20")
JOIN_CODE_GUESS_SECONDS = envint("JOIN_CODE_GUESS_SECONDS", "600")
# Guests one address may make a window: enough for a club's evening on one Wi-Fi.
GUESTS_PER_ADDRESS = envint("GUESTS_PER_ADDRESS", "200")
GUEST_SECONDS = envint("GUEST_SECONDS", "3600")

AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": f"django.contrib.auth.password_validation.{name}"}
    for name in (
        "UserAttributeSimilarityValidator",
        "MinimumLengthValidator",
        "CommonPasswordValidator",
        "NumericPasswordValidator",
    )
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# A guest lives in the session cookie, so it lasts as long as a phone keeps it.
SESSION_COOKIE_AGE = envint("SESSION_COOKIE_AGE", str(60 * 60 * 24 * 365))

LANGUAGE_CODE = "en"
TIME_ZONE = os.getenv("TIME_ZONE", "UTC")
USE_I18N = True
# The tables the games come from: German and Austrian, Dutch, Syrian (issue #15).
# Names in their own language, as the switcher shows them.
LANGUAGES = [
    ("en", "English"),
    ("de", "Deutsch"),
    ("nl", "Nederlands"),
    ("ar", "العربية"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The phone's choice outlives the session (a guest signing out keeps it).
LANGUAGE_COOKIE_AGE = 60 * 60 * 24 * 365
LANGUAGE_COOKIE_SECURE = envbool("HTTPS", "0")
LANGUAGE_COOKIE_SAMESITE = "Lax"
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"
# A deployment runs collectstatic and sets STATIC_MANIFEST=1 for hashed, compressed,
# forever-cached files; without it the files are served from their folders.
STATIC_MANIFEST = envbool("STATIC_MANIFEST", "0")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "squarescores.storage.MinifiedManifestStaticFilesStorage"
            if STATIC_MANIFEST
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = not STATIC_MANIFEST
WHITENOISE_AUTOREFRESH = DEBUG
if not STATIC_MANIFEST:
    # The files come from their folders; STATIC_ROOT stays empty until a
    # deployment's collectstatic, and WhiteNoise need not say so at every start.
    warnings.filterwarnings("ignore", "No directory at: " + re.escape(str(STATIC_ROOT)))

# HTTPS=1 when the site is served over TLS (behind a proxy that terminates it):
# secure cookies, a redirect to https and HSTS follow. Plain http on a club's
# laptop is the default.
HTTPS = envbool("HTTPS", "0")
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if HTTPS else None
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_SSL_REDIRECT = HTTPS
# A load balancer's health checks and Prometheus reach a worker over plain http
# on the private network; a redirect to https would fail them all.
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$", r"^metrics$"]
SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", "31536000" if HTTPS else "0")
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_SECONDS > 0
SECURE_HSTS_PRELOAD = envbool("SECURE_HSTS_PRELOAD", "0")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# No inline script or style anywhere: JS and CSS live in files under static/.
# connect-src also names the page's own ws(s):// host (squarescores/middleware.py).
CONTENT_SECURITY_POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}

# A phone's live socket sends a few small frames a minute; anything much bigger or
# faster is refused (games/ws_limits.py). uvicorn's --ws-max-size (Makefile) caps a
# frame before it reaches Python at all.
WS_MAX_MESSAGE_BYTES = envint("WS_MAX_MESSAGE_BYTES", "4096")
WS_RATE_PER_SECOND = float(os.getenv("WS_RATE_PER_SECOND", "10"))
WS_RATE_BURST = envint("WS_RATE_BURST", "30")

# How long the recorder of a round (and the host) may take it back with Undo, in
# seconds, while nothing later has been recorded (games/actions/undo.py).
UNDO_SECONDS = envint("UNDO_SECONDS", "10")

# An API body is a few hundred bytes; a larger one is refused before it is parsed,
# in the API's error shape (games/json_limits.py, shared with the socket).
API_MAX_BODY_BYTES = envint("API_MAX_BODY_BYTES", "65536")

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # One error shape for every refusal: {"code", "detail", "version"}.
    "EXCEPTION_HANDLER": "games.api.errors.handle",
    # Per user (or per address for anonymous callers); 429 with Retry-After past it.
    "DEFAULT_THROTTLE_RATES": {
        "join": os.getenv("API_RATE_JOIN", "30/min"),
        "taps": os.getenv("API_RATE_TAPS", "120/min"),
        "accounts": os.getenv("API_RATE_ACCOUNTS", "30/hour"),
    },
    # The address a throttle counts is REMOTE_ADDR unless a proxy is declared, so a
    # client cannot pick its own X-Forwarded-For.
    "NUM_PROXIES": envint("NUM_PROXIES", "0"),
}
SPECTACULAR_SETTINGS = {
    "TITLE": "SquareScores API",
    "DESCRIPTION": "A live scoresheet for card tables.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "games.api.schema.closed_request_bodies",
        "games.api.schema.answer_headers",
        "games.api.schema.record_payloads",
    ],
    "ENUM_NAME_OVERRIDES": {
        "MatchStatusEnum": ["live", "ended"],
        "RoundStatusEnum": ["open", "won", "draw"],
        "ClubMemberStatusEnum": ["active", "left", "removed"],
    },
}

# For whoever runs the site (squarescores/health.py): /metrics answers only a
# request that sends this as "Authorization: Bearer <token>" (404 while unset);
# /readyz gives the database and Redis this many seconds each.
METRICS_TOKEN = os.getenv("METRICS_TOKEN", "")
READY_TIMEOUT = float(os.getenv("READY_TIMEOUT", "2"))

# LOG_FORMAT=json: one JSON object a line, for a log collector.
LOG_FORMAT = os.getenv("LOG_FORMAT", "text").strip().lower()
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # A refused request (403, a body too large) is one line, not a traceback.
    # No TV link's secret in any line (squarescores/uvicorn-logging.json masks
    # uvicorn's own lines with the same filter).
    "filters": {
        "one_line_refusals": {"()": "squarescores.logs.OneLineRefusals"},
        "mask_secrets": {"()": "squarescores.logs.MaskSecrets"},
    },
    "formatters": {"json": {"()": "squarescores.logs.JsonFormatter"}},
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "filters": ["one_line_refusals", "mask_secrets"],
            **({"formatter": "json"} if LOG_FORMAT == "json" else {}),
        }
    },
    "root": {"handlers": ["console"], "level": os.getenv("LOG_LEVEL", "WARNING")},
}
