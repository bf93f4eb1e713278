"""Every API write endpoint driven by Hypothesis's stateful mode over real HTTP.

A state machine plays a table: the host, a member, an outsider and a stranger
without credentials send generated bodies (plausible ones, wrong values, unknown
fields, any JSON, nesting thousands deep, bytes that are no JSON) to every write
endpoint, with idempotency keys drawn from a pool they share. After each answer:

- no 5xx;
- a refusal (4xx) is in the error shape and changed nothing: every match's
  version and the event log are as they were;
- a change raised one version by one; a replay changed nothing, and came only
  to the user who sent that key before;
- every match's version is its number of events (the log has no gaps).

``asgi_server`` is the project's ASGI app under uvicorn in a thread, on the test
database, so ``make test``'s PostgreSQL pass runs this on PostgreSQL too.
"""

import json
import uuid

import httpx
import pytest
from django.db.models import Count
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from rest_framework.authtoken.models import Token

from games.models import Event, Match
from tests.conftest import SEATS
from tests.reliability.figures import record

pytestmark = pytest.mark.django_db(transaction=True)

EXAMPLES = 20
STEPS = 30

# The write endpoints, the fields each body takes, and whether it names a match.
ENDPOINTS = {
    "start": ("/api/matches/", ["game", "seats", "options", "host_seat"]),
    "join": ("/api/join/", ["code", "seat", "name"]),
    "tap": ("/api/matches/{m}/record/", ["round", "payload"]),
    "mark": ("/api/matches/{m}/correct/", ["round", "payload"]),
    "end": ("/api/matches/{m}/end/", []),
    "host": ("/api/matches/{m}/host/", ["user"]),
    "seats": ("/api/matches/{m}/seats/", ["name"]),
    "rename": ("/api/matches/{m}/seats/{s}/rename/", ["name"]),
    "release": ("/api/matches/{m}/seats/{s}/release/", []),
}
# Taps and marks most, an end seldom: an ended match refuses every write.
WEIGHTED = [*ENDPOINTS, "tap", "tap", "tap", "mark", "mark", "seats", "join"]
PEOPLE = ["alice", "bob", "charlie", "stranger"]
KEYS = [None, None, "k-1", "k-2", "k-3"]

anything = st.recursive(
    st.none()
    | st.booleans()
    | st.floats()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)
# Seat ids as an outside tester spelled them (issue 29): each is a bad value.
HOSTILE_SEATS = ["²", "٣", "\uff10", "-1", "+1", " 1", "0x1", "9" * 5000, "1_0"]
names = st.one_of(
    st.sampled_from(["Eve", "Fay", "Ben", "ben ", " ", "Cara"]),
    st.text(max_size=45),
)


def nested(depth):
    return "[" * depth + "]" * depth


def json_text(value):
    return json.dumps(value, allow_nan=True)  # NaN and Infinity: no JSON


