"""Django settings for the bare stack: no apps, no middleware, no database."""

import os

from squarescores.settings import CHANNEL_LAYERS

# The same channel layer the app picks from the same environment; the bench swaps
# in another in-memory layer (BENCH_INMEMORY_LAYER) to measure the difference.
if os.getenv("BENCH_INMEMORY_LAYER") and "REDIS_URL" not in os.environ:
    CHANNEL_LAYERS = {"default": {"BACKEND": os.environ["BENCH_INMEMORY_LAYER"]}}

SECRET_KEY = os.getenv("SECRET_KEY", "bench-bare-not-secret")
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
INSTALLED_APPS = ["channels"]
MIDDLEWARE = []
ROOT_URLCONF = "bench.bare.urls"
DATABASES = {}
USE_TZ = True
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
