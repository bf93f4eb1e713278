"""The match socket: news of every change to the members at the table.

Thin on purpose: it checks who may listen, forwards the text ``publish()`` made
once per change in its phone's language, and turns a record frame (a module's
form) into ``actions.record``, a correct frame into ``actions.correct``, and an
undo, void or restore frame (``{"type", "round", "key"}``) into
``actions.undo_round``, ``void_round`` or ``restore_round``. The rules stay in
the actions and the module; a refusal comes back as an ``error`` frame, in the
socket's language. Every frame is keyed ``type``.
"""

import json
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _
from rest_framework.exceptions import ValidationError

from squarescores import metrics
from squarescores.socket_auth import PROTOCOL

from . import actions, errors, json_limits, languages, live, tv
from .api import serializers as bodies
from .api.errors import answer_of
from .bounds import ID_MAX
from .broadcast import group_name, run_then_send
from .models import Event, Match
from .rules import registry
from .seat_ids import parse_number
from .threads import database_call
from .ws_limits import MessageLimits

# Application close codes: 4000 + the HTTP status they mirror.
CLOSE_NOT_MEMBER = 4403
CLOSE_NO_MATCH = 4404


def held_version(scope):
    """The version the connecting page already shows (``?version=``), or None."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    held = (query.get("version") or [""])[-1]
    # ASCII digits only: "²".isdigit() is true and int("²") raises.
    return parse_number(held, 0, ID_MAX)


def frame_key(frame):
    """The frame's idempotency key as sent: ``actions.clean_key`` refuses a
    malformed one with the code the API and the forms answer it with."""
    key = frame.get("key")
    return None if key is None or key == "" else key


def payload_frame(user, match_id, frame, game=None, correcting=False):
    """``{"type": "record", "round": n, "payload": {...}}``: the API's body, read
    by the API's own serializer, so a payload is accepted or refused alike over
    either edge; then the same action (a record, or the host's correction)."""
    body = {name: frame[name] for name in ("round", "payload") if name in frame}
    request = bodies.RecordRequest(data=body)
    request.is_valid(raise_exception=True)
    number, payload = request.validated_data["round"], request.validated_data["payload"]
    key = frame_key(frame)
    if correcting:
        return actions.correct(user, match_id, number, payload, key=key)
    return actions.record(user, match_id, number, payload, key=key, game=game)


def record_form(user, match_id, number, form, key, game=None, action=None):
    """A module's form read as its HTML view reads it, then ``action`` (a record,
    or the host's correction). ``game``, when the socket knows it from its
    snapshot, spares reading it."""
    if not isinstance(form, dict) or not all(
        isinstance(v, list) and all(isinstance(i, str) for i in v)
        for v in form.values()
    ):
        raise errors.BadValue(_("A record frame's form is field -> [values]."))
    if game is None:
        game = Match.objects.filter(pk=match_id).values_list("game", flat=True)
        game = game.first()
        if game is None:
            raise errors.MatchNotFound()
    try:
        payload = registry.get(game).payload_from_form(form)
    except errors.BadValue as refusal:
        actions.members_first(match_id, user, refusal)
    if action is None:
        return actions.record(user, match_id, number, payload, key=key, game=game)
    return action(user, match_id, number, payload, key=key)


def correct_form(user, match_id, number, form, key, game=None):
    return record_form(user, match_id, number, form, key, game, actions.correct)


# Frames that name a closed round and nothing more: ``{"type", "round", "key"}``.
ROUND_FRAMES = {
    "undo": actions.undo_round,
    "void": actions.void_round,
    "restore": actions.restore_round,
}


# Channels hops to a thread before every handler to close stale database
# connections. These handlers need no such hop: a push is forwarded text, and
# the database work of a frame, a connect or a snapshot runs in
# ``database_call``, which closes stale connections itself, in the thread that
# uses them; a disconnect leaves a group and reads nothing. Skipping it leaves a
# socket record one thread hop (its action) instead of one per phone more, and a
# phone's reconnect two hops fewer (its old socket's disconnect, its connect):
# after a hall's Wi-Fi blinks, 2,400 fewer for 1,200 phones (docs/benchmarks.md).
NO_HOP = frozenset(
    {"match.change", "websocket.receive", "websocket.connect", "websocket.disconnect"}
)


class Counted:
    """Keeps ``metrics.SOCKETS`` right: one up on accept, one down on the
    disconnect of a socket that was counted (a refused handshake never was)."""

    counted = None

    def open_socket(self, kind):
        self.counted = metrics.SOCKETS.labels(kind)
        self.counted.inc()

    def close_socket(self):
        if self.counted is not None:
            self.counted.dec()
            self.counted = None


class NoHop:
    """Handles the ``NO_HOP`` messages without Channels' thread hop."""

    async def dispatch(self, message):
        if message["type"] in NO_HOP:
            await getattr(self, get_handler_name(message))(message)
            return
        await super().dispatch(message)

    async def websocket_disconnect(self, message):
        # Channels' own, less the stale-connection hop it makes after
        # ``disconnect``, for the reason above; these consumers name no
        # ``groups`` for it to leave (``disconnect`` leaves the one they joined).
        await self.disconnect(message["code"])
        raise StopConsumer()


def replayed_frame(result):
    """The answer to a frame whose key made a change before: nothing changed
    now; ``version`` is the version that key's change made."""
    return {
        "type": "replayed",
        "version": result.version,
        "kind": result.event.kind,
        "key": result.event.idempotency_key,
    }


class MatchConsumer(Counted, NoHop, MessageLimits, AsyncWebsocketConsumer):
    async def connect(self):
        self.match_id = self.scope["url_route"]["kwargs"]["match_id"]
        # The page's language: its pushes, snapshots and refusals are written in it.
        self.language = languages.of_socket(self.scope)
        self.group = group_name(self.match_id, self.language)
        # A match's game never changes: the snapshot tells it once, and each
        # record frame then reads the module's form without asking the database.
        self.game = None
        # A token client offers the app's subprotocol beside its token's
        # (squarescores/socket_auth.py); a browser must hear it named back.
        offered = self.scope.get("subprotocols") or ()
        await self.accept(subprotocol=PROTOCOL if PROTOCOL in offered else None)
        self.open_socket("match")
        # Join, then note the language and read the match in one call on the
        # database threads: a change committed before that read is in what this
        # page gets (the pushes it missed, or the snapshot); one committed after
        # it is pushed to this group, in this language, noted by then. Never lost,
        # and a hall of phones reconnecting at once queues one call each there.
        await self.channel_layer.group_add(self.group, self.channel_name)
        if not await self.still_current():
            await self.send_snapshot(reason="connect")

    async def still_current(self):
        """A page that already shows the match's current version (a phone back
        from a blink of its Wi-Fi, a page just loaded) needs no snapshot: a
        ``current`` frame of a few bytes says so, for one query instead of the
        snapshot's reads and rendering; a page a few versions behind gets the
        pushes it missed first (``games.catchup``). Read after joining the
        group, as the snapshot is, so a change committed since reaches the page
        as a push."""
        held = held_version(self.scope)
        if held is None:
            return False
        state = await database_call(live.member_state)(
            self.match_id, self.scope.get("user"), held, self.language
        )
        if state is None:
            return False
        version, self.game, missed = state
        if version != held and missed is None:
            return False
        for text in missed or ():
            await self.send(text_data=text)
        metrics.SNAPSHOTS.labels("current" if version == held else "caught_up").inc()
        await self.send(text_data=json.dumps({"type": "current", "version": version}))
        return True

    async def disconnect(self, code):
        self.close_socket()
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def send_snapshot(self, *, reason="asked"):
        metrics.SNAPSHOTS.labels(reason).inc()
        try:
            # Noted again each time: asked for after a gap, the page back in the
            # foreground or a push sent without HTML, the note may have expired.
            message = await database_call(live.member_snapshot)(
                self.match_id, self.scope.get("user"), self.language, note=True
            )
        except errors.Refusal as refusal:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            code = CLOSE_NO_MATCH if refusal.status == 404 else CLOSE_NOT_MEMBER
            await self.close(code=code)
            return
        self.game = message.get("game")
        await self.send(text_data=json.dumps(message, separators=(",", ":")))

    async def receive(self, text_data=None, bytes_data=None):
        # The frame's work (its action's refusal too) speaks the page's language.
        with translation.override(self.language):
            await self.handle_frame(text_data)

    async def handle_frame(self, text_data):
        try:
            frame = json_limits.loads(
                text_data or "", max_bytes=settings.WS_MAX_MESSAGE_BYTES
            )
            kind = frame.get("type")
        except (ValueError, AttributeError):
            await self.refuse(errors.BadValue(_("A frame is a JSON object.")))
            return
        if kind == "snapshot":
            await self.send_snapshot()
        elif kind == "record":
            await self.record(frame)
        elif kind == "correct":
            await self.record(frame, correct_form)
        elif isinstance(kind, str) and kind in ROUND_FRAMES:
            await self.run(
                ROUND_FRAMES[kind],
                self.scope.get("user"),
                self.match_id,
                frame.get("round"),
                key=frame_key(frame),
            )
        else:
            await self.refuse(errors.BadValue(_("Unknown action.")))

    async def record(self, frame, call=record_form):
        """A module's form sent as ``{"type": "record", "round", "form", "key"}``
        (or ``"correct"``, the host's correction form): the module reads the form
        as the HTML view does, then the same action. With ``payload`` instead
        of ``form``, the payload as the API takes it."""
        if "payload" in frame:
            await self.run(
                payload_frame,
                self.scope.get("user"),
                self.match_id,
                frame,
                game=self.game,
                correcting=call is correct_form,
            )
            return
        await self.run(
            call,
            self.scope.get("user"),
            self.match_id,
            frame.get("round"),
            frame.get("form"),
            frame_key(frame),
            game=self.game,
        )

    async def run(self, action, *args, **kwargs):
        """Run an action; its refusal, and only here, becomes an error frame.
        A change needs no answer of its own: it reaches this socket too. A
        replay (a key sent before) changed nothing and is pushed to nobody, so
        it is answered here: a ``replayed`` frame with the first result's
        version."""
        try:
            result = await run_then_send(action, *args, **kwargs)
        except errors.Refusal as refusal:
            await self.refuse(refusal)
            return
        except ValidationError as invalid:
            # A frame that would be a bad API body gets the API's answer.
            await self.refuse(answer_of(invalid))
            return
        if getattr(result, "replayed", False):
            await self.send(text_data=json.dumps(replayed_frame(result)))

    async def refuse(self, refusal):
        version = await database_call(live.current_version)(self.match_id)
        data = refusal if isinstance(refusal, dict) else refusal.as_dict()
        await self.send(
            text_data=json.dumps({"type": "error", **data, "version": version})
        )

    async def match_change(self, event):
        await self.send(text_data=event["text"])


class TvConsumer(Counted, NoHop, MessageLimits, AsyncWebsocketConsumer):
    """The TV link's socket, ``/ws/tv/<secret>/``: read only, no login.

    It joins the match's group and forwards the pushes every phone gets, after a
    snapshot of its own (games/tv.py). A frame that asks for anything but a
    snapshot is refused and changes nothing. A wrong secret closes with 4404, and
    so does the host's revoke: a push newer than this socket's snapshot saying the
    link was revoked closes it instead of being forwarded; a revoke that the layer
    lost shows on the next snapshot, which the page asks for on any gap.
    """

    async def connect(self):
        self.secret = self.scope["url_route"]["kwargs"]["secret"]
        self.group = None
        self.version = 0
        await self.accept()
        self.open_socket("tv")
        match = await database_call(tv.match_for)(self.secret)
        if match is None:
            await self.close(code=CLOSE_NO_MATCH)
            return
        # Note the language, join, then read the snapshot, as a phone does; the
        # snapshot checks the secret again, so a revoke in between closes the
        # socket too.
        self.match_id = match.pk
        self.language = languages.of_socket(self.scope)
        await languages.anote(self.match_id, self.language)
        self.group = group_name(self.match_id, self.language)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.send_snapshot(noted=True)

    async def disconnect(self, code):
        self.close_socket()
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def send_snapshot(self, *, noted=False):
        metrics.SNAPSHOTS.labels("connect" if noted else "asked").inc()
        if not noted:
            await languages.anote(self.match_id, self.language)
        try:
            message = await database_call(tv.snapshot)(self.secret, self.language)
        except errors.Refusal:
            await self.gone()
            return
        self.version = max(self.version, message["version"])
        await self.send(text_data=json.dumps(message, separators=(",", ":")))

    async def gone(self):
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            self.group = None
        await self.close(code=CLOSE_NO_MATCH)

    async def receive(self, text_data=None, bytes_data=None):
        try:
            frame = json_limits.loads(
                text_data or "", max_bytes=settings.WS_MAX_MESSAGE_BYTES
            )
            kind = frame.get("type")
        except (ValueError, AttributeError):
            kind = None
        if kind == "snapshot" and self.group:
            await self.send_snapshot()
            return
        await self.send(
            text_data=json.dumps({"type": "error", **errors.ReadOnly().as_dict()})
        )

    async def match_change(self, event):
        if event["kind"] == Event.Kind.TV_REVOKED and event["version"] > self.version:
            await self.gone()
            return
        await self.send(text_data=tv.for_the_screen(event["text"]))
