"""A club's changes sent with an idempotency key, under the rule a match's keep
(``games.actions.base.keyed_once``): the change is made once; the key sent again
with the same request answers with what the first made, marked ``replayed``;
with another request it is refused (``KeyReused``); a malformed key is refused
before anything changes. A club keeps no event log, so a ``KeyedChange`` row
holds the key, written in the change's transaction."""

from dataclasses import dataclass

from django.db import transaction

from games.actions.base import keyed_once, same_request

from .models import KeyedChange


@dataclass(frozen=True)
class Done:
    """What a club action answered (a club, an invite, a member, a seat), and
    whether it is the answer of an earlier request with the same key."""

    value: object
    replayed: bool = False


def once(user, key, kind, action, *args):
    """``action(user, *args)``, one club action, made once per ``user``'s ``key``.

    ``kind`` names the change; it and ``args`` are the request a key belongs
    to. Without a key the action simply runs, as the pages call it.
    """

    def attempt(fingerprint):
        with transaction.atomic():
            value = action(user, *args)
            if key is not None:
                KeyedChange.objects.create(
                    user=user,
                    key=key,
                    request_hash=fingerprint,
                    kind=kind,
                    answer=value,
                )
        return Done(value)

    def replay(fingerprint):
        if getattr(user, "pk", None) is None:
            return None
        first = KeyedChange.objects.filter(user_id=user.pk, key=key).first()
        if first is None:
            return None
        same_request(first, fingerprint)
        # What the change answered may be gone since (a match deleted with its
        # seats): then the retry's own refusal stands.
        answer = first.answer
        return Done(answer, replayed=True) if answer is not None else None

    return keyed_once(key, [kind, *args], attempt, replay)
