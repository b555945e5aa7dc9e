"""Chunk records: what a batch makes of one document, and how it is written.

A chunk record is a dict with the fields of :data:`RECORD_FIELDS`; a document
that fails becomes one error record (:data:`ERROR_FIELDS`) instead, so a broken
page never stops a batch. An :class:`Outcome` holds one document's records as
JSON lines, ready to write: the manifest and the sinks read outcomes and know
nothing of how they were made. :func:`chunk_partition` is the work of a batch
as a plain function over paths, for Dask's ``map_partitions`` and Spark's
``mapPartitions``.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from pagechunk.batch.settings import Settings
from pagechunk.batch.sources import Document, Unreadable, read_path
from pagechunk.clean import SiteMemory
from pagechunk.html.metadata import METADATA_FIELDS
from pagechunk.pipeline import extract_page, markdown_page, page_chunks
from pagechunk.trim import RELEASE_BYTES, release_free_memory

__all__ = [
    "ERROR_FIELDS",
    "NO_CHUNKS",
    "PAGE_METADATA",
    "RECORD_FIELDS",
    "Item",
    "Outcome",
    "chunk_partition",
    "doc_id",
    "document_records",
    "error_record",
    "json_lines",
    "no_chunks",
    "outcome",
    "page_records",
    "skip_record",
]


NO_CHUNKS = "NoChunks"
"""The error name of a document that was read but gave no chunk."""
PAGE_METADATA = METADATA_FIELDS
"""The page metadata fields of a record, as :class:`~pagechunk.ParsedPage`
has them (``tags`` a list of strings)."""

RECORD_FIELDS = (
    "url",
    "title",
    "heading",
    "position",
    "text",
    "chars",
    "doc_id",
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
    *PAGE_METADATA,
)
"""The fields of a chunk record, in the order they are written: the
document's ``url`` and ``title``, the chunk's ``heading`` path, its
``position`` among the document's chunks, its ``text`` and the ``chars`` in
it, the document's ``doc_id`` (left out by the single-page command) and
whether it asks not to be indexed (``noindex``), its language (``lang``, the
first tag of ``<html lang>`` or of the ``Content-Language`` header, else
``""``), and where the chunk's body lies in the page's Markdown
(``start``/``end``, as :class:`~pagechunk.Chunk` has them), the
document's ``page_type`` and extraction ``confidence`` (``""`` and 0.0 for
Markdown), the chunk's ``tokens`` when the run counts sizes with a
tokenizer (else null), its stable ``id`` (:attr:`~pagechunk.Chunk.id`), the
``digest`` of the document's cleaned text
(:attr:`~pagechunk.ParsedPage.digest`), the document's ``source`` (the path,
URL or ``ARCHIVE#N`` it was read from), and the page metadata of
:data:`PAGE_METADATA`. ``url`` is the base URL given, else the page's own
address (its canonical URL, for a saved file), else ``source``. New fields
are added at the end."""


ERROR_FIELDS = ("source", "url", "doc_id", "error", "message")
"""The fields of an error record: the source key, the URL, the document id,
the error's type name and its message."""

Item = Document | Unreadable
"""What a batch is made of: documents, and inputs that could not be read."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What became of one document: its records as JSON lines, or an error.

    Attributes:
        source: The document's source key.
        records: The chunk records, one UTF-8 JSON object a line.
        chunks: How many records ``records`` holds.
        error: The error record as one JSON line; empty when it succeeded.
        digest: The digest of the document's cleaned text, when it gave
            chunks (:attr:`~pagechunk.ParsedPage.digest`).
        skipped: The skip record as one JSON line, written to the errors
            file, when the document was left out on purpose (``--dedupe``);
            a skipped document has no records and has not failed.
    """

    source: str
    records: bytes
    chunks: int
    error: bytes = b""
    digest: str = ""
    skipped: bytes = b""


def doc_id(source: str) -> str:
    """A short, stable id for the document with this source key."""
    return hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest()[:24]


def page_records(
    document: Document,
    settings: Settings,
    *,
    with_id: bool = True,
    memory: SiteMemory | None = None,
) -> list[dict[str, Any]]:
    """Run the pipeline on one document and return one dict per chunk.

    An HTML document is chunked as :func:`~pagechunk.chunk_html` does it, with
    the document's ``Content-Language`` header as its language when the page
    states none. A Markdown document is split with the Markdown reader, and
    cleaned first when its base URL is an http(s) address; its title is its
    first ``#`` heading. A declared encoding that names no text encoding is
    ignored, as :func:`~pagechunk.extract` ignores it. ``memory`` is the site
    memory cleaning reads (and observes the page into, unless it is frozen).
    """
    base_url = settings.url or document.base_url
    options = settings.pipeline_options()
    context: dict[str, Any] = {
        "encoding": document.encoding,
        "content_language": document.content_language,
        "memory": memory,
    }
    if document.markdown:
        page = markdown_page(document.content(), options, url=base_url, **context)
    else:
        page = extract_page(document.content(), options, base_url=base_url, **context)
    url = page.url or document.url
    identity = {"doc_id": doc_id(document.key)} if with_id else {}
    count = options.chunk.length if settings.tokenizer else None
    document_fields = {
        "digest": page.digest,
        "source": document.key,
        **{name: getattr(page, name) for name in PAGE_METADATA},
        "tags": list(page.tags),
    }
    return [
        {
            "url": url,
            "title": chunk.title,
            "heading": chunk.heading,
            "position": chunk.position,
            "text": chunk.text,
            "chars": len(chunk.text),
            **identity,
            "noindex": page.noindex,
            "lang": chunk.lang,
            "start": chunk.start,
            "end": chunk.end,
            "page_type": chunk.page_type,
            "confidence": chunk.confidence,
            "tokens": count(chunk.text) if count else None,
            "id": chunk.id,
            **document_fields,
        }
        for chunk in page_chunks(page, options.chunk)
    ]


