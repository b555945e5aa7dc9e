"""Documents to records: fields, Markdown, error records, partitions."""

from __future__ import annotations

import gzip
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from batch_pages import MENU_MARKDOWN, article
from pagechunk import chunk_html, extract
from pagechunk.batch import records as records_module
from pagechunk.batch.records import (
    ERROR_FIELDS,
    RECORD_FIELDS,
    chunk_partition,
    doc_id,
    outcome,
    page_records,
)
from pagechunk.batch.settings import Settings
from pagechunk.batch.sources import Document, Unreadable


def lines_of(data: bytes) -> list[dict]:
    return [json.loads(line) for line in data.splitlines()]


def test_records_carry_the_chunks_and_the_document_id():
    html = article(7)
    document = Document(html.encode(), url="pages/7.html")

    records = page_records(document, Settings())

    chunks = chunk_html(html)
    assert [record["text"] for record in records] == [chunk.text for chunk in chunks]
    assert all(tuple(record) == RECORD_FIELDS for record in records)
    assert {record["doc_id"] for record in records} == {doc_id("pages/7.html")}
    assert {record["url"] for record in records} == {"pages/7.html"}
    assert {record["title"] for record in records} == {"Article 7"}
    assert [record["position"] for record in records] == list(range(len(records)))


POTS = (
    "<html lang='de-AT'><title>Pots</title><main><h1>Pots</h1><table>"
    "<tr><th>Name</th><th>Size</th></tr>"
    + "".join(f"<tr><td>Pot {n}</td><td>{n} litres</td></tr>" for n in range(1, 7))
    + "</table></main></html>"
)


def test_records_carry_what_a_citation_needs_and_repeat_table_headers():
    document = Document(POTS.encode(), url="pots.html")

    settings = Settings().with_values(target_chars=60, max_chars=80)
    records = page_records(document, settings)

    rows = "Name | Size\n\nPot {} | {} litres\n\nPot {} | {} litres"
    assert [record["text"] for record in records] == [
        "Pots\n\n" + rows.format(1, 1, 2, 2),
        "Pots\n\n" + rows.format(3, 3, 4, 4),
        "Pots\n\n" + rows.format(5, 5, 6, 6),
    ]
    assert {(record["title"], record["lang"]) for record in records} == {
        ("Pots", "de-AT")
    }
    markdown = extract(POTS).markdown
    assert [markdown[record["start"] : record["end"]] for record in records] == [
        "Name | Size\nPot 1 | 1 litres\nPot 2 | 2 litres",
        "Pot 3 | 3 litres\nPot 4 | 4 litres",
        "Pot 5 | 5 litres\nPot 6 | 6 litres",
    ]


@pytest.mark.parametrize(
    ("html", "header", "lang"),
    [
        ("<p>Ein Satz.</p>", "de-DE, en", "de-DE"),
        ("<html lang='fr'><p>Une phrase.</p></html>", "de-DE", "fr"),
        ("<p>A sentence.</p>", None, ""),
    ],
)
def test_content_language_names_the_language_of_a_page_that_does_not(
    html, header, lang
):
    document = Document(html.encode(), url="p.html", content_language=header)

    (record,) = page_records(document, Settings())

    assert record["lang"] == lang


def test_markdown_records_take_the_content_language():
    document = Document(
        b"# Bohnen\n\nEinweichen.\n", url="b.md", markdown=True, content_language="de"
    )

    (record,) = page_records(document, Settings())

    assert (record["title"], record["lang"], record["text"]) == (
        "Bohnen",
        "de",
        "Bohnen\n\nEinweichen.",
    )
    assert (record["start"], record["end"]) == (10, 21)


_sentence = st.from_regex(r"[A-Z][a-z]{1,9}( [a-z]{1,9}){0,30}\.", fullmatch=True)
_rows = st.lists(st.tuples(_sentence, _sentence), max_size=6)


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.lists(_sentence, min_size=1, max_size=4), max_size=4),
    _rows,
    st.integers(40, 400),
    st.sampled_from(["", "en", "pt-BR"]),
)
def test_records_are_the_chunks_of_chunk_html(paragraphs, rows, limit, lang):
    body = "".join(
        f"<h2>Part {n}</h2>" + "".join(f"<p>{text}</p>" for text in texts)
        for n, texts in enumerate(paragraphs)
    )
    cells = "".join(f"<tr><td>{a}</td><td>{b}</td></tr>" for a, b in rows)
    table = f"<table><thead><tr><th>A</th><th>B</th></tr></thead>{cells}</table>"
    html = f"<html lang='{lang}'><title>T</title><article>{body}{table}</article>"
    document = Document(html.encode(), url="https://x.example/t")

    settings = Settings().with_values(target_chars=limit, max_chars=limit)
    records = page_records(document, settings)

    chunks = chunk_html(
        html, base_url="https://x.example/t", target_chars=limit, max_chars=limit
    )
    fields = ("text", "heading", "position", "title", "lang", "start", "end")
    assert [tuple(record[name] for name in fields) for record in records] == [
        tuple(getattr(chunk, name) for name in fields) for chunk in chunks
    ]
    assert all(record["url"] == "https://x.example/t" for record in records)


