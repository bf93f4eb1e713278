"""Guests: accounts made behind the scenes so nobody has to sign up to play."""

from django.contrib.auth import login

from .models import User


def ensure_user(request, display_name=""):
    """Return the request's user, signing in a new guest if there is none.

    The guest is kept by the session cookie, like any logged-in user.
    """
    if request.user.is_authenticated:
        return request.user
    user = User.create_guest(display_name=display_name)
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    return user


def keep_as_account(user, username, password):
    """Turn a guest into an account that can sign in on another device."""
    user.username = username
    user.set_password(password)
    user.save(update_fields=["username", "password"])
    return user
