import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.urls import reverse

from . import rules
from .bounds import (
    CELL_MAX,
    CELL_MIN,
    KEY_MAX_LENGTH,
    NAME_MAX_LENGTH,
    NOTE_MAX_LENGTH,
)
from .rules import registry

# Six characters that cannot be misread aloud or on a small screen: no 0/O, 1/I/L.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


def new_join_code():
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


# A TV link's secret: 24 random bytes, 32 URL-safe characters (192 bits).
TV_SECRET_BYTES = 24
TV_SECRET_LENGTH = 32


def new_tv_secret():
    return secrets.token_urlsafe(TV_SECRET_BYTES)


class Match(models.Model):
    class Status(models.TextChoices):
        LIVE = "live"
        # A member ended it (End match): it stays as it is.
        ENDED = "ended"
        # The module decided it (last player standing, a team's target): ended,
        # its result in the standings, and open to the host's corrections.
        DECIDED = "decided"

    game = models.CharField(max_length=40, help_text="The rule module's key.")
    options = models.JSONField(default=dict, blank=True)
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.PROTECT, related_name="hosted_matches"
    )
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="Membership", related_name="matches"
    )
    status = models.CharField(max_length=7, choices=Status, default=Status.LIVE)
    version = models.PositiveIntegerField(default=0)
    code = models.CharField(max_length=CODE_LENGTH, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    # The module's standings after every closed round (``Standings.to_data()``): a
    # derived copy, updated in the same transaction as each record, so a push
    # never reads all the rounds. Null until the first write (or for a live
    # match written straight to the tables); the write path then rebuilds it. A
    # decided match always has it: its "result" is the match's result.
    standings = models.JSONField(null=True, blank=True, editable=False)
    # The secret of the match's read-only TV link (/tv/<secret>/), or null when
    # the host has shared none or revoked it. Looked up by its unique index, never
    # compared by hand; a new share after a revoke makes a new one.
    tv_secret = models.CharField(
        max_length=TV_SECRET_LENGTH, null=True, blank=True, unique=True, editable=False
    )

    class Meta:
        verbose_name_plural = "matches"
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=["live", "ended", "decided"]),
                name="match_status_known",
            ),
        ]

    def __str__(self):
        return f"{self.code} ({self.game})"

    @property
    def rules(self):
        return registry.get(self.game)

    @property
    def is_live(self):
        return self.status == self.Status.LIVE

    @property
    def is_decided(self):
        return self.status == self.Status.DECIDED

    @property
    def shown_status(self):
        """The status as pages, pushes, the API and exports say it: ``live`` or
        ``ended``. That the module decided the match shows in its ``result``."""
        return "live" if self.is_live else "ended"

    @property
    def result(self):
        """The module's ``Result`` as data when the module decided the match;
        None when live or ended by a member. Its one copy is the standings':
        a member's End match may bank a round that gives the standings a
        result, and it is still not the match's."""
        if not self.is_decided or not self.standings:
            return None
        return self.standings.get("result")

    @property
    def is_correctable(self):
        """The host may correct a closed round while the match is live, or after
        its module decided it (the correction may make it live again); a match a
        member ended stays as it is. ``sql.CORRECTABLE`` (games/actions) is the same
        rule in SQL."""
        return self.is_live or self.is_decided

    def get_absolute_url(self):
        return reverse("match", args=[self.pk])


class MembershipQuerySet(models.QuerySet):
    def of(self, match, user):
        """``user``'s membership of ``match`` (a match or its id): none for an
        anonymous visitor or no user at all."""
        if user is None or not user.is_authenticated:
            return self.none()
        return self.filter(match=match, user=user)

    def holds(self, match, user):
        """Whether ``user`` is a member of ``match``: the one membership check."""
        return self.of(match, user).exists()


class Membership(models.Model):
    objects = MembershipQuerySet.as_manager()

    match = models.ForeignKey(Match, models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.CASCADE, related_name="memberships"
    )
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "user"], name="member_once"),
        ]


class Seat(models.Model):
    match = models.ForeignKey(Match, models.CASCADE, related_name="seats")
    name = models.CharField(max_length=NAME_MAX_LENGTH)
    position = models.PositiveSmallIntegerField()
    claimed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        models.SET_NULL,
        null=True,
        blank=True,
        related_name="seats",
    )
    # The first round this seat plays: a latecomer has no value in earlier rounds.
    first_round = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "position"], name="seat_position_unique"
            ),
            models.UniqueConstraint("match", Lower("name"), name="seat_name_unique_ci"),
            models.UniqueConstraint(
                fields=["match", "claimed_by"],
                condition=Q(claimed_by__isnull=False),
                name="one_seat_per_member",
            ),
        ]

    def __str__(self):
        return self.name


