"""What the live layer sends: a change rendered once for every phone, and snapshots.

A push carries the plain data of what changed, built here once per change and
language read at the table (``change_texts``), whatever the number of phones. A
live change of a module with ``sheet_scripts`` carries its rows, open round and
standings as data too (``ChangeParts.sheet_data``), which the page's scripts draw;
for any other change they go as HTML rendered here. A snapshot is rendered in its
socket's language.
The grid's rows, its foot and the strip go in a push as data only
(``grid_row_data``, ``foot_data``), which the page's script draws as their
templates do; a page and a snapshot render them here. A closed round's
correction forms (``correct_template``) go in neither: the host loads them.
The open round's entry, a closed round's row and the standings come from the
match's rule module
(``entry_template``, ``row_template``, ``standings_template``); the core wraps them
with what every game shares (who deals, the seats' fates, the match's result).
Nothing in those fragments depends on who looks at them: the page around them says
who is the host and which seat is "you", and the server decides what each of them
may do.
"""

import json

from django.template import Context, RequestContext, engines
from django.template.loader import get_template
from django.utils import translation
from django.utils.dateparse import parse_datetime
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from squarescores.jinja import url

from . import catchup, errors, languages
from .models import Event, Match, Membership, Round, Seat
from .rules import DRAW, MAIN, OPEN, OUT, RoundView, Standings, playing
from .sheet import (
    recent_rounds,
    round_view,
    seat_view,
    snapshot,
    standings_of,
    values_of,
    void_data,
    worded,
)
from .words import isolated

OPEN_TEMPLATE = "games/match/_open.jinja"
STANDINGS_TEMPLATE = "games/match/_standings.jinja"
# What a module without templates of its own is shown with.
ENTRY_TEMPLATE = "games/match/_entry.jinja"
ROW_TEMPLATE = "games/match/_row.jinja"
FIGURES_TEMPLATE = "games/match/_figures.jinja"
# The sheet as people keep it on paper: rounds down, seats across, each cell the
# module's figure (``grid_cell``), its totals or lives at the foot (``grid_foot``).
GRID_ROW_TEMPLATE = "games/match/_grid_row.jinja"
GRID_FOOT_TEMPLATE = "games/match/_grid_foot.jinja"
STRIP_TEMPLATE = "games/match/_strip.jinja"
# A voided round's line and the host's void or restore, inside every game's row.
VOID_TEMPLATE = "games/match/_void.jinja"
# The host's correction of a closed round, for a module without forms of its own.
CORRECT_FORM_TEMPLATE = "games/match/_correct_form.jinja"


def render_to_string(name, context, request=None):
    """Render a fragment: a ``.jinja`` one with Jinja2 (squarescores/jinja.py),
    which every record pays for once per fragment; a module's Django template as
    Django's ``render_to_string`` does, without number localization: the
    fragments' numbers are ids, round numbers and counts, which localize to the
    same text in English, and looking up the formats of each of them was a third
    of a push's rendering. Pushes and pages share this, so a row reads the same
    from either."""
    if name.endswith(".jinja"):
        template = engines["jinja2"].get_template(name)
        # Safe, as a Django template's output is: a page or a fragment shows it.
        return mark_safe(template.render(context, request))
    template = get_template(name).template
    if request is None:
        bound = Context(context, use_l10n=False)
    else:
        bound = RequestContext(request, context, use_l10n=False)
    return template.render(bound)


def names_of(views):
    return {view.id: view.name for view in views}


def open_round_html(match, round, seats, standings, context=None, request=None):
    """The open round (a ``RoundView``, or None once the match ended)."""
    views = [seat_view(seat) for seat in seats]
    entry_seats = [] if round is None else entry_views(views, round.number, standings)
    dealer = next((v for v in views if round and v.id == round.dealer), None)
    values = {
        "match": match,
        "round": round,
        "seats": entry_seats,
        "standings": standings,
        "names": names_of(views),
        "dealer": dealer,
        "winners": winners(match, views),
        "leaders": leaders(match, views, standings),
        "record_url": url("match_record", match.pk),
        "entry_template": match.rules.entry_template or ENTRY_TEMPLATE,
        **(context or {}),
    }
    if round is not None:
        entry = values["entry_template"]
        values["entry_html"] = render_to_string(entry, values, request)
    return render_to_string(OPEN_TEMPLATE, values, request)


