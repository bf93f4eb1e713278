import secrets

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models


class User(AbstractUser):
    """A person at a table: a guest until they choose a username and password.

    A guest has an unusable password and a generated username; the phone's session
    cookie is what keeps them signed in.
    """

    display_name = models.CharField(max_length=40, blank=True)
    # The language picked with the switcher, so a second phone signed in to the
    # account speaks it too; empty until one is picked.
    language = models.CharField(
        max_length=8, blank=True, choices=settings.LANGUAGES, default=""
    )

    @property
    def is_guest(self):
        return not self.has_usable_password()

    def __str__(self):
        return self.display_name or self.username

    @classmethod
    def create_guest(cls, display_name=""):
        user = cls(username=f"guest-{secrets.token_hex(6)}", display_name=display_name)
        user.set_unusable_password()
        user.save()
        return user
