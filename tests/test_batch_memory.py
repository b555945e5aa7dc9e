"""Site memory in batches: two passes, the same result on any number of workers,
and a memory the manifest keeps for resumed runs and reprocessing."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from batch_pages import read_jsonl
from pagechunk import SiteMemory, cli
from pagechunk.batch import run
from pagechunk.batch.manifest import Manifest
from pagechunk.batch.pool import learn_site_memory, process
from pagechunk.batch.records import Outcome
from pagechunk.batch.settings import Settings
from pagechunk.batch.sources import Document, Unreadable
from test_site_memory import CHROME, paragraph, site_page

PAGES = 20


def site_documents(count: int = PAGES) -> list[Document]:
    return [
        Document(site_page(number).encode(), url=f"tomato-{number:02d}.html")
        for number in range(1, count + 1)
    ]


def in_batches(items: list[Any], size: int = 4) -> list[list[Any]]:
    return [items[start : start + size] for start in range(0, len(items), size)]


def texts(outcomes: list[Outcome]) -> list[str]:
    return [
        json.loads(line)["text"]
        for result in outcomes
        for line in result.records.splitlines()
    ]


def has_chrome(text: str) -> bool:
    return any(line in text for line in CHROME)


def write_site(folder: Path, count: int = PAGES) -> list[str]:
    folder.mkdir()
    paths = []
    for number in range(1, count + 1):
        path = folder / f"tomato-{number:02d}.html"
        path.write_text(site_page(number), encoding="utf-8")
        paths.append(str(path))
    return paths


def test_the_memory_learned_is_the_same_on_any_number_of_workers() -> None:
    items = site_documents()
    alone = learn_site_memory(items, Settings(), workers=1)
    assert learn_site_memory(items, Settings(), workers=2) == alone
    signatures = [alone.seen("acme.example", block) for block in _chrome_blocks()]
    assert signatures == [PAGES] * 3


def test_every_page_loses_the_chrome_and_keeps_its_article() -> None:
    items = site_documents()
    memory = learn_site_memory(items, Settings(), workers=1)
    outcomes = list(process(in_batches(items), Settings(), memory=memory))
    assert len(outcomes) == PAGES
    for number, result in enumerate(outcomes, start=1):
        text = "\n".join(texts([result]))
        assert not has_chrome(text)
        assert paragraph(number, 1) in text and paragraph(number, 2) in text


def test_without_a_memory_the_chrome_stays() -> None:
    outcomes = list(process(in_batches(site_documents()), Settings()))
    assert all(has_chrome("\n".join(texts([result]))) for result in outcomes)


def test_outcomes_do_not_depend_on_the_number_of_workers() -> None:
    items = site_documents()
    memory = learn_site_memory(items, Settings(), workers=2)
    one = list(process(in_batches(items), Settings(), 1, memory=memory))
    two = list(process(in_batches(items), Settings(), 2, memory=memory))
    three = list(process(in_batches(items, 3), Settings(), 3, memory=memory))
    assert one == two == three


def test_process_does_not_change_the_memory_it_is_given() -> None:
    items = site_documents(5)
    memory = learn_site_memory(items, Settings())
    before = memory.to_json()
    list(process(in_batches(items), Settings(), memory=memory))
    assert memory.to_json() == before


def test_a_source_named_twice_counts_once_and_failures_count_for_nothing() -> None:
    items = site_documents(3)
    noisy: list[Document | Unreadable] = [
        *items,
        items[0],
        Unreadable("gone.html", "gone.html", "InputError", "gone"),
    ]
    assert learn_site_memory(noisy, Settings()) == learn_site_memory(items, Settings())


def test_learning_into_a_frozen_memory_is_refused() -> None:
    with pytest.raises(TypeError, match="frozen"):
        learn_site_memory([], Settings(), memory=SiteMemory().frozen())


def _chrome_blocks() -> list[Any]:
    from pagechunk import parse_html

    blocks = parse_html(site_page(1)).blocks
    return [block for block in blocks if block.text in CHROME]


def _run(paths: list[str], out: Path, *options: str) -> int:
    return cli.main(["chunk", *paths, "-o", str(out), "--workers", "1", "-q", *options])


def test_the_command_drops_the_chrome_and_stores_the_memory(tmp_path: Path) -> None:
    paths = write_site(tmp_path / "site")
    out = tmp_path / "out.jsonl"

    assert _run(paths, out, "--site-memory") == 0

    records = read_jsonl(out)
    assert len({record["url"] for record in records}) == PAGES
    assert not any(has_chrome(record["text"]) for record in records)
    manifest = Manifest(f"{out}.manifest.sqlite")
    try:
        stored = manifest.site_memory()
    finally:
        manifest.close()
    items = [Document(Path(path).read_bytes(), url=path) for path in paths]
    assert stored == learn_site_memory(items, Settings(site_memory=True))


def test_without_the_option_the_command_keeps_the_chrome(tmp_path: Path) -> None:
    paths = write_site(tmp_path / "site", 4)
    out = tmp_path / "out.jsonl"
    assert _run(paths, out) == 0
    assert any(has_chrome(record["text"]) for record in read_jsonl(out))


def test_a_resumed_run_cleans_against_the_stored_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = write_site(tmp_path / "site")
    whole = tmp_path / "whole.jsonl"
    assert _run(paths, whole, "--site-memory") == 0

    out = tmp_path / "out.jsonl"
    real_process = process

    def interrupted(*args: Any, **kwargs: Any) -> Iterator[Outcome]:
        for count, result in enumerate(real_process(*args, **kwargs)):
            if count == 9:
                raise KeyboardInterrupt
            yield result

    monkeypatch.setattr(run, "process", interrupted)
    assert _run(paths, out, "--site-memory") == 130
    monkeypatch.setattr(run, "process", real_process)

    def no_second_learning(*args: Any, **kwargs: Any) -> SiteMemory:
        raise AssertionError("a resumed run learns nothing again")

    monkeypatch.setattr(run, "learn_site_memory", no_second_learning)
    assert _run(paths, out, "--site-memory", "--resume") == 0
    assert out.read_bytes() == whole.read_bytes()


def test_resuming_with_another_site_memory_option_is_refused(tmp_path: Path) -> None:
    paths = write_site(tmp_path / "site", 3)
    out = tmp_path / "out.jsonl"
    assert _run(paths, out, "--site-memory") == 0
    assert _run(paths, out, "--resume") == 2


def test_reprocess_cleans_against_the_stored_memory(tmp_path: Path) -> None:
    paths = write_site(tmp_path / "site", 6)
    out = tmp_path / "out.jsonl"
    assert _run(paths, out, "--site-memory") == 0
    before = out.read_bytes()
    manifest = f"{out}.manifest.sqlite"
    with sqlite3.connect(manifest) as connection:
        connection.execute("UPDATE documents SET pipeline_version = 'old'")

    assert cli.main(["reprocess", manifest, "--workers", "1", "-q"]) == 0

    assert out.read_bytes() == before
    assert not any(has_chrome(record["text"]) for record in read_jsonl(out))


@pytest.mark.parametrize(
    "options",
    [["-", "--site-memory"], ["a.html", "--site-memory", "--dask-scheduler", "x:1"]],
)
def test_the_option_refuses_what_cannot_be_read_twice(
    tmp_path: Path, options: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(["chunk", "-o", str(tmp_path / "out.jsonl"), *options])
    assert exit_.value.code == 2
    assert "--site-memory takes neither" in capsys.readouterr().err


def test_a_corrupt_stored_memory_is_reported(tmp_path: Path) -> None:
    paths = write_site(tmp_path / "site", 2)
    out = tmp_path / "out.jsonl"
    assert _run(paths, out, "--site-memory") == 0
    with sqlite3.connect(f"{out}.manifest.sqlite") as connection:
        connection.execute("UPDATE run SET value = '[' WHERE name = 'site_memory'")
    assert _run(paths, out, "--site-memory", "--resume") == 2
