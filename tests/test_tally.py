"""What a batch command did: its counts and its closing line."""

from __future__ import annotations

from pagechunk.batch.records import Outcome
from pagechunk.batch.tally import Progress, Tally


def test_a_tally_counts_documents_chunks_and_failures() -> None:
    tally = Tally()
    tally.count(Outcome("a.html", b"{}\n{}\n", 2))
    tally.count(Outcome("b.html", b"", 0, b'{"error": "InputError"}\n'))
    assert (tally.documents, tally.chunks, tally.failed) == (2, 2, 1)
    assert tally.summary().startswith("2 documents (1 failed), 2 chunks in ")


def test_the_summary_names_documents_kept_from_an_earlier_run() -> None:
    tally = Tally(documents=1, kept=3, changed=1)
    assert tally.summary().endswith("; 3 kept from before, 1 of them changed since")


def test_a_progress_bar_not_wanted_draws_nothing() -> None:
    progress = Progress(enabled=False)
    progress.advance(1, 5)
    progress.close()
    assert (progress.bar, progress.chunks) == (None, 0)
