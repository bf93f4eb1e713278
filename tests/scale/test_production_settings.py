"""Production settings: ``check --deploy`` is clean and every page carries a CSP."""

import os
import secrets
import subprocess
import sys

import pytest
from django.test import Client

from tests.server import ROOT


def production_env(tmp_path, **extra):
    """The environment docs/deploy.md asks a deployment to set."""
    keep = {name: os.environ[name] for name in ("PATH", "HOME") if name in os.environ}
    return {
        **keep,
        "DEBUG": "0",
        "HTTPS": "1",
        "REQUIRE_SECRET_KEY": "1",
        "SECRET_KEY": secrets.token_urlsafe(60),
        "ALLOWED_HOSTS": "scores.example.com",
        "CSRF_TRUSTED_ORIGINS": "https://scores.example.com",
        "SECURE_HSTS_PRELOAD": "1",
        "STATIC_MANIFEST": "1",
        "VAR_DIR": str(tmp_path),
        **extra,
    }


def manage(env, *args):
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_is_clean_under_production_settings(tmp_path):
    result = manage(
        production_env(tmp_path), "check", "--deploy", "--fail-level", "WARNING"
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key(tmp_path):
    env = production_env(tmp_path)
    del env["SECRET_KEY"]

    result = manage(env, "check")

    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


@pytest.mark.django_db
def test_every_page_carries_a_policy_without_inline_code():
    response = Client().get("/")

    policy = response.headers["Content-Security-Policy"]
    directives = dict(part.split(" ", 1) for part in policy.split("; "))
    assert "unsafe-inline" not in policy
    assert "unsafe-eval" not in policy
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert directives["connect-src"] == "'self' ws://testserver"


def test_a_foreign_host_still_gets_a_policy_and_a_400():
    response = Client().get("/", HTTP_HOST="evil.example")

    assert response.status_code == 400
    assert "ws://" not in response.headers["Content-Security-Policy"]


def test_sessions_skip_the_cache_that_can_be_away(tmp_path):
    show = "from django.conf import settings; print(settings.SESSION_ENGINE)"
    alone = manage(production_env(tmp_path), "shell", "-c", show)
    with_redis = manage(
        production_env(tmp_path, REDIS_URL="redis://127.0.0.1:6379/9"),
        "shell",
        "-c",
        show,
    )

    # The last line: the shell may first say what it imported.
    assert alone.stdout.split()[-1] == "django.contrib.sessions.backends.cached_db"
    assert with_redis.stdout.split()[-1] == "django.contrib.sessions.backends.db"
