"""A member's form and rating as small line charts: one value per match,
oldest first, drawn as the history's charts are (games/history/charts.py's
classes and CSS), on guides at the lowest and highest value."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Line:
    index: int
    points: str
    last: int
    end_x: int
    end_y: int


def chart(values, *, width=300, height=140, low=None, high=None):
    """Geometry for ``values`` (whole numbers) from ``low`` to ``high``."""
    left, right, top, bottom = 40, 40, 10, 10
    low = min(values) if low is None else low
    high = max(values) if high is None else high
    span = (high - low) or 1
    column = (width - left - right) / max(len(values) - 1, 1)
    plot = height - top - bottom

    def y(value):
        return top + round(plot * (high - value) / span)

    points = " ".join(
        f"{round(left + i * column)},{y(v)}" for i, v in enumerate(values)
    )
    end_x = round(left + (len(values) - 1) * column)
    return {
        "width": width,
        "height": height,
        "left": left,
        "right": width - right,
        "label_x": left - 6,
        "guides": [(y(high), str(high), False), (y(low), str(low), False)],
        "lines": [Line(0, points, values[-1], end_x + 6, y(values[-1]) + 4)],
        "matches": len(values),
    }


def form_chart(shares):
    """The running win rate in whole percent after each of the member's last
    matches (``shares``: the won share per match, oldest first)."""
    if len(shares) < 2:
        return None  # One point draws no line.
    rates, won = [], 0.0
    for index, share in enumerate(shares, start=1):
        won += share
        rates.append(round(100 * won / index))
    return chart(rates, low=0, high=100)


def rating_chart(steps):
    """The member's rating (OpenSkill's mean, whole) after each of ``steps``."""
    if len(steps) < 2:
        return None  # One point draws no line.
    return chart([round(mu) for mu, _sigma in steps])
