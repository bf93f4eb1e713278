"""Tables of every game for the language tests: live and ended, with a closed
round of each kind the game has, played through the real write path."""

from django.urls import reverse

from games import actions
from games.fortyone_exchange.views import example_query as exchange_example
from games.schwimmen.views import example_query as schwimmen_example
from games.thirty_one.views import example_query as thirty_one_example
from tests.conftest import win

SEATS = ["Alice", "Ben", "Cara", "Dev"]


def ids(match):
    return {seat.name: seat.pk for seat in match.seats.all()}


def open_number(match):
    return match.rounds.get(status="open").number


def record(match, actor, payload):
    actions.record(actor, match.pk, open_number(match), payload)


def exchange(alice, bob):
    """41 Exchange: won rounds, one corrected to a draw; an ended match whose
    End match banked a draw, its leader named."""
    live = actions.start_match(alice, "fortyone_exchange", SEATS).match
    actions.join_match(bob, live.code, seat_id=ids(live)["Ben"])
    seat = ids(live)
    win(alice, live.pk, 1, seat["Ben"])
    win(bob, live.pk, 2, seat["Cara"])
    actions.correct(alice, live.pk, 1, {"draw": True})
    ended = actions.start_match(alice, "fortyone_exchange", SEATS).match
    win(alice, ended.pk, 1, ids(ended)["Dev"])
    actions.end_match(alice, ended.pk)
    return live, ended


def schwimmen(alice):
    """Schwimmen: who pays, a tie, Feuer; an ended match with a replayed tie
    of the last two swimmers, decided."""
    live = actions.start_match(alice, "schwimmen", SEATS).match
    seat = ids(live)
    record(live, alice, {"pays": [seat["Ben"]]})
    record(live, alice, {"pays": [seat["Cara"], seat["Dev"]]})
    record(live, alice, {"feuer": seat["Alice"]})
    ended = actions.start_match(alice, "schwimmen", ["Alice", "Ben"], {"lives": 2})
    ended = ended.match
    seat = ids(ended)
    both = [seat["Alice"], seat["Ben"]]
    for _ in range(2):
        record(ended, alice, {"pays": both})
    record(ended, alice, {"pays": both})  # both would go out: played again
    record(ended, alice, {"pays": [seat["Ben"]]})
    return live, ended


THIRTY_ONE_OPTIONS = {
    "rule_set": "custom",
    "closer_rule": True,
    "points_limit": True,
    "three_of_a_kind": "fire",
    "lives": 3,
}


def thirty_one(alice):
    """Thirty-One with the closer rule, the points limit and Fire: a close, a
    31, Fire, the limit; an ended match decided."""
    live = actions.start_match(alice, "thirty_one", SEATS, THIRTY_ONE_OPTIONS).match
    seat = ids(live)
    record(live, alice, {"closer": seat["Alice"], "lowest": [seat["Ben"]]})
    record(live, alice, {"thirty_one": seat["Cara"], "lowest": [seat["Dev"]]})
    record(live, alice, {"fire": seat["Dev"]})
    record(
        live,
        alice,
        {"lowest": [seat["Ben"]], "limit": [seat["Ben"], seat["Alice"]]},
    )
    ended = actions.start_match(alice, "thirty_one", ["Alice", "Ben"]).match
    seat = ids(ended)
    while ended.rounds.filter(status="open").exists():
        record(ended, alice, {"lowest": [seat["Ben"]]})
    return live, ended


def forty_one(alice):
    """Forty One: a played round, a throw-in, the next round's bidding; one in
    its tricks; an ended match a team won."""

    def bids(match, values):
        for name, value in zip(SEATS, values, strict=True):
            record(match, alice, {"bid": {"seat": ids(match)[name], "value": value}})

    def tricks(match, values):
        seat = ids(match)
        record(
            match,
            alice,
            {"tricks": {str(seat[n]): v for n, v in zip(SEATS, values, strict=True)}},
        )

    live = actions.start_match(alice, "forty_one", SEATS).match
    bids(live, [3, 3, 3, 3])
    tricks(live, [4, 3, 3, 3])
    bids(live, [1, 1, 1, 1])
    record(live, alice, {"bid": {"seat": ids(live)["Cara"], "value": 4}})
    playing = actions.start_match(alice, "forty_one", SEATS).match
    bids(playing, [5, 2, 2, 2])
    ended = actions.start_match(alice, "forty_one", SEATS).match
    while ended.rounds.filter(status="open").exists():
        bids(ended, [7, 1, 1, 2])
        tricks(ended, [7, 2, 2, 2])
    return live, playing, ended


