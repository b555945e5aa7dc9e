"""Runs cannot corrupt each other: the output's lock, resuming with the same
inputs, an output that is an input, and reprocessing a copied run."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from batch_pages import article, read_jsonl, write_pages
from pagechunk import cli
from pagechunk.batch.run import chunk_inputs
from pagechunk.batch.settings import Settings
from pagechunk.batch.sinks import OutputError, OutputFiles, locked

HOLD_LOCK = """
import sys
from pagechunk.batch.sinks import OutputFiles, locked
with locked(OutputFiles(sys.argv[1])):
    print("held", flush=True)
    sys.stdin.read()
"""


def chunk(*argv: str) -> int:
    return cli.main(["chunk", *argv])


def wait_for(ready: Callable[[], bool], process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while not ready():
        assert process.poll() is None, "the run ended before it could be watched"
        assert time.monotonic() < deadline, "the run made no progress"
        time.sleep(0.005)


def size(path: Path) -> int:
    return path.stat().st_size if path.exists() else 0


@contextlib.contextmanager
def lock_held_elsewhere(output: Path):
    """Another process holding the output's lock, until the block ends by
    killing it with SIGKILL."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_LOCK, str(output)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline() == b"held\n"
        yield holder
    finally:
        holder.kill()
        holder.wait()


def test_a_run_on_an_output_another_process_holds_is_refused(tmp_path):
    pages = [str(path) for path in write_pages(tmp_path / "site", 2)]
    out = tmp_path / "out.jsonl"

    with lock_held_elsewhere(out) as holder:
        with pytest.raises(OutputError) as refused:
            chunk_inputs(pages, str(out), settings=Settings())
        assert str(refused.value) == (
            f"{out} is being written by another run (process {holder.pid}); "
            "wait for it to end, or write to another -o"
        )
        assert not out.exists()

    # Killed, the holder left no stale lock behind.
    tally = chunk_inputs(pages, str(out), settings=Settings())
    assert tally.documents == 2


def test_reprocess_waits_for_no_one_but_is_refused_while_a_run_writes(tmp_path):
    pages = [str(path) for path in write_pages(tmp_path / "site", 2)]
    out = tmp_path / "out.jsonl"
    chunk_inputs(pages, str(out), settings=Settings())

    with lock_held_elsewhere(out):
        assert cli.main(["reprocess", f"{out}.manifest.sqlite", "-q"]) == 2

    assert cli.main(["reprocess", f"{out}.manifest.sqlite", "-q"]) == 0


def test_two_runs_on_one_output_do_not_interleave(tmp_path, capsys):
    site = tmp_path / "site"
    write_pages(site, 300, sections=4)
    reference = tmp_path / "reference.jsonl"
    assert chunk(str(site), "-o", str(reference), "--workers", "1", "-q") == 0
    out = tmp_path / "out.jsonl"
    command = [sys.executable, "-m", "pagechunk", "chunk", str(site), "-o", str(out)]
    first = subprocess.Popen([*command, "--workers", "1", "-q"], cwd=tmp_path)
    try:
        wait_for(lambda: size(out) > 0, first)

        assert chunk(str(site), "-o", str(out), "--workers", "1", "-q") == 2
        assert "is being written by another run" in capsys.readouterr().err
        assert first.wait(timeout=120) == 0
    finally:
        with contextlib.suppress(ProcessLookupError):
            first.kill()
    assert out.read_bytes() == reference.read_bytes()


def test_a_killed_run_leaves_no_lock_though_its_workers_live_on(tmp_path):
    site = tmp_path / "site"
    write_pages(site, 300, sections=4)
    out = tmp_path / "out.jsonl"
    command = [sys.executable, "-m", "pagechunk", "chunk", str(site), "-o", str(out)]
    run = subprocess.Popen(
        [*command, "--workers", "2", "-q"], cwd=tmp_path, start_new_session=True
    )
    try:
        wait_for(lambda: size(out) > 0, run)
        os.kill(run.pid, signal.SIGKILL)  # its workers notice only later
        run.wait()
        with locked(OutputFiles(str(out))):
            pass  # taken at once, though the workers may not have exited yet

        resumed = subprocess.run(
            [*command, "--workers", "1", "-q", "--resume"], cwd=tmp_path
        )
        assert resumed.returncode == 0
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(run.pid, signal.SIGKILL)


def test_resume_with_other_inputs_is_refused(tmp_path, capsys):
    pages = [str(path) for path in write_pages(tmp_path / "site", 3)]
    out = tmp_path / "out.jsonl"
    assert chunk(*pages[:2], "-o", str(out), "-q") == 0
    before = out.read_bytes()

    assert chunk(*pages, "-o", str(out), "-q", "--resume") == 2
    assert chunk(pages[1], pages[0], "-o", str(out), "-q", "--resume") == 2

    assert "was made from other inputs" in capsys.readouterr().err
    assert out.read_bytes() == before
    assert chunk(*pages[:2], "-o", str(out), "-q", "--resume") == 0


