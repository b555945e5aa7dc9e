"""Where batch records go: JSON Lines files written in order, and Parquet.

Records are always written first as JSON Lines, appended document by
document, so that a killed run can cut a file back to the length its
manifest committed and go on. For Parquet output that file is a spool beside
the output, converted once all documents are done (with the
``pagechunk[parquet]`` extra). Reprocessed records replace old ones by one
rewrite of each file, which :func:`swap_in_staged` makes safe to interrupt.
"""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import islice
from typing import Any, BinaryIO

from pagechunk.batch.manifest import Manifest
from pagechunk.batch.records import RECORD_FIELDS, Outcome, json_lines
from pagechunk.batch.sources import PAGE_SUFFIXES

__all__ = [
    "FORMATS",
    "OutputError",
    "OutputFiles",
    "Outputs",
    "finish_output",
    "jsonl_from_parquet",
    "locked",
    "open_outputs",
    "output_files",
    "recover_rewrite",
    "refuse_inputs",
    "require_parquet",
    "restore_spool",
    "rewrite",
    "swap_in_staged",
    "write_parquet",
]

FORMATS = ("jsonl", "parquet")
"""The output formats of ``pagechunk chunk``."""

REWRITE_SUFFIX = ".rewrite"
"""Added to a file's name for its rewritten copy, until that replaces it."""

_PARQUET_ROWS = 20_000


class OutputError(Exception):
    """An output file cannot be written or continued; the message says why."""


@dataclass(frozen=True, slots=True)
class OutputFiles:
    """The names of a batch's files, all derived from the output's."""

    output: str
    format: str = "jsonl"

    @property
    def records(self) -> str:
        """The JSON Lines file records are appended to."""
        return self.output if self.format == "jsonl" else self.output + ".spool.jsonl"

    @property
    def errors(self) -> str:
        return self.output + ".errors.jsonl"

    @property
    def manifest(self) -> str:
        return self.output + ".manifest.sqlite"

    @property
    def lock(self) -> str:
        """The file a run holds a lock on while it writes the others."""
        return self.output + ".lock"

    def names(self) -> tuple[str, ...]:
        """Every file of the output, the Parquet spool included."""
        spool = self.output + ".spool.jsonl"
        return (self.output, spool, self.errors, self.manifest, self.lock)


class Outputs:
    """The records file and the errors file of a batch, appended in order.

    Each file is first cut back to the length given (what the manifest
    committed); :attr:`records_bytes` and :attr:`errors_bytes` count on from
    there.
    """

    def __init__(
        self, files: OutputFiles, records_bytes: int = 0, errors_bytes: int = 0
    ):
        self.records_bytes = records_bytes
        self.errors_bytes = errors_bytes
        self._records = _open_at(files.records, records_bytes)
        try:
            self._errors = _open_at(files.errors, errors_bytes)
        except BaseException:
            self._records.close()
            raise

    def write(self, outcome: Outcome) -> None:
        errors = outcome.error + outcome.skipped
        self._records.write(outcome.records)
        self._errors.write(errors)
        self.records_bytes += len(outcome.records)
        self.errors_bytes += len(errors)

    def write_records(self, records: Iterable[dict[str, Any]], errors: bool) -> None:
        """Write records as they are, to the errors file when ``errors``."""
        data = json_lines(records)
        if errors:
            self._errors.write(data)
            self.errors_bytes += len(data)
        else:
            self._records.write(data)
            self.records_bytes += len(data)

    def flush(self) -> None:
        """Hand what was written to the operating system."""
        self._records.flush()
        self._errors.flush()

    def close(self) -> None:
        self._records.close()
        self._errors.close()


