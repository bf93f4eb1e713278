"""What a phone feels: the bytes of opening a match, and its first view on Slow 4G.

Real Chromium (Debian's, through Playwright) at a phone's size opens the host's
match link with a cold cache, on the app served as docs/deploy.md deploys it
(``STATIC_MANIFEST=1`` after ``collectstatic``: hashed, pre-compressed files).
Chrome's DevTools protocol reports each response's bytes on the wire
(``Network.loadingFinished``'s ``encodedDataLength``: headers and the body as
served, compressed when it was) and each socket frame received.

- ``page_kb``: every response plus the socket's frames, from the navigation
  until the page says its socket is live (``[data-live-status].is-live``, set
  when the snapshot has arrived), in KB of 1,000 bytes;
- ``slow_first_ms``: with Slow 4G as Lighthouse defines it (150 ms round trip,
  1.6 Mbit/s down, 750 kbit/s up; ``Network.emulateNetworkConditions``) and the
  CPU slowed 4x (``Emulation.setCPUThrottlingRate``), the time from the
  navigation to the largest contentful paint, the sheet being in the HTML the
  server renders (checked); median of 5 cold loads. ``slow_live_ms``: until
  the socket is live, the same runs.
"""

import statistics

from .harness import run_load
from .scenarios import log
from .servers import Stack
from .targets import App, close_all

CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}
SLOW_4G = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 1.6 * 1024 * 1024 / 8,
    "uploadThroughput": 750 * 1024 / 8,
}
CPU_SLOWDOWN = 4
LIVE = "[data-live-status].is-live"
SHEET = "#sheet #grid"
# The largest contentful paint and the first, as the page itself saw them.
PAINTS = """() => new Promise((resolve) => {
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    resolve({lcp: entries[entries.length - 1].startTime,
             fcp: fcp ? fcp.startTime : null});
  }).observe({type: "largest-contentful-paint", buffered: true});
})"""


async def cold_load(browser, base_url, path, session, *, slow=False):
    """One cold load of ``path``; its bytes by kind and its times."""
    context = await browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    await context.add_cookies(
        [{"name": "sessionid", "value": session, "url": base_url}]
    )
    page = await context.new_page()
    cdp = await context.new_cdp_session(page)
    responses, sizes, frames = {}, {}, []

    def on_response(event):
        headers = {k.lower(): v for k, v in event["response"]["headers"].items()}
        responses[event["requestId"]] = (
            event["response"]["url"],
            headers.get("content-encoding", ""),
            event["type"],
        )

    def on_finished(event):
        sizes[event["requestId"]] = event["encodedDataLength"]

    cdp.on("Network.responseReceived", on_response)
    cdp.on("Network.loadingFinished", on_finished)
    cdp.on(
        "Network.webSocketFrameReceived",
        lambda event: frames.append(len(event["response"]["payloadData"])),
    )
    await cdp.send("Network.enable")
    await cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    if slow:
        await cdp.send("Network.emulateNetworkConditions", SLOW_4G)
        await cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    try:
        await page.goto(base_url + path, wait_until="commit")
        await page.wait_for_selector(LIVE, timeout=60_000)
        # From the navigation's start (the page's time origin), as the paints.
        live_ms = await page.evaluate("performance.now()")
        paints = await page.evaluate(PAINTS)
        sheet = await page.locator(SHEET).count()
        loaded = [
            (*responses.get(request, ("?", "", "?")), size)
            for request, size in sizes.items()
        ]
    finally:
        await context.close()
    return {
        "responses": loaded,
        "frames": frames,
        "bytes": sum(size for *_, size in loaded) + sum(frames),
        "lcp_ms": paints["lcp"],
        "fcp_ms": paints["fcp"],
        "live_ms": live_ms,
        "sheet": bool(sheet),
    }


async def measure(run_dir, runs=5, rounds=12):
    from playwright.async_api import async_playwright

    app = App(join="seed")
    env = {"STATIC_MANIFEST": "1"}
    with Stack("app", "embedded", run_dir / "page", env=env) as stack:
        tables = await app.add_tables(stack, 1)
        # A match under way: some rounds on the sheet, as a phone finds it.
        await run_load(app, stack, tables, 10, rounds / 10, name="page")
        session = tables[0].phones[0].http.cookies["sessionid"]
        path = f"/matches/{tables[0].id}/"
        await close_all(tables)
        base = stack.urls[0]
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM)
            try:
                weight = await cold_load(browser, base, path, session)
                slow = [
                    await cold_load(browser, base, path, session, slow=True)
                    for _ in range(runs)
                ]
            finally:
                await browser.close()
    result = {
        "page_kb": weight["bytes"] / 1000,
        "requests": len(weight["responses"]),
        "responses": sorted(weight["responses"], key=lambda r: -r[3]),
        "frames_bytes": sum(weight["frames"]),
        "slow_first_ms": statistics.median(r["lcp_ms"] for r in slow),
        "slow_fcp_ms": statistics.median(r["fcp_ms"] or 0 for r in slow),
        "slow_live_ms": statistics.median(r["live_ms"] for r in slow),
        "slow_runs": [round(r["lcp_ms"]) for r in slow],
        "sheet_in_html": all(r["sheet"] for r in slow) and weight["sheet"],
    }
    log(
        f"page: {result['page_kb']:.1f} KB in {result['requests']} responses and "
        f"{len(weight['frames'])} socket frames until live; Slow 4G, CPU "
        f"{CPU_SLOWDOWN}x: sheet painted at {result['slow_first_ms']:.0f} ms "
        f"(runs {result['slow_runs']}), live at {result['slow_live_ms']:.0f} ms"
    )
    for url, encoding, kind, size in result["responses"]:
        log(f"  {size / 1000:6.1f} KB {kind:10} {encoding or 'identity':8} {url}")
    return result


if __name__ == "__main__":
    import asyncio
    import json
    import shutil
    import tempfile
    from pathlib import Path

    directory = Path(tempfile.mkdtemp(prefix="bench-page-"))
    try:
        figures = asyncio.run(measure(directory))
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    print(json.dumps({k: v for k, v in figures.items() if k != "responses"}))
