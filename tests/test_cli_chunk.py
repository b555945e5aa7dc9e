"""``pagechunk chunk`` and ``pagechunk reprocess``: inputs, outputs, order,
errors, resuming after ``kill -9``, and redoing what an older version made."""

from __future__ import annotations

import contextlib
import gzip
import io
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from batch_pages import (
    MENU_MARKDOWN,
    article,
    deep_folder,
    http_response,
    page_record,
    read_jsonl,
    warc_record,
    write_pages,
    write_warc,
)
from pagechunk import cli
from pagechunk.batch import run
from pagechunk.batch.records import RECORD_FIELDS, doc_id, page_records
from pagechunk.batch.settings import Settings
from pagechunk.batch.sources import Document
from pagechunk.version import PIPELINE_VERSION


def chunk(*argv: str) -> int:
    return cli.main(["chunk", *argv])


def test_every_kind_of_input_in_one_run(tmp_path, monkeypatch, capsys):
    pytest.importorskip("fastwarc")
    write_pages(tmp_path / "site", 2)
    notes = tmp_path / "notes.md"
    notes.write_text(MENU_MARKDOWN, encoding="utf-8")
    crawl_file = tmp_path / "crawl.warc.gz"
    page = article(9).encode()
    response = http_response(page, Content_Language="en-GB")
    write_warc(crawl_file, [("https://news.example/9", response)])
    monkeypatch.setattr(
        sys, "stdin", io.TextIOWrapper(io.BytesIO(b"<p>piped page</p>"))
    )
    missing = str(tmp_path / "missing.html")
    out = tmp_path / "out.jsonl"

    status = chunk(
        str(tmp_path / "site"),
        str(notes),
        str(crawl_file),
        "-",
        missing,
        "-o",
        str(out),
    )

    assert status == 1
    records = read_jsonl(out)
    assert all(tuple(record) == RECORD_FIELDS for record in records)
    urls = list(dict.fromkeys(record["url"] for record in records))
    site = tmp_path / "site"
    assert urls == [
        str(site / "page-0000.html"),
        str(site / "page-0001.html"),
        str(notes),
        "https://news.example/9",
        "-",
    ]
    languages = {url: {r["lang"] for r in records if r["url"] == url} for url in urls}
    assert languages == {url: {"en-GB" if "news" in url else ""} for url in urls}
    (error,) = read_jsonl(Path(f"{out}.errors.jsonl"))
    assert (error["source"], error["error"]) == (missing, "InputError")
    assert "1 failed" in capsys.readouterr().err


def test_every_document_ends_as_records_or_one_error_line(tmp_path):
    pytest.importorskip("fastwarc")
    site = tmp_path / "site"
    write_pages(site, 2)
    (site / "empty.html").write_bytes(b"")
    os.mkfifo(site / "pipe.html")
    odd = os.path.join(os.fsencode(site), b"odd\xff.html")
    with open(odd, "wb") as page:
        page.write(article(5).encode())
    (site / "deep").mkdir()
    deep = deep_folder(site / "deep", 4096)
    broken = http_response(b"\x1f\x8b\x08\x00not gzip at all", Content_Encoding="gzip")
    crawl = tmp_path / "crawl.warc"
    crawl.write_bytes(
        page_record(1)
        + warc_record("https://x.example/2", broken)
        + page_record(3, content_length=120)
        + page_record(4)
        + page_record(5)[:-20]
    )
    out = tmp_path / "out.jsonl"

    assert chunk(str(site), str(crawl), "-o", str(out), "-q") == 1

    chunked = {record["doc_id"] for record in read_jsonl(out)}
    error_lines = read_jsonl(Path(f"{out}.errors.jsonl"))
    errors = [(line["source"], line["error"]) for line in error_lines]
    assert chunked == {
        doc_id(key)
        for key in [
            str(site / "page-0000.html"),
            str(site / "page-0001.html"),
            os.fsdecode(odd),
            f"{crawl}#1",
            f"{crawl}#4",
        ]
    }
    assert errors == [
        (deep, "InputError"),
        (str(site / "empty.html"), "NoChunks"),
        (str(site / "pipe.html"), "InputError"),
        (f"{crawl}#2", "WarcError"),
        (f"{crawl}#3", "WarcError"),
        (f"{crawl}#5", "WarcError"),
    ]


