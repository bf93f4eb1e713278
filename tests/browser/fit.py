"""Does a page fit a phone's width, with nothing to scroll sideways?

A mobile context (``is_mobile=True``) widens its own layout viewport to fit what
overflows, so ``innerWidth`` grows with the page and hides the overflow. These
helpers use a plain (non-mobile) context of the phone's size and compare the
document's ``scrollWidth`` with the width that was set.
"""

PHONES = {
    "360x800": {"width": 360, "height": 800},
    "390x844": {"width": 390, "height": 844},
}
# The narrowest and widest phones the layout is made for, checked in light only.
EDGES = {
    "320x640": {"width": 320, "height": 640},
    "430x932": {"width": 430, "height": 932},
}

# The innermost elements that reach past the right edge; what sits in a
# container that scrolls or clips on purpose (a wide chart) does not count.
OVERFLOW = """width => {
    const clips = el => {
        for (let up = el.parentElement; up !== document.body; up = up.parentElement) {
            if (getComputedStyle(up).overflowX !== "visible") return true;
        }
        return false;
    };
    // A block's own box may fit while its text (a long word) runs out of it.
    const right = el => {
        const box = el.getBoundingClientRect();
        if (!box.width) return 0;
        if (getComputedStyle(el).overflowX !== "visible") return box.right;
        return Math.max(box.right, box.left + el.scrollWidth);
    };
    const wide = [...document.body.querySelectorAll("*")].filter(
        el => right(el) > width + 0.5 && !clips(el));
    const name = el => el.tagName.toLowerCase() + (el.className ? "." : "") +
        el.className;
    const innermost = wide.filter(el => !wide.some(o => o !== el && el.contains(o)));
    return {
        scrollWidth: document.documentElement.scrollWidth,
        culprits: innermost.slice(0, 5).map(el =>
            name(el.parentElement) + " > " + name(el) +
            " right=" + Math.round(right(el)) +
            " " + JSON.stringify((el.textContent || "").trim().slice(0, 30))),
    };
}"""


def new_phone_page(browser, size, **options):
    """A page in a fresh non-mobile context exactly ``size`` wide."""
    context = browser.new_context(viewport={**PHONES, **EDGES}[size], **options)
    context.set_default_timeout(5000)
    return context.new_page()


def overflow(page, width=None):
    """``{"scrollWidth", "culprits"}`` of ``page`` against ``width`` px."""
    width = width or page.viewport_size["width"]
    return page.evaluate(OVERFLOW, width)


def too_wide(page, width=None):
    """None when ``page`` fits ``width`` (the viewport's), else what overflows."""
    width = width or page.viewport_size["width"]
    found = overflow(page, width)
    if found["scrollWidth"] <= width:
        return None
    return (
        f"{page.url} is {found['scrollWidth']} px wide at {width} px: "
        f"{found['culprits']}"
    )


def assert_fits(page, width=None):
    problem = too_wide(page, width)
    assert problem is None, problem


def shoot_sizes(page, shoot, step, parts=("open-round", "standings", "grid")):
    """The page at 360 and 390 px wide, light and dark, each checked to fit,
    and the parts a person reads (the full page is tall) one by one."""
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for width in (360, 390):
            page.set_viewport_size({"width": width, "height": 800})
            assert_fits(page)
            path = shoot(page, f"{step}-{width}-{scheme}")
            for part in parts:
                region = page.locator(part if part[0] in ".[" else f"#{part}")
                region.screenshot(path=path.with_name(f"{path.stem}-{part}.png"))
    page.emulate_media(color_scheme="light")
    page.set_viewport_size({"width": 390, "height": 844})
