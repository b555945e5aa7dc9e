"""The ``pagechunk`` command, run in-process and once as an installed script."""

from __future__ import annotations

import gzip
import http.server
import io
import json
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

import pagechunk
from pagechunk import cli

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "article.html"
FIELDS = (
    "url",
    "title",
    "heading",
    "position",
    "text",
    "chars",
    "noindex",
    "lang",
    "start",
    "end",
    "page_type",
    "confidence",
    "tokens",
    "id",
    "digest",
    "source",
    "headline",
    "author",
    "published",
    "modified",
    "description",
    "site_name",
    "canonical_url",
    "image",
    "tags",
    "license",
)

CAFE_PAGE = (
    "<html><head><title>Caf\u00e9 notes</title></head><body><main>"
    "<h1>Caf\u00e9 cr\u00e8me</h1>"
    "<p>A caf\u00e9 cr\u00e8me is espresso with hot milk; the accents in this "
    "sentence only survive when the declared charset is used to decode it.</p>"
    "</main></body></html>"
)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list, str]:
    """Run the command; return its status, the JSON records and stderr."""
    status = cli.main(list(argv))
    captured = capsys.readouterr()
    records = [json.loads(line) for line in captured.out.splitlines()]
    return status, records, captured.err


def body_of(record: dict) -> str:
    return record["text"].split("\n\n", 1)[-1]


def test_example_page_prints_clean_chunks(capsys):
    status, records, err = run(capsys, str(EXAMPLE))

    assert status == 0
    assert err == ""
    assert records
    assert all(tuple(record) == FIELDS for record in records)
    assert {record["lang"] for record in records} == {"en"}
    assert {record["page_type"] for record in records} == {"article"}
    assert [record["position"] for record in records] == list(range(len(records)))
    assert all(record["chars"] == len(record["text"]) for record in records)
    assert all(record["url"] == str(EXAMPLE) for record in records)
    assert {record["title"] for record in records} == {
        "Rotating log files without losing lines | Field Notes"
    }
    assert not any(record["noindex"] for record in records)
    everything = "\n".join(record["text"] for record in records)
    for article_text in (
        "Every long-running service writes logs",
        "Size only | Yes | No | Embedded devices with small disks",
        "Signal the process after renaming",
        "    delaycompress\n",
        "count the lines across the old and new files",
    ):
        assert article_text in everything
    for chrome_text in (
        "Sign in",
        "We use cookies",
        "Accept all",
        "Search the notes",
        "Popular notes",
        "Subscribe",
        "All rights reserved",
    ):
        assert chrome_text not in everything
    headings = {record["heading"] for record in records}
    assert (
        "Rotating log files without losing lines › Two ways to decide when"
        " › Rotating by time"
    ) in headings


def test_gzip_file_reads_like_the_plain_file(capsys, tmp_path):
    packed = tmp_path / "article.html.gz"
    packed.write_bytes(gzip.compress(EXAMPLE.read_bytes()))

    _, plain, _ = run(capsys, str(EXAMPLE))
    status, unpacked, err = run(capsys, str(packed))

    assert (status, err) == (0, "")
    assert [body_of(r) for r in unpacked] == [body_of(r) for r in plain]


def test_dash_reads_standard_input(capsys, monkeypatch):
    stdin = io.TextIOWrapper(io.BytesIO(EXAMPLE.read_bytes()))
    monkeypatch.setattr(sys, "stdin", stdin)

    _, from_file, _ = run(capsys, str(EXAMPLE))
    status, from_stdin, err = run(capsys, "-")

    assert (status, err) == (0, "")
    assert [r["url"] for r in from_stdin] == ["-"] * len(from_file)
    assert [r["text"] for r in from_stdin] == [r["text"] for r in from_file]


