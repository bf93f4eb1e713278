"""Limits per client: guessing join codes, and making guests.

A join code is 6 of 31 characters (about 887 million codes), so finding a table by
guessing must stay slow. Every path that looks a match up by its code (the join page
``/j/<code>/``, its QR code, ``POST /api/join/``) asks ``CODE_GUESSES.check`` first
and counts a wrong code with ``CODE_GUESSES.miss`` against the client's address and,
when signed in, its user. A right code costs nothing, so ten phones behind one Wi-Fi
address join at once; only the wrong ones add up. Past ``JOIN_CODE_GUESSES`` wrong
codes in a window every code check from there answers 429 with ``Retry-After``, a
right code included: it would otherwise show the table's seat names.

Guests (the start and join forms, ``POST /api/guests/``) are counted per address
with a generous limit: a club's evening behind one Wi-Fi makes dozens, a script
making thousands to side-step the per-user counts is stopped.

The counts live in Django's cache: in memory for the one process of ``make run``, in
Redis when ``REDIS_URL`` is set, so that every worker shares them. Windows are fixed
and aligned on the clock, which makes ``Retry-After`` exact and needs one counter per
client and window (at a window's edge a client may get up to twice the limit). When
the cache cannot be reached the limits let requests through and log it: a table keeps
playing while Redis restarts.
"""

import logging
import math
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from redis.exceptions import RedisError
from rest_framework.throttling import BaseThrottle

from . import errors

logger = logging.getLogger(__name__)


def client_address(request):
    """The client's address: ``REMOTE_ADDR``, or with ``NUM_PROXIES`` set the entry
    of ``X-Forwarded-For`` that the last trusted proxy wrote. The same reading as the
    API's throttles, so a client cannot pick its address by sending the header."""
    return BaseThrottle().get_ident(request)


def idents(request):
    """Whom a try counts against: the address, and the user when signed in."""
    found = [f"addr:{client_address(request)}"]
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        found.append(f"user:{user.pk}")
    return found


@dataclass(frozen=True)
class Limit:
    """At most ``settings.<count>`` counted tries per ident in each window of
    ``settings.<seconds>`` seconds."""

    name: str
    count: str
    seconds: str
    message: str

    def window(self):
        """(the window's number, seconds until it ends)."""
        seconds = getattr(settings, self.seconds)
        now = time.time()
        number = int(now // seconds)
        return number, max(1, math.ceil((number + 1) * seconds - now))

    def keys(self, request, number):
        return [f"limit:{self.name}:{number}:{ident}" for ident in idents(request)]

    def refusal(self, wait):
        return errors.Throttled(wait, self.message)

    def check(self, request):
        """Refuse when any of the request's idents has used up its tries."""
        number, wait = self.window()
        try:
            counts = cache.get_many(self.keys(request, number))
        except RedisError:
            logger.warning("limit %s not checked: the cache is down", self.name)
            return
        if any(used >= getattr(settings, self.count) for used in counts.values()):
            raise self.refusal(wait)

    def miss(self, request):
        """Count one try against each of the request's idents."""
        number, _ = self.window()
        timeout = getattr(settings, self.seconds) + 1
        for key in self.keys(request, number):
            try:
                if not cache.add(key, 1, timeout):
                    cache.incr(key)
            except ValueError:
                # The window's key expired between add and incr.
                cache.add(key, 1, timeout)
            except RedisError:
                logger.warning("limit %s not counted: the cache is down", self.name)
                return

    def take(self, request):
        """Check, then count: for tries that all count (making a guest)."""
        self.check(request)
        self.miss(request)


CODE_GUESSES = Limit(
    "code",
    "JOIN_CODE_GUESSES",
    "JOIN_CODE_GUESS_SECONDS",
    "Too many wrong join codes from here.",
)
GUESTS = Limit(
    "guest",
    "GUESTS_PER_ADDRESS",
    "GUEST_SECONDS",
    "Too many new players from here.",
)
