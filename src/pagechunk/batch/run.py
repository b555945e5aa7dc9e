"""The work of the batch commands: ``pagechunk chunk`` and ``pagechunk reprocess``.

:func:`chunk_inputs` turns inputs into an output file of chunk records and a
file of error records, with a manifest beside them that lets a killed run
resume (see :mod:`pagechunk.batch.manifest`). :func:`reprocess` redoes, oldest
first, the documents an older pipeline version made records for, and swaps
their new records into the output. The same work runs on a Dask cluster
with :func:`pagechunk.batch.dask.chunk_on_dask`.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import BinaryIO

from pagechunk.batch.manifest import Manifest, content_digest
from pagechunk.batch.pool import BATCH_DOCUMENTS, learn_site_memory, process
from pagechunk.batch.records import Item, Outcome, json_lines, skip_record
from pagechunk.batch.settings import Settings
from pagechunk.batch.sinks import (
    OutputError,
    OutputFiles,
    Outputs,
    finish_output,
    locked,
    open_outputs,
    output_files,
    recover_rewrite,
    refuse_inputs,
    require_parquet,
    swap_in_staged,
)
from pagechunk.batch.sources import (
    FETCH_TIMEOUT,
    WARC_SUFFIXES,
    documents,
    input_paths,
    read_sources,
    source_file,
)
from pagechunk.batch.tally import Progress, Tally
from pagechunk.clean import SiteMemory
from pagechunk.version import PIPELINE_VERSION

__all__ = ["chunk_inputs", "reprocess"]


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
    dedupe: bool = False,
) -> Tally:
    """Chunk every document of the inputs into ``output``, in input order.

    Without ``resume`` the output, its errors file and its manifest start
    empty. With it, the run continues the one its manifest records: the
    documents that run finished are kept and not read into records again.
    With ``dedupe``, a document whose cleaned text
    (:attr:`~pagechunk.ParsedPage.digest`) is that of a document written
    before it in this run gives no records but a skip record in the errors
    file (:func:`~pagechunk.batch.records.skip_record`); a resumed run
    remembers only the documents it writes itself.

    Raises:
        OutputError: If the output cannot be written or continued.
    """
    files = output_files(output, format)
    refuse_inputs(files, inputs)
    with locked(files):
        manifest = Manifest(files.manifest, fresh=not resume)
        try:
            _start(manifest, files, settings, inputs)
            memory = _site_memory(manifest, settings, inputs, workers, timeout)
            tally = Tally()
            outputs = open_outputs(manifest, files)
            try:
                items = documents(
                    inputs, timeout=timeout, stdin=stdin, skipped=tally.skipped
                )
                batches = _queued(manifest, items, tally)
                outcomes = process(batches, settings, workers, memory=memory)
                if dedupe:
                    outcomes = _deduplicated(outcomes, tally)
                total = None if resume else countable(inputs)
                _write(outcomes, outputs, manifest, tally, progress, total)
            finally:
                outputs.close()
            finish_output(files)
            tally.failed_in_output = manifest.counts()["failed"]
            return tally
        finally:
            manifest.close()


def _start(
    manifest: Manifest, files: OutputFiles, settings: Settings, inputs: Sequence[str]
) -> None:
    """Store the run's options and inputs in a new manifest, or check them
    against an old one, and finish a rewrite an earlier reprocess left half
    done."""
    stored = _stored_settings(manifest)
    named = json.dumps(list(inputs))
    if stored is None:
        manifest.set(
            settings=settings.to_json(),
            format=files.format,
            inputs=named,
            output=os.path.abspath(files.output),
            root=os.getcwd(),
            root_from_manifest=os.path.relpath(os.getcwd(), _folder(files.manifest)),
        )
    elif (stored, manifest.get("format")) != (settings, files.format):
        raise OutputError(
            f"{files.output} was made with other options or format; "
            "resume with the same ones, or start again without --resume"
        )
    elif manifest.get("inputs") not in (None, named):
        raise OutputError(
            f"{files.output} was made from other inputs; resume with the same "
            "ones, in the same order, or start again without --resume"
        )
    elif manifest.get("root") != os.getcwd():
        root = manifest.get("root")
        raise OutputError(f"resume from the directory the run began in: {root}")
    recover_rewrite(manifest, files)


def _folder(path: str) -> str:
    return os.path.dirname(os.path.abspath(path))


def _stored_settings(manifest: Manifest) -> Settings | None:
    """The options a manifest's run was made with, or None before it has
    stored them."""
    text = manifest.get("settings")
    if text is None:
        return None
    try:
        return Settings.from_json(text)
    except ValueError as error:
        raise OutputError(
            f"{manifest.path}: {error}; start again without --resume"
        ) from None


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


def countable(inputs: Sequence[str]) -> int | None:
    """How many documents the inputs hold, when that is known without
    reading them: not for standard input or a WARC archive."""
    if any(name == "-" or name.lower().endswith(WARC_SUFFIXES) for name in inputs):
        return None
    return sum(1 for _ in input_paths(inputs))


def _deduplicated(outcomes: Iterable[Outcome], tally: Tally) -> Iterator[Outcome]:
    """The outcomes, each whose cleaned text was seen before made a skip."""
    seen: dict[str, str] = {}
    for outcome in outcomes:
        first = seen.setdefault(outcome.digest, outcome.source)
        if outcome.digest and first != outcome.source:
            line = json_lines([skip_record(outcome, first)])
            outcome = Outcome(
                outcome.source, b"", 0, digest=outcome.digest, skipped=line
            )
            tally.duplicates += 1
        yield outcome


def _write(
    outcomes: Iterable[Outcome],
    outputs: Outputs,
    manifest: Manifest,
    tally: Tally,
    progress: bool,
    total: int | None = None,
) -> None:
    """Append outcomes to the files, committing them to the manifest once
    they are flushed; the progress bar counts up to ``total`` when known."""
    bar = Progress(progress, total)
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
    with _locked_run(manifest_path) as (manifest, files, settings):
        recover_rewrite(manifest, files)
        stale = [entry.source for entry in manifest.stale(PIPELINE_VERSION)]
        root = _sources_root(manifest, manifest_path, stale)
        items = read_sources(stale, timeout=timeout, root=root)
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


@contextmanager
def _locked_run(path: str) -> Iterator[tuple[Manifest, OutputFiles, Settings]]:
    """The manifest at ``path``, the output files beside it and the options
    of the run it records, with the output's lock held.

    The output is found beside the manifest, under the name the run gave
    it, so that a copy of a run's directory is a run of its own.
    """
    manifest = Manifest(path)
    try:
        output, format = manifest.get("output"), manifest.get("format")
        settings = _stored_settings(manifest)
        if output is None or format is None or settings is None:
            raise OutputError(f"{path} records no run")
        if format == "parquet":
            require_parquet()
        beside = os.path.join(os.path.dirname(path), os.path.basename(output))
        files = OutputFiles(beside, format)
        with locked(files):
            yield manifest, files, settings
    finally:
        manifest.close()


def _sources_root(manifest: Manifest, path: str, keys: Sequence[str]) -> str | None:
    """The directory relative source keys are read from: the one the run
    began in while it is there, else the same place seen from the manifest
    when the sources are there, for a tree copied or moved whole.

    Raises:
        OutputError: Relative sources are to be read, and neither place
            holds them.
    """
    root = manifest.get("root")
    if root is None or os.path.isdir(root):
        return root
    files = [source_file(key) for key in keys]
    relative = [name for name in files if name is not None and not os.path.isabs(name)]
    if not relative:
        return root
    moved = manifest.get("root_from_manifest")
    if moved is not None:
        moved = os.path.normpath(os.path.join(_folder(path), moved))
        if any(os.path.lexists(os.path.join(moved, name)) for name in relative):
            return moved
    raise OutputError(
        f"the directory the run began in, {root}, is gone, so its relative "
        "sources cannot be read again"
    )


def _stage(
    outcomes: Iterable[Outcome],
    manifest: Manifest,
    digests: dict[str, str],
    tally: Tally,
    progress: bool,
) -> None:
    """Keep the new lines of reprocessed documents in the manifest, a few
    documents to a commit."""
    bar = Progress(progress)
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
