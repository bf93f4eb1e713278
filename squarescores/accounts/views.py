from django.contrib import messages
from django.contrib.auth import update_session_auth_hash
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import check_for_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from .forms import KeepAccountForm
from .guests import keep_as_account


@login_required
def keep(request):
    """A guest picks a username and password to sign in on other devices."""
    if not request.user.is_guest:
        messages.info(
            request,
            _("You are signed in as %(username)s.")
            % {"username": request.user.username},
        )
        return redirect("home")
    form = KeepAccountForm(request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = keep_as_account(
            request.user, form.cleaned_data["username"], form.cleaned_data["password1"]
        )
        # A new password ends other sessions; this phone stays signed in.
        update_session_auth_hash(request, user)
        messages.success(request, _("Saved. Sign in with it on any device."))
        return redirect("match_list")
    return render(request, "accounts/keep.html", {"form": form})


@require_POST
def set_language(request):
    """Django's switcher (the language cookie), and the account keeps the choice."""
    response = django_set_language(request)
    language = request.POST.get("language", "")
    user = request.user
    if (
        user.is_authenticated
        and check_for_language(language)
        and (user.language != language)
    ):
        user.language = language
        user.save(update_fields=["language"])
    return response
