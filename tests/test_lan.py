"""Phones join out of the box: ``make run LAN=1`` listens on the local network and
allows its address; a page opened at a loopback address says its QR code cannot
work on a phone, and how to fix it."""

import ipaddress
import subprocess
import sys

import httpx
import pytest
from django.test import Client

from squarescores.lan import SCRIPT, is_loopback, lan_address
from tests.server import make_run

LOOPBACK_HOSTS = ["127.0.0.1:8000", "localhost:8000", "[::1]:8000", "127.0.0.1"]


@pytest.mark.parametrize(
    "host, expected",
    [
        ("127.0.0.1", True),
        ("127.8.9.10", True),
        ("localhost", True),
        ("[::1]", True),
        ("app.localhost", True),
        ("192.168.1.20", False),
        ("example.org", False),
        ("[fd00::2]", False),
    ],
)
def test_loopback_hosts_are_told_apart_from_reachable_ones(host, expected):
    assert is_loopback(host) is expected


def test_the_lan_address_is_private_and_never_loopback():
    address = lan_address()

    if address is not None:
        ip = ipaddress.ip_address(address)
        assert ip.is_private and not ip.is_loopback


def test_a_probe_that_leaves_through_loopback_finds_no_lan_address():
    assert lan_address(probe=("127.0.0.1", 9)) is None


def test_the_script_prints_the_address_with_no_project_imports():
    printed = subprocess.run(
        [sys.executable, "-I", str(SCRIPT)], capture_output=True, text=True
    )

    assert printed.returncode == 0
    assert printed.stdout.strip() == (lan_address() or "")


def invite(match, alice, host):
    client = Client()
    client.force_login(alice)
    return client.get(f"/matches/{match.pk}/", HTTP_HOST=host).content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("host", LOOPBACK_HOSTS)
def test_a_table_opened_on_loopback_says_the_qr_will_not_work(match, alice, host):
    html = invite(match, alice, host)

    assert "Phones cannot open this QR code." in html
    assert "make run LAN=1" in html


@pytest.mark.django_db
def test_a_table_opened_on_its_lan_address_has_no_such_notice(match, alice, settings):
    settings.ALLOWED_HOSTS = ["192.168.1.20"]

    html = invite(match, alice, "192.168.1.20:8000")

    assert "Phones cannot open" not in html
    assert "http://192.168.1.20:8000/j/" in html


@pytest.mark.django_db
def test_a_server_that_allows_its_lan_address_links_to_it(match, alice, settings):
    address = lan_address()
    if address is None:
        pytest.skip("this machine has no address on a local network")
    settings.ALLOWED_HOSTS = ["127.0.0.1", address]

    html = invite(match, alice, "127.0.0.1:8000")

    link = f"http://{address}:8000/matches/{match.pk}/"
    assert f'<a href="{link}">{link}</a>' in html
    assert "make run LAN=1" not in html


def test_make_run_lan_listens_everywhere_and_prints_the_link_for_phones():
    address = lan_address()
    if address is None:
        pytest.skip("this machine has no address on a local network")

    planned = subprocess.run(
        ["make", "-n", "--no-print-directory", "run", "LAN=1", "PORT=8123"],
        cwd=SCRIPT.parent.parent,
        capture_output=True,
        text=True,
    ).stdout

    assert f"Phones on this Wi-Fi: http://{address}:8123/" in planned
    assert "--host 0.0.0.0 --port 8123" in planned


@pytest.mark.server
def test_make_run_lan_answers_a_phone_at_the_lan_address(tmp_path):
    address = lan_address()
    if address is None:
        pytest.skip("this machine has no address on a local network")

    with make_run(tmp_path, env={"LAN": "1"}) as url:
        port = url.rsplit(":", 1)[1]
        home = httpx.get(f"http://{address}:{port}/")
        local = httpx.get(url + "/")

    assert home.status_code == 200
    assert "SquareScores" in home.text
    assert local.status_code == 200
