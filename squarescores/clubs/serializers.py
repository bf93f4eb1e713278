"""The clubs API's bodies and answers, for the OpenAPI schema."""

from rest_framework import serializers

from games.api.serializers import Body, StrictCharField, an_id

from .boards import SEASONS
from .models import CLUB_NAME_MAX_LENGTH, INVITE_LENGTH


class ClubRequest(Body):
    name = StrictCharField(min_length=1, max_length=CLUB_NAME_MAX_LENGTH * 4)


class JoinClubRequest(Body):
    token = StrictCharField(min_length=1, max_length=INVITE_LENGTH * 4)


class LinkSeatRequest(Body):
    seat = an_id()
    member = an_id(allow_null=True, help_text="A club member, or null to unlink.")


class ClubSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    admin = serializers.BooleanField(help_text="Whether the caller is an admin.")


class ClubMemberSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    role = serializers.ChoiceField(choices=["admin", "member"])
    status = serializers.ChoiceField(choices=["active", "left", "removed"])


class InviteSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    token = serializers.CharField()
    url = serializers.CharField()


class RatingSerializer(serializers.Serializer):
    mu = serializers.IntegerField(help_text="OpenSkill's mean, rounded.")
    spread = serializers.IntegerField(help_text="Twice its sigma, rounded: mu ± this.")


class LeaderboardLineSerializer(serializers.Serializer):
    member = serializers.IntegerField()
    name = serializers.CharField()
    played = serializers.IntegerField()
    won = serializers.FloatField(help_text="Shared wins count as shares.")
    win_rate = serializers.FloatField()
    place = serializers.FloatField(help_text="The average place (1 is first).")
    figures = serializers.DictField(child=serializers.FloatField())
    rating = RatingSerializer(allow_null=True)


class LeaderboardSerializer(serializers.Serializer):
    game = serializers.CharField(allow_null=True)
    season = serializers.ChoiceField(choices=[key for key, _label in SEASONS])
    start = serializers.DateField(allow_null=True)
    end = serializers.DateField(allow_null=True)
    figures = serializers.DictField(child=serializers.CharField())
    lines = LeaderboardLineSerializer(many=True)


class GameStorySerializer(serializers.Serializer):
    game = serializers.CharField()
    played = serializers.IntegerField()
    won = serializers.FloatField()
    place = serializers.FloatField()
    best = serializers.IntegerField()
    best_streak = serializers.IntegerField()
    streak = serializers.IntegerField()


class CompanionSerializer(serializers.Serializer):
    member = serializers.IntegerField()
    name = serializers.CharField()
    together = serializers.IntegerField()


class MemberStorySerializer(ClubMemberSerializer):
    games = GameStorySerializer(many=True)
    companions = CompanionSerializer(many=True)


class ClubResultSerializer(serializers.Serializer):
    match = serializers.IntegerField()
    game = serializers.CharField()
    ended = serializers.DateTimeField()
    seat = serializers.CharField()
    member = serializers.IntegerField(allow_null=True)
    place = serializers.IntegerField()
    won = serializers.FloatField()
    figures = serializers.DictField(child=serializers.FloatField())
