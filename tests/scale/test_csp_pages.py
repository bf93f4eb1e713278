"""Every page passes the Content-Security-Policy without ``unsafe-inline``: a real
Chromium loads each one from ``make run`` and reports no violation."""

import re
from pathlib import Path

import pytest

from tests.scale.phones import Phone
from tests.server import ROOT, make_run

# Collected by the page itself; Playwright's init script is not subject to the CSP.
LISTEN = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push(e.violatedDirective + " " + (e.blockedURI || "inline"));
});
"""
COMMENTS = re.compile(r"{% comment %}.*?{% endcomment %}|{#.*?#}", re.S)
INJECT = """() => {
  const script = document.createElement("script");
  script.textContent = "window.__injected = 1";
  document.body.appendChild(script);
}"""
INLINE = [
    re.compile(r"<script(?![^>]*\bsrc=)[^>]*>\s*\S", re.I),  # a script with a body
    re.compile(r"<style\b", re.I),
    re.compile(r"\sstyle\s*=", re.I),
    re.compile(r"\son[a-z]+\s*=", re.I),  # onclick= and the like
    re.compile(r"javascript:", re.I),
]


def test_no_template_holds_inline_script_or_style():
    offenders = []
    for template in sorted(Path(ROOT).glob("**/templates/**/*.html")):
        if ".venv" in template.parts:
            continue
        text = COMMENTS.sub("", template.read_text())
        for pattern in INLINE:
            for found in pattern.finditer(text):
                offenders.append(f"{template.relative_to(ROOT)}: {found.group(0)!r}")
    assert offenders == []


@pytest.mark.server
@pytest.mark.browser
def test_every_page_loads_without_a_policy_violation(tmp_path, browser):
    with make_run(tmp_path) as url:
        host = Phone(url)
        match_id, code = host.start()
        pages = [
            "/",
            "/start/",
            f"/matches/{match_id}/",
            f"/matches/{match_id}/end/",
            f"/matches/{match_id}/rules/",
            f"/matches/{match_id}/history/",
            "/matches/",
            "/players/",
            "/games/fortyone_exchange/rules/",
            "/games/fortyone_exchange/hands/",
            "/api/docs/",
        ]
        context = browser.new_context(viewport={"width": 390, "height": 844})
        context.add_cookies(
            [
                {"name": name, "value": value, "url": url}
                for name, value in host.http.cookies.items()
            ]
        )
        context.add_init_script(LISTEN)
        violations = {}
        page = context.new_page()
        # The listener hears a violation: an inline script injected is refused.
        page.goto(url + "/")
        page.evaluate(INJECT)
        page.wait_for_function("window.__violations.length > 0", timeout=5000)
        assert page.evaluate("window.__injected") is None
        for path in pages:
            answer = page.goto(url + path)
            assert answer.status < 400, (path, answer.status)
            assert "unsafe-inline" not in answer.headers["content-security-policy"]
            page.wait_for_load_state("networkidle")
            found = page.evaluate("window.__violations")
            if found:
                violations[path] = found
        # A visitor's join page, in a session of its own.
        stranger = browser.new_context(viewport={"width": 390, "height": 844})
        stranger.add_init_script(LISTEN)
        join = stranger.new_page()
        join.goto(url + f"/j/{code}/")
        join.wait_for_load_state("networkidle")
        if join.evaluate("window.__violations"):
            violations["/j/"] = join.evaluate("window.__violations")
        context.close()
        stranger.close()
    assert violations == {}
