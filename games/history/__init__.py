"""Match history: my matches, a match's rounds and corrections, summaries, charts
and export. Reads only; the one change it offers (rematch) is an action."""
