"""What a batch command did: counts for its closing line, and a progress bar."""

from __future__ import annotations

import dataclasses
import sys
import time
from dataclasses import dataclass
from typing import Any

from pagechunk.batch.records import Outcome

__all__ = ["Progress", "Tally"]


@dataclass(slots=True)
class Tally:
    """What one run did, for its closing line and exit status."""

    documents: int = 0
    chunks: int = 0
    failed: int = 0
    kept: int = 0
    changed: int = 0
    failed_in_output: int = 0
    duplicates: int = 0
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
        if self.duplicates:
            line += f"; {self.duplicates} duplicates skipped"
        if self.kept:
            line += f"; {self.kept} kept from before"
        if self.changed:
            line += f", {self.changed} of them changed since"
        return line


class Progress:
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