def test_the_url_setting_is_every_documents_base_url():
    document = Document(article(1).encode(), url="a.html")

    records = page_records(document, Settings(url="https://news.example/a"))

    assert {record["url"] for record in records} == {"https://news.example/a"}


def test_document_ids_are_stable_and_differ_between_sources():
    assert doc_id("a.html") == doc_id("a.html")
    assert doc_id("a.html") != doc_id("b.html")


def test_markdown_from_the_web_is_cleaned_and_titled_by_its_first_heading():
    document = Document(MENU_MARKDOWN.encode(), url="beans.md", markdown=True)

    from_web = page_records(document, Settings(url="https://beans.example/"))
    local = page_records(document, Settings())

    assert {record["title"] for record in from_web} == {"Beans"}
    assert "About" not in " ".join(record["text"] for record in from_web)
    assert "About" in " ".join(record["text"] for record in local)


def test_a_broken_document_becomes_one_error_record():
    broken = Document(gzip.compress(b"<p>x</p>")[:12], url="broken.html.gz")

    result = outcome(broken, Settings())

    assert (result.records, result.chunks) == (b"", 0)
    (error,) = lines_of(result.error)
    assert tuple(error) == ERROR_FIELDS
    assert error["source"] == "broken.html.gz"
    assert error["error"] == "InputError"
    assert "gzip" in error["message"]


def test_an_unreadable_input_becomes_its_error_record():
    result = outcome(Unreadable("x.html", "x.html", "InputError", "gone"), Settings())

    assert lines_of(result.error)[0]["message"] == "gone"


@pytest.mark.parametrize(
    "data", [b"", b"<html><head><title>x</title></head><body></body></html>", b" "]
)
def test_a_document_that_gives_no_chunk_becomes_one_error_record(data):
    result = outcome(Document(data, url="empty.html"), Settings())

    assert (result.records, result.chunks) == (b"", 0)
    (error,) = lines_of(result.error)
    assert (error["source"], error["error"], error["message"]) == (
        "empty.html",
        "NoChunks",
        "the document gave no chunk",
    )


def test_chunk_partition_gives_the_no_chunk_error_as_a_run_does(tmp_path):
    (tmp_path / "empty.html").write_bytes(b"")

    records = list(chunk_partition([str(tmp_path / "empty.html")], errors=True))

    assert [record["error"] for record in records] == ["NoChunks"]


def test_chunk_partition_yields_the_records_of_files(tmp_path):
    page = tmp_path / "page.html"
    page.write_text(article(3), encoding="utf-8")
    missing = str(tmp_path / "missing.html")

    records = list(chunk_partition([str(page), missing]))
    with_errors = list(chunk_partition([str(page), missing], errors=True))

    assert records == page_records(
        Document(page.read_bytes(), url=str(page)), Settings()
    )
    assert with_errors[:-1] == records
    assert with_errors[-1]["source"] == missing
    assert "error" in with_errors[-1]


def test_memory_is_released_after_a_big_document_only(monkeypatch):
    releases: list[str] = []
    monkeypatch.setattr(records_module, "RELEASE_BYTES", 2_000)
    monkeypatch.setattr(
        records_module, "release_free_memory", lambda: releases.append("trim")
    )
    small = Document(article(1).encode()[:1_500], url="small.html")
    big = Document(article(2).encode().ljust(2_000), url="big.html")
    broken = Document(b"\x1f\x8b" + bytes(2_000), url="broken.html.gz")

    assert outcome(small, Settings()).chunks
    assert releases == []
    assert outcome(big, Settings()).chunks
    assert releases == ["trim"]
    assert outcome(broken, Settings()).error
    assert releases == ["trim", "trim"]