def points(alice):
    """Points: a live match with a scored round and two phones' scores in,
    a scorer's table, an ended match a tie shared, and one the table ended."""

    def scores(match, values):
        seat = ids(match)
        record(
            match,
            alice,
            {"scores": {str(seat[n]): v for n, v in zip(SEATS, values, strict=True)}},
        )

    live = actions.start_match(alice, "points", SEATS, {"adds_up_to": "0"}).match
    scores(live, [12, -12, 5, -5])
    for name, value in (("Alice", -3), ("Cara", 7)):
        record(live, alice, {"score": {"seat": ids(live)[name], "value": value}})
    scorer = actions.start_match(
        alice, "points", SEATS, {"entry": "scorer", "end": "rounds", "rounds": 3}
    ).match
    scores(scorer, [1, 2, 3, -4])
    ended = actions.start_match(
        alice, "points", SEATS, {"game": "hearts", "target": 100, "wins": "lowest"}
    ).match
    scores(ended, [60, 40, 100, 60])
    stopped = actions.start_match(alice, "points", SEATS, {"end": "open"}).match
    scores(stopped, [8, -2, 8, 0])
    actions.end_match(alice, stopped.pk)
    return live, scorer, ended, stopped


def wizard(alice):
    """Wizard: a played round and the next one's bids (under the dealer rule),
    one in its tricks, and a match played to its last round."""

    def bids(match, values):
        for name, value in zip(SEATS, values, strict=True):
            record(match, alice, {"call": {"seat": ids(match)[name], "value": value}})

    def tricks(match, values):
        seat = ids(match)
        record(
            match,
            alice,
            {"taken": {str(seat[n]): v for n, v in zip(SEATS, values, strict=True)}},
        )

    live = actions.start_match(alice, "wizard", SEATS, {"dealer_rule": True}).match
    # Alice deals round 1 and, under the dealer rule, bids last.
    for name, value in (("Ben", 1), ("Cara", 1), ("Dev", 0), ("Alice", 0)):
        record(live, alice, {"call": {"seat": ids(live)[name], "value": value}})
    tricks(live, [0, 0, 1, 0])
    record(live, alice, {"call": {"seat": ids(live)["Cara"], "value": 2}})
    playing = actions.start_match(alice, "wizard", SEATS).match
    bids(playing, [1, 0, 0, 0])
    ended = actions.start_match(alice, "wizard", SEATS).match
    for number in range(1, 16):
        bids(ended, [0, 0, 0, number])
        tricks(ended, [0, 0, 0, number])
    return live, playing, ended


def pages(alice, bob):
    """(user, url) of every page of every game's table, in play and ended."""
    live, ended = exchange(alice, bob)
    schwimmen_live, schwimmen_ended = schwimmen(alice)
    thirty_one_live, thirty_one_ended = thirty_one(alice)
    forty_one_live, forty_one_playing, forty_one_ended = forty_one(alice)
    points_matches = points(alice)
    wizard_matches = wizard(alice)
    matches = [
        live,
        ended,
        schwimmen_live,
        schwimmen_ended,
        thirty_one_live,
        thirty_one_ended,
        forty_one_live,
        forty_one_playing,
        forty_one_ended,
        *points_matches,
        *wizard_matches,
    ]
    found = [(bob, reverse("match", args=[live.pk]))]
    for match in matches:
        found.append((alice, reverse("match", args=[match.pk])))
        found.append((alice, reverse("match_history", args=[match.pk])))
    for match in (
        live,
        schwimmen_live,
        thirty_one_live,
        forty_one_live,
        points_matches[0],
        wizard_matches[0],
    ):
        found.append((alice, reverse("match_end", args=[match.pk])))
    checkers = [
        ("fortyone_exchange", exchange_example, live),
        ("schwimmen", schwimmen_example, schwimmen_live),
        ("thirty_one", thirty_one_example, thirty_one_live),
    ]
    for game, example, match in checkers:
        url = reverse(f"{game}:hands")
        found += [
            (None, url),
            (None, f"{url}?{example()}"),
            (alice, f"{url}?{example(match)}"),
            (alice, f"{url}?match={match.pk}&players=2&p1-cards=AS&p2-cards=AS"),
        ]
    return found
