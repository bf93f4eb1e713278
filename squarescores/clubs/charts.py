"""A member's form as a chart: the running win rate over their last matches,
drawn with the history's line geometry (games/history/charts.py)."""

from dataclasses import dataclass

from games.history.charts import line_chart


@dataclass(frozen=True)
class Series:
    pk: int
    name: str


def form_chart(name, shares):
    """``shares``: the member's won share per match, oldest first. The line is
    the win rate in whole percent after each match (no false precision)."""
    if not shares:
        return None
    rates, won = [], 0.0
    for index, share in enumerate(shares, start=1):
        won += share
        rates.append(round(100 * won / index))
    chart = line_chart([Series(1, name)], {1: rates}, target=100)
    chart["matches"] = len(shares)
    return chart