def entry_views(views, number, standings):
    """The seats the open round ``number`` asks about: those playing it that
    are not out. The entry's template and a push's ``sheet.open`` both ask."""
    return [view for view in playing(views, number) if standings.fate(view.id) != OUT]


def leaders(match, views, standings):
    """A match ended without the module naming winners (End match): who leads
    by the module's standings (most rounds won, or the highest or lowest
    total), so the table still sees who won."""
    if match.is_live or match.result:
        return None
    lead = match.rules.leaders(standings, views, match.options)
    if lead is None:
        return None
    ids = set(lead.seats)
    return {
        "seats": [view for view in views if view.id in ids],
        "figure": lead.figure,
        "by": lead.by,
    }


def winners(match, views):
    """The seats the module's result names, in seat order."""
    if not match.result:
        return []
    ids = set(match.result.get("winners", ()))
    return [view for view in views if view.id in ids]


def row_html(match, round, seats, context=None, request=None, void=None):
    """One closed round (a ``RoundView``) as a row of the sheet. ``void`` (who
    voided it and when, as ``sheet.void_data`` gives it) for a voided round."""
    values = {
        **closed_round_context(match, round, seats),
        # A voided round takes no correction: the host restores it first.
        "correctable": match.is_correctable and not round.voided,
        **(context or {}),
    }
    values["void_html"] = render_to_string(
        VOID_TEMPLATE,
        {
            **values,
            "void": void_words(void) if round.voided else None,
            # A read-only page (the TV) says so with ``correctable``: no forms.
            "voidable": (context or {}).get("correctable", match.is_correctable),
        },
        request,
    )
    return render_to_string(
        match.rules.row_template or ROW_TEMPLATE, values, request=request
    )


def correct_html(match, round, seats, request):
    """The host's forms for correcting closed ``round`` (a ``RoundView``), with
    this phone's CSRF token: loaded when the host opens a row's "Correct", never
    pushed. The module's ``correct_template`` gets what its row gets."""
    template = match.rules.correct_template or CORRECT_FORM_TEMPLATE
    return render_to_string(
        template, closed_round_context(match, round, seats), request
    )


def closed_round_context(match, round, seats):
    """What a closed round's row and its correction are rendered from."""
    views = playing([seat_view(seat) for seat in seats], round.number)
    return {
        "match": match,
        "round": round,
        "seats": views,
        "names": names_of(views),
        "correct_url": url("match_correct", match.pk),
    }


def void_words(void):
    """Who voided a round and when, with the time as the page says it before
    its script puts it in the phone's zone."""
    void = dict(void or {})
    at = parse_datetime(void.get("at") or "")
    void["when"] = at.strftime("%H:%M UTC") if at else ""
    return void


def grid_row_data(match, round, seats):
    """One closed round as a row of the grid, as data: each seat's cell as the
    module writes it (``grid_cell``, as a dict), None for a seat not in it, who
    dealt, whether it was voided. The page's template draws it on load, the
    table's script (``gridRow`` in static/js/table.js) from a push."""
    rules, options = match.rules, match.options
    cells = []
    for seat in seats:
        view = seat_view(seat)
        cell = None
        if view.first_round <= round.number:
            cell = rules.grid_cell(round, view.id, options).to_data()
        cells.append({"seat": view.id, "cell": cell})
    return {
        "number": round.number,
        "status": round.status,
        # Set by the void of a round where the core has it; absent, not voided.
        "voided": bool(getattr(round, "voided", False)),
        "dealer": round.dealer,
        "cells": cells,
    }


def grid_row_html(match, round, seats):
    """``grid_row_data`` drawn by its template, for a page or a snapshot."""
    return render_to_string(GRID_ROW_TEMPLATE, grid_row_data(match, round, seats))


def foot_data(match, standings, seats):
    """The grid's foot and the strip at the top of the table, as data, from the
    standings alone: each seat's figure as the module writes it (``grid_foot``),
    the seats ahead (``leading``) and whether the match is decided."""
    rules, options = match.rules, match.options
    views = [seat_view(seat) for seat in seats]
    ahead = set(rules.leading(standings, views, options))
    cells = [rules.grid_foot(standings, view.id, options).to_data() for view in views]
    return {
        "label": rules.grid_foot_label(standings),
        "decided": standings.result is not None,
        "cells": cells,
        "items": [
            {
                "seat": view.id,
                "name": view.name,
                "cell": cell,
                # A digit, as the page's data-lead: a push keeps its shape.
                "leads": int(view.id in ahead),
            }
            for view, cell in zip(views, cells, strict=True)
            if standings.seat(view.id) is not None
        ],
    }