@pytest.mark.parametrize("which", ["output", "errors", "manifest"])
def test_an_output_that_is_an_input_is_refused(tmp_path, capsys, which):
    page = tmp_path / "page.html"
    page.write_text(article(1), encoding="utf-8")
    out = {
        "output": page,
        "errors": tmp_path / "page",  # page.errors.jsonl below
        "manifest": tmp_path / "x",
    }[which]
    named = {
        "output": page,
        "errors": tmp_path / "page.errors.jsonl",
        "manifest": tmp_path / "x.manifest.sqlite",
    }[which]
    named.write_bytes(page.read_bytes())
    before = named.read_bytes()

    assert chunk(str(named), "-o", str(out), "-q") == 2

    assert f"{named} is an input" in capsys.readouterr().err
    assert named.read_bytes() == before


def test_an_output_reached_by_another_path_or_a_link_is_refused(tmp_path, capsys):
    page = tmp_path / "page.html"
    page.write_text(article(1), encoding="utf-8")
    (tmp_path / "link.html").symlink_to(page)
    before = page.read_bytes()

    assert chunk(str(page), "-o", str(tmp_path / "link.html"), "-q") == 2
    assert chunk(str(tmp_path / "." / "page.html"), "-o", str(page), "-q") == 2

    assert page.read_bytes() == before


def test_an_output_named_like_a_page_inside_an_input_folder_is_refused(
    tmp_path, capsys
):
    write_pages(tmp_path / "site", 2)

    status = chunk(str(tmp_path / "site"), "-o", str(tmp_path / "site" / "all.html"))

    assert status == 2
    assert "would be read as a page of the input" in capsys.readouterr().err
    assert not (tmp_path / "site" / "all.html").exists()
    beside = str(tmp_path / "site" / "all.jsonl")  # not read as a page
    assert chunk(str(tmp_path / "site"), "-o", beside, "-q") == 0


def make_stale(manifest: Path) -> None:
    with sqlite3.connect(manifest) as connection:
        connection.execute("UPDATE documents SET pipeline_version = '0.0.1+rules.0'")


def test_reprocess_of_a_copied_run_rewrites_the_copy_only(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    pages = write_pages(tmp_path / "site", 3)
    (tmp_path / "run").mkdir()
    assert chunk("site", "-o", "run/out.jsonl", "-q") == 0
    shutil.copytree(tmp_path / "run", tmp_path / "copy")
    original = {path.name: path.read_bytes() for path in (tmp_path / "run").iterdir()}
    make_stale(tmp_path / "copy" / "out.jsonl.manifest.sqlite")
    pages[1].write_text(article(50), encoding="utf-8")

    status = cli.main(["reprocess", "copy/out.jsonl.manifest.sqlite", "-q"])

    assert status == 0
    assert {
        path.name: path.read_bytes() for path in (tmp_path / "run").iterdir()
    } == original
    titles = [record["title"] for record in read_jsonl(tmp_path / "copy/out.jsonl")]
    assert "Article 50" in titles
    assert "Article 1" not in titles


def test_reprocess_of_a_moved_tree_reads_the_sources_where_they_now_are(tmp_path):
    tree = tmp_path / "tree"
    pages = write_pages(tree / "site", 2)
    (tree / "run").mkdir()
    subprocess.run(
        [sys.executable, "-m", "pagechunk", "chunk", "site", "-o", "run/o.jsonl"],
        cwd=tree,
        check=True,
    )
    pages[0].write_text(article(70), encoding="utf-8")
    moved = tmp_path / "moved"
    tree.rename(moved)
    make_stale(moved / "run" / "o.jsonl.manifest.sqlite")

    status = cli.main(["reprocess", str(moved / "run/o.jsonl.manifest.sqlite"), "-q"])

    assert status == 0
    titles = {record["title"] for record in read_jsonl(moved / "run" / "o.jsonl")}
    assert titles == {"Article 70", "Article 1"}


def test_reprocess_refuses_when_the_sources_cannot_be_found(tmp_path, capsys):
    tree = tmp_path / "tree"
    write_pages(tree / "site", 2)
    (tree / "run").mkdir()
    subprocess.run(
        [sys.executable, "-m", "pagechunk", "chunk", "site", "-o", "run/o.jsonl"],
        cwd=tree,
        check=True,
    )
    shutil.copytree(tree / "run", tmp_path / "elsewhere" / "deeper" / "run")
    shutil.rmtree(tree)
    copy = tmp_path / "elsewhere" / "deeper" / "run"
    make_stale(copy / "o.jsonl.manifest.sqlite")
    before = (copy / "o.jsonl").read_bytes()

    assert cli.main(["reprocess", str(copy / "o.jsonl.manifest.sqlite")]) == 2

    assert "is gone, so its relative sources cannot be read" in capsys.readouterr().err
    assert (copy / "o.jsonl").read_bytes() == before