@contextmanager
def locked(files: OutputFiles) -> Iterator[None]:
    """Hold the lock of an output while the block runs, so that no other run
    writes it meanwhile.

    The lock is an ``fcntl`` record lock on :attr:`OutputFiles.lock`, which
    is left in place: the system drops it when the process that holds it
    ends, however it ends, and the worker processes a run forks do not
    inherit it. Where ``fcntl`` is missing there is no lock.

    Raises:
        OutputError: Another live process holds the lock.
    """
    try:
        import fcntl
    except ImportError:  # not a POSIX system
        yield
        return
    descriptor = os.open(files.lock, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.lockf(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            if error.errno not in (errno.EACCES, errno.EAGAIN):
                raise
            holder = os.pread(descriptor, 32, 0).decode("ascii", "replace").strip()
            by = f" (process {holder})" if holder.isdigit() else ""
            raise OutputError(
                f"{files.output} is being written by another run{by}; "
                "wait for it to end, or write to another -o"
            ) from None
        os.ftruncate(descriptor, 0)
        os.pwrite(descriptor, f"{os.getpid()}\n".encode("ascii"), 0)
        yield
    finally:
        os.close(descriptor)


def refuse_inputs(files: OutputFiles, inputs: Iterable[str]) -> None:
    """Refuse an output that would overwrite one of its inputs, or be read
    as a page of an input directory.

    Raises:
        OutputError: One of the output's files is an input, or the output
            lies in an input directory and is named like a page.
    """
    for source in inputs:
        if source == "-" or "://" in source:
            continue
        for name in files.names():
            if _same_file(source, name):
                raise OutputError(f"{name} is an input; write to another -o")
        if not (os.path.isdir(source) and files.output.lower().endswith(PAGE_SUFFIXES)):
            continue
        folder = os.path.realpath(source)
        if os.path.commonpath([folder, os.path.realpath(files.output)]) == folder:
            raise OutputError(
                f"{files.output} would be read as a page of the input {source}; "
                "write to another -o"
            )


def _same_file(one: str, other: str) -> bool:
    try:
        return os.path.samefile(one, other)
    except OSError:  # one of them does not exist (yet)
        return os.path.realpath(one) == os.path.realpath(other)


def output_files(output: str, format: str = "jsonl") -> OutputFiles:
    """The files of an output, once it is clear that they can be written.

    Raises:
        OutputError: The output's directory does not exist, or the format
            needs an extra that is not installed.
    """
    folder = os.path.dirname(os.path.abspath(output))
    if not os.path.isdir(folder):
        raise OutputError(f"no directory {folder} to write {output} in")
    if format == "parquet":
        require_parquet()
    return OutputFiles(output, format)


def _open_at(path: str, size: int) -> BinaryIO:
    if size == 0:
        return open(path, "wb")
    actual = os.path.getsize(path) if os.path.exists(path) else 0
    if actual < size:
        raise OutputError(
            f"{path} has {actual} bytes but its manifest committed {size}; "
            "start again without --resume"
        )
    os.truncate(path, size)
    return open(path, "ab")


def rewrite(path: str, layout: Iterable[tuple[int, bytes | None]]) -> int:
    """Write ``path`` + :data:`REWRITE_SUFFIX` from ``path`` and a layout.

    The layout gives, per document in file order, how many lines it has in
    ``path`` and the lines that replace them, or None to keep them. Lines
    past the layout's end were never committed and are left out. Returns the
    new file's size; the caller moves it over ``path``.

    Raises:
        OutputError: If ``path`` has fewer lines than the layout says.
    """
    size = 0
    source = path if os.path.exists(path) else os.devnull
    with open(source, "rb") as old, open(path + REWRITE_SUFFIX, "wb") as new:
        for count, replacement in layout:
            lines = [old.readline() for _ in range(count)]
            if count and not lines[-1].endswith(b"\n"):
                raise OutputError(f"{path} has fewer lines than its manifest says")
            data = b"".join(lines) if replacement is None else replacement
            new.write(data)
            size += len(data)
        new.flush()
        os.fsync(new.fileno())
    return size


def require_parquet() -> None:
    """Raise :class:`OutputError` unless pyarrow can be imported."""
    try:
        import pyarrow  # noqa: F401
        import pyarrow.parquet  # noqa: F401
    except ImportError:
        message = "Parquet output needs pyarrow: pip install 'pagechunk[parquet]'"
        raise OutputError(message) from None


def _schema() -> Any:
    """The Parquet schema of chunk records: their fields in the order of
    :data:`~pagechunk.batch.RECORD_FIELDS`."""
    import pyarrow as pa

    types = {
        "url": pa.string(),
        "title": pa.string(),
        "heading": pa.string(),
        "position": pa.int32(),
        "text": pa.string(),
        "chars": pa.int32(),
        "doc_id": pa.string(),
        "noindex": pa.bool_(),
        "lang": pa.string(),
        "start": pa.int64(),
        "end": pa.int64(),
        "page_type": pa.string(),
        "confidence": pa.float64(),
        "tokens": pa.int32(),
        "id": pa.string(),
        "digest": pa.string(),
        "source": pa.string(),
        "headline": pa.string(),
        "author": pa.string(),
        "published": pa.string(),
        "modified": pa.string(),
        "description": pa.string(),
        "site_name": pa.string(),
        "canonical_url": pa.string(),
        "image": pa.string(),
        "tags": pa.list_(pa.string()),
        "license": pa.string(),
    }
    return pa.schema([(name, types[name]) for name in RECORD_FIELDS])


def write_parquet(jsonl_path: str, parquet_path: str) -> int:
    """Convert a JSON Lines file of chunk records to Parquet; return the rows.

    The Parquet file is written beside the target and moved over it when
    complete.
    """
    import pyarrow as pa
    import pyarrow.parquet as pq

    schema = _schema()
    temporary = parquet_path + ".tmp"
    rows = 0
    with open(jsonl_path, "rb") as lines, pq.ParquetWriter(temporary, schema) as writer:
        while batch := list(islice(lines, _PARQUET_ROWS)):
            records = [json.loads(line) for line in batch]
            writer.write_table(pa.Table.from_pylist(records, schema=schema))
            rows += len(records)
    os.replace(temporary, parquet_path)
    return rows


def jsonl_from_parquet(parquet_path: str, jsonl_path: str) -> int:
    """Write the records of a Parquet file as JSON Lines; return their size."""
    import pyarrow.parquet as pq

    size = 0
    with open(jsonl_path, "wb") as out:
        for batch in pq.ParquetFile(parquet_path).iter_batches(_PARQUET_ROWS):
            data = json_lines(batch.to_pylist())
            out.write(data)
            size += len(data)
    return size


def swap_in_staged(manifest: Manifest, files: OutputFiles, version: str) -> None:
    """Rewrite the output files with the manifest's staged lines in place of
    the old ones, and record ``version`` as what made them.

    The manifest commits the new state before the rewritten files replace
    the old ones, with a mark that an interrupted replacement is to be
    finished: see :func:`recover_rewrite`.
    """
    restore_spool(manifest, files)
    records_bytes = rewrite(files.records, manifest.layout("records"))
    errors_bytes = rewrite(files.errors, manifest.layout("error"))
    manifest.apply_staged(
        version,
        records_bytes=str(records_bytes),
        errors_bytes=str(errors_bytes),
        rewrite_pending="1",
    )
    _replace_rewritten(manifest, files)


def _replace_rewritten(manifest: Manifest, files: OutputFiles) -> None:
    for path in (files.records, files.errors):
        if os.path.exists(path + REWRITE_SUFFIX):
            os.replace(path + REWRITE_SUFFIX, path)
    manifest.set(rewrite_pending="0")


def recover_rewrite(manifest: Manifest, files: OutputFiles) -> None:
    """Finish a committed rewrite, or drop one that was never committed."""
    if manifest.get("rewrite_pending") == "1":
        _replace_rewritten(manifest, files)
        return
    for path in (files.records, files.errors):
        if os.path.exists(path + REWRITE_SUFFIX):
            os.remove(path + REWRITE_SUFFIX)


def open_outputs(manifest: Manifest, files: OutputFiles) -> Outputs:
    """The output files, cut back to the lengths the manifest committed."""
    restore_spool(manifest, files)
    return Outputs(
        files,
        records_bytes=int(manifest.get("records_bytes") or 0),
        errors_bytes=int(manifest.get("errors_bytes") or 0),
    )


def restore_spool(manifest: Manifest, files: OutputFiles) -> None:
    """For Parquet, bring back the spool of a finished run from its output."""
    committed = int(manifest.get("records_bytes") or 0)
    if files.format != "parquet" or os.path.exists(files.records) or not committed:
        return
    if not os.path.exists(files.output):
        raise OutputError(f"{files.output} is gone; start again without --resume")
    size = jsonl_from_parquet(files.output, files.records)
    if size != committed:
        manifest.set(records_bytes=str(size))


def finish_output(files: OutputFiles) -> None:
    """For Parquet, convert the spool to the output and remove it."""
    if files.format == "parquet" and os.path.exists(files.records):
        write_parquet(files.records, files.output)
        os.remove(files.records)