def test_a_clean_run_exits_0_and_quiet_prints_nothing(tmp_path, capsys):
    write_pages(tmp_path / "site", 2)
    out = tmp_path / "out.jsonl"

    assert chunk(str(tmp_path / "site"), "-o", str(out), "--quiet") == 0
    assert capsys.readouterr().err == ""
    assert Path(f"{out}.errors.jsonl").read_bytes() == b""


def test_options_mirror_the_library(tmp_path):
    (page,) = write_pages(tmp_path / "site", 1, sections=4, paragraphs=3)
    out = tmp_path / "out.jsonl"

    chunk(
        str(page),
        "-o",
        str(out),
        "-q",
        "--max-chars",
        "300",
        "--no-prefix",
        "--url",
        "https://a.example/p",
    )

    expected = page_records(
        Document(page.read_bytes(), url=str(page)),
        Settings(url="https://a.example/p").with_values(max_chars=300, prefix=False),
    )
    assert read_jsonl(out) == expected
    assert max(record["chars"] for record in expected) <= 300


def broken_site(folder: Path, count: int, **size: int) -> Path:
    """Pages with two broken gzip files among them."""
    write_pages(folder, count, **size)
    for number in (3, count - 2):
        packed = gzip.compress(article(number).encode())
        (folder / f"page-{number:04d}.html").unlink()
        (folder / f"page-{number:04d}.html.gz").write_bytes(packed[: len(packed) // 2])
    return folder


def test_output_is_the_same_with_one_worker_or_two(tmp_path):
    site = broken_site(tmp_path / "site", 40)
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"

    assert chunk(str(site), "-o", str(one), "--workers", "1", "-q") == 1
    assert chunk(str(site), "-o", str(two), "--workers", "2", "-q") == 1

    assert one.read_bytes() == two.read_bytes()
    assert (
        Path(f"{one}.errors.jsonl").read_bytes()
        == Path(f"{two}.errors.jsonl").read_bytes()
    )
    assert len(read_jsonl(Path(f"{one}.errors.jsonl"))) == 2


def test_parquet_output_holds_the_records_and_resumes(tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    site = tmp_path / "site"
    write_pages(site, 5)
    out = tmp_path / "out.parquet"
    reference = tmp_path / "reference.jsonl"

    assert chunk(str(site), "-o", str(out), "-q") == 0
    chunk(str(site), "-o", str(reference), "-q")
    assert pq.read_table(out).to_pylist() == read_jsonl(reference)
    assert not Path(f"{out}.spool.jsonl").exists()

    write_pages(site, 7)
    assert chunk(str(site), "-o", str(out), "-q", "--resume") == 0
    chunk(str(site), "-o", str(reference), "-q")
    assert pq.read_table(out).to_pylist() == read_jsonl(reference)


def test_resume_with_other_options_is_a_usage_error(tmp_path, capsys):
    write_pages(tmp_path / "site", 1)
    out = str(tmp_path / "out.jsonl")
    chunk(str(tmp_path / "site"), "-o", out, "-q")

    assert chunk(str(tmp_path / "site"), "-o", out, "-q", "--resume", "--no-clean") == 2
    assert "other options" in capsys.readouterr().err


def test_dask_scheduler_does_not_resume(tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:
        chunk("a.html", "-o", "out.jsonl", "--resume", "--dask-scheduler", "tcp://x:1")
    assert stop.value.code == 2


def test_the_progress_bar_shows_on_a_terminal(tmp_path, monkeypatch, capsys):
    pytest.importorskip("tqdm")
    write_pages(tmp_path / "site", 3)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)

    chunk(str(tmp_path / "site"), "-o", str(tmp_path / "out.jsonl"), "--workers", "1")

    err = capsys.readouterr().err
    assert "pages/s" in err
    assert "chunks=" in err


# Killed and resumed -------------------------------------------------------------


def run_until_killed(
    command: list[str], cwd: Path, ready: Callable[[], bool], delay: float = 0.0
) -> None:
    """Start the command, and SIGKILL it ``delay`` seconds after ``ready()`` holds."""
    process = subprocess.Popen(
        command, cwd=cwd, start_new_session=True, stdout=subprocess.DEVNULL
    )
    try:
        deadline = time.monotonic() + 60
        while not ready():
            assert process.poll() is None, "the run ended before it could be killed"
            assert time.monotonic() < deadline, "the run made no progress"
            time.sleep(0.005)
        time.sleep(delay)
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
    finally:
        # Its workers exit on their own once they see it gone; make sure.
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)


def size(path: Path) -> int:
    return path.stat().st_size if path.exists() else 0


def test_a_killed_run_resumes_without_losing_or_repeating_records(tmp_path):
    site = broken_site(tmp_path / "site", 600, sections=6, paragraphs=2)
    reference = tmp_path / "reference.jsonl"
    assert chunk(str(site), "-o", str(reference), "--workers", "1", "-q") == 1
    out = tmp_path / "out.jsonl"
    command = [sys.executable, "-m", "pagechunk", "chunk", str(site), "-o", str(out)]
    command += ["--workers", "2", "-q"]

    # Once right after the output grows, once at a moment unrelated to it.
    run_until_killed(command, tmp_path, lambda: size(out) > 0)
    first_kill = size(out)
    resume = command + ["--resume"]
    run_until_killed(resume, tmp_path, lambda: size(out) > first_kill, delay=0.05)
    finished = subprocess.run(command + ["--resume"], cwd=tmp_path)

    assert finished.returncode == 1
    assert out.read_bytes() == reference.read_bytes()
    errors = Path(f"{out}.errors.jsonl").read_bytes()
    assert errors == Path(f"{reference}.errors.jsonl").read_bytes()
    assert len(errors.splitlines()) == 2


# Reprocessing -------------------------------------------------------------------


def test_reprocess_redoes_old_documents_oldest_first_in_place(tmp_path, monkeypatch):
    pages = write_pages(tmp_path / "site", 5)
    out = tmp_path / "out.jsonl"
    manifest = f"{out}.manifest.sqlite"
    assert chunk(str(tmp_path / "site"), "-o", str(out), "-q") == 0
    before = read_jsonl(out)
    with sqlite3.connect(manifest) as connection:
        connection.executemany(
            "UPDATE documents SET pipeline_version = '0.0.1+rules.0', processed_at = ? "
            "WHERE source = ?",
            [(2.0, str(pages[1])), (1.0, str(pages[3]))],
        )
    for number, page in enumerate(pages):
        page.write_text(article(100 + number), encoding="utf-8")
    pages[1].unlink()
    read_order: list[str] = []
    read_sources = run.read_sources

    def recorded(keys, **options):
        keys = list(keys)
        read_order.extend(keys)
        return read_sources(keys, **options)

    monkeypatch.setattr(run, "read_sources", recorded)

    assert cli.main(["reprocess", manifest, "--workers", "2", "-q"]) == 1

    assert read_order == [str(pages[3]), str(pages[1])]
    renewed = page_records(
        Document(pages[3].read_bytes(), url=str(pages[3])), Settings()
    )
    old = {url: [r for r in before if r["url"] == url] for url in map(str, pages)}
    assert read_jsonl(out) == [
        *old[str(pages[0])],
        *old[str(pages[2])],
        *renewed,
        *old[str(pages[4])],
    ]
    (error,) = read_jsonl(Path(f"{out}.errors.jsonl"))
    assert error["source"] == str(pages[1])
    with sqlite3.connect(manifest) as connection:
        assert set(connection.execute("SELECT pipeline_version FROM documents")) == {
            (PIPELINE_VERSION,)
        }

    assert cli.main(["reprocess", manifest, "-q"]) == 1
    assert read_jsonl(out) == [
        *old[str(pages[0])],
        *old[str(pages[2])],
        *renewed,
        *old[str(pages[4])],
    ]


def test_reprocess_needs_a_manifest(tmp_path, capsys):
    assert cli.main(["reprocess", str(tmp_path / "none.sqlite")]) == 2
    assert "no manifest" in capsys.readouterr().err
