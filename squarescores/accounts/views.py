from django.contrib import messages
from django.contrib.auth import update_session_auth_hash
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render

from .forms import KeepAccountForm
from .guests import keep_as_account


@login_required
def keep(request):
    """A guest picks a username and password to sign in on other devices."""
    if not request.user.is_guest:
        messages.info(request, f"You are signed in as {request.user.username}.")
        return redirect("home")
    form = KeepAccountForm(request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = keep_as_account(
            request.user, form.cleaned_data["username"], form.cleaned_data["password1"]
        )
        # A new password ends other sessions; this phone stays signed in.
        update_session_auth_hash(request, user)
        messages.success(request, "Saved. Sign in with it on any device.")
        return redirect("match_list")
    return render(request, "accounts/keep.html", {"form": form})
