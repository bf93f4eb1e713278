"""Seat ids spelled every wrong way, for every game, over every edge (issue 29).

Hypothesis draws a game, an edge (an API write, a page's form, a socket frame)
and a body naming a seat in a hostile spelling: Unicode digits ("²", "٣", a
full-width 0, a real seat's digits in Arabic-Indic or full-width), signs, a
5,000-digit number, spaces and separators Python's ``int()`` would forgive, and
one seat named twice under two spellings ("940" and "0940", " 940", "940 ").
Each must be refused: no 5xx, the error shape (a ``code`` and a ``detail``; a
page's ``data-code``), no version changed in any match, and the socket still
open and answering.
"""

import json
from urllib.parse import urlencode

import pytest
from asgiref.sync import async_to_sync
from channels.layers import channel_layers
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import actions
from games.models import Match
from tests.api.conftest import client_for
from tests.conftest import SEATS
from tests.games.test_consumer import connect
from tests.reliability.figures import record

pytestmark = pytest.mark.django_db(transaction=True)

FIGURE = "Hypothesis: hostile seat spellings, every game and edge"
GAMES = ["fortyone_exchange", "schwimmen", "thirty_one", "forty_one"]
ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
FULL_WIDTH = str.maketrans("0123456789", "".join(chr(0xFF10 + d) for d in range(10)))


def hostile(seat):
    """Spellings of ``seat`` (or of no seat) that must never name one."""
    text = str(seat)
    return st.one_of(
        st.sampled_from(
            [
                "²",
                "٣",
                "\uff10",
                "³⁴",
                text.translate(ARABIC_INDIC),
                text.translate(FULL_WIDTH),
                f"+{text}",
                f"-{text}",
                "9" * 5000,
                "0" * 5000 + text,
                f"\u00a0{text}",
                f"{text}\t",
                f"{text}.0",
                f"{text[:1]}_{text[1:]}" if len(text) > 1 else f"{text}_0",
                "1e3",
                "0x1f",
                "",
                " ",
                "0",
                "-0",
                str(2**63),
                str(10**30),
            ]
        ),
        st.text(
            alphabet=st.characters(categories=["Nd", "No"]), min_size=1, max_size=6
        ).filter(lambda t: not t.isascii()),
    )


def twice(seat):
    """Two spellings of one seat: each fine alone, together a seat named twice."""
    text = str(seat)
    return st.sampled_from(
        [
            (text, f"0{text}"),
            (text, f" {text}"),
            (text, f"{text} "),
            (f"00{text}", text),
        ]
    )


@pytest.fixture(autouse=True)
def fresh_layers(settings):
    settings.WS_RATE_BURST = 10_000  # this test is about content, not rate
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture
def tables(alice, bob):
    """A match of every game with round 1 closed (for corrections) and round 2
    open: Forty One's with its four bids in, so its tricks are judged."""
    made = {}
    for game in GAMES:
        match = actions.start_match(alice, game, SEATS, host_seat=0).match
        actions.join_match(bob, match.code, seat_id=match.seats.get(name="Ben").pk)
        s = list(match.seats.order_by("position").values_list("pk", flat=True))
        if game == "forty_one":
            for number in (1, 2):
                for seat in s:
                    bid = {"bid": {"seat": seat, "value": 3}}
                    actions.record(alice, match.pk, number, bid)
                if number == 1:
                    tricks = {str(seat): 4 if seat == s[0] else 3 for seat in s}
                    actions.record(alice, match.pk, 1, {"tricks": tricks})
        else:
            first = {
                "fortyone_exchange": {"winner": s[1]},
                "schwimmen": {"pays": [s[0]]},
                "thirty_one": {"lowest": [s[0]]},
            }[game]
            actions.record(alice, match.pk, 1, first)
        made[game] = (match.pk, s)
    return made


def payloads(game, s, bad, pair):
    """JSON payloads (the API's and the socket's ``payload`` frame) naming
    ``bad`` or the seat ``pair`` twice."""
    rest = {str(seat): 3 for seat in s[1:]}
    return {
        "fortyone_exchange": [{"winner": bad}],
        "schwimmen": [{"pays": [bad]}, {"pays": list(pair)}, {"feuer": bad}],
        "thirty_one": [
            {"lowest": [bad]},
            {"lowest": list(pair)},
            {"lowest": [s[1]], "closer": bad},
            {"thirty_one": bad, "lowest": [s[1]]},
        ],
        "forty_one": [
            {"tricks": {bad: 4, **rest}},
            {"tricks": {pair[0]: 4, pair[1]: 4, **rest}},
            {"bids": {bad: 3, **rest}, "tricks": {str(s[0]): 4, **rest}},
            {"bids": {pair[0]: 3, pair[1]: 3, **rest}},
        ],
    }[game]


