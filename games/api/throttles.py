"""Throttles for joining, tapping and making accounts.

The rates are ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`` read on each request
(DRF's own ``ScopedRateThrottle`` reads them once at import), so a deployment and a
test can set them. Signed-in callers are counted per user, others per address. The
counts live in Django's cache, shared through Redis when ``REDIS_URL`` is set; while
Redis is away requests go through, as taps by form do.
"""

import logging

from redis.exceptions import RedisError
from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle

logger = logging.getLogger(__name__)


class ScopedThrottle(ScopedRateThrottle):
    @property
    def THROTTLE_RATES(self):
        return api_settings.DEFAULT_THROTTLE_RATES

    def allow_request(self, request, view):
        try:
            return super().allow_request(request, view)
        except RedisError:
            logger.warning("throttle %s not checked: the cache is down", self.scope)
            return True
