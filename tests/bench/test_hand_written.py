"""make bench rewrites docs/benchmarks.md but keeps its hand-written part."""

from bench.report import HAND, keep_hand_written


def test_a_run_keeps_the_hand_written_part_below_its_own_figures(tmp_path):
    docs = tmp_path / "benchmarks.md"
    docs.write_text(f"# Old figures\n\n{HAND}\n\n## Private internals\n\nkept\n")

    text = keep_hand_written("# New figures\n", docs)

    assert text == f"# New figures\n\n{HAND}\n\n## Private internals\n\nkept\n"


def test_a_file_without_a_hand_written_part_is_simply_rewritten(tmp_path):
    docs = tmp_path / "benchmarks.md"
    docs.write_text("# Old figures\n")

    assert keep_hand_written("# New\n", docs) == "# New\n"
    assert keep_hand_written("# New\n", tmp_path / "missing.md") == "# New\n"
