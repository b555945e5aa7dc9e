"""Chunk records as a Dask bag, for crawls bigger than one machine.

Needs the ``pagechunk[dask]`` extra. Each partition runs
:func:`pagechunk.batch.chunk_partition` over its share of the paths, so the
records, and their order, are those of a local run; the paths must be
readable by the workers under the same names.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import dask.bag

from pagechunk.batch.records import Settings, chunk_partition
from pagechunk.batch.sources import input_paths

__all__ = ["chunk_bag"]


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


def _records(
    paths: Iterable[str], settings: Settings, errors: bool
) -> list[dict[str, Any]]:
    # A partition travels between processes, and a generator cannot.
    return list(chunk_partition(paths, settings, errors=errors))
