"""The step timer of ``benchmarks/stages.py``: it times the steps the
pipeline calls, and leaves the pipeline as it found it."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import stages
from pagechunk import chunk_html, pipeline

_PAGE = (
    b"<html><head><title>Notes</title></head><body><nav><a href=/>Home</a></nav>"
    b"<main><h1>Notes</h1>"
    + b"<p>A paragraph long enough to be read as the page's own text.</p>" * 8
    + b"</main></body></html>"
)


def test_every_step_is_timed_and_the_pipeline_restored() -> None:
    before = {name: getattr(pipeline, name) for name in stages.STEPS}
    bare, whole, spent = stages.step_times([(_PAGE, "https://example.com/a")], 2)
    assert bare > 0 and whole > 0
    for name in ("decode", "load_tree", "focus_page", "walk", "page_chunks"):
        assert spent[name] > 0, name
    assert set(spent) <= set(stages.STEPS)
    assert sum(spent.values()) <= whole
    assert {name: getattr(pipeline, name) for name in stages.STEPS} == before
    assert chunk_html(_PAGE)[0].heading == "Notes"


def test_the_table_names_each_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a.html").write_bytes(_PAGE)
    assert stages.main([str(tmp_path), "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1 pages, 1 rounds")
    for name in ("bare lxml parse", "chunk_html", "focus_page", "other"):
        assert name in out


def test_no_pages_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        stages.main([str(tmp_path)])