def test_a_bad_input_is_reported_and_the_others_still_run(capsys, tmp_path):
    missing = tmp_path / "missing.html"
    broken = tmp_path / "broken.html.gz"
    broken.write_bytes(gzip.compress(b"<p>cut short</p>")[:12])

    status, records, err = run(capsys, str(missing), str(EXAMPLE), str(broken))

    assert status == 1
    lines = err.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith(f"pagechunk: {missing}: ")
    assert lines[1].startswith(f"pagechunk: {broken}: ")
    assert records
    assert {r["url"] for r in records} == {str(EXAMPLE)}


def test_other_url_schemes_are_refused(capsys):
    status, records, err = run(capsys, "ftp://files.example/page.html")

    assert (status, records) == (1, [])
    assert err == (
        "pagechunk: ftp://files.example/page.html: "
        "cannot fetch ftp: URLs, only http and https\n"
    )


def test_empty_file_prints_nothing(capsys, tmp_path):
    empty = tmp_path / "empty.html"
    empty.write_bytes(b"")

    assert run(capsys, str(empty)) == (0, [], "")


def test_sizes_and_prefix_options(capsys):
    _, default, _ = run(capsys, str(EXAMPLE))
    status, small, _ = run(capsys, str(EXAMPLE), "--max-chars", "300")
    _, bare, _ = run(capsys, str(EXAMPLE), "--no-prefix", "--target-chars", "none")

    assert status == 0
    assert len(small) > len(default)
    assert all(r["chars"] <= 300 for r in small)
    assert not any(r["text"].startswith("Rotating log files") for r in bare)
    assert "Every long-running service writes logs" in bare[0]["text"]


def test_url_option_sets_the_url_of_every_chunk(capsys):
    status, records, _ = run(
        capsys, str(EXAMPLE), "--url", "https://notes.example/log-rotation"
    )

    assert status == 0
    assert {r["url"] for r in records} == {"https://notes.example/log-rotation"}


def test_no_clean_keeps_at_least_as_much_text(capsys):
    _, cleaned, _ = run(capsys, str(EXAMPLE))
    status, raw, _ = run(capsys, str(EXAMPLE), "--no-clean")

    assert status == 0
    assert sum(r["chars"] for r in raw) >= sum(r["chars"] for r in cleaned)


def test_noindex_page(capsys, tmp_path):
    page = tmp_path / "private.htm"
    page.write_text(
        '<html><head><meta name="robots" content="noindex, follow"></head>'
        "<body><p>Nothing to see here, but the text is still chunked.</p>"
        "</body></html>",
        encoding="utf-8",
    )

    status, records, _ = run(capsys, str(page))

    assert status == 0
    assert [r["noindex"] for r in records] == [True]


@pytest.mark.parametrize("bad_size", ["0", "-5", "lots"])
def test_bad_sizes_are_usage_errors(capsys, bad_size):
    with pytest.raises(SystemExit) as stop:
        cli.main([str(EXAMPLE), "--max-chars", bad_size])

    assert stop.value.code == 2
    assert "--max-chars" in capsys.readouterr().err


def test_no_input_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main([])

    assert stop.value.code == 2


def test_version(capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["--version"])

    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"pagechunk {pagechunk.__version__}"


def test_a_registered_command_takes_over_its_name(capsys, monkeypatch, tmp_path):
    calls = []
    monkeypatch.setitem(cli.COMMANDS, "chunk", lambda argv: calls.append(argv) or 0)
    page = tmp_path / "chunk"
    page.write_text("<p>A page whose file is named like the command.</p>")

    assert cli.main(["chunk", "a.html", "-o", "out"]) == 0
    assert calls == [["a.html", "-o", "out"]]
    status, records, _ = run(capsys, str(page))
    assert status == 0
    assert "named like the command" in records[0]["text"]


