from django import forms
from django.contrib.auth import password_validation
from django.contrib.auth.forms import UsernameField
from django.utils.translation import gettext_lazy as _

from .models import User


class KeepAccountForm(forms.Form):
    """A username and password for a guest, so their matches follow them."""

    username = UsernameField(label=_("Username"), max_length=150)
    password1 = forms.CharField(
        label=_("Password"), strip=False, widget=forms.PasswordInput
    )
    password2 = forms.CharField(
        label=_("The same password again"), strip=False, widget=forms.PasswordInput
    )

    def __init__(self, user, *args, **kwargs):
        self.user = user
        super().__init__(*args, **kwargs)

    def clean_username(self):
        username = self.cleaned_data["username"]
        taken = User.objects.filter(username__iexact=username).exclude(pk=self.user.pk)
        if taken.exists() or username.lower().startswith("guest-"):
            raise forms.ValidationError(_("That username is taken; try another."))
        return username

    def clean(self):
        data = super().clean()
        first, second = data.get("password1"), data.get("password2")
        if first and second and first != second:
            self.add_error("password2", _("The two passwords differ."))
        elif first:
            probe = User(username=data.get("username", ""))
            try:
                password_validation.validate_password(first, probe)
            except forms.ValidationError as error:
                self.add_error("password1", error)
        return data
