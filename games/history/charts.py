"""Geometry for the server-drawn SVG charts; the templates only place it.

Each chart has a natural pixel size (its ``width`` and ``height`` attributes), so
text stays the size of the page's text; CSS lets the bar chart shrink to a narrow
phone and the timeline scroll sideways when a page holds many rounds.
"""

from dataclasses import dataclass, replace

from django.utils.translation import gettext

from games.rules import DRAW, WON

LABEL_CHARS = 12


def short(name):
    return name if len(name) <= LABEL_CHARS else name[: LABEL_CHARS - 1] + "…"


@dataclass(frozen=True)
class Bar:
    label: str
    name: str
    value: int
    y: int
    width: int
    text_x: int
    is_draw: bool = False


def bar_chart(seats, rounds_won, draws, *, width=360, row=30):
    """Horizontal bars: rounds won per seat, then the draws."""
    label_width, value_room = 112, 36
    room = width - label_width - value_room
    rows = [(seat.name, rounds_won.get(seat.pk, 0), False) for seat in seats]
    if draws is not None:
        rows.append((gettext("draws"), draws, True))
    top = max((value for _, value, _ in rows), default=0) or 1
    bars = []
    for index, (name, value, is_draw) in enumerate(rows):
        length = round(room * value / top)
        bars.append(
            Bar(
                label=short(name),
                name=name,
                value=value,
                y=8 + index * row,
                width=length,
                text_x=label_width + length + 6,
                is_draw=is_draw,
            )
        )
    return {
        "width": width,
        "height": 16 + len(rows) * row,
        "label_x": label_width - 8,
        "bar_x": label_width,
        "bar_height": row - 10,
        "track_width": room,
        "bars": bars,
    }


@dataclass(frozen=True)
class Mark:
    number: int
    x: int
    y: int
    is_draw: bool
    label: str


def timeline(seats, rounds, *, row=22):
    """Who won each round: one column per closed round, one line per seat and a
    last line for draws. Few rounds get wider columns; a page of 50 gets 10 px
    each, which still fits the page's column on a desktop."""
    label_width = 96
    lines = [seat.name for seat in seats] + [gettext("draw")]
    line_of = {seat.pk: index for index, seat in enumerate(seats)}
    names = {seat.pk: seat.name for seat in seats}
    closed = [r for r in rounds if r.status in (WON, DRAW) and r.voided_at is None]
    column = max(10, min(32, 240 // max(len(closed), 1)))
    every = 1 if column >= 24 else 5
    marks, ticks = [], []
    for index, round in enumerate(closed):
        x = label_width + index * column + column // 2
        is_draw = round.status == DRAW
        line = len(seats) if is_draw else line_of.get(round.winner_id, len(seats))
        who = gettext("draw") if is_draw else names.get(round.winner_id, "?")
        marks.append(
            Mark(
                round.number,
                x,
                14 + line * row,
                is_draw,
                gettext("round %(number)s: %(who)s")
                % {"number": round.number, "who": who},
            )
        )
        if index == 0 or round.number % every == 0:
            ticks.append((x, round.number))
    if closed and ticks[-1][1] != closed[-1].number:
        # The last round's number, unless it would sit on the previous tick.
        x = label_width + (len(closed) - 1) * column + column // 2
        if x - ticks[-1][0] >= 3 * column:
            ticks.append((x, closed[-1].number))
    return {
        "width": label_width + max(len(closed), 1) * column + 6,
        "height": 14 + len(lines) * row + 12,
        "label_x": label_width - 8,
        "lines": [
            (short(name), name, 14 + index * row) for index, name in enumerate(lines)
        ],
        "line_start": label_width,
        "line_end": label_width + max(len(closed), 1) * column,
        "marks": marks,
        "ticks": ticks,
        "tick_y": 14 + len(lines) * row + 4,
        "radius": min(column // 2 - 1, 7),
    }


@dataclass(frozen=True)
class Line:
    name: str
    label: str
    index: int
    points: str
    last: int
    end_x: int
    end_y: int


def line_chart(seats, series, target=None, *, width=360, height=200):
    """Running totals: one line per seat over the closed rounds, a line at zero
    when the totals go below it and one at the game's ``target``.

    ``series`` maps a seat id to its total after each closed round. Columns
    narrow as rounds are added, down to 4 px; past that the chart grows wide
    and its figure scrolls sideways.
    """
    left, right, top, bottom = 40, 64, 10, 22
    count = max((len(values) for values in series.values()), default=0)
    figures = [v for values in series.values() for v in values] + [0]
    if target is not None:
        figures.append(target)
    low, high = min(figures), max(figures)
    span = (high - low) or 1
    column = max(4, (width - left - right) // max(count, 1))
    plot_width = column * max(count, 1)
    plot_height = height - top - bottom

    def x(index):
        return left + index * column

    def y(value):
        return top + round(plot_height * (high - value) / span)

    lines = []
    for index, seat in enumerate(seats):
        values = [0, *series.get(seat.pk, series.get(str(seat.pk), []))]
        points = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(values))
        lines.append(
            Line(
                name=seat.name,
                label=short(seat.name),
                index=index % 6,
                points=points,
                last=values[-1],
                end_x=x(len(values) - 1) + 6,
                end_y=y(values[-1]) + 4,
            )
        )
    lines = _spread_labels(lines)
    every = max(1, -(-count // 8))
    ticks = [(x(i), i) for i in range(0, count + 1, every)]
    guides = [(y(0), "0", False)]
    if target is not None and target != 0:
        guides.append((y(target), str(target), True))
    return {
        "width": left + plot_width + right,
        "height": height,
        "left": left,
        "right": left + plot_width,
        "lines": lines,
        "guides": guides,
        "ticks": ticks,
        "tick_y": height - 6,
        "label_x": left - 6,
        "target": target,
        "rounds": count,
    }


def _spread_labels(lines, gap=13):
    """Move the names at the lines' ends apart so two close totals stay legible."""
    placed, last = {}, None
    for line in sorted(lines, key=lambda line: line.end_y):
        y = line.end_y if last is None else max(line.end_y, last + gap)
        placed[line.index, line.name] = last = y
    return [replace(line, end_y=placed[line.index, line.name]) for line in lines]
