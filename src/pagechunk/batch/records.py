"""Documents in, chunk records out: one at a time, or many on a process pool.

A chunk record is a dict with the fields of :data:`RECORD_FIELDS`; a document
that fails becomes one error record (:data:`ERROR_FIELDS`) instead, so a broken
page never stops a batch. :func:`process` runs documents on a pool of worker
processes and yields their outcomes in input order, whatever the number of
workers. :func:`chunk_partition` is the same work as a plain function over
paths, for Dask's ``map_partitions`` and Spark's ``mapPartitions``.

Site memory takes two passes over a batch's documents, so that every page of
a site is cleaned against the same counts whatever the number of workers or
the order they finish in: :func:`learn_site_memory` runs the first, observing
each document into a :class:`~pagechunk.SiteMemory` of its own on the pool
and merging these in input order; :func:`process` given ``memory=`` runs the
second, cleaning against a frozen copy that each worker receives once, when
it starts. The cost is reading and parsing every document twice; without a
memory none of this runs.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pagechunk.batch.sources import Document, Unreadable, read_path
from pagechunk.clean import SiteMemory
from pagechunk.model import MAX_CHARS, TARGET_CHARS
from pagechunk.options import Options
from pagechunk.pipeline import extract_page, markdown_page, page_chunks
from pagechunk.tokens import tokenizer_length
from pagechunk.version import PIPELINE_VERSION, RULES_REVISION

__all__ = [
    "BATCH_DOCUMENTS",
    "ERROR_FIELDS",
    "PIPELINE_VERSION",
    "RECORD_FIELDS",
    "RULES_REVISION",
    "Item",
    "Outcome",
    "Settings",
    "chunk_partition",
    "doc_id",
    "error_record",
    "json_lines",
    "learn_site_memory",
    "outcome",
    "page_records",
    "process",
    "run_batch",
]


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
)
"""The fields of a chunk record, in the order they are written: the
document's ``url`` and ``title``, the chunk's ``heading`` path, its
``position`` among the document's chunks, its ``text`` and the ``chars`` in
it, the document's ``doc_id`` (left out by the single-page command) and
whether it asks not to be indexed (``noindex``), its language (``lang``, the
first tag of ``<html lang>`` or of the ``Content-Language`` header, else
``""``), and where the chunk's body lies in the page's Markdown
(``start``/``end``, as :class:`~pagechunk.Chunk` has them). New fields are
added at the end."""

ERROR_FIELDS = ("source", "url", "doc_id", "error", "message")
"""The fields of an error record: the source key, the URL, the document id,
the error's type name and its message."""

BATCH_DOCUMENTS = 4
"""Documents sent to a worker process at a time."""

Item = Document | Unreadable
"""What a batch is made of: documents, and inputs that could not be read."""


@dataclass(frozen=True, slots=True)
class Settings:
    """The pipeline options of a batch, the same for every document.

    ``url`` is the base URL of every document when given; otherwise each
    document's own (a WARC record's target URI, a fetched URL's address).
    ``site_memory`` asks the batch commands for a site memory (see
    :func:`learn_site_memory`); the functions here clean against the memory
    they are given. ``title_suffix`` is :func:`~pagechunk.extract`'s, for
    HTML documents.
    """

    url: str | None = None
    target_chars: int | None = TARGET_CHARS
    max_chars: int | None = MAX_CHARS
    prefix: bool = True
    clean: bool = True
    site_memory: bool = False
    tokenizer: str | None = None
    overlap_chars: int = 0
    title_suffix: str | None = None

    def options(self) -> Options:
        """The pipeline options these settings stand for."""
        return Options().with_values(
            target_chars=self.target_chars,
            max_chars=self.max_chars,
            prefix=self.prefix,
            clean=self.clean,
            length=tokenizer_length(self.tokenizer) if self.tokenizer else None,
            overlap_chars=self.overlap_chars,
            title_suffix=self.title_suffix,
            links=False,  # records carry no link list
        )


