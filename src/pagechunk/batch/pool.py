"""Many documents on a pool of worker processes, their outcomes in input order.

:func:`process` runs documents on a pool of worker processes and yields their
outcomes in input order, whatever the number of workers; a document that
kills its worker gets an error record and the pool is started again.

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

import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Generic, TypeVar

from pagechunk.batch.records import (
    Item,
    Outcome,
    document_records,
    error_record,
    json_lines,
    outcome,
)
from pagechunk.batch.settings import Settings
from pagechunk.batch.sources import Document
from pagechunk.clean import SiteMemory

__all__ = ["BATCH_DOCUMENTS", "learn_site_memory", "process", "run_batch"]

BATCH_DOCUMENTS = 4
"""Documents sent to a worker process at a time."""

WINDOW_BATCHES = 3
"""Batches sent ahead per worker, so that none waits while the main process
writes what came back."""


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

    Each document is parsed and cleaned as
    :func:`~pagechunk.batch.page_records` does it, on ``workers``
    processes, into a memory of its own; these are merged in input order, so
    the result is the same whatever the number of workers. A source key met
    twice counts once; documents that fail count for nothing.

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
    """Each document's own site memory, empty for one that fails (the
    second pass reports it)."""
    pages: list[SiteMemory] = []
    for item in items:
        page = SiteMemory()
        _, error = document_records(item, settings, page)
        if error is not None:
            page.clear()
        pages.append(page)
    return pages


_Result = TypeVar("_Result")
_Task = Callable[[Sequence[Item], Settings], list[_Result]]


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
        window = self.workers * WINDOW_BATCHES
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
