"""The clubs' forms check shape only; the actions decide."""

from django import forms
from django.utils.translation import gettext_lazy as _

from .boards import SEASONS
from .models import CLUB_NAME_MAX_LENGTH


class ClubNameForm(forms.Form):
    name = forms.CharField(label=_("Club name"), max_length=CLUB_NAME_MAX_LENGTH)


class BoardForm(forms.Form):
    """Which leaderboard: the game, the season and its dates."""

    game = forms.CharField(required=False)
    season = forms.ChoiceField(label=_("Season"), choices=SEASONS, required=False)
    start = forms.DateField(label=_("From"), required=False)
    end = forms.DateField(label=_("To"), required=False)


class PairForm(forms.Form):
    first = forms.IntegerField(min_value=1)
    second = forms.IntegerField(min_value=1)


class LinkForm(forms.Form):
    seat = forms.IntegerField(min_value=1)
    member = forms.IntegerField(min_value=1, required=False)