@dataclass(frozen=True, slots=True)
class Outcome:
    """What became of one document: its records as JSON lines, or an error.

    Attributes:
        source: The document's source key.
        records: The chunk records, one UTF-8 JSON object a line.
        chunks: How many records ``records`` holds.
        error: The error record as one JSON line; empty when it succeeded.
    """

    source: str
    records: bytes
    chunks: int
    error: bytes = b""


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
    first ``#`` heading. ``memory`` is the site memory cleaning reads (and
    observes the page into, unless it is frozen).
    """
    base_url = settings.url or document.base_url
    options = settings.options()
    if document.markdown:
        page = markdown_page(
            document.content(),
            options,
            url=base_url,
            encoding=document.encoding,
            content_language=document.content_language,
            memory=memory,
        )
    else:
        page = extract_page(
            document.content(),
            options,
            base_url=base_url,
            encoding=document.encoding,
            content_language=document.content_language,
            memory=memory,
        )
    chunks = page_chunks(page, options.chunk)
    url = base_url or document.url
    identity = {"doc_id": doc_id(document.key)} if with_id else {}
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
        }
        for chunk in chunks
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


def _records_or_error(
    item: Item, settings: Settings, memory: SiteMemory | None = None
) -> tuple[list[dict[str, Any]], dict[str, str] | None]:
    if isinstance(item, Unreadable):
        return [], error_record(item.source, item.url, item.error, item.message)
    try:
        if memory is None:
            return page_records(item, settings), None
        return page_records(item, settings, memory=memory), None
    except Exception as error:  # one bad page must not stop a batch
        name = type(error).__name__
        return [], error_record(item.key, item.url, name, str(error))


def outcome(
    item: Item, settings: Settings, memory: SiteMemory | None = None
) -> Outcome:
    """Run one document, or report one that could not be read, as an Outcome."""
    records, error = _records_or_error(item, settings, memory)
    if error is not None:
        return Outcome(item.key, b"", 0, json_lines([error]))
    return Outcome(item.key, json_lines(records), len(records))


def json_lines(records: Iterable[dict[str, Any]]) -> bytes:
    """Records as UTF-8 JSON Lines; a lone surrogate is written as its escape."""
    text = "".join(json.dumps(record, ensure_ascii=False) + "\n" for record in records)
    return text.encode("utf-8", "backslashreplace")


def run_batch(
    items: Sequence[Item], settings: Settings, memory: SiteMemory | None = None
) -> list[Outcome]:
    """The outcomes of some documents, in order; what a worker runs."""
    return [outcome(item, settings, memory) for item in items]


def learn_site_memory(
    items: Iterable[Item],
    settings: Settings,
    workers: int = 1,
    *,
    memory: SiteMemory | None = None,
) -> SiteMemory:
    """Observe every page of ``items`` into a site memory: a batch's first pass.

    Each document is parsed and cleaned as :func:`page_records` does it, on
    ``workers`` processes, into a memory of its own; these are merged in
    input order, so the result is the same whatever the number of workers. A
    source key met twice counts once; documents that fail count for nothing.

    Args:
        items: The batch's documents, in input order.
        settings: The batch's options.
        workers: How many processes parse the documents.
        memory: A memory to add to; a new :class:`~pagechunk.SiteMemory`
            when None.

    Returns:
        The memory, to hand :func:`process` as ``memory``.

    Raises:
        TypeError: ``memory`` is frozen.
    """
    memory = SiteMemory() if memory is None else memory
    if memory.read_only:
        raise TypeError("a frozen SiteMemory observes nothing")
    for page in _ordered(_unique_documents(items), settings, workers, _observe):
        if isinstance(page, SiteMemory):
            memory.update(page)
    return memory


def _unique_documents(items: Iterable[Item]) -> Iterator[list[Item]]:
    """The readable documents of ``items`` in batches, each source key once."""
    keys: set[str] = set()
    batch: list[Item] = []
    for item in items:
        if isinstance(item, Document) and item.key not in keys:
            keys.add(item.key)
            batch.append(item)
            if len(batch) == BATCH_DOCUMENTS:
                yield batch
                batch = []
    if batch:
        yield batch


def _observe(items: Sequence[Item], settings: Settings) -> list[SiteMemory]:
    """Each document's own site memory, empty for one that fails."""
    pages: list[SiteMemory] = []
    for item in items:
        page = SiteMemory()
        try:
            if isinstance(item, Document):
                page_records(item, settings, memory=page)
        except Exception:  # the second pass reports it
            page.clear()
        pages.append(page)
    return pages


_Result = TypeVar("_Result")
_Task = Callable[[Sequence[Item], Settings], list[_Result]]


def chunk_partition(
    paths: Iterable[str], settings: Settings | None = None, *, errors: bool = False
) -> Iterator[dict[str, Any]]:
    """The chunk records of the documents in some files or WARC archives.

    This is the per-partition function of :func:`pagechunk.dask.chunk_bag`,
    and Spark's ``rdd.mapPartitions`` takes it as it is. Documents that fail
    are skipped, or, with ``errors``, yield their error record (the only
    records with an ``"error"`` field).
    """
    settings = settings or Settings()
    for path in paths:
        for item in read_path(path):
            records, error = _records_or_error(item, settings)
            if error is not None and errors:
                yield error
            yield from records