def forms(game, s, bad, pair):
    """A page's form fields (field -> [values]) naming ``bad`` or ``pair``."""
    rest = {f"tricks-{seat}": ["3"] for seat in s[1:]}
    bids = {f"bid-{seat}": ["3"] for seat in s[1:]}
    return {
        "fortyone_exchange": [{"winner": [bad]}],
        "schwimmen": [{"pays": [bad]}, {"pays": list(pair)}, {"feuer": [bad]}],
        "thirty_one": [
            {"lowest": [bad]},
            {"lowest": list(pair)},
            # An empty closer or limit field is the form's "nobody", not a seat.
            *(
                [
                    {"lowest": [str(s[1])], "closer": [bad]},
                    {"lowest": [str(s[1])], "limit": [bad]},
                ]
                if bad.strip()
                else []
            ),
        ],
        "forty_one": [
            {f"tricks-{bad}": ["4"], **rest},
            {f"tricks-{pair[0]}": ["4"], f"tricks-{pair[1]}": ["4"], **rest},
            {f"bid-{pair[0]}": ["3"], f"bid-{pair[1]}": ["3"], **bids},
            {"seat": [bad], "bid": ["3"]},
        ],
    }[game]


def versions():
    return dict(Match.objects.values_list("pk", "version"))


def over_api(match_id, s, game, bad, pair):
    client = client_for_host()
    answers = []
    for payload in payloads(game, s, bad, pair):
        for path, number in (("record", 2), ("correct", 1)):
            answers.append(
                client.post(
                    f"/api/matches/{match_id}/{path}/",
                    data=json.dumps({"round": number, "payload": payload}),
                    content_type="application/json",
                )
            )
    for path, body in (
        ("dealer", {"seat": bad}),
        ("host", {"user": bad}),
    ):
        answers.append(
            client.post(
                f"/api/matches/{match_id}/{path}/",
                data=json.dumps(body),
                content_type="application/json",
            )
        )
    for answer in answers:
        assert 400 <= answer.status_code < 500, answer.content[:300]
        body = answer.json()
        assert body["code"] and body["detail"], body
    return len(answers)


def over_forms(match_id, s, game, bad, pair):
    browser = host_browser()
    sent = 0
    for form in forms(game, s, bad, pair):
        for path, number in (("record", 2), ("correct", 1)):
            answer = browser.post(
                f"/matches/{match_id}/{path}/", {"round": number, **form}
            )
            sent += 1
            assert 400 <= answer.status_code < 500, answer.content[:300]
            assert 'data-code="' in answer.content.decode()
    for path, body in (
        ("dealer", {"seat": bad}),
        ("seats/rename", {"seat": bad, "name": "Zed"}),
        ("seats/release", {"seat": bad}),
    ):
        answer = browser.post(f"/matches/{match_id}/{path}/", body)
        sent += 1
        assert 400 <= answer.status_code < 500, answer.content[:300]
        assert 'data-code="' in answer.content.decode()
    return sent


def over_socket(match_id, s, game, bad, pair):
    frames = []
    for form in forms(game, s, bad, pair):
        frames += [
            {"type": "record", "round": 2, "form": form},
            {"type": "correct", "round": 1, "form": form},
        ]
    for payload in payloads(game, s, bad, pair):
        frames += [
            {"type": "record", "round": 2, "payload": payload},
            {"type": "correct", "round": 1, "payload": payload},
        ]
    # What fits in a frame (4096 bytes; a longer one closes the socket, 1009).
    frames = [f for f in frames if len(json.dumps(f).encode()) <= 4000]

    async def run():
        socket = await connect(match_id, HOST[0])
        await socket.receive_json_from()
        answers = []
        for frame in frames:
            await socket.send_json_to(frame)
            answers.append(await socket.receive_json_from())
        # Still open: it answers a snapshot.
        await socket.send_json_to({"type": "snapshot"})
        answers.append(await socket.receive_json_from())
        await socket.disconnect()
        return answers

    answers = async_to_sync(run)()
    assert answers[-1]["type"] == "snapshot"
    for answer in answers[:-1]:
        assert answer["type"] == "error", answer
        assert answer["code"] and answer["detail"], answer
    return len(frames)


# The host (alice) sends everything: every form and frame is one they may send.
HOST = []


def client_for_host():
    return client_for(HOST[0])


class FormBrowser:
    """Posts as a phone's browser does, ``application/x-www-form-urlencoded``:
    a multipart body would have Django strip the spaces around a field's name
    ("tricks-13\t" arrives as "tricks-13"), which no phone's form sends."""

    def __init__(self, client):
        self.client = client

    def post(self, path, data):
        return self.client.post(
            path,
            urlencode(data, doseq=True),
            content_type="application/x-www-form-urlencoded",
        )


def host_browser():
    from django.test import Client

    browser = Client()
    browser.force_login(HOST[0])
    return FormBrowser(browser)


EDGES = {"api": over_api, "form": over_forms, "socket": over_socket}


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_a_seat_spelled_any_wrong_way_is_refused_everywhere_and_changes_nothing(
    tables, alice, data
):
    HOST[:] = [alice]
    game = data.draw(st.sampled_from(GAMES), label="game")
    edge = data.draw(st.sampled_from(sorted(EDGES)), label="edge")
    match_id, s = tables[game]
    seat = data.draw(st.sampled_from(s), label="seat")
    bad = data.draw(hostile(seat), label="bad")
    pair = data.draw(twice(seat), label="pair")
    before = versions()

    sent = EDGES[edge](match_id, s, game, bad, pair)

    assert versions() == before
    record(FIGURE, fuzz=sent)
