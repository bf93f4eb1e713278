"""What an outsider who opens a match's page is shown."""

from django.contrib import messages
from django.shortcuts import redirect
from django.urls import reverse

ASK_FOR_THE_CODE = (
    "To see this match, join it with the code the table shows or by scanning its "
    "QR code."
)


def send_to_join(request):
    """Send an outsider to the join form, without the match's code.

    Match ids are sequential, so a redirect to ``/j/<code>/`` would hand the code of
    every match to anyone who counts.
    """
    messages.info(request, ASK_FOR_THE_CODE)
    return redirect(reverse("home") + "#join-title")
