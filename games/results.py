"""Who keeps figures of finished matches: listeners told when a result changes.

``run_change`` (games/actions/base.py) is where every change to a match is
written, so it is the one place that tells: when a change ends a match, changes
an ended match's standings or result (a correction, a void), or makes an ended
match live again, each listener gets the match inside the same transaction.
A listener (the clubs app's stored figures, registered from its ``ready()``)
writes its rows there, so they are never out of step with the sheet.
"""

from games.models import Match

LISTENERS = []


def listen(listener):
    """Register ``listener(match)``; registering it twice does nothing."""
    if listener not in LISTENERS:
        LISTENERS.append(listener)
    return listener


def state(match):
    """What a listener's rows depend on: the status and the standings (which
    hold a decided match's result)."""
    return (match.status, match.standings)


def changed(match, before):
    """Tell the listeners if ``match`` moved from the state ``before`` in a way
    that touches a finished result."""
    after = state(match)
    if after == before:
        return
    if before[0] == after[0] == Match.Status.LIVE:
        return
    for listener in LISTENERS:
        listener(match)
