"""Django settings for the bare stack: no apps, no middleware, no database."""

import os

# The same channel layer the app would pick from the same environment.
if os.getenv("REDIS_URL"):
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {
                "hosts": [os.environ["REDIS_URL"]],
                "prefix": os.getenv("CHANNEL_PREFIX", "bench-bare"),
            },
        }
    }
else:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": os.getenv(
                "BENCH_INMEMORY_LAYER", "channels.layers.InMemoryChannelLayer"
            )
        }
    }

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
