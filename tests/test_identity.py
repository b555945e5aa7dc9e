"""Identity and repeats: chunk ids, the content digest, chunks that repeat an
earlier body, and ``pagechunk chunk --dedupe``."""

from __future__ import annotations

import hashlib
import json
import shutil

import pytest
from hypothesis import given
from hypothesis import strategies as st

from batch_pages import read_jsonl, write_pages
from pagechunk import Block, chunk_blocks, chunk_html, cli, extract
from pagechunk.batch.records import page_records
from pagechunk.batch.settings import Settings
from pagechunk.batch.sources import Document
from pagechunk.model import chunk_id

PAGE = (
    "<html><head><title>Guide</title>"
    "<link rel='canonical' href='https://example.org/guide'></head><body><main>"
    "<h2>One</h2><p>Sign up for our newsletter.</p>"
    "<h2>Two</h2><p>Install the package with pip.</p>"
    "<h2>Three</h2><p>Sign up for our newsletter.</p>"
    "</main></body></html>"
)


def test_a_repeated_body_is_emitted_once_and_positions_close_up():
    # Sections kept apart (not joined), so each body is a chunk's.
    chunks = chunk_html(PAGE, clean=False, join_under=None)
    assert [(c.heading, c.position) for c in chunks] == [("One", 0), ("Two", 1)]
    kept = chunk_html(PAGE, clean=False, drop_repeats=False, join_under=None)
    assert [(c.heading, c.position) for c in kept] == [
        ("One", 0),
        ("Two", 1),
        ("Three", 2),
    ]


def test_chunk_blocks_keeps_repeats():
    blocks = [Block("Same text.", "A"), Block("Same text.", "B")]
    assert [c.heading for c in chunk_blocks(blocks)] == ["A", "B"]
    assert [c.id for c in chunk_blocks(blocks)] == ["", ""]


def test_chunk_ids_are_the_digest_of_url_position_and_text():
    chunks = chunk_html(PAGE, clean=False)
    first = chunks[0]
    key = f"https://example.org/guide\x000\x00{first.text}".encode()
    assert first.id == hashlib.sha256(key).hexdigest()[:32]
    assert first.id == chunk_id(first.url, 0, first.text)
    assert len({c.id for c in chunks}) == len(chunks)
    assert [c.id for c in chunk_html(PAGE, clean=False)] == [c.id for c in chunks]
    assert first == chunks[0].__class__(first.text, first.heading, 0)  # not compared


def test_a_page_without_url_takes_its_digest_as_identity():
    page = "<main><p>Only text, no address.</p></main>"
    parsed = extract(page)
    (chunk,) = chunk_html(page)
    assert parsed.url == ""
    assert chunk.id == chunk_id(parsed.digest, 0, chunk.text)


def test_the_digest_is_of_the_cleaned_text_only():
    one = extract("<main><h1>T</h1><p>Same words.</p></main>")
    two = extract(
        "<html lang=de><body><nav><a href='/'>Home</a></nav><main><h1>T</h1>"
        "<p><b>Same</b> words.</p></main></body></html>",
        base_url="https://other.example/",
    )
    assert one.digest == two.digest
    assert one.digest == hashlib.sha256(b"T\n\nSame words.").hexdigest()
    assert extract("<main><p>Other words.</p></main>").digest != one.digest


@given(st.lists(st.sampled_from(["Alpha.", "Beta.", "Gamma."]), max_size=8))
def test_no_two_chunks_of_a_page_share_a_body(texts):
    body = "".join(f"<h2>H{i}</h2><p>{t}</p>" for i, t in enumerate(texts))
    chunks = chunk_html(
        f"<main>{body}</main>", clean=False, prefix=False, join_under=None
    )
    assert len({c.text for c in chunks}) == len(chunks)
    assert [c.position for c in chunks] == list(range(len(chunks)))
    assert {c.text for c in chunks} == set(texts)


def test_records_carry_id_digest_source_and_metadata():
    html = PAGE.replace(
        "</title>",
        "</title><meta name=author content='Ann Lee'>"
        "<meta property='article:published_time' content='2024-05-01'>",
    )
    document = Document(html.encode(), url="saved/guide.html")
    records = page_records(document, Settings())
    first = records[0]
    assert first["url"] == "https://example.org/guide"  # the canonical URL
    assert first["source"] == "saved/guide.html"
    assert first["id"] == chunk_html(html)[0].id
    assert first["digest"] == extract(html).digest
    assert (first["author"], first["published"], first["tags"]) == (
        "Ann Lee",
        "2024-05-01",
        [],
    )
    given_url = page_records(document, Settings(url="https://mirror.example/g"))
    assert given_url[0]["url"] == "https://mirror.example/g"


def test_a_page_without_canonical_keeps_its_path_as_url():
    document = Document(b"<main><p>Just text.</p></main>", url="notes/a.html")
    (record,) = page_records(document, Settings())
    assert (record["url"], record["source"]) == ("notes/a.html", "notes/a.html")


def test_dedupe_skips_a_copy_and_records_a_skip_line(tmp_path, capsys):
    (first,) = write_pages(tmp_path / "site", 1)
    shutil.copy(first, tmp_path / "site" / "page-copy.html")
    out = tmp_path / "out.jsonl"

    status = cli.main(["chunk", str(tmp_path / "site"), "-o", str(out), "--dedupe"])

    assert status == 0
    records = read_jsonl(out)
    assert {r["source"] for r in records} == {str(tmp_path / "site" / "page-0000.html")}
    (skip,) = read_jsonl(tmp_path / "out.jsonl.errors.jsonl")
    assert skip["skipped"] == "duplicate"
    assert skip["source"] == str(tmp_path / "site" / "page-copy.html")
    assert skip["duplicate_of"] == str(first)
    assert skip["digest"] == records[0]["digest"]
    assert "1 duplicates skipped" in capsys.readouterr().err

    again = tmp_path / "again.jsonl"
    assert cli.main(["chunk", str(tmp_path / "site"), "-o", str(again)]) == 0
    assert len(read_jsonl(again)) == 2 * len(records)


def test_parquet_has_typed_metadata_columns(tmp_path):
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    page = tmp_path / "p.html"
    page.write_text(
        "<html><head><meta name=keywords content='a, b'></head>"
        "<body><main><p>Some text here.</p></main></body></html>",
        encoding="utf-8",
    )
    out = tmp_path / "out.parquet"
    assert cli.main(["chunk", str(page), "-o", str(out)]) == 0
    table = pq.read_table(out)
    assert table.schema.field("tags").type == pa.list_(pa.string())
    assert table.column("tags").to_pylist() == [["a", "b"]]
    assert json.dumps(table.column("id").to_pylist()[0])


def test_dedupe_does_not_run_on_dask(tmp_path, capsys):
    out = str(tmp_path / "out.jsonl")
    args = ["chunk", "a.html", "-o", out, "--dedupe", "--dask-scheduler", "tcp://x"]
    with pytest.raises(SystemExit) as stop:
        cli.main(args)
    assert stop.value.code == 2
    assert "--dedupe does not run with --dask-scheduler" in capsys.readouterr().err