def grid_foot_html(foot):
    """The grid's foot (``foot_data``): each seat's running total, lives or
    rounds won."""
    return render_to_string(GRID_FOOT_TEMPLATE, foot)


def strip_html(foot):
    """The match at a glance (``foot_data``): each seat's figure, the seats
    ahead starred."""
    return render_to_string(STRIP_TEMPLATE, foot)


def standings_html(match, standings, seats, dealer=None):
    """The standings: each seat's fate and who deals, then the module's figures.

    ``lines`` pairs each seat (in seat order) with its standings line.
    """
    views = [seat_view(seat) for seat in seats]
    lines = [
        {"seat": view, "line": standings.seat(view.id), "deals": view.id == dealer}
        for view in views
        if standings.seat(view.id) is not None
    ]
    values = {
        "match": match,
        "standings": standings,
        "seats": views,
        "names": names_of(views),
        "dealer": dealer,
        "lines": lines,
        "winners": winners(match, views),
    }
    figures = match.rules.standings_template or FIGURES_TEMPLATE
    values["figures_html"] = render_to_string(figures, values)
    return render_to_string(STANDINGS_TEMPLATE, values)


def view_of(data):
    """A round rebuilt from a push's plain data, as the templates see it."""
    values = {
        field: {int(seat): value for seat, value in seats.items()}
        for field, seats in data.get("values", {}).items()
    }
    cells = {int(seat): value for seat, value in data["cells"].items()}
    return RoundView(
        number=data["number"],
        status=data["status"],
        winner=data["winner"],
        cells=cells,
        values={**values, MAIN: cells},
        dealer=data.get("dealer"),
        voided=bool(data.get("voided")),
    )


def open_round_of(match_id):
    round = Round.objects.filter(match_id=match_id, status=OPEN).first()
    if round is None:
        return None
    return round_view(round, values_of(round.cells.all()))


def change_text(match_id, version, kind, change, *, match=None, seats=None):
    """The JSON text of one change in the active language (see ``change_texts``)."""
    parts = ChangeParts(match_id, change, match, seats)
    return parts.text(version, kind, change)


def change_texts(match_id, version, kind, change, languages, *, match=None, seats=None):
    """The JSON text of one change in each of ``languages``, as every socket of
    the match that reads that language receives it: language -> text.

    Its cost follows what changed: the rounds named in ``change``, never the rounds
    the match has accumulated. What it reads (``match`` and ``seats`` unless the
    action passes them, the open round or the dealer when the change does not
    carry them) is read once; the fragments are rendered once per language.
    """
    parts = ChangeParts(match_id, change, match, seats)
    texts = {}
    for language in languages:
        with translation.override(language):
            texts[language] = parts.text(version, kind, change)
    return texts


