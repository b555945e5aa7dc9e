"""The command line's help, ``pagechunk extract``, ``chunk -i LIST``, and
the closing summary's counts."""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

import pytest

from batch_pages import http_response, write_pages, write_warc
from pagechunk import cli
from pagechunk.html.pagetype import PAGE_TYPES

PAGE = (
    '<html lang="en"><title>Tea | Shop</title>'
    '<link rel="canonical" href="https://t.example/tea">'
    '<nav><a href="/">Home</a> <a href="/a">A</a> <a href="/b">B</a></nav>'
    '<main><h1>Tea</h1><p>Green <a href="/g">tea</a> is mild.</p>'
    "<ul><li>Sencha</li><li>Matcha</li></ul></main></html>"
)


@pytest.fixture
def page(tmp_path: Path) -> Path:
    path = tmp_path / "tea.html.gz"
    path.write_bytes(gzip.compress(PAGE.encode()))
    return path


def test_help_lists_the_subcommands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    for command in ("extract FILE_OR_URL", "chunk INPUT", "reprocess MANIFEST"):
        assert f"pagechunk {command}" in out


def test_extract_prints_markdown_under_its_metadata(
    page: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["extract", str(page)]) == 0
    out = capsys.readouterr().out
    # The page type and confidence come from models; their lines are checked
    # for shape, the rest exactly.
    lines = out.splitlines(keepends=True)
    typed = [line for line in lines if line.startswith(("page_type:", "confidence:"))]
    assert [line.split(":")[0] for line in typed] == ["page_type", "confidence"]
    assert "".join(line for line in lines if line not in typed) == (
        "---\n"
        f'source: "{page}"\n'
        'url: "https://t.example/tea"\n'
        'title: "Tea | Shop"\n'
        'lang: "en"\n'
        'headline: "Tea"\n'
        "---\n\n"
        "# Tea\n\nGreen tea is mild.\n\n- Sencha\n- Matcha\n"
    )


def test_extract_prints_text_and_json(
    page: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["extract", str(page), "--format", "text"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines(keepends=True)
    typed = [line for line in lines if line.startswith(("page_type:", "confidence:"))]
    assert len(typed) == 2
    assert "".join(line for line in lines if line not in typed) == (
        f"source: {page}\nurl: https://t.example/tea\ntitle: Tea | Shop\nlang: en\n"
        "headline: Tea\n"
        "\nTea\n\nGreen tea is mild.\n\nSencha\n\nMatcha\n"
    )
    assert cli.main(["extract", str(page), "--format", "json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert 0 <= printed.pop("confidence") <= 1
    assert printed.pop("page_type") in PAGE_TYPES
    assert printed == {
        "source": str(page),
        "url": "https://t.example/tea",
        "title": "Tea | Shop",
        "lang": "en",
        "headline": "Tea",
        "markdown": "# Tea\n\nGreen tea is mild.\n\n- Sencha\n- Matcha",
        "text": "Tea\n\nGreen tea is mild.\n\nSencha\n\nMatcha",
    }


def test_extract_reports_an_unreadable_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "missing.html"
    assert cli.main(["extract", str(missing)]) == 1
    err = capsys.readouterr().err
    assert err == f"pagechunk extract: {missing}: No such file or directory\n"


def test_chunk_reads_inputs_from_a_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pages = write_pages(tmp_path / "site", 3)
    listing = tmp_path / "inputs.txt"
    listing.write_text(f"# the crawl\n{pages[2]}\n\n  {pages[0]}  \n")
    out = tmp_path / "out.jsonl"
    argv = ["chunk", str(pages[1]), "-i", str(listing), "-o", str(out)]
    assert cli.main(argv) == 0
    records = [json.loads(line) for line in out.read_text().splitlines()]
    sources = list(dict.fromkeys(record["url"] for record in records))
    assert sources == [str(pages[1]), str(pages[2]), str(pages[0])]
    assert "3 documents (0 failed, 0 empty)" in capsys.readouterr().err


def test_chunk_without_inputs_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit:
        cli.main(["chunk", "-o", str(tmp_path / "out.jsonl")])
    assert exit.value.code == 2
    assert "give at least one INPUT, or -i LIST" in capsys.readouterr().err


def test_the_progress_bar_counts_towards_a_total(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("tqdm")
    write_pages(tmp_path / "site", 3)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    argv = ["chunk", str(tmp_path / "site"), "-o", str(tmp_path / "o.jsonl")]
    cli.main([*argv, "--workers", "1"])
    assert "3/3" in capsys.readouterr().err


def test_the_summary_counts_empty_pages_and_skipped_warc_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("fastwarc")
    crawl = tmp_path / "crawl.warc.gz"
    write_warc(
        crawl,
        [
            ("https://a.example/", http_response(PAGE.encode())),
            ("https://a.example/gone", http_response(b"", status="404 Not Found")),
            ("https://a.example/x.pdf", http_response(b"%PDF", "application/pdf")),
            ("https://a.example/old", http_response(b"", status="404 Not Found")),
            ("https://a.example/empty", http_response(b"<nav>menu</nav>")),
        ],
    )
    # An empty document is an error line too, so the run exits with 1.
    assert cli.main(["chunk", str(crawl), "-o", str(tmp_path / "out.jsonl")]) == 1
    summary = capsys.readouterr().err
    assert "2 documents (0 failed, 1 empty), 1 chunks in " in summary
    assert summary.endswith(
        "; 3 WARC records skipped (2 status 404, 1 application/pdf)\n"
    )