def process(
    batches: Iterable[Sequence[Item]],
    settings: Settings,
    workers: int = 1,
    *,
    memory: SiteMemory | None = None,
) -> Iterator[Outcome]:
    """The outcomes of every document of ``batches``, in input order.

    With more than one worker, batches go to a pool of that many processes,
    a few batches ahead of the one being returned; each batch is taken from
    ``batches`` only when it is about to be sent, so whatever the iterable
    does before yielding a batch happens before its work is dispatched. A
    document that kills its worker process gets an error record.

    With ``memory`` (see :func:`learn_site_memory`), every document is
    cleaned against a frozen copy of it, which each worker gets once.
    """
    if memory is None:
        yield from _ordered(batches, settings, workers, run_batch)
        return
    frozen = memory.frozen()
    if workers <= 1:
        for batch in batches:
            yield from run_batch(batch, settings, frozen)
        return
    yield from _ordered(batches, settings, workers, _run_with_memory, frozen)


def _ordered(
    batches: Iterable[Sequence[Item]],
    settings: Settings,
    workers: int,
    task: _Task[_Result],
    memory: SiteMemory | None = None,
) -> Iterator[_Result | Outcome]:
    """The results of ``task`` on every batch, in input order, on a pool of
    ``workers`` processes that start with ``memory``; a document that kills
    its worker gets an error :class:`Outcome` instead."""
    if workers <= 1:
        for batch in batches:
            yield from task(batch, settings)
        return
    pool = _Pool(workers, task, memory)
    try:
        yield from pool.run(batches, settings)
    finally:
        pool.close()


_worker_memory: SiteMemory | None = None
"""The frozen site memory a worker process cleans against."""


def _run_with_memory(items: Sequence[Item], settings: Settings) -> list[Outcome]:
    return run_batch(items, settings, _worker_memory)


class _Pool(Generic[_Result]):
    """A process pool that runs ``task`` on batches, returns the results in
    order and survives dead workers."""

    def __init__(
        self, workers: int, task: _Task[_Result], memory: SiteMemory | None = None
    ) -> None:
        self.workers = workers
        self.task = task
        self.memory = memory
        self.executor = self._start()

    def _start(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            self.workers,
            initializer=_start_worker,
            initargs=(os.getpid(), self.memory),
        )

    def close(self) -> None:
        self.executor.shutdown(wait=True, cancel_futures=True)

    def run(
        self, batches: Iterable[Sequence[Item]], settings: Settings
    ) -> Iterator[_Result | Outcome]:
        # A submitted batch: its items, the executor it went to, its future.
        pending: deque[
            tuple[Sequence[Item], ProcessPoolExecutor, Future[list[_Result]]]
        ] = deque()
        window = self.workers * 3
        for batch in batches:
            future = self.executor.submit(self.task, batch, settings)
            pending.append((batch, self.executor, future))
            if len(pending) >= window:
                yield from self._collect(*pending.popleft(), settings)
        while pending:
            yield from self._collect(*pending.popleft(), settings)

    def _collect(
        self,
        batch: Sequence[Item],
        executor: ProcessPoolExecutor,
        future: Future[list[_Result]],
        settings: Settings,
    ) -> Sequence[_Result | Outcome]:
        try:
            return future.result()
        except BrokenProcessPool:
            self._replace(executor)
            return [self._alone(item, settings) for item in batch]

    def _alone(self, item: Item, settings: Settings) -> _Result | Outcome:
        """Run one document of a batch whose worker died, on its own."""
        executor = self.executor
        try:
            return executor.submit(self.task, [item], settings).result()[0]
        except BrokenProcessPool:
            self._replace(executor)
        message = "the worker process died on this document"
        record = error_record(item.key, item.url, "WorkerDied", message)
        return Outcome(item.key, b"", 0, json_lines([record]))

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        if broken is self.executor:
            broken.shutdown(wait=False, cancel_futures=True)
            self.executor = self._start()


def _start_worker(parent: int, memory: SiteMemory | None = None) -> None:
    """Leave Ctrl-C to the parent, exit when the parent is gone, and keep the
    batch's site memory."""
    global _worker_memory
    _worker_memory = memory
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if os.name == "posix":
        watch = threading.Thread(target=_exit_with, args=(parent,), daemon=True)
        watch.start()


def _exit_with(parent: int) -> None:
    # A parent killed with SIGKILL never tells its workers; they would wait
    # on their task queue for ever.
    first_parent = os.getppid()
    while os.getppid() == first_parent:
        try:
            os.kill(parent, 0)
        except ProcessLookupError:
            break
        time.sleep(0.5)
    os._exit(1)