class ChangeParts:
    """What a change's fragments are rendered from, read from the database once."""

    def __init__(self, match_id, change, match=None, seats=None):
        if match is None:
            match = Match.objects.get(pk=match_id)
        if seats is None:
            seats = list(Seat.objects.filter(match_id=match_id))
        # Made once: every fragment of every language reads the seats' views.
        views = [seat_view(seat) for seat in seats]
        self.match, self.seats = match, views
        if "standings" in change:
            standings = Standings.from_data(change["standings"])
            self.standings = match.rules.including(
                standings, playing(views, standings.rounds + 1), match.options
            )
        else:
            self.standings = standings_of(match, seats)
        self.closed = []
        self.voids = {}
        self.open_round, self.open_known = None, False
        for data in change.get("rounds", ()):
            round = view_of(data)
            if round.status == OPEN:
                self.open_round, self.open_known = round, True
            else:
                self.closed.append(round)
                self.voids[round.number] = data.get("voided")
        if not self.open_known and ("seats" in change or "status" in change):
            # A seat joined, or the match ended or went on: the open round changes.
            self.open_round, self.open_known = open_round_of(match_id), True
        if self.open_round is not None:
            self.dealer = self.open_round.dealer
        elif self.open_known or not match.is_live:
            self.dealer = None
        else:
            self.dealer = current_dealer(match_id)
        self.sheet = self.sheet_data() if self.drawable() else None

    def drawable(self):
        """Whether the page draws this change from data (``sheet_data``): a
        module with a sheet script, a live match, no voided row. The rare rest
        (a match's end, a void) goes as HTML, as a snapshot does."""
        return (
            bool(self.match.rules.sheet_scripts)
            and self.match.is_live
            and not any(round.voided for round in self.closed)
            and (self.open_round is not None or not self.open_known)
        )

    def sheet_data(self):
        """The change's rows, open round and standings as data, the same in
        every language: the page's script (static/js/sheet.js and the module's
        ``sheet_scripts``) draws them as their templates do. Rounds come from
        the change's own ``rounds``."""
        match, views, standings = self.match, self.seats, self.standings
        data = {
            "game": match.game,
            # With their defaults: the scripts ask what the templates' helpers do.
            "options": match.rules.clean_options(match.options),
            "seats": [
                {"id": view.id, "name": view.name, "first_round": view.first_round}
                for view in views
            ],
            "rows": [round.number for round in self.closed],
            "correctable": match.is_correctable,
            "open": None,
            "standings": {
                **standings.to_data(),
                # In seat order, as the standings' template lists them.
                "seats": [
                    standings.seat(view.id).to_data()
                    for view in views
                    if standings.seat(view.id) is not None
                ],
                "dealer": self.dealer,
            },
        }
        round = self.open_round
        if round is not None:
            data["open"] = {
                "number": round.number,
                "dealer": round.dealer,
                # What is entered so far (a bid, a phone's score).
                "cells": {str(seat): value for seat, value in round.cells.items()},
                "seats": [
                    view.id for view in entry_views(views, round.number, standings)
                ],
            }
        return data

    def row_words(self):
        """Round number -> what the module's script needs of that closed row in
        the active language (``sheet_row``: its words, said as its template
        says them)."""
        rules, options, seats = self.match.rules, self.match.options, self.seats
        return {
            str(round.number): rules.sheet_row(
                round, playing(seats, round.number), options
            )
            for round in self.closed
        }

    def text(self, version, kind, change):
        match, seats = self.match, self.seats
        open_html = None
        if self.open_known and self.sheet is None:
            open_html = open_round_html(match, self.open_round, seats, self.standings)
        message = {
            "type": "change",
            "version": version,
            "kind": kind,
            **change,
            # The grid's rows, its foot and the strip go as data: the page
            # draws them (static/js/table.js), which costs the server nothing.
            "grid": {
                "rows": {
                    str(r.number): grid_row_data(match, r, seats) for r in self.closed
                },
                "foot": foot_data(match, self.standings, seats),
            },
        }
        if self.sheet is not None:
            message["sheet"] = {**self.sheet, "words": self.row_words()}
        else:
            message["html"] = {
                "open": open_html,
                "rows": {
                    str(r.number): row_html(
                        match, r, seats, void=self.voids.get(r.number)
                    )
                    for r in self.closed
                },
                "standings": standings_html(match, self.standings, seats, self.dealer),
            }
        if "correction" in change:
            message["notice"] = correction_notice(change["correction"], match, seats)
        if "undone" in change:
            message["notice"] = _("Round %(number)s was undone by %(by)s.") % {
                "number": change["undone"]["round"],
                "by": isolated(change["undone"]["by"]),
            }
        return json.dumps(message, separators=(",", ":"))


def correction_notice(correction, match=None, seats=()):
    """ "Round 2: Ben → Cara, by Alice" for every phone, the host's too; a
    scored round (lives, bids and tricks) in its game's words, "Round 2: Ben
    pays → Cara pays, by Alice". Names are isolated on a right-to-left page."""
    number = correction["round"]
    before = outcome_word(correction.get("before"), correction.get("before_status"))
    after = outcome_word(correction.get("after"), correction.get("after_status"))
    worded = correction.get("values")
    if worded and match is not None:
        before = scored_word(
            match, seats, number, worded["before"], correction.get("before_status")
        )
        after = scored_word(
            match, seats, number, worded["after"], correction.get("after_status")
        )
    values = {"number": number, "by": isolated(correction.get("by", ""))}
    if before and after and before != after:
        return _("Round %(number)s: %(before)s → %(after)s, by %(by)s") % {
            **values,
            "before": isolated(before),
            "after": isolated(after),
        }
    return _("Round %(number)s corrected by %(by)s") % values


