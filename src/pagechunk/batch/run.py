"""The work of the batch commands: ``pagechunk chunk`` and ``pagechunk reprocess``.

:func:`chunk_inputs` turns inputs into an output file of chunk records and a
file of error records, with a manifest beside them that lets a killed run
resume (see :mod:`pagechunk.batch.manifest`). :func:`reprocess` redoes, oldest
first, the documents an older pipeline version made records for, and swaps
their new records into the output. :func:`chunk_on_dask` runs the same work
on a Dask cluster.
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, BinaryIO

from pagechunk.batch.manifest import Manifest, content_digest, remove_manifest
from pagechunk.batch.records import (
    BATCH_DOCUMENTS,
    PIPELINE_VERSION,
    Item,
    Outcome,
    Settings,
    learn_site_memory,
    process,
)
from pagechunk.batch.sinks import (
    OutputError,
    OutputFiles,
    Outputs,
    finish_output,
    open_outputs,
    recover_rewrite,
    require_parquet,
    swap_in_staged,
)
from pagechunk.batch.sources import FETCH_TIMEOUT, documents, input_paths, read_sources
from pagechunk.clean.memory import SiteMemory

__all__ = ["Tally", "chunk_inputs", "chunk_on_dask", "reprocess"]


@dataclass(slots=True)
class Tally:
    """What one run did, for its closing line and exit status."""

    documents: int = 0
    chunks: int = 0
    failed: int = 0
    kept: int = 0
    changed: int = 0
    failed_in_output: int = 0
    started: float = dataclasses.field(default_factory=time.perf_counter)

    def count(self, outcome: Outcome) -> None:
        self.documents += 1
        self.chunks += outcome.chunks
        self.failed += bool(outcome.error)

    def summary(self) -> str:
        """One line: documents, chunks, failures and pages per second."""
        seconds = time.perf_counter() - self.started
        rate = self.documents / seconds if seconds > 0 else 0.0
        line = (
            f"{self.documents} documents ({self.failed} failed), {self.chunks} "
            f"chunks in {seconds:.1f} s, {rate:.0f} pages/s"
        )
        if self.kept:
            line += f"; {self.kept} kept from before"
        if self.changed:
            line += f", {self.changed} of them changed since"
        return line


class _Progress:
    """A tqdm bar on stderr, or nothing when tqdm is missing or not wanted."""

    def __init__(self, enabled: bool) -> None:
        self.chunks = 0
        self.bar: Any = None
        if enabled:
            try:
                from tqdm import tqdm
            except ImportError:
                return
            self.bar = tqdm(unit=" pages", file=sys.stderr, smoothing=0.1)

    def advance(self, documents: int, chunks: int) -> None:
        if self.bar is not None:
            self.chunks += chunks
            self.bar.set_postfix(chunks=self.chunks, refresh=False)
            self.bar.update(documents)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def chunk_inputs(
    inputs: Sequence[str],
    output: str,
    *,
    settings: Settings,
    format: str = "jsonl",
    workers: int = 1,
    resume: bool = False,
    progress: bool = False,
    timeout: float = FETCH_TIMEOUT,
    stdin: BinaryIO | None = None,
) -> Tally:
    """Chunk every document of the inputs into ``output``, in input order.

    Without ``resume`` the output, its errors file and its manifest start
    empty. With it, the run continues the one its manifest records: the
    documents that run finished are kept and not read into records again.

    Raises:
        OutputError: If the output cannot be written or continued.
    """
    files = _output_files(output, format)
    manifest = Manifest(files.manifest, fresh=not resume)
    try:
        _start(manifest, files, settings)
        memory = _site_memory(manifest, settings, inputs, workers, timeout)
        tally = Tally()
        outputs = open_outputs(manifest, files)
        try:
            items = documents(inputs, timeout=timeout, stdin=stdin)
            batches = _queued(manifest, items, tally)
            outcomes = process(batches, settings, workers, memory=memory)
            _write(outcomes, outputs, manifest, tally, progress)
        finally:
            outputs.close()
        finish_output(files)
        tally.failed_in_output = manifest.counts()["failed"]
        return tally
    finally:
        manifest.close()


def _output_files(output: str, format: str) -> OutputFiles:
    """The files of an output, once it is clear that they can be written."""
    folder = os.path.dirname(os.path.abspath(output))
    if not os.path.isdir(folder):
        raise OutputError(f"no directory {folder} to write {output} in")
    if format == "parquet":
        require_parquet()
    return OutputFiles(output, format)


def _start(manifest: Manifest, files: OutputFiles, settings: Settings) -> None:
    """Store the run's options in a new manifest, or check them against an
    old one, and finish a rewrite an earlier reprocess left half done."""
    options = json.dumps(dataclasses.asdict(settings), sort_keys=True)
    if manifest.get("settings") is None:
        manifest.set(
            settings=options,
            format=files.format,
            output=os.path.abspath(files.output),
            root=os.getcwd(),
        )
    elif (manifest.get("settings"), manifest.get("format")) != (options, files.format):
        raise OutputError(
            f"{files.output} was made with other options or format; "
            "resume with the same ones, or start again without --resume"
        )
    elif manifest.get("root") != os.getcwd():
        root = manifest.get("root")
        raise OutputError(f"resume from the directory the run began in: {root}")
    recover_rewrite(manifest, files)


def _site_memory(
    manifest: Manifest,
    settings: Settings,
    inputs: Sequence[str] = (),
    workers: int = 1,
    timeout: float = FETCH_TIMEOUT,
) -> SiteMemory | None:
    """The run's site memory, when its settings ask for one: the memory its
    manifest stored, else one learned in a first pass over the inputs
    (standard input, which cannot be read twice, left out) and stored."""
    if not settings.site_memory:
        return None
    try:
        memory = manifest.site_memory()
    except ValueError as error:
        raise OutputError(f"{manifest.path}: {error}") from None
    if memory is None:
        items = documents([name for name in inputs if name != "-"], timeout=timeout)
        memory = learn_site_memory(items, settings, workers)
        manifest.store_site_memory(memory)
    return memory


def _queued(
    manifest: Manifest, items: Iterable[Item], tally: Tally
) -> Iterator[list[Item]]:
    """Batches of the documents still to do, each committed as queued in
    the manifest before it is handed on."""
    batch: list[Item] = []
    digests: list[str] = []
    for item in items:
        digest = content_digest(item)
        if _skip(manifest, item, digest, batch, tally):
            continue
        batch.append(item)
        digests.append(digest)
        if len(batch) == BATCH_DOCUMENTS:
            manifest.queue(batch, digests, PIPELINE_VERSION)
            yield batch
            batch, digests = [], []
    if batch:
        manifest.queue(batch, digests, PIPELINE_VERSION)
        yield batch


def _skip(
    manifest: Manifest, item: Item, digest: str, batch: list[Item], tally: Tally
) -> bool:
    """Whether a document is done already, or named twice in this run."""
    if any(other.key == item.key for other in batch):
        return True
    entry = manifest.entry(item.key)
    if entry is None or (entry.state == "queued" and entry.run != manifest.run):
        return False
    if entry.run != manifest.run:
        tally.kept += 1
        tally.changed += entry.digest != digest
    return True


def _write(
    outcomes: Iterable[Outcome],
    outputs: Outputs,
    manifest: Manifest,
    tally: Tally,
    progress: bool,
) -> None:
    """Append outcomes to the files, committing them to the manifest once
    they are flushed."""
    bar = _Progress(progress)
    written: list[Outcome] = []

    def commit() -> None:
        outputs.flush()
        manifest.finish(
            written,
            records_bytes=outputs.records_bytes,
            errors_bytes=outputs.errors_bytes,
        )
        written.clear()

    try:
        for outcome in outcomes:
            outputs.write(outcome)
            written.append(outcome)
            tally.count(outcome)
            bar.advance(1, outcome.chunks)
            if len(written) >= BATCH_DOCUMENTS:
                commit()
        commit()
    finally:
        bar.close()


def reprocess(
    manifest_path: str,
    *,
    workers: int = 1,
    progress: bool = False,
    timeout: float = FETCH_TIMEOUT,
) -> Tally:
    """Redo, oldest first, the documents of a manifest whose records an older
    pipeline version made, and put their new records in their place.

    Each document is read again from its source (standard input cannot be)
    with the options of the run that made the output.

    Raises:
        OutputError: If there is no manifest, or its output cannot be rewritten.
    """
    if not os.path.isfile(manifest_path):
        raise OutputError(f"no manifest at {manifest_path}")
    manifest = Manifest(manifest_path)
    try:
        files, settings = _recorded_run(manifest, manifest_path)
        recover_rewrite(manifest, files)
        stale = [entry.source for entry in manifest.stale(PIPELINE_VERSION)]
        items = read_sources(stale, timeout=timeout, root=manifest.get("root"))
        digests: dict[str, str] = {}
        tally = Tally()
        memory = _site_memory(manifest, settings)
        batches = _requeued(manifest, items, digests)
        outcomes = process(batches, settings, workers, memory=memory)
        _stage(outcomes, manifest, digests, tally, progress)
        if manifest.has_staged():
            swap_in_staged(manifest, files, PIPELINE_VERSION)
        finish_output(files)
        tally.failed_in_output = manifest.counts()["failed"]
        return tally
    finally:
        manifest.close()


def _recorded_run(manifest: Manifest, path: str) -> tuple[OutputFiles, Settings]:
    """The output files and the options of the run a manifest records."""
    output, format, options = (
        manifest.get(name) for name in ("output", "format", "settings")
    )
    if output is None or format is None or options is None:
        raise OutputError(f"{path} records no run")
    if format == "parquet":
        require_parquet()
    return OutputFiles(output, format), Settings(**json.loads(options))


def _stage(
    outcomes: Iterable[Outcome],
    manifest: Manifest,
    digests: dict[str, str],
    tally: Tally,
    progress: bool,
) -> None:
    """Keep the new lines of reprocessed documents in the manifest, a few
    documents to a commit."""
    bar = _Progress(progress)
    staged: list[tuple[Outcome, str]] = []
    try:
        for outcome in outcomes:
            staged.append((outcome, digests.pop(outcome.source)))
            tally.count(outcome)
            bar.advance(1, outcome.chunks)
            if len(staged) >= BATCH_DOCUMENTS:
                manifest.stage(staged)
                staged.clear()
        manifest.stage(staged)
    finally:
        bar.close()


def _requeued(
    manifest: Manifest, items: Iterable[Item], digests: dict[str, str]
) -> Iterator[list[Item]]:
    """Batches of documents, each committed as requeued before it is handed on."""
    batch: list[Item] = []
    for item in items:
        digests[item.key] = content_digest(item)
        batch.append(item)
        if len(batch) == BATCH_DOCUMENTS:
            manifest.requeue([item.key for item in batch])
            yield batch
            batch = []
    if batch:
        manifest.requeue([item.key for item in batch])
        yield batch


def chunk_on_dask(
    inputs: Sequence[str],
    output: str,
    *,
    settings: Settings,
    address: str,
    format: str = "jsonl",
    progress: bool = False,
) -> Tally:
    """Chunk files and WARC archives on the Dask scheduler at ``address``.

    The output is that of :func:`chunk_inputs`, without a manifest: a run on
    a cluster is not resumed, only started again.
    """
    try:
        from distributed import Client

        from pagechunk.batch.dask import chunk_bag
    except ImportError:
        message = "--dask-scheduler needs dask: pip install 'pagechunk[dask]'"
        raise OutputError(message) from None

    files = _output_files(output, format)
    remove_manifest(files.manifest)
    paths = list(input_paths(inputs))
    tally = Tally()
    outputs = Outputs(files)
    bar = _Progress(progress)
    try:
        with Client(address) as client:
            bag = chunk_bag(paths, settings=settings, errors=True)
            for future in client.compute(bag.to_delayed()):
                _tally_records(future.result(), outputs, tally, bar)
                future.release()
    finally:
        bar.close()
        outputs.close()
    finish_output(files)
    tally.failed_in_output = tally.failed
    return tally


def _tally_records(
    records: list[dict[str, Any]], outputs: Outputs, tally: Tally, bar: _Progress
) -> None:
    errors = [record for record in records if "error" in record]
    chunks = [record for record in records if "error" not in record]
    outputs.write_records(chunks, errors=False)
    outputs.write_records(errors, errors=True)
    documents = len({record["doc_id"] for record in records})
    tally.documents += documents
    tally.chunks += len(chunks)
    tally.failed += len(errors)
    bar.advance(documents, len(chunks))
