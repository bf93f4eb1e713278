"""What a page needs to know about the phones around it.

``{% when value %}``: a time as ``<time datetime="…">`` with a UTC fallback text,
which static/js/local-time.js rewrites in the phone's own zone.

``{% catalog_url %}``: the URL of the page's language's script catalogue
(squarescores/jsi18n.py), for a ``<script src>`` before the page's own scripts.

``{% loopback_notice %}``: beside the QR code, on a page opened at 127.0.0.1 or
localhost, says that no phone can open that link and how to get one that can.
"""

from datetime import UTC

from django import template
from django.conf import settings
from django.http.request import split_domain_port
from django.utils.dateformat import format as date_format
from django.utils.html import format_html

from squarescores import jsi18n
from squarescores.lan import is_loopback, lan_address

register = template.Library()

# How a time reads without scripts: a date and time, or for a moment of play a
# time to the second, which the script turns into "5 minutes ago" (and into the
# date and time once it is half a day old). Django's format names the month in
# the page's language (M).
STYLES = {
    "datetime": "j M Y, H:i",
    "relative": "j M, H:i:s",
}


@register.simple_tag
def when(value, style="datetime"):
    if value is None:
        return ""
    utc = value.astimezone(UTC)
    return format_html(
        '<time datetime="{}" data-local="{}">{} UTC</time>',
        utc.isoformat(timespec="seconds"),
        style,
        date_format(utc, STYLES[style]),
    )


@register.simple_tag
def catalog_url():
    return jsi18n.catalog_url()


@register.inclusion_tag("games/_loopback_notice.html", takes_context=True)
def loopback_notice(context):
    request = context["request"]
    domain, port = split_domain_port(request.get_host())
    if not is_loopback(domain):
        return {"show": False}
    lan = lan_address()
    # The LAN address is allowed when the server was started with LAN=1, which
    # also made it listen there: then this very page has a link phones can open.
    lan_url = None
    if lan and lan in settings.ALLOWED_HOSTS:
        port = f":{port}" if port else ""
        lan_url = f"{request.scheme}://{lan}{port}{request.get_full_path()}"
    return {"show": True, "host": domain, "lan_url": lan_url}