def error_record(source: str, url: str, error: str, message: str) -> dict[str, str]:
    """The error record of a document that gave no chunks."""
    return {
        "source": source,
        "url": url,
        "doc_id": doc_id(source),
        "error": error,
        "message": " ".join(message.split()) or error,
    }


def document_records(
    item: Item, settings: Settings, memory: SiteMemory | None = None
) -> tuple[list[dict[str, Any]], dict[str, str] | None]:
    """The chunk records of one document, or its error record when it could
    not be read or run: what a batch does with each document.

    After a document of :data:`~pagechunk.trim.RELEASE_BYTES` or more (its
    bytes as read, so a gzipped file by its packed size), the free memory
    its tree left in the C heap is handed back to the system, so that a
    worker that met one big page does not keep its size for the rest of the
    batch.
    """
    if isinstance(item, Unreadable):
        return [], error_record(item.source, item.url, item.error, item.message)
    try:
        return page_records(item, settings, memory=memory), None
    except Exception as error:  # one bad page must not stop a batch
        name = type(error).__name__
        return [], error_record(item.key, item.url, name, str(error))
    finally:
        if len(item.data) >= RELEASE_BYTES:
            release_free_memory()


def no_chunks(
    item: Item, records: list[dict[str, Any]], error: dict[str, str] | None
) -> dict[str, str] | None:
    """The error record of a document that was run and gave no chunk (an
    empty page, or one that is all boilerplate), so that every document of a
    batch ends as records or as one error line; otherwise ``error``."""
    if error is not None or records:
        return error
    return error_record(item.key, item.url, NO_CHUNKS, "the document gave no chunk")


def outcome(
    item: Item, settings: Settings, memory: SiteMemory | None = None
) -> Outcome:
    """Run one document, or report one that could not be read, as an Outcome;
    a document that gives no chunk gets a ``NoChunks`` error record."""
    records, error = document_records(item, settings, memory)
    error = no_chunks(item, records, error)
    if error is not None:
        return Outcome(item.key, b"", 0, json_lines([error]))
    digest = records[0]["digest"] if records else ""
    return Outcome(item.key, json_lines(records), len(records), digest=digest)


def skip_record(outcome: Outcome, first: str) -> dict[str, str]:
    """The skip record of a document whose cleaned text is that of the
    document with source key ``first``, seen before it in the run."""
    url = json.loads(outcome.records.split(b"\n", 1)[0])["url"]
    return {
        "source": outcome.source,
        "url": url,
        "doc_id": doc_id(outcome.source),
        "skipped": "duplicate",
        "duplicate_of": first,
        "digest": outcome.digest,
    }


def json_lines(records: Iterable[dict[str, Any]]) -> bytes:
    """Records as UTF-8 JSON Lines; a lone surrogate is written as its escape."""
    text = "".join(json.dumps(record, ensure_ascii=False) + "\n" for record in records)
    return text.encode("utf-8", "backslashreplace")


def chunk_partition(
    paths: Iterable[str],
    settings: Settings | None = None,
    *,
    errors: bool = False,
    empty: Counter[str] | None = None,
    skipped: Counter[str] | None = None,
) -> Iterator[dict[str, Any]]:
    """The chunk records of the documents in some files or WARC archives.

    This is the per-partition function of
    :func:`pagechunk.batch.dask.chunk_bag`, and Spark's ``rdd.mapPartitions``
    takes it as it is. Documents that fail or give no chunk are skipped, or,
    with ``errors``, yield their error record (the only records with an
    ``"error"`` field). A document that gives no chunk is also counted in
    ``empty`` under its source key, and a WARC record that is no page in
    ``skipped`` under the reason, as a batch command's summary counts them.
    """
    settings = settings or Settings()
    for path in paths:
        for item in read_path(path, skipped=skipped):
            records, error = document_records(item, settings)
            error = no_chunks(item, records, error)
            if error is not None and error["error"] == NO_CHUNKS and empty is not None:
                empty[item.key] += 1
            if error is not None and errors:
                yield error
            yield from records
