"""What a batch command did: its counts and its closing line."""

from __future__ import annotations

import pytest

from pagechunk.batch.records import Outcome
from pagechunk.batch.tally import Progress, Tally


def test_a_tally_counts_documents_chunks_failures_and_empty_pages() -> None:
    tally = Tally()
    tally.count(Outcome("a.html", b"{}\n{}\n", 2))
    tally.count(Outcome("b.html", b"", 0, b'{"error": "InputError"}\n'))
    tally.count(Outcome("c.html", b"", 0))
    assert (tally.documents, tally.chunks, tally.failed, tally.empty) == (3, 2, 1, 1)
    assert tally.summary().startswith("3 documents (1 failed, 1 empty), 2 chunks in ")


def test_the_summary_counts_skipped_warc_records_by_reason() -> None:
    tally = Tally(documents=1)
    tally.skipped.update(["status 404", "application/pdf", "status 404"])
    assert tally.summary().endswith(
        "; 3 WARC records skipped (2 status 404, 1 application/pdf)"
    )


def test_a_progress_bar_with_a_total_shows_an_eta(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("tqdm")
    progress = Progress(enabled=True, total=4)
    progress.advance(1, 3)
    progress.close()
    err = capsys.readouterr().err
    assert "1/4" in err
    assert "<" in err  # tqdm's elapsed<remaining


def test_the_summary_names_documents_kept_from_an_earlier_run() -> None:
    tally = Tally(documents=1, kept=3, changed=1)
    assert tally.summary().endswith("; 3 kept from before, 1 of them changed since")


def test_a_progress_bar_not_wanted_draws_nothing() -> None:
    progress = Progress(enabled=False)
    progress.advance(1, 5)
    progress.close()
    assert (progress.bar, progress.chunks) == (None, 0)
