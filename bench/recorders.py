"""How the bench records a round of each game: the socket frame the page sends and
the action it runs. A game whose module is not installed is skipped.

Each recorder closes one round per call, so a record costs the same work in every
game: the round closes, the standings move on, the next round opens and the
change is pushed.
"""

import uuid


def key():
    return uuid.uuid4().hex


class ExchangeTap:
    """41 Exchange: a member taps the round's winner (``actions.tap_winner``)."""

    game = "fortyone_exchange"

    def winner(self, table, number):
        return table.seats[number % len(table.seats)]

    def frame(self, table, number):
        seat = self.winner(table, number)
        return {"action": "tap", "round": number, "seat": seat, "key": key()}

    def act(self, table, number):
        from games import actions

        seat = self.winner(table, number)
        actions.tap_winner(table.users[0], table.id, number, seat, key=key())


RECORDERS = (ExchangeTap(),)


def installed():
    """The recorders of the games this install registers, by game key."""
    from games.rules import registry

    return {r.game: r for r in RECORDERS if r.game in registry}
