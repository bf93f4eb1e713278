"""Clubs: people who play together week after week, and the figures of their
finished matches, stored per seat so a leaderboard is one indexed aggregate."""

import secrets

from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.db.models import Q

from games.bounds import KEY_MAX_LENGTH

CLUB_NAME_MAX_LENGTH = 60
# An invite link's secret: 12 random bytes, 16 URL-safe characters (96 bits).
INVITE_BYTES = 12
INVITE_LENGTH = 16


def new_invite_token():
    return secrets.token_urlsafe(INVITE_BYTES)


class Club(models.Model):
    name = models.CharField(max_length=CLUB_NAME_MAX_LENGTH)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]

    def __str__(self):
        return self.name


class MemberQuerySet(models.QuerySet):
    def active(self):
        return self.filter(status=ClubMember.Status.ACTIVE)


class ClubMember(models.Model):
    """A person in a club. Leaving or being removed keeps the row, and the name
    the person had, so the club's history stays readable."""

    class Role(models.TextChoices):
        ADMIN = "admin"
        MEMBER = "member"

    class Status(models.TextChoices):
        ACTIVE = "active"
        LEFT = "left"
        REMOVED = "removed"

    objects = MemberQuerySet.as_manager()

    club = models.ForeignKey(Club, models.CASCADE, related_name="members")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.CASCADE, related_name="club_memberships"
    )
    name = models.CharField(max_length=40)
    role = models.CharField(max_length=6, choices=Role, default=Role.MEMBER)
    status = models.CharField(max_length=7, choices=Status, default=Status.ACTIVE)
    joined_at = models.DateTimeField(auto_now_add=True)
    left_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="club_member_once"),
        ]

    def __str__(self):
        return self.name

    @property
    def is_active(self):
        return self.status == self.Status.ACTIVE

    @property
    def is_admin(self):
        return self.is_active and self.role == self.Role.ADMIN


class Invite(models.Model):
    """An invite link (and its QR code): anyone holding it may join until an
    admin revokes it. Looked up by its unique index, guesses limited."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="invites")
    token = models.CharField(max_length=INVITE_LENGTH, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]


class ClubMatch(models.Model):
    """A match played for a club."""

    match = models.OneToOneField(
        "games.Match", models.CASCADE, related_name="club_match"
    )
    club = models.ForeignKey(Club, models.CASCADE, related_name="club_matches")


class SeatLink(models.Model):
    """The host's word that a seat without a phone was a club member."""

    seat = models.OneToOneField("games.Seat", models.CASCADE, related_name="club_link")
    member = models.ForeignKey(ClubMember, models.CASCADE, related_name="seat_links")


class SeatResult(models.Model):
    """One seat's result in one finished match: written in the transaction that
    ends the match, rewritten when a correction changes it. ``won`` is the
    seat's share of the win (1 alone, 1/2 on a win shared by two)."""

    match = models.ForeignKey("games.Match", models.CASCADE, related_name="+")
    seat = models.OneToOneField("games.Seat", models.CASCADE, related_name="result")
    game = models.CharField(max_length=40)
    ended_at = models.DateTimeField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, related_name="+"
    )
    name = models.CharField(max_length=40)
    club = models.ForeignKey(Club, models.CASCADE, null=True, related_name="+")
    member = models.ForeignKey(
        ClubMember, models.SET_NULL, null=True, related_name="results"
    )
    place = models.PositiveSmallIntegerField()
    won = models.FloatField()
    # The closed rounds the seat sat in (a latecomer's start later) and won:
    # what the players page counts for every game.
    rounds = models.PositiveIntegerField(default=0)
    rounds_won = models.PositiveIntegerField(default=0)
    # The seat's partnership in a team game (the module's standings), or "".
    team = models.CharField(max_length=10, blank=True, default="")
    figures = models.JSONField(default=dict)

    class Meta:
        indexes = [
            models.Index(fields=["club", "game", "ended_at"]),
            models.Index(fields=["member", "game", "ended_at"]),
            models.Index(fields=["user", "game"]),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(won__gte=0) & Q(won__lte=1), name="seat_result_share"
            ),
        ]


class SeatFigure(models.Model):
    """One of a module's figures of a ``SeatResult``, summed by the database."""

    result = models.ForeignKey(SeatResult, models.CASCADE, related_name="+")
    key = models.CharField(max_length=20)
    value = models.FloatField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["result", "key"], name="figure_once"),
        ]


class RatingStep(models.Model):
    """A member's rating in a club and game after one finished match
    (OpenSkill's Plackett-Luce: ``mu`` and its uncertainty ``sigma``). The
    latest step is the member's rating; the steps are its history."""

    result = models.OneToOneField(SeatResult, models.CASCADE, related_name="rating")
    club = models.ForeignKey(Club, models.CASCADE, related_name="+")
    game = models.CharField(max_length=40)
    member = models.ForeignKey(ClubMember, models.CASCADE, related_name="ratings")
    ended_at = models.DateTimeField()
    mu = models.FloatField()
    sigma = models.FloatField()

    class Meta:
        indexes = [models.Index(fields=["club", "game", "member", "ended_at"])]


MOVE_BYTES = 9
MOVE_LENGTH = 12


def new_move_token():
    return secrets.token_urlsafe(MOVE_BYTES)


class MoveCode(models.Model):
    """A one-time code that brings a person (a guest above all, who has no
    password) to another phone: shown as a QR code on the first, opened on the
    second within a few minutes, then used up."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="+")
    token = models.CharField(max_length=MOVE_LENGTH, unique=True)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)


class KeyedChange(models.Model):
    """A change to a club sent with an idempotency key (the API's
    ``Idempotency-Key``). A club keeps no event log, so this row keeps for the
    key what a match's event keeps: whose key it is, the fingerprint of the
    request it came with, the change's ``kind``, and what the change answered
    (a club, an invite, a member, a seat), for a retry to answer with."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="+")
    key = models.CharField(max_length=KEY_MAX_LENGTH)
    request_hash = models.CharField(max_length=64)
    kind = models.CharField(max_length=20)
    answer_type = models.ForeignKey(ContentType, models.CASCADE, related_name="+")
    answer_id = models.PositiveBigIntegerField()
    answer = GenericForeignKey("answer_type", "answer_id")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "key"], name="club_key_once_per_user"
            ),
        ]
