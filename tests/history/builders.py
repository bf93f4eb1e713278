"""Matches built fast for the history tests: big ones with bulk_create, small ones
through the real actions."""

from datetime import timedelta

from django.utils import timezone

from games.models import Cell, Event, Match, Membership, Round, Seat, new_join_code
from tests.conftest import seat, win


def play(match, actor, *winners):
    """Tap the winners of the next rounds through the actions, in order."""
    for name in winners:
        number = Round.objects.get(match=match, status="open").number
        win(actor, match.pk, number, seat(match, name).pk)


def big_match(host, rounds, *, seats=10, members=(), ended=True):
    """A 41 Exchange match with ``rounds`` closed rounds, written with bulk_create.

    Every seventh round is a draw, every 50th is corrected (with its event), and
    the winners go round the table.
    """
    start = timezone.now() - timedelta(hours=3)
    match = Match.objects.create(
        game="fortyone_exchange",
        options={
            "no_pool_clearing": False,
            "instant_41": True,
            "dry_stock": "shuffled",
        },
        host=host,
        code=new_join_code(),
        status=Match.Status.ENDED if ended else Match.Status.LIVE,
        ended_at=start + timedelta(minutes=rounds) if ended else None,
    )
    Membership.objects.bulk_create(
        Membership(match=match, user=user) for user in (host, *members)
    )
    table = Seat.objects.bulk_create(
        Seat(
            match=match,
            name=f"Player {index + 1}",
            position=index,
            claimed_by=host if index == 0 else None,
        )
        for index in range(seats)
    )
    made = Round.objects.bulk_create(
        Round(
            match=match,
            number=number,
            status="draw" if number % 7 == 0 else "won",
            winner=None if number % 7 == 0 else table[number % seats],
            closed_at=start + timedelta(minutes=number),
            closed_by=host,
        )
        for number in range(1, rounds + 1)
    )
    if not ended:
        Round.objects.create(match=match, number=rounds + 1)
    Cell.objects.bulk_create(
        Cell(round=r, seat=s, value=int(r.winner_id == s.pk))
        for r in made
        for s in table
    )
    events = [
        Event(
            match=match,
            version=1,
            kind=Event.Kind.STARTED,
            actor=host,
            after={"game": match.game, "seats": [s.name for s in table]},
        )
    ]
    for r in made:
        events.append(_event(match, r, host, Event.Kind.ROUND_WON, len(events) + 1))
        if r.number % 50 == 0:
            events.append(
                _event(match, r, host, Event.Kind.ROUND_CORRECTED, len(events) + 1)
            )
    Event.objects.bulk_create(events)
    Match.objects.filter(pk=match.pk).update(version=len(events))
    match.refresh_from_db()
    return match


def _event(match, round, actor, kind, version):
    name = round.winner.name if round.winner else None
    return Event(
        match=match,
        version=version,
        kind=kind,
        actor=actor,
        before={"round": round.number, "status": "open", "winner": None},
        after={
            "round": round.number,
            "status": round.status,
            "winner": round.winner_id,
            "winner_name": name,
        },
    )
