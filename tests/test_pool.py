"""Documents on a pool of workers: input order, dead workers."""

from __future__ import annotations

import json
import multiprocessing
import os

import pytest

from batch_pages import article
from pagechunk.batch import records
from pagechunk.batch.pool import process
from pagechunk.batch.records import page_records
from pagechunk.batch.settings import Settings
from pagechunk.batch.sources import Document


def lines_of(data: bytes) -> list[dict]:
    return [json.loads(line) for line in data.splitlines()]


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
    monkeypatch.setattr(records, "page_records", _die_on_poison)
    items = [Document(article(n).encode(), url=f"{n}.html") for n in range(6)]
    items.insert(3, Document(b"<p>x</p>", url="poison.html"))

    results = list(process([items[:4], items[4:]], Settings(), workers=2))

    assert [result.source for result in results] == [item.key for item in items]
    assert [lines_of(r.error)[0]["error"] for r in results if r.error] == ["WorkerDied"]
    assert all(result.chunks for result in results if not result.error)