class _Handler(http.server.BaseHTTPRequestHandler):
    routes: dict[str, tuple[int, dict[str, str], bytes]] = {
        "/cafe": (
            200,
            {"Content-Type": "text/html; charset=windows-1252"},
            CAFE_PAGE.encode("windows-1252"),
        ),
        "/old-cafe": (301, {"Location": "/cafe"}, b""),
        "/packed": (
            200,
            {"Content-Type": "text/html; charset=utf-8"},
            gzip.compress(CAFE_PAGE.encode("utf-8")),
        ),
        "/report.pdf": (200, {"Content-Type": "application/pdf"}, b"%PDF-1.7"),
        "/cafe-fr": (
            200,
            {"Content-Type": "text/html", "Content-Language": "fr-CA, fr"},
            CAFE_PAGE.encode("ascii", "xmlcharrefreplace"),
        ),
    }

    def do_GET(self) -> None:
        status, headers, body = self.routes.get(self.path, (404, {}, b"not here"))
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_url_is_fetched_and_decoded_by_its_charset(capsys, server):
    status, records, err = run(capsys, f"{server}/old-cafe")

    assert (status, err) == (0, "")
    assert {r["url"] for r in records} == {f"{server}/cafe"}
    assert records[0]["title"] == "Caf\u00e9 notes"
    assert "A caf\u00e9 cr\u00e8me is espresso" in records[0]["text"]


def test_a_fetched_pages_content_language_is_its_lang(capsys, server):
    status, records, _ = run(capsys, f"{server}/cafe-fr", f"{server}/cafe")

    assert status == 0
    assert [(r["url"], r["lang"]) for r in records] == [
        (f"{server}/cafe-fr", "fr-CA"),
        (f"{server}/cafe", ""),
    ]


def test_gzipped_response_body_is_unpacked(capsys, server):
    status, records, _ = run(capsys, f"{server}/packed")

    assert status == 0
    assert "A caf\u00e9 cr\u00e8me is espresso" in records[0]["text"]


def test_fetch_errors_are_reported_per_url(capsys, server):
    status, records, err = run(
        capsys, f"{server}/gone", f"{server}/report.pdf", f"{server}/cafe"
    )

    assert status == 1
    assert err.splitlines() == [
        f"pagechunk: {server}/gone: HTTP 404 Not Found",
        f"pagechunk: {server}/report.pdf: not an HTML page: application/pdf",
    ]
    assert {r["url"] for r in records} == {f"{server}/cafe"}


def test_console_script_runs_on_the_example():
    beside_python = Path(sys.executable).with_name("pagechunk")
    script = str(beside_python) if beside_python.exists() else shutil.which("pagechunk")
    assert script, "the pagechunk console script is not installed"

    result = subprocess.run(
        [script, str(EXAMPLE), "--max-chars", "800"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
    )

    assert result.returncode == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert records
    assert all(r["chars"] <= 800 for r in records)


def test_module_runs_as_a_script():
    result = subprocess.run(
        [sys.executable, "-m", "pagechunk", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )

    assert result.returncode == 0
    assert result.stdout.split() == ["pagechunk", pagechunk.__version__]


def test_title_suffix_auto_drops_the_site_name_from_titles_and_prefixes(capsys):
    # The site name "Field Notes" matches the host; nothing names it else.
    url = ("--url", "https://www.fieldnotes.example/log-rotation")
    _, kept, _ = run(capsys, str(EXAMPLE), *url)
    status, dropped, err = run(capsys, str(EXAMPLE), *url, "--title-suffix", "auto")
    _, unmatched, _ = run(capsys, str(EXAMPLE), "--title-suffix", "auto")

    assert status == 0
    assert err == ""
    assert {record["title"] for record in kept} == {
        "Rotating log files without losing lines | Field Notes"
    }
    assert {record["title"] for record in dropped} == {
        "Rotating log files without losing lines"
    }
    assert dropped[0]["text"].startswith("Rotating log files without losing lines\n\n")
    assert [body_of(r) for r in dropped] == [body_of(r) for r in kept]
    assert {record["title"] for record in unmatched} == {
        "Rotating log files without losing lines | Field Notes"
    }


def test_title_suffix_accepts_only_auto(capsys):
    with pytest.raises(SystemExit) as stopped:
        cli.main([str(EXAMPLE), "--title-suffix", "always"])
    assert stopped.value.code == 2
    assert "invalid choice" in capsys.readouterr().err
