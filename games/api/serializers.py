"""The API's bodies: what a request may carry and what an answer looks like.

Serializers only check the shape of a body (types, ranges, required fields); what
a value means for the match is the action's business.
"""

from django.utils.translation import gettext as _
from rest_framework import serializers

from games.bounds import ID_MAX, NUMBER_MAX
from games.rules import DRAW, FATES, OPEN, SCORED, WON

# Ids are 64-bit in the database and round numbers and cells 32-bit: larger numbers
# are refused as a bad body instead of overflowing the query.
MAX_ID = ID_MAX
MAX_NUMBER = NUMBER_MAX


class StrictIntegerField(serializers.IntegerField):
    """An integer that must be a JSON number: ``"3"``, ``true`` and ``1.5`` are
    refused rather than read as 3, 1 or 1."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


def an_id(**kwargs):
    return StrictIntegerField(min_value=1, max_value=MAX_ID, **kwargs)


class StrictCharField(serializers.CharField):
    """A string that must be a JSON string, not a number turned into one."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


# Requests -------------------------------------------------------------------------


class Body(serializers.Serializer):
    """A request body that refuses fields it does not know."""

    def to_internal_value(self, data):
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError(
                    {name: [_("This field is not accepted here.")] for name in unknown}
                )
        return super().to_internal_value(data)


class NoBody(Body):
    """A POST that takes no body: none, or an empty JSON object."""


class GuestRequest(Body):
    display_name = StrictCharField(
        max_length=40, required=False, allow_blank=True, default=""
    )


class LoginRequest(Body):
    username = StrictCharField(min_length=1, max_length=150)
    password = StrictCharField(min_length=1, max_length=200, trim_whitespace=False)


class StartRequest(Body):
    game = StrictCharField(min_length=1, max_length=40, help_text="A game's `key`.")
    seats = serializers.ListField(
        child=StrictCharField(min_length=1, max_length=200),
        max_length=100,
        help_text="Seat names.",
    )
    options = serializers.DictField(
        child=serializers.JSONField(), required=False, default=dict
    )
    host_seat = StrictIntegerField(
        min_value=0,
        max_value=MAX_NUMBER,
        required=False,
        allow_null=True,
        default=0,
        help_text="The position (from 0) of the host's own seat, or null.",
    )
    club = an_id(
        required=False,
        allow_null=True,
        default=None,
        help_text="A club of the caller's to play the match for.",
    )


class JoinRequest(Body):
    code = StrictCharField(
        min_length=1, max_length=20, help_text="The match's join code."
    )
    seat = an_id(required=False, help_text="An unclaimed seat to claim.")
    name = StrictCharField(
        min_length=1,
        max_length=200,
        required=False,
        help_text="The name of a new seat to take.",
    )


class RecordRequest(Body):
    round = StrictIntegerField(
        min_value=1,
        max_value=MAX_NUMBER,
        help_text="The number of the round: for a record, the open round the client "
        "saw.",
    )
    # Any JSON value, null included: the game's ``record_schema`` (checked by
    # the action, for the socket alike) is the one judge of what a payload holds.
    payload = serializers.DictField(
        child=serializers.JSONField(allow_null=True),
        help_text="What the round records, in the game's own shape (see the game's "
        "rules and `record_schema`): a winner, the seats that lose a life, a bid "
        "and the tricks taken.",
    )


class RoundRequest(Body):
    round = StrictIntegerField(
        min_value=1,
        max_value=MAX_NUMBER,
        help_text="The number of a closed round.",
    )


class CorrectRequest(RecordRequest):
    """The host's correction of a closed round: the same payload as a record."""


class SeatRequest(Body):
    seat = an_id(help_text="A seat of the match.")


class NameRequest(Body):
    name = StrictCharField(min_length=1, max_length=200)


class HostRequest(Body):
    user = an_id(help_text="The member who becomes host.")


# Answers --------------------------------------------------------------------------


class OptionSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    help = serializers.CharField()
    kind = serializers.ChoiceField(["switch", "choice", "number"])
    default = serializers.JSONField()
    choices = serializers.ListField(
        child=serializers.DictField(child=serializers.CharField())
    )
    numbers = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The whole numbers a number option may take.",
    )


class GameSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    summary = serializers.CharField()
    min_seats = serializers.IntegerField()
    max_seats = serializers.IntegerField()
    options = OptionSerializer(many=True)


class SeatSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    position = serializers.IntegerField()
    first_round = serializers.IntegerField()
    claimed_by = serializers.IntegerField(allow_null=True)


class VoidSerializer(serializers.Serializer):
    at = serializers.DateTimeField()
    by = serializers.IntegerField(allow_null=True)
    by_name = serializers.CharField(allow_blank=True)


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.ChoiceField([OPEN, WON, DRAW, SCORED])
    winner = serializers.IntegerField(allow_null=True)
    cells = serializers.DictField(
        child=serializers.IntegerField(), help_text="Seat id → the main value."
    )
    values = serializers.DictField(
        child=serializers.DictField(child=serializers.IntegerField()),
        help_text="Named fields (bid, tricks): field → seat id → value.",
    )
    dealer = serializers.IntegerField(allow_null=True, help_text="The seat that deals.")
    note = serializers.CharField(allow_blank=True)
    closed_at = serializers.DateTimeField(allow_null=True)
    closed_by = serializers.IntegerField(allow_null=True)
    voided = VoidSerializer(
        allow_null=True,
        help_text="Who voided the round and when; null while it counts.",
    )


class SeatStandingSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    rounds_won = serializers.IntegerField()
    lives = serializers.IntegerField(allow_null=True)
    fate = serializers.ChoiceField(FATES)
    points = serializers.IntegerField(allow_null=True)
    team = serializers.CharField(allow_null=True)


class TeamStandingSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    seats = serializers.ListField(child=serializers.IntegerField())
    points = serializers.IntegerField(allow_null=True)
    note = serializers.CharField(allow_blank=True)


class ResultSerializer(serializers.Serializer):
    winners = serializers.ListField(child=serializers.IntegerField())
    team = serializers.CharField(allow_null=True)
    note = serializers.CharField(allow_blank=True)


class StandingsSerializer(serializers.Serializer):
    seats = SeatStandingSerializer(many=True)
    teams = TeamStandingSerializer(many=True)
    rounds = serializers.IntegerField(help_text="Closed rounds folded in.")
    draws = serializers.IntegerField()
    result = ResultSerializer(allow_null=True)
    extra = serializers.DictField(child=serializers.JSONField())


class MemberSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    display_name = serializers.CharField(allow_blank=True)


class MatchSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    code = serializers.CharField()
    status = serializers.ChoiceField(["live", "ended"])
    version = serializers.IntegerField()
    host = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    ended_at = serializers.DateTimeField(allow_null=True)


class MatchSerializer(MatchSummarySerializer):
    options = serializers.DictField(child=serializers.JSONField())
    open_round = serializers.IntegerField(
        allow_null=True, help_text="The number of the open round; null once ended."
    )
    members = MemberSerializer(many=True)
    seats = SeatSerializer(many=True)
    rounds = RoundSerializer(many=True)
    standings = StandingsSerializer(help_text="What the sheet adds up to.")
    result = ResultSerializer(
        allow_null=True,
        help_text="The winners when the game decided the match; null otherwise.",
    )


class EventSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    kind = serializers.CharField()
    actor = serializers.IntegerField(source="actor_id", allow_null=True)
    before = serializers.DictField(child=serializers.JSONField())
    after = serializers.DictField(child=serializers.JSONField())
    created_at = serializers.DateTimeField()


class TvLinkSerializer(serializers.Serializer):
    url = serializers.URLField(
        help_text="The read-only TV page: no login, no join, no controls."
    )
    socket = serializers.CharField(
        help_text="Its read-only WebSocket path: the same pushes every phone gets."
    )
    made = serializers.BooleanField(
        help_text="True when this call made the link; false when it was there."
    )
    version = serializers.IntegerField()


class GuestSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    display_name = serializers.CharField(allow_blank=True)
    token = serializers.CharField(help_text="Send as `Authorization: Token <token>`.")


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()
