"""Load benchmarks: the app's live path measured beside the bare Channels stack.

``python -m bench`` (``make bench``) runs every scenario of issue 6 and rewrites
docs/benchmarks.md; ``python -m bench --smoke`` is the few-second run CI keeps.
"""