class Table(RuleBasedStateMachine):
    """Set up by the test: ``base`` (the server's URL) and ``tokens``."""

    base = None
    tokens = {}
    ids = {}
    ran = {"requests": 0, "refused": 0, "changed": 0, "replayed": 0}

    def __init__(self):
        super().__init__()
        self.clients = {
            who: httpx.Client(
                base_url=self.base,
                headers={"Authorization": f"Token {token}"} if token else {},
                timeout=30,
            )
            for who, token in self.tokens.items()
        }
        # The server's database outlives an example: each example's keys are
        # its own, so ``sent`` knows every key it may see replayed.
        self.prefix = uuid.uuid4().hex[:8]
        self.sent = set()  # (who, key) of every change a key made
        self.last = None  # the last change a key made, to retry

    def teardown(self):
        for client in self.clients.values():
            client.close()

    @initialize()
    def a_table(self):
        started = self.clients["alice"].post(
            "/api/matches/",
            json={"game": "fortyone_exchange", "seats": SEATS, "host_seat": 0},
        )
        assert started.status_code == 201, started.text
        sheet = started.json()
        self.match, self.code = sheet["id"], sheet["code"]
        self.seats = [seat["id"] for seat in sheet["seats"]]
        joined = self.clients["bob"].post(
            "/api/join/", json={"code": self.code, "seat": self.seats[1]}
        )
        assert joined.status_code == 200, joined.text
        self.saw(joined.json())

    def saw(self, sheet):
        if sheet.get("id") == self.match:
            self.open_round = sheet["open_round"] or 1
            self.ended = sheet["status"] == "ended"
            self.seats = [seat["id"] for seat in sheet["seats"]]

    @precondition(lambda self: self.ended)
    @rule()
    def next_match(self):
        self.a_table()

    def good(self, field):
        """Values that would do for the match at hand."""
        return {
            "round": st.sampled_from([self.open_round, self.open_round - 1]),
            "seat": st.sampled_from(self.seats),
            "value": st.integers(min_value=0, max_value=1),
            "payload": st.one_of(
                st.sampled_from(self.seats).map(lambda seat: {"winner": seat}),
                st.just({"draw": True}),
            ),
            "user": st.sampled_from([self.ids["alice"], self.ids["bob"]]),
            "name": st.sampled_from(["Eve", "Fay", "Gus", "Hal", "Ben"]),
            "code": st.just(self.code),
            "game": st.just("fortyone_exchange"),
            "seats": st.lists(st.sampled_from(SEATS), min_size=2, unique=True),
            "options": st.just({}),
            "host_seat": st.sampled_from([None, 0]),
        }[field]

    def value_for(self, field):
        """Good values mixed with wrong ones."""
        wrong = {
            "round": st.integers(min_value=0, max_value=4),
            "seat": st.one_of(st.just(10**6), st.sampled_from(HOSTILE_SEATS)),
            "value": st.integers(min_value=2, max_value=5),
            "payload": st.one_of(
                st.just({"winner": 10**6}),
                st.dictionaries(st.sampled_from(["winner", "draw", "seat"]), anything),
            ),
            "user": st.sampled_from([self.ids["charlie"], 10**6]),
            "name": names,
            "code": st.sampled_from([self.code.lower(), "ZZZZZZ"]),
            "game": st.just("chess"),
            "seats": st.lists(names, max_size=11),
            "options": st.dictionaries(
                st.sampled_from(["instant_41", "dry_stock", "x"]), anything, max_size=2
            ),
            "host_seat": st.integers(min_value=-1, max_value=11),
        }[field]
        return st.one_of(self.good(field), wrong, anything)

    def bodies(self, fields):
        valid = st.fixed_dictionaries(
            {field: self.good(field) for field in fields}
        ).map(json_text)
        plausible = st.fixed_dictionaries(
            {},
            optional={field: self.value_for(field) for field in fields}
            | {"extra": anything},
        ).map(json_text)
        depth = st.integers(min_value=2, max_value=5_000)
        deep = st.one_of(
            depth.map(nested),
            depth.map(
                lambda d: json_text({"round": 1, "seat": "@"}).replace('"@"', nested(d))
            ),
        )
        return st.one_of(
            valid,
            valid,
            plausible,
            plausible,
            anything.map(json_text),
            deep,
            st.binary(max_size=20).map(lambda raw: raw.decode("latin-1")),
            st.just(""),
        )

    @rule(data=st.data())
    def write(self, data):
        endpoint = data.draw(st.sampled_from(WEIGHTED), label="endpoint")
        who = data.draw(st.sampled_from(PEOPLE), label="who")
        key = data.draw(st.sampled_from(KEYS), label="key")
        path, fields = ENDPOINTS[endpoint]
        seat = data.draw(st.sampled_from([*self.seats, 10**6]), label="path seat")
        path = path.format(m=self.match, s=seat)
        body = data.draw(self.bodies(fields), label="body")
        headers = {"Content-Type": "application/json"}
        if key:
            key = f"{self.prefix}-{key}"
            headers["Idempotency-Key"] = key
        before = everything()

        answer = self.clients[who].post(path, content=body.encode(), headers=headers)

        status = answer.status_code
        self.ran["requests"] += 1
        assert status < 500, (endpoint, who, body[:200], answer.text[:500])
        if status >= 400:
            self.ran["refused"] += 1
            assert answer.json()["code"], answer.text
            assert everything() == before, (endpoint, who, body[:200], answer.text)
            return
        if answer.headers.get("Idempotent-Replayed") == "true":
            self.ran["replayed"] += 1
            assert (who, key) in self.sent, ("another's key replayed", who, key)
            assert everything() == before
            return
        self.ran["changed"] += 1
        self.saw(answer.json())
        if key:
            self.sent.add((who, key))
            self.last = (who, path, body, headers)
        versions, events = everything()
        assert events == before[1] + 1
        changed = {m: v for m, v in versions.items() if before[0].get(m) != v}
        if endpoint == "start":
            assert changed == {answer.json()["id"]: 1}
        else:
            assert changed == {answer.json()["id"]: before[0][answer.json()["id"]] + 1}

    @precondition(lambda self: self.last is not None)
    @rule()
    def retry(self):
        """The sender of the last keyed change sends it again: a replay."""
        who, path, body, headers = self.last
        before = everything()

        answer = self.clients[who].post(path, content=body.encode(), headers=headers)

        self.ran["requests"] += 1
        self.ran["replayed"] += 1
        assert answer.status_code in (200, 201), answer.text[:500]
        assert answer.headers.get("Idempotent-Replayed") == "true"
        assert everything() == before

    @invariant()
    def every_version_is_an_event(self):
        events = Event.objects.values("match").annotate(n=Count("pk"))
        counts = {row["match"]: row["n"] for row in events}
        assert counts == dict(Match.objects.values_list("pk", "version"))


def everything():
    return dict(Match.objects.values_list("pk", "version")), Event.objects.count()


@pytest.fixture
def table_machine(asgi_server, alice, bob, charlie, settings):
    # Throttles would turn most of the run into 429s; they have tests of their own.
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": dict.fromkeys(
            settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "100000/min"
        ),
    }
    users = {"alice": alice, "bob": bob, "charlie": charlie}
    Table.base = asgi_server
    Table.tokens = {who: Token.objects.create(user=u).key for who, u in users.items()}
    Table.tokens["stranger"] = None
    Table.ids = {who: user.pk for who, user in users.items()}
    return Table


def test_generated_writes_never_5xx_and_refusals_change_nothing(table_machine):
    run_state_machine_as_test(
        table_machine,
        settings=settings(
            max_examples=EXAMPLES,
            stateful_step_count=STEPS,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            # No shrinking: a failure prints its steps as they ran, and shrinking
            # a run of HTTP requests took minutes.
            phases=[Phase.explicit, Phase.reuse, Phase.generate],
        ),
    )

    ran = table_machine.ran
    assert ran["refused"] and ran["changed"]
    record(
        "Hypothesis stateful: generated writes to every API endpoint (HTTP)",
        fuzz=ran["requests"],
        refused=ran["refused"],
        changed=ran["changed"],
        replayed=ran["replayed"],
        server_errors=0,
        lost=0,
    )
