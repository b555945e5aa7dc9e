"""Chunk records as a Dask bag, for crawls bigger than one machine.

Needs the ``pagechunk[dask]`` extra. Each partition runs
:func:`pagechunk.batch.chunk_partition` over its share of the paths, so the
records, and their order, are those of a local run; the paths must be
readable by the workers under the same names. :func:`chunk_on_dask` is
``pagechunk chunk --dask-scheduler``: the same bag, computed on a cluster and
written as a local run writes its output.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import dask.bag

from pagechunk.batch.manifest import remove_manifest
from pagechunk.batch.records import NO_CHUNKS, chunk_partition
from pagechunk.batch.run import countable
from pagechunk.batch.settings import Settings
from pagechunk.batch.sinks import (
    Outputs,
    finish_output,
    locked,
    output_files,
    refuse_inputs,
)
from pagechunk.batch.sources import input_paths
from pagechunk.batch.tally import Progress, Tally

__all__ = ["chunk_bag", "chunk_on_dask"]


def chunk_bag(
    paths: Iterable[str],
    *,
    settings: Settings | None = None,
    npartitions: int | None = None,
    errors: bool = False,
) -> dask.bag.Bag:
    """A bag of the chunk records of pages in files, directories or WARC archives.

    Directories are listed here, on the client, as ``pagechunk chunk`` lists
    them; each file or archive is then read by a worker. Documents that fail
    are left out, or, with ``errors``, give their error record (the only
    records with an ``"error"`` field).

    Args:
        paths: HTML or Markdown files, directories, and WARC archives.
        settings: The pipeline options; the defaults when None.
        npartitions: How many partitions to split the paths into; Dask's
            choice when None.
        errors: Whether to include error records.
    """
    listed = list(input_paths(paths))
    options = {} if npartitions is None else {"npartitions": npartitions}
    files = dask.bag.from_sequence(listed, **options)
    bag: dask.bag.Bag = files.map_partitions(_records, settings or Settings(), errors)
    return bag


_COUNTS = "pagechunk_counts"
"""The key of the last record of a partition computed for
:func:`chunk_on_dask`: its empty documents and skipped WARC records."""


def _records(
    paths: Iterable[str], settings: Settings, errors: bool, counts: bool = False
) -> list[dict[str, Any]]:
    # A partition travels between processes, and a generator cannot.
    if not counts:
        return list(chunk_partition(paths, settings, errors=errors))
    empty: Counter[str] = Counter()
    skipped: Counter[str] = Counter()
    records = list(
        chunk_partition(paths, settings, errors=errors, empty=empty, skipped=skipped)
    )
    records.append({_COUNTS: {"empty": len(empty), "skipped": dict(skipped)}})
    return records


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

    The output is that of :func:`~pagechunk.batch.run.chunk_inputs`, without
    a manifest: a run on a cluster is not resumed, only started again.

    Raises:
        OutputError: If the output cannot be written.
    """
    from distributed import Client  # a heavy import, only for a cluster run

    files = output_files(output, format)
    refuse_inputs(files, inputs)
    with locked(files):
        remove_manifest(files.manifest)
        paths = list(input_paths(inputs))
        tally = Tally()
        outputs = Outputs(files)
        bar = Progress(progress, countable(paths))
        try:
            with Client(address) as client:
                listed = dask.bag.from_sequence(paths)
                bag = listed.map_partitions(_records, settings, True, True)
                for future in client.compute(bag.to_delayed()):
                    _tally_records(future.result(), outputs, tally, bar)
                    future.release()
        finally:
            bar.close()
            outputs.close()
        finish_output(files)
    tally.failed_in_output = tally.failed + tally.empty
    return tally


def _tally_records(
    records: list[dict[str, Any]], outputs: Outputs, tally: Tally, bar: Progress
) -> None:
    counts = records.pop()[_COUNTS]
    tally.skipped.update(counts["skipped"])
    errors = [record for record in records if "error" in record]
    chunks = [record for record in records if "error" not in record]
    outputs.write_records(chunks, errors=False)
    outputs.write_records(errors, errors=True)
    documents = len({record["doc_id"] for record in records})
    empty = sum(record["error"] == NO_CHUNKS for record in errors)
    tally.documents += documents
    tally.chunks += len(chunks)
    tally.failed += len(errors) - empty
    tally.empty += empty
    bar.advance(documents, len(chunks))
