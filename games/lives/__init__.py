"""The lives engine the lives games share: pure functions on the
standings types of ``games.rules``.

Every seat starts with a few lives. Paying a life takes one away; paying the
last one leaves the seat *swimming* (still in, nothing left to give); paying
while swimming puts it *out*. The last seat in wins. A module decides who pays
how many lives in a round (one loser, a tie, everyone but a Feuer, a knocker's
double); this package only counts them, so the games differ in their rules
modules and never in the counting.
"""

from collections.abc import Mapping
from dataclasses import dataclass, replace

from games.rules import IN, OUT, SWIMMING, Result, SeatStanding, Standings
from games.words import and_join, for_the_log

# What happens when a round would put every seat still in out at once (the
# last two, both swimming, tie for lowest): they share the win, or the hand is
# played again and nobody pays for it.
SHARE, REPLAY = "share", "replay"
WIPEOUT_CHOICES = (SHARE, REPLAY)

# The seats gone out so far, in the order they went: one list of seat ids per
# round that put any out, kept in the standings' ``extra``. A seat's line says
# only that it is out; a finished match's places need when. Lists of numbers,
# as they come back from the stored JSON unchanged.
OUT_ORDER = "out"


def new_line(seat_id, lives):
    """A seat's line before it has paid anything."""
    if lives < 1:
        raise ValueError("A seat starts with at least one life.")
    return SeatStanding(seat=seat_id, lives=lives, fate=IN)


def pay(line, count=1):
    """``line`` after paying ``count`` lives, one at a time.

    A seat with lives loses one per payment and swims once it reaches none; a
    swimming seat's next payment puts it out. Lives never go below zero; an out
    seat pays nothing more.
    """
    if count < 0:
        raise ValueError("A seat cannot pay a negative number of lives.")
    lives, fate = line.lives or 0, line.fate
    for _payment in range(count):
        if fate == OUT:
            break
        if lives > 0:
            lives -= 1
            fate = SWIMMING if lives == 0 else IN
        else:
            fate = OUT
    return replace(line, lives=lives, fate=fate)


def still_in(standings):
    """Seat ids not out, in the order of the standings."""
    return [line.seat for line in standings.seats if line.fate != OUT]


@dataclass(frozen=True)
class Settlement:
    """One round's payments applied: the new standings and what happened.

    ``paid`` maps each seat that really paid to its count (out seats and
    unknown seats pay nothing). ``wipeout`` lists the seats that would all have
    gone out together: they either share the win, still in, or the round is
    annulled (``replayed``); either way nobody pays for it.
    """

    standings: Standings
    paid: Mapping[int, int]
    wipeout: tuple[int, ...] = ()
    replayed: bool = False


def settle(standings, losses, *, wipeout=SHARE, names=None):
    """Apply ``losses`` (seat id -> lives to pay) and decide the match.

    Sets ``standings.result`` when one seat is left in, or, when the round puts
    every remaining seat out at once, per ``wipeout``: ``share`` (they all win)
    or ``replay`` (the round costs nothing). A decided match is left as it is.
    ``names`` (seat id -> name) words the result's note. The seats the round
    puts out join the standings' out order together (``out_turns``).
    """
    if wipeout not in WIPEOUT_CHOICES:
        raise ValueError(f"wipeout is one of {WIPEOUT_CHOICES}, not {wipeout!r}.")
    if standings.result is not None:
        return Settlement(standings, {})
    before = still_in(standings)
    paid = {
        seat: count for seat, count in losses.items() if count > 0 and seat in before
    }
    after = standings
    for seat, count in paid.items():
        after = after.replace_seat(pay(after.seat(seat), count))
    left = still_in(after)
    gone = [seat for seat in before if seat not in left]
    if before and not left:
        if wipeout == REPLAY:
            return Settlement(standings, {}, tuple(before), replayed=True)
        # Nobody goes out: the seats that would have share the win, as they sat.
        result = Result(winners=tuple(before), note=shared_note(before, names))
        return Settlement(replace(standings, result=result), {}, tuple(before))
    if gone:
        order = [*standings.extra.get(OUT_ORDER, ()), gone]
        after = replace(after, extra={**after.extra, OUT_ORDER: order})
    if len(left) == 1 and len(before) > 1:
        result = Result(winners=(left[0],), note=last_in_note(left[0], names))
        after = replace(after, result=result)
    return Settlement(after, paid)


def out_turns(standings):
    """Seat id -> the turn it went out in (1 for the first seats out, 2 for the
    next, ...), for the seats the standings saw go out. Seats out in one round
    share a turn."""
    return {
        seat: turn
        for turn, seats in enumerate(standings.extra.get(OUT_ORDER, ()), 1)
        for seat in seats
    }


def would_wipe_out(standings, losses):
    """True when paying ``losses`` would leave no seat in."""
    before = still_in(standings)
    if not before:
        return False
    after = {seat: standings.seat(seat) for seat in before}
    for seat, count in losses.items():
        if seat in after and count > 0:
            after[seat] = pay(after[seat], count)
    return all(line.fate == OUT for line in after.values())


def name_of(seat, names):
    return (names or {}).get(seat, f"Seat {seat}")


# The result's notes are kept with the standings: English, as the log's lines are
# (games.words); the pages word the result from its winners.


def last_in_note(seat, names=None):
    return f"{name_of(seat, names)} is the last one in and wins"


def shared_note(seats, names=None):
    with for_the_log():
        who = and_join(name_of(seat, names) for seat in seats)
    return f"{who} share the win"


def figures(seats, rounds, standings, hand_fields):
    """Each seat's lives figures of one finished match: lives lost, whether it
    swam (1 or 0), and the rounds it ended with a special hand, marked in one
    of ``hand_fields`` (a Feuer, a 31). Shared by the lives games' ``figures``."""
    found = {}
    for seat in seats:
        line = standings.seat(seat.id)
        hands = sum(
            1
            for round in rounds
            if any((round.values.get(key) or {}).get(seat.id) for key in hand_fields)
        )
        found[seat.id] = {
            "lives_lost": sum(round.cells.get(seat.id) or 0 for round in rounds),
            "swimming": int(line is not None and line.fate in (SWIMMING, OUT)),
            "hands": hands,
        }
    return found
