"""What the Forty One fragments show, worked out from their documented context.

A template cannot look a seat up in a dict by a variable key, so each fragment
asks one tag for plain rows. The tags read only what the core passes (round,
seats, standings, names, dealer), so a fragment is the same for every phone.
"""

from django import template
from django.utils.html import format_html_join
from django.utils.translation import pgettext

from games.bids.sheet import history_row
from games.sheet import total_rows
from games.words import seat_name

from ..rules import (
    MIN_BID_TOTAL,
    PLAYED,
    SEATS,
    TARGET,
    THROWN_IN,
    bids_of,
    round_scores,
    round_state,
    team_note,
    team_of,
    tricks_of,
)

register = template.Library()


@register.simple_tag
def forty_one_entry(round, seats, names=None, standings=None):
    """The open round: its phase, each seat's bid, and the meter's figures."""
    bids = bids_of(round)
    players = [
        {
            "id": seat.id,
            "name": seat_name(seat, names),
            "bid": bids.get(seat.id),
            "team": team_of(seat),
        }
        for seat in seats
    ]
    total = sum(bids.values())
    dealer = next((seat for seat in seats if seat.id == round.dealer), None)
    extra = getattr(standings, "extra", None) or {}
    return {
        "phase": "tricks" if len(bids) == SEATS else "bidding",
        "players": players,
        "bids_in": len(bids),
        "bid_total": total,
        "needed": MIN_BID_TOTAL,
        "short": max(0, MIN_BID_TOTAL - total),
        "dealer": seat_name(dealer, names) if dealer else "",
        "last_thrown_in": extra.get("last_thrown_in"),
    }


@register.simple_tag
def forty_one_row(round, seats, names=None):
    """One closed round: bid, tricks and score per seat, or a throw-in."""
    ids = [seat.id for seat in seats]
    state = round_state(round, ids)
    bids, tricks = bids_of(round), tricks_of(round)
    scores = round_scores(round, ids)
    players = []
    for seat in seats:
        points = scores.get(seat.id)
        players.append(
            {
                "id": seat.id,
                "name": seat_name(seat, names),
                "bid": bids.get(seat.id),
                "tricks": tricks.get(seat.id),
                "score": points,
                "made": points is not None and points > 0,
                "team": team_of(seat),
            }
        )
    # Each name isolated with its bid, the list in the page's own direction.
    bids_html = format_html_join(
        pgettext("list", ", "),
        '<bdi><span data-seat-name="{}">{}</span> {}</bdi>',
        ((player["id"], player["name"], player["bid"]) for player in players),
    )
    return {
        "state": state,
        "played": state == PLAYED,
        "thrown_in": state == THROWN_IN,
        "bid_total": sum(bids.values()),
        "bids_html": bids_html,
        "needed": MIN_BID_TOTAL,
        "players": players,
    }


@register.simple_tag
def forty_one_standings(standings, seats, names=None, dealer=None):
    """Each player's total, the two teams' states and the winner, if any."""
    by_id = {seat.id: seat for seat in seats}
    result = standings.result
    players = total_rows(standings, seats, names, dealer)
    for player, seat in zip(players, seats, strict=True):
        player.update(reached=player["total"] >= TARGET, team=team_of(seat))
    totals = {player["id"]: player["total"] for player in players}
    names = {player["id"]: player["name"] for player in players}
    teams = []
    for team in standings.teams:
        members = [player for player in players if player["team"] == team.key]
        pair = tuple(seat for seat in team.seats if seat in totals)
        teams.append(
            {
                "key": team.key,
                "members": members,
                "label": " & ".join(player["name"] for player in members),
                # Worded now, in the page's language (the stored note is the log's).
                "note": team_note(pair, totals, names, result, team.key)
                if len(pair) == 2
                else "",
                "is_winner": bool(result and result.team == team.key),
            }
        )
    dealer_seat = by_id.get(dealer)
    return {
        "players": players,
        "teams": teams,
        "target": TARGET,
        "dealer": seat_name(dealer_seat, names) if dealer_seat else "",
        "winner": next((team for team in teams if team["is_winner"]), None),
        "thrown_in": (standings.extra or {}).get("thrown_in", 0),
    }


# One round of the history (``games.bids.sheet.history_row``).
forty_one_history = register.simple_tag(history_row, name="forty_one_history")
