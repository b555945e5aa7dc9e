"""The batch manifest: an SQLite file beside the output that makes runs resumable.

It records, per document, its source key, the digest of its bytes, the
pipeline version that made its records, its state, and where its records
stand in the output: the order ``seq`` in which documents were written, and
how many record lines and error lines each has there.

A document is ``queued`` in a committed transaction before its work is
dispatched, and becomes ``done`` or ``failed`` only once its lines are
flushed to the output files, in the transaction that also records how long
those files then are. Whenever a run stops, the files' committed lengths are
therefore a prefix of whole documents, and a resumed run cuts the files back
to them and does every document that is not done or failed. ``pagechunk
reprocess`` marks the documents it takes up ``requeued`` (their old lines
stay in the output), keeps their new lines in the ``staged`` table, and
swaps them in with one rewrite of the files.

A run with a site memory stores it in the run table once its first pass has
observed every document (:meth:`Manifest.store_site_memory`), so a resumed
run, and ``pagechunk reprocess``, clean against the same counts.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from pagechunk.batch.records import Item, Outcome
from pagechunk.batch.sources import Document
from pagechunk.clean.memory import SiteMemory

__all__ = [
    "STATES",
    "Entry",
    "Manifest",
    "content_digest",
    "read_text",
    "remove_manifest",
    "stored_text",
]

STATES = ("queued", "requeued", "done", "failed")
"""A document's states: dispatched by a run; taken up again by reprocess; its
chunk records written; its error record written."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS documents (
    source TEXT PRIMARY KEY,
    seq INTEGER NOT NULL,
    url TEXT NOT NULL,
    digest TEXT NOT NULL,
    pipeline_version TEXT NOT NULL,
    state TEXT NOT NULL,
    chunks INTEGER NOT NULL DEFAULT 0,
    errors INTEGER NOT NULL DEFAULT 0,
    run INTEGER NOT NULL,
    processed_at REAL
);
CREATE INDEX IF NOT EXISTS documents_by_seq ON documents (seq);
CREATE INDEX IF NOT EXISTS documents_by_age ON documents (processed_at, seq);
CREATE TABLE IF NOT EXISTS staged (
    seq INTEGER PRIMARY KEY,
    digest TEXT NOT NULL,
    records BLOB NOT NULL,
    chunks INTEGER NOT NULL,
    error BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS run (name TEXT PRIMARY KEY, value TEXT NOT NULL);
"""

_QUEUE = """
INSERT INTO documents
    (source, seq, url, digest, pipeline_version, state, chunks, errors, run)
VALUES (?, ?, ?, ?, ?, 'queued', 0, 0, ?)
ON CONFLICT (source) DO UPDATE SET
    seq = excluded.seq, url = excluded.url, digest = excluded.digest,
    pipeline_version = excluded.pipeline_version, state = 'queued',
    chunks = 0, errors = 0, run = excluded.run, processed_at = NULL
"""

_FINISH = """
UPDATE documents SET state = ?, chunks = ?, errors = ?, processed_at = ?
WHERE source = ?
"""

_STAGE = """
INSERT OR REPLACE INTO staged (seq, digest, records, chunks, error)
SELECT seq, ?, ?, ?, ? FROM documents WHERE source = ?
"""

_APPLY_STAGED = """
UPDATE documents SET
    digest = staged.digest, chunks = staged.chunks,
    errors = length(staged.error) > 0,
    state = CASE WHEN length(staged.error) > 0 THEN 'failed' ELSE 'done' END,
    pipeline_version = ?, processed_at = ?
FROM staged WHERE staged.seq = documents.seq
"""

_STALE = """
SELECT * FROM documents
WHERE pipeline_version != ? AND state != 'queued' AND source != '-'
    AND seq NOT IN (SELECT seq FROM staged)
ORDER BY processed_at, seq
"""


@dataclass(frozen=True, slots=True)
class Entry:
    """One document's row in the manifest."""

    source: str
    seq: int
    url: str
    digest: str
    pipeline_version: str
    state: str
    chunks: int
    errors: int
    run: int
    processed_at: float | None


def stored_text(text: str) -> str | bytes:
    """A source key, URL or path as the manifest stores it: the text, or,
    when it holds a character UTF-8 cannot encode (a file name that is not
    valid UTF-8 comes from the operating system with its bytes escaped as
    lone surrogates), the bytes :func:`os.fsencode` gives for it, as a BLOB.
    :func:`read_text` turns either back into the same text."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogateescape")
    return text


def read_text(value: str | bytes) -> str:
    """The text :func:`stored_text` stored."""
    if isinstance(value, bytes):
        return value.decode("utf-8", "surrogateescape")
    return value


def _entry(row: sqlite3.Row) -> Entry:
    values = dict(row)
    texts = {name: read_text(values[name]) for name in ("source", "url")}
    return Entry(**values | texts)


def content_digest(item: Item) -> str:
    """The SHA-256 of a document's bytes as read; empty for an unreadable one."""
    if isinstance(item, Document):
        return hashlib.sha256(item.data).hexdigest()
    return ""


def remove_manifest(path: str) -> None:
    """Delete a manifest file and SQLite's files beside it, where they exist."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)


class Manifest:
    """The manifest file of one output; each instance is one run over it.

    Args:
        path: The SQLite file.
        fresh: Whether to start a new manifest, deleting any file there.
    """

    def __init__(self, path: str, *, fresh: bool = False) -> None:
        if fresh:
            remove_manifest(path)
        self.path = path
        self.connection = sqlite3.connect(path, isolation_level=None)
        self.connection.row_factory = sqlite3.Row
        # WAL commits survive the process being killed without an fsync each.
        self.connection.execute("PRAGMA journal_mode = WAL")
        self.connection.execute("PRAGMA synchronous = NORMAL")
        self.connection.executescript(_SCHEMA)
        self.run = int(self.get("runs") or 0) + 1
        self.set(runs=str(self.run))
        top = self.connection.execute("SELECT max(seq) FROM documents").fetchone()[0]
        self._next_seq = (top or 0) + 1

    def close(self) -> None:
        self.connection.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self.connection.execute("BEGIN IMMEDIATE")
        try:
            yield self.connection
        except BaseException:
            self.connection.execute("ROLLBACK")
            raise
        self.connection.execute("COMMIT")

    def get(self, name: str) -> str | None:
        """A value the run table holds, or None."""
        row = self.connection.execute(
            "SELECT value FROM run WHERE name = ?", (name,)
        ).fetchone()
        return None if row is None else read_text(row[0])

    def set(self, **values: str) -> None:
        """Store values in the run table, in one committed transaction."""
        with self._transaction() as connection:
            connection.executemany(
                "INSERT OR REPLACE INTO run (name, value) VALUES (?, ?)",
                ((name, stored_text(value)) for name, value in values.items()),
            )

    def site_memory(self) -> SiteMemory | None:
        """The site memory the run stored, or None.

        Raises:
            ValueError: What is stored is not a site memory.
        """
        text = self.get("site_memory")
        return None if text is None else SiteMemory.from_json(text)

    def store_site_memory(self, memory: SiteMemory) -> None:
        """Store the run's site memory, in one committed transaction."""
        self.set(site_memory=memory.to_json())

    def entry(self, source: str) -> Entry | None:
        """The row of the document with this source key, if there is one."""
        row = self.connection.execute(
            "SELECT * FROM documents WHERE source = ?", (stored_text(source),)
        ).fetchone()
        return None if row is None else _entry(row)

    def queue(
        self, items: Sequence[Item], digests: Sequence[str], version: str
    ) -> None:
        """Mark documents queued, in the order given, and commit."""
        rows = []
        for item, digest in zip(items, digests, strict=True):
            key, url = stored_text(item.key), stored_text(item.url)
            rows.append((key, self._next_seq, url, digest, version, self.run))
            self._next_seq += 1
        with self._transaction() as connection:
            connection.executemany(_QUEUE, rows)

    def finish(self, outcomes: Iterable[Outcome], **file_sizes: int) -> None:
        """Mark documents done or failed and store the output files' sizes
        (as ``name=bytes``), in one committed transaction."""
        now = time.time()
        rows = [
            (
                "failed" if o.error else "done",
                o.chunks,
                int(bool(o.error or o.skipped)),
                now,
                stored_text(o.source),
            )
            for o in outcomes
        ]
        with self._transaction() as connection:
            connection.executemany(_FINISH, rows)
            connection.executemany(
                "INSERT OR REPLACE INTO run (name, value) VALUES (?, ?)",
                ((name, str(size)) for name, size in file_sizes.items()),
            )

    def counts(self) -> dict[str, int]:
        """How many documents are in each state."""
        rows = self.connection.execute(
            "SELECT state, count(*) FROM documents GROUP BY state"
        )
        return {state: 0 for state in STATES} | dict(rows.fetchall())

    def stale(self, version: str) -> list[Entry]:
        """The documents whose records an older pipeline version made, oldest
        first, leaving out those already staged and standard input."""
        rows = self.connection.execute(_STALE, (version,))
        return [_entry(row) for row in rows]

    def requeue(self, sources: Sequence[str]) -> None:
        """Mark documents requeued for reprocessing, and commit."""
        with self._transaction() as connection:
            connection.executemany(
                "UPDATE documents SET state = 'requeued' WHERE source = ?",
                ((stored_text(source),) for source in sources),
            )

    def stage(self, outcomes: Iterable[tuple[Outcome, str]]) -> None:
        """Keep the new lines of reprocessed documents (with their digests)
        until the output is rewritten, and commit."""
        rows = [
            (
                digest,
                outcome.records,
                outcome.chunks,
                outcome.error,
                stored_text(outcome.source),
            )
            for outcome, digest in outcomes
        ]
        with self._transaction() as connection:
            connection.executemany(_STAGE, rows)

    def has_staged(self) -> bool:
        """Whether reprocessed lines wait to be swapped into the output."""
        row = self.connection.execute("SELECT 1 FROM staged LIMIT 1").fetchone()
        return row is not None

    def layout(self, kind: str) -> Iterator[tuple[int, bytes | None]]:
        """Per document in output order: how many ``kind`` lines (``records``
        or ``error``) it has in the output now, and its staged new ones."""
        count = {"records": "chunks", "error": "errors"}[kind]
        rows = self.connection.execute(
            f"SELECT d.{count}, s.{kind} FROM documents AS d "
            "LEFT JOIN staged AS s ON s.seq = d.seq ORDER BY d.seq"
        )
        yield from ((lines, replacement) for lines, replacement in rows)

    def apply_staged(self, version: str, **values: str) -> None:
        """Make the staged lines the documents' own, drop them from
        ``staged`` and store ``values``, in one committed transaction."""
        with self._transaction() as connection:
            connection.execute(_APPLY_STAGED, (version, time.time()))
            connection.execute("DELETE FROM staged")
            connection.executemany(
                "INSERT OR REPLACE INTO run (name, value) VALUES (?, ?)",
                values.items(),
            )