def scored_word(match, seats, number, values, status):
    """Round ``number`` with ``values`` (as a push carries them), as its module
    words it (``describe``) in the active language."""
    fields = {
        field: {int(seat): value for seat, value in cells.items()}
        for field, cells in values.items()
    }
    main = fields.get(MAIN, {})
    round = RoundView(
        number=number, status=status or DRAW, cells=main, values={**fields, MAIN: main}
    )
    return worded(match, round, seats)


def outcome_word(label, status):
    """A correction's before or after: the winner's name, or "draw" in the
    reader's language."""
    if status == DRAW or (status is None and label == DRAW):
        return _("draw")
    return label


def current_dealer(match_id):
    return (
        Round.objects.filter(match_id=match_id, status=OPEN)
        .values_list("dealer_id", flat=True)
        .first()
    )


def sheet_html(match, seats, rounds, context=None, request=None):
    """The open round, every closed row and the standings, as a snapshot or the
    page draws them. ``rounds`` have their cells prefetched.

    With ``request`` (the page) the forms carry this phone's CSRF token; without
    (a snapshot) the live client adds it.
    """
    standings = standings_of(match, seats)
    foot = foot_data(match, standings, seats)
    views = {r.number: round_view(r, values_of(r.cells.all())) for r in rounds}
    open_round = next((views[r.number] for r in rounds if r.status == OPEN), None)
    return {
        "open": open_round_html(match, open_round, seats, standings, context, request),
        "rows": {
            str(r.number): row_html(
                match, views[r.number], seats, context, request, void_data(r)
            )
            for r in rounds
            if r.status != OPEN
        },
        "grid": {
            str(r.number): grid_row_html(match, views[r.number], seats)
            for r in rounds
            if r.status != OPEN
        },
        "grid_foot": grid_foot_html(foot),
        "strip": strip_html(foot),
        "standings": standings_html(
            match, standings, seats, open_round.dealer if open_round else None
        ),
    }


def member_snapshot(match_id, user, language=None, *, note=False):
    """The snapshot a member's socket receives, its HTML in ``language`` (the
    active one by default); refuses anyone else. ``note``: note ``language``
    for the match's pushes first (``games.languages``), before anything is read."""
    if note and language is not None:
        languages.note(match_id, language)
    if language is not None:
        with translation.override(language):
            return member_snapshot(match_id, user)
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        raise errors.MatchNotFound()
    if not Membership.objects.holds(match, user):
        raise errors.NotAMember()
    rounds = recent_rounds(match)
    data = snapshot(match, rounds)
    seats = list(Seat.objects.filter(match=match))
    return {
        "type": "snapshot",
        **data,
        "first_shown": rounds[0].number if rounds else 1,
        "html": sheet_html(match, seats, rounds),
        "rematch": None if match.is_live else rematch_id(match),
    }


def member_state(match_id, user, held=None, language=None):
    """(version, game, missed) of ``match_id`` when ``user`` is a member, else
    None: one query, all a reconnecting page needs when it holds that version
    already; ``language`` is noted for the match's pushes first. ``missed``:
    the kept pushes of ``language`` since ``held`` up to the match's version
    (``games.catchup``), None when they are not all kept."""
    if user is None or not user.is_authenticated:
        return None
    # Before the read: a change committed after it is pushed in this language.
    if language is not None:
        languages.note(match_id, language)
    state = (
        # By id: a user object (a socket's is lazy) costs the lookup more to read.
        Match.objects.filter(pk=match_id, memberships__user_id=user.pk)
        .values_list("version", "game")
        .first()
    )
    if state is None:
        return None
    version, game = state
    behind = None
    if held is not None and held < version:
        behind = catchup.missed(match_id, language, held, version)
    return version, game, behind


def rematch_id(match):
    """The id of the match the table went on to, from this match's log (its
    ``rematch`` change), or None: a phone that missed that push learns it from
    its next snapshot."""
    after = (
        Event.objects.filter(match=match, kind=Event.Kind.REMATCH)
        .values_list("after", flat=True)
        .first()
    )
    return (after or {}).get("rematch")


def current_version(match_id):
    return (
        Match.objects.filter(pk=match_id).values_list("version", flat=True).first() or 0
    )
