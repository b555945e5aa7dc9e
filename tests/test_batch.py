"""Documents to records: fields, Markdown, error records, order on a pool."""

from __future__ import annotations

import gzip
import json
import multiprocessing
import os

import pytest

from batch_pages import MENU_MARKDOWN, article
from pagechunk import batch, chunk_html
from pagechunk.batch import (
    ERROR_FIELDS,
    RECORD_FIELDS,
    Settings,
    chunk_partition,
    doc_id,
    outcome,
    page_records,
    process,
)
from pagechunk.sources import Document, Unreadable


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


def documents_with_a_broken_one(count: int) -> list[Document]:
    items = [Document(article(n).encode(), url=f"{n}.html") for n in range(count)]
    items[count // 2] = Document(b"\x1f\x8bbroken", url="broken.html.gz")
    return items


def test_outcomes_come_in_input_order_whatever_the_workers():
    items = documents_with_a_broken_one(40)
    batches = [items[start : start + 3] for start in range(0, len(items), 3)]

    alone = list(process(batches, Settings(), workers=1))
    pooled = list(process(batches, Settings(), workers=2))

    assert pooled == alone
    assert [result.source for result in pooled] == [item.key for item in items]
    assert [bool(result.error) for result in pooled].count(True) == 1


def _die_on_poison(document, settings, **options):
    if document.url == "poison.html":
        os._exit(1)
    return page_records(document, settings, **options)


@pytest.mark.skipif(
    multiprocessing.get_start_method() != "fork",
    reason="the patched function reaches the workers only when they are forked",
)
def test_a_document_that_kills_its_worker_gets_an_error_record(monkeypatch):
    monkeypatch.setattr(batch, "page_records", _die_on_poison)
    items = [Document(article(n).encode(), url=f"{n}.html") for n in range(6)]
    items.insert(3, Document(b"<p>x</p>", url="poison.html"))

    results = list(process([items[:4], items[4:]], Settings(), workers=2))

    assert [result.source for result in results] == [item.key for item in items]
    assert [lines_of(r.error)[0]["error"] for r in results if r.error] == ["WorkerDied"]
    assert all(result.chunks for result in results if not result.error)


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
