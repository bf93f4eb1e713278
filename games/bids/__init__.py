"""What the games of bids and tricks share: each phone bids its own tricks, then
the tricks taken close the round, and the host corrects both.

Pure helpers, imported by the rule modules that play this shape; the core never
imports them. ``sheet`` reads a round's bids and tricks (its state, scores
and history line); ``entry`` checks a bid, a round's numbers and the table's
forms.
"""
