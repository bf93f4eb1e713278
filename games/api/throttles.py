"""Throttles for joining, tapping and making accounts.

The rates are ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`` read on each request
(DRF's own ``ScopedRateThrottle`` reads them once at import), so a deployment and a
test can set them. Signed-in callers are counted per user, others per address.
"""

from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle


class ScopedThrottle(ScopedRateThrottle):
    @property
    def THROTTLE_RATES(self):
        return api_settings.DEFAULT_THROTTLE_RATES
