"""What a batch command did: counts for its closing line, and a progress bar."""

from __future__ import annotations

import dataclasses
import sys
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

from pagechunk.batch.records import NO_CHUNKS, Outcome

_NO_CHUNKS = f'"{NO_CHUNKS}"'.encode()

__all__ = ["Progress", "Tally"]


@dataclass(slots=True)
class Tally:
    """What one run did, for its closing line and exit status.

    ``empty`` counts the documents read without error that gave no chunk
    (each also has a ``NoChunks`` error line); ``failed`` the others with an
    error line;
    ``skipped`` the WARC records that are no page, by reason.
    """

    documents: int = 0
    chunks: int = 0
    failed: int = 0
    empty: int = 0
    skipped: Counter[str] = dataclasses.field(default_factory=Counter)
    kept: int = 0
    changed: int = 0
    failed_in_output: int = 0
    duplicates: int = 0
    started: float = dataclasses.field(default_factory=time.perf_counter)

    def count(self, outcome: Outcome) -> None:
        self.documents += 1
        self.chunks += outcome.chunks
        empty = not outcome.chunks and (
            not outcome.error or _NO_CHUNKS in outcome.error
        )
        self.failed += bool(outcome.error) and not empty
        self.empty += empty

    def summary(self) -> str:
        """One line: documents, failures, empty documents, chunks, pages per
        second, and the WARC records skipped by reason."""
        seconds = time.perf_counter() - self.started
        rate = self.documents / seconds if seconds > 0 else 0.0
        line = (
            f"{self.documents} documents ({self.failed} failed, {self.empty} "
            f"empty), {self.chunks} chunks in {seconds:.1f} s, {rate:.0f} pages/s"
        )
        if self.skipped:
            reasons = ", ".join(
                f"{count} {reason}" for reason, count in self.skipped.most_common()
            )
            line += f"; {self.skipped.total()} WARC records skipped ({reasons})"
        if self.duplicates:
            line += f"; {self.duplicates} duplicates skipped"
        if self.kept:
            line += f"; {self.kept} kept from before"
        if self.changed:
            line += f", {self.changed} of them changed since"
        return line


class Progress:
    """A tqdm bar on stderr, or nothing when tqdm is missing or not wanted;
    with the ``total`` of documents when it is known beforehand."""

    def __init__(self, enabled: bool, total: int | None = None) -> None:
        self.chunks = 0
        self.bar: Any = None
        if enabled:
            try:
                from tqdm import tqdm
            except ImportError:
                return
            # With a total, tqdm shows the share done and an ETA.
            self.bar = tqdm(total=total, unit=" pages", file=sys.stderr, smoothing=0.1)

    def advance(self, documents: int, chunks: int) -> None:
        if self.bar is not None:
            self.chunks += chunks
            self.bar.set_postfix(chunks=self.chunks, refresh=False)
            self.bar.update(documents)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
