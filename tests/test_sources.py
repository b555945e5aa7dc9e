"""Reading batch inputs: directories, Markdown, standard input and WARC archives."""

from __future__ import annotations

import errno
import gzip
import io
import os
from pathlib import Path

import pytest

from batch_pages import deep_folder, http_response, write_warc
from pagechunk.batch.sources import (
    Document,
    Unreadable,
    documents,
    input_paths,
    read_input,
    read_sources,
)

CAFE = "<html><title>Caf\u00e9</title><main><p>Caf\u00e9 cr\u00e8me.</p></main></html>"


def test_a_directory_gives_its_pages_at_any_depth_sorted_by_path(tmp_path):
    for name in ("b.html", "a/z.htm", "a/y.html.gz", "c.txt", "d.md", "e.warc"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("<p>x</p>")

    assert list(input_paths([str(tmp_path), "-"])) == [
        str(tmp_path / "a" / "y.html.gz"),
        str(tmp_path / "a" / "z.htm"),
        str(tmp_path / "b.html"),
        "-",
    ]


def test_markdown_files_are_read_as_markdown(tmp_path):
    (tmp_path / "notes.md").write_text("# Notes")
    (tmp_path / "page.html").write_text("<p>x</p>")

    assert read_input(str(tmp_path / "notes.md")).markdown
    assert not read_input(str(tmp_path / "page.html")).markdown


def test_gzipped_files_stay_packed_until_their_content_is_asked_for(tmp_path):
    path = tmp_path / "page.html.gz"
    path.write_bytes(gzip.compress(b"<p>packed</p>"))

    document = read_input(str(path))

    assert document.data == path.read_bytes()
    assert document.content() == b"<p>packed</p>"


def test_standard_input_is_one_document():
    (document,) = documents(["-"], stdin=io.BytesIO(b"<p>piped</p>"))

    assert (document.key, document.data) == ("-", b"<p>piped</p>")


def test_a_missing_file_is_unreadable_in_its_place(tmp_path):
    (tmp_path / "there.html").write_text("<p>x</p>")
    missing = str(tmp_path / "missing.html")

    items = list(documents([missing, str(tmp_path / "there.html")]))

    assert isinstance(items[0], Unreadable)
    assert (items[0].source, items[0].error) == (missing, "InputError")
    assert isinstance(items[1], Document)


@pytest.fixture
def crawl(tmp_path: Path) -> Path:
    """A WARC with pages, and responses that are not pages."""
    pytest.importorskip("fastwarc")
    path = tmp_path / "crawl.warc.gz"
    latin = CAFE.encode("latin-1")
    write_warc(
        path,
        [
            (
                "https://cafe.example/",
                http_response(latin, "text/html; charset=latin-1"),
            ),
            (
                "https://cafe.example/gone",
                http_response(b"gone", status="404 Not Found"),
            ),
            ("https://cafe.example/logo.png", http_response(b"\x89PNG", "image/png")),
            (
                "https://cafe.example/packed",
                http_response(
                    gzip.compress(latin),
                    "text/html; charset=latin-1",
                    Content_Encoding="gzip",
                ),
            ),
            (
                "https://cafe.example/x",
                http_response(b"<p>x</p>", "application/xhtml+xml"),
            ),
        ],
    )
    return path


def test_a_warc_gives_its_html_pages_fetched_with_status_200(crawl):
    pages = list(documents([str(crawl)]))

    assert [page.key for page in pages] == [f"{crawl}#1", f"{crawl}#4", f"{crawl}#5"]
    first, packed, xhtml = pages
    assert (first.url, first.base_url) == (
        "https://cafe.example/",
        "https://cafe.example/",
    )
    assert first.encoding == "latin-1"
    assert first.content() == CAFE.encode("latin-1")
    assert packed.content() == CAFE.encode("latin-1")
    assert xhtml.url == "https://cafe.example/x"


def test_warc_records_are_read_again_by_their_keys(crawl, tmp_path):
    again = list(read_sources([f"{crawl}#5", f"{crawl}#1", "-"]))

    assert [item.key for item in again] == [f"{crawl}#1", f"{crawl}#5", "-"]
    assert isinstance(again[2], Unreadable)


def test_warc_records_that_are_gone_are_unreadable(crawl, tmp_path):
    again = list(read_sources([f"{crawl}#12", f"{crawl}#2", f"{crawl}#1"]))

    assert [item.key for item in again] == [f"{crawl}#1", f"{crawl}#2", f"{crawl}#12"]
    assert isinstance(again[0], Document)
    assert [item.message for item in again[1:]] == [  # type: ignore[union-attr]
        "not an HTML page",
        "no such record any more",
    ]
    missing = tmp_path / "gone.warc.gz"
    assert [item.key for item in read_sources([f"{missing}#3", f"{missing}#1"])] == [
        f"{missing}#1",
        f"{missing}#3",
    ]


def test_a_cut_off_warc_keeps_the_pages_before_the_break(crawl, tmp_path):
    cut = tmp_path / "cut.warc.gz"
    data = crawl.read_bytes()
    cut.write_bytes(data[: len(data) - 40])

    items = list(documents([str(cut)]))

    assert all(isinstance(item, Document) for item in items[:-1])
    assert isinstance(items[-1], Unreadable)
    assert items[-1].source.startswith(f"{cut}#")


def test_a_warc_response_keeps_its_content_language_header(tmp_path):
    pytest.importorskip("fastwarc")
    path = tmp_path / "lang.warc.gz"
    write_warc(
        path,
        [
            (
                "https://cafe.example/de",
                http_response(b"<p>Kaffee.</p>", content_language="de-DE, en"),
            ),
            ("https://cafe.example/none", http_response(b"<p>Coffee.</p>")),
        ],
    )

    pages = list(documents([str(path)]))

    assert [page.content_language for page in pages] == [  # type: ignore[union-attr]
        "de-DE, en",
        None,
    ]


# Odd files and directories ---------------------------------------------------


def test_a_fifo_is_reported_without_being_opened(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "a.html").write_text("<p>a</p>")
    os.mkfifo(site / "b.html")  # no writer: opening it blocking would hang

    items = list(documents([str(site)]))

    assert isinstance(items[0], Document)
    assert isinstance(items[1], Unreadable)
    assert (items[1].source, items[1].message) == (
        str(site / "b.html"),
        "not a regular file but a FIFO; it is not read",
    )


def test_a_fifo_named_as_an_input_is_reported_too(tmp_path):
    os.mkfifo(tmp_path / "pipe.html")
    os.mkfifo(tmp_path / "pipe.warc")

    items = list(documents([str(tmp_path / "pipe.html"), str(tmp_path / "pipe.warc")]))

    assert [item.message for item in items] == [  # type: ignore[union-attr]
        "not a regular file but a FIFO; it is not read"
    ] * 2


def test_a_character_device_is_reported(tmp_path):
    (item,) = documents([os.devnull])

    assert isinstance(item, Unreadable)
    assert item.message == "not a regular file but a character device; it is not read"


def test_a_directory_that_cannot_be_listed_is_an_error_in_its_place(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "a.html").write_text("<p>a</p>")
    (site / "z.html").write_text("<p>z</p>")
    (site / "m").mkdir()
    too_long = deep_folder(site / "m", 4096)

    items = list(documents([str(site)]))

    assert [type(item).__name__ for item in items] == [
        "Document",
        "Unreadable",
        "Document",
    ]
    assert items[1].key == too_long
    assert items[1].message == os.strerror(errno.ENAMETOOLONG)  # type: ignore[union-attr]


@pytest.mark.skipif(os.geteuid() == 0, reason="root may list any directory")
def test_a_directory_without_permission_is_an_error_in_its_place(tmp_path):
    locked = tmp_path / "site" / "locked"
    locked.mkdir(parents=True)
    (locked / "a.html").write_text("<p>a</p>")
    locked.chmod(0)
    try:
        items = list(documents([str(tmp_path / "site")]))
    finally:
        locked.chmod(0o755)

    (item,) = items
    assert isinstance(item, Unreadable)
    assert (item.key, item.message) == (str(locked), os.strerror(errno.EACCES))


def test_a_file_name_that_is_not_utf8_is_read_and_keeps_its_bytes(tmp_path):
    folder = os.fsencode(tmp_path)
    with open(os.path.join(folder, b"x\xff.html"), "wb") as page:
        page.write(b"<p>odd name</p>")

    (item,) = documents([str(tmp_path)])

    assert isinstance(item, Document)
    assert os.fsencode(item.key) == os.path.join(folder, b"x\xff.html")
    assert item.content() == b"<p>odd name</p>"
