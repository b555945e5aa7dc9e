"""Shared fixtures of the benchmarks: the corpus, and lines for the summary."""

from __future__ import annotations

import pytest

from benchmarks.compare import Page, corpus_pages_dir, load_pages

_SUMMARY = pytest.StashKey[list[str]]()


@pytest.fixture(scope="session")
def corpus() -> list[Page]:
    """The corpus pages, unpacked; skips when the folder is not there."""
    directory = corpus_pages_dir()
    if not directory.is_dir():
        pytest.skip(f"no corpus at {directory} (set PAGECHUNK_CORPUS)")
    pages = load_pages(directory)
    if not pages:
        pytest.skip(f"no .html or .html.gz pages in {directory}")
    return pages


@pytest.fixture
def summary(request: pytest.FixtureRequest) -> list[str]:
    """A list whose lines are printed at the end of the run, uncaptured."""
    return request.config.stash.setdefault(_SUMMARY, [])


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    lines = config.stash.get(_SUMMARY, [])
    if lines:
        terminalreporter.section("pagechunk benchmarks")
        for line in lines:
            terminalreporter.write_line(line)
