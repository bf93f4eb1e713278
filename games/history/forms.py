from django import forms

from games.models import Match
from games.rules import registry


class MatchFilter(forms.Form):
    """The filters of my matches list; every field may be left empty."""

    game = forms.ChoiceField(required=False)
    status = forms.ChoiceField(
        required=False, choices=[("", "any status"), *Match.Status.choices]
    )
    player = forms.CharField(
        required=False, max_length=40, label="Player name", strip=True
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [("", "any game")] + [
            (module.key, module.name) for module in registry
        ]
