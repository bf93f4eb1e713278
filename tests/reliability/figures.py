"""Figures for docs/reliability.md: each fault, race and fuzz test says what it ran.

A test calls ``record(...)``; when ``RELIABILITY_FIGURES`` names a file (the report
command sets it) a JSON line is appended there, else nothing happens. The report adds
up the lines of one name, so a test may record once per case or example rather than
count them for a last test that has to run after the others.
"""

import json
import os


def record(test, *, races=0, faults=0, fuzz=0, taps=0, lost=0, **detail):
    path = os.getenv("RELIABILITY_FIGURES")
    if not path:
        return
    line = {
        "test": test,
        "races": races,
        "faults": faults,
        "fuzz": fuzz,
        "taps": taps,
        "lost": lost,
        **detail,
    }
    with open(path, "a", encoding="utf-8") as file:
        file.write(json.dumps(line) + "\n")
