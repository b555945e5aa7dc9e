"""Batch crawls: read inputs, chunk them on every core, write records, resume.

The modules, in the order a document passes through them:

- :mod:`~pagechunk.batch.sources`: files, directories, URLs and WARC archives
  read into documents, with :mod:`~pagechunk.batch.warc` cutting an archive
  into records so that a damaged one costs no other;
- :mod:`~pagechunk.batch.settings`: the options every document is run with;
- :mod:`~pagechunk.batch.records`: a document's chunk records, or its error
  record, and the per-partition function for Dask and Spark;
- :mod:`~pagechunk.batch.pool`: many documents on worker processes, in input
  order, and the site memory's first pass;
- :mod:`~pagechunk.batch.manifest` and :mod:`~pagechunk.batch.sinks`: the
  manifest that makes a run resumable, and the output files;
- :mod:`~pagechunk.batch.run`: ``pagechunk chunk`` and ``pagechunk
  reprocess``, with :mod:`~pagechunk.batch.tally` counting what they did;
- :mod:`~pagechunk.batch.dask`: the same work on a Dask cluster.

The names the docs use are importable from here.
"""

from pagechunk.batch.pool import BATCH_DOCUMENTS, learn_site_memory, process, run_batch
from pagechunk.batch.records import (
    ERROR_FIELDS,
    RECORD_FIELDS,
    Item,
    Outcome,
    chunk_partition,
    page_records,
)
from pagechunk.batch.run import chunk_inputs, reprocess
from pagechunk.batch.settings import Settings
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
    "chunk_inputs",
    "chunk_partition",
    "learn_site_memory",
    "page_records",
    "process",
    "reprocess",
    "run_batch",
]