class Round(models.Model):
    class Status(models.TextChoices):
        OPEN = rules.OPEN
        WON = rules.WON
        DRAW = rules.DRAW
        # Closed; its meaning is in its cells (lives lost, bids and tricks).
        SCORED = rules.SCORED

    match = models.ForeignKey(Match, models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    status = models.CharField(max_length=6, choices=Status, default=Status.OPEN)
    winner = models.ForeignKey(
        Seat, models.PROTECT, null=True, blank=True, related_name="rounds_won"
    )
    dealer = models.ForeignKey(
        Seat, models.PROTECT, null=True, blank=True, related_name="rounds_dealt"
    )
    # The module's short line for the round ("Ben pays", "Thrown in").
    note = models.CharField(max_length=NOTE_MAX_LENGTH, blank=True, default="")
    opened_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    # The host voided the round (never played): it stays on the sheet, struck
    # through, and counts for nothing; null while it counts.
    voided_at = models.DateTimeField(null=True, blank=True)
    voided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "number"], name="round_number_unique"
            ),
            models.UniqueConstraint(
                fields=["match"],
                condition=Q(status=rules.OPEN),
                name="one_open_round_per_match",
            ),
            models.CheckConstraint(
                condition=Q(status=rules.WON, winner__isnull=False)
                | Q(~Q(status=rules.WON), winner__isnull=True),
                name="round_winner_iff_won",
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_from_one"),
            models.CheckConstraint(
                condition=Q(status__in=[rules.OPEN, *rules.CLOSED]),
                name="round_status_known",
            ),
        ]

    def __str__(self):
        return f"round {self.number}"

    @property
    def is_voided(self):
        return self.voided_at is not None


class Cell(models.Model):
    """One value of one seat in one round: ``field`` "" is the round's main value
    (``RoundView.cells``); a module with several values names them (bid, tricks)."""

    round = models.ForeignKey(Round, models.CASCADE, related_name="cells")
    seat = models.ForeignKey(Seat, models.CASCADE, related_name="cells")
    field = models.CharField(max_length=20, blank=True, default="")
    # Signed: a module's field says its own bounds (a round's points may be
    # negative); the core checks them, the database only the column's range.
    value = models.IntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["round", "seat", "field"], name="cell_once_per_field"
            ),
            models.CheckConstraint(
                condition=Q(value__gte=CELL_MIN, value__lte=CELL_MAX),
                name="cell_in_range",
            ),
        ]


class Event(models.Model):
    """One line of a match's append-only log: who changed what, from what to what.

    Every change raises the match version by one and writes exactly one event with
    that version, so ``(match, version)`` is unique and the log has no gaps.
    """

    class Kind(models.TextChoices):
        STARTED = "match_started"
        JOINED = "member_joined"
        SEAT_ADDED = "seat_added"
        SEAT_RENAMED = "seat_renamed"
        CLAIM_RELEASED = "claim_released"
        ROUND_WON = "round_won"
        # The retired mark action's: no longer written, old logs still read it.
        CELL_MARKED = "cell_marked"
        ROUND_CORRECTED = "round_corrected"
        MATCH_ENDED = "match_ended"
        HOST_HANDED = "host_handed"
        # A record that leaves the round open (one bid of four) or closes it.
        ROUND_RECORDED = "round_recorded"
        # The module decided the match (last player standing, a team's target).
        MATCH_DECIDED = "match_decided"
        # A host's correction undid the module's decision: the match is live again.
        MATCH_REOPENED = "match_reopened"
        DEALER_SET = "dealer_set"
        # The host made the match's TV link, or revoked it (the old link stops).
        TV_SHARED = "tv_link_shared"
        TV_REVOKED = "tv_link_revoked"
        # An ended match's next match was started: its phones follow it there.
        REMATCH = "rematch"
        # The recorder (or the host) took back the round just recorded: open again.
        ROUND_UNDONE = "round_undone"
        # The host voided a closed round (it counts for nothing), or restored it.
        ROUND_VOIDED = "round_voided"
        ROUND_RESTORED = "round_restored"

    match = models.ForeignKey(Match, models.CASCADE, related_name="events")
    version = models.PositiveIntegerField()
    kind = models.CharField(max_length=20, choices=Kind)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    before = models.JSONField(default=dict, blank=True)
    after = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    idempotency_key = models.CharField(max_length=KEY_MAX_LENGTH, null=True, blank=True)
    # What the keyed request asked for (a SHA-256 of the action and its
    # arguments): the key sent again with anything else is refused, not
    # answered with this change. Null without a key, and on older events.
    request_hash = models.CharField(max_length=64, null=True, blank=True)

    class Meta:
        ordering = ["version"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "version"], name="event_version_unique"
            ),
            # A key is its sender's: the same key from two members is two
            # requests.
            models.UniqueConstraint(
                fields=["match", "actor", "idempotency_key"],
                condition=Q(idempotency_key__isnull=False),
                name="idempotency_key_once_per_actor",
            ),
            # A start makes a new match, so its key is unique across matches:
            # two starts racing with one key make one match.
            models.UniqueConstraint(
                fields=["actor", "idempotency_key"],
                condition=Q(kind="match_started", idempotency_key__isnull=False),
                name="start_key_once_per_actor",
            ),
        ]

    def __str__(self):
        return f"v{self.version} {self.kind}"
