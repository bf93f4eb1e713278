from django import forms
from django.utils.translation import gettext_lazy as _

from games.bounds import NAME_MAX_LENGTH
from games.models import Match
from games.rules import registry


class MatchFilter(forms.Form):
    """The filters of my matches list; every field may be left empty."""

    game = forms.ChoiceField(required=False)
    status = forms.ChoiceField(
        required=False,
        choices=[
            ("", _("any status")),
            (Match.Status.LIVE, _("live")),
            (Match.Status.ENDED, _("ended")),
        ],
    )
    player = forms.CharField(
        required=False, max_length=NAME_MAX_LENGTH, label=_("Player name"), strip=True
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [("", _("any game"))] + [
            (module.key, module.name) for module in registry
        ]
