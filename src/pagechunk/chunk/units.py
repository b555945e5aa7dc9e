"""The pieces chunks are made of, and how they are measured and grouped.

A :class:`Unit` is a piece of body text (a whole block, a line, a sentence or
a run of words) with its size and where it stands in the page's Markdown.
Sizes come from a :class:`Meter`: characters by default, or any length
function, such as a tokenizer's. Every piece is measured once, and the size
of a run of them is the sum of their sizes and of the glue between them, so
the length function is called a number of times linear in the text.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pagechunk.model import chunk_id

__all__ = ["ChunkSource", "Meter", "Source", "TableUnit", "Unit", "join", "pack"]


@dataclass(frozen=True, slots=True)
class ChunkSource:
    """The document every chunk of one call comes from.

    Attributes:
        url: Its address, as given.
        title: Its title, stripped.
        lang: Its language, as given.
        page_type: Its page type, as :func:`~pagechunk.extract` read it.
        confidence: Its extraction confidence.
        document: Its identity for chunk ids (see
            :func:`~pagechunk.model.chunk_id`); ``""`` leaves ids empty.
        metadata: The page metadata every chunk carries, by field name.
    """

    url: str = ""
    title: str = ""
    lang: str = ""
    page_type: str = ""
    confidence: float = 0.0
    document: str = ""
    metadata: Mapping[str, Any] = field(default_factory=dict)

    def chunk_id(self, position: int, text: str) -> str:
        """The id of the chunk at ``position`` with ``text``; ``""`` when the
        document has no identity."""
        return chunk_id(self.document, position, text) if self.document else ""


class Meter:
    """Measures text with a length function; characters when it is None.

    ``exact`` is True for ``len``: sizes then add up exactly, and nothing
    needs measuring twice.
    """

    __slots__ = ("_length", "exact", "measure", "newline", "paragraph", "space")

    def __init__(self, length: Callable[[str], int] | None) -> None:
        self.exact = length is None or length is len
        self._length: Callable[[str], int] = len if length is None else length
        # ``len`` itself when exact: the hot loops call it directly.
        self.measure: Callable[[str], int] = len if self.exact else self._checked
        self.space = self.measure(" ")
        self.newline = self.measure("\n")
        self.paragraph = self.measure("\n\n")

    def __call__(self, text: str) -> int:
        """The size of ``text``.

        Raises:
            ValueError: The length function gave something other than a
                whole number of at least 0.
        """
        return self.measure(text)

    def _checked(self, text: str) -> int:
        size = self._length(text)
        if not isinstance(size, int) or size < 0:
            raise ValueError(
                f"length must return an int of at least 0, not {size!r} "
                f"for {text[:40]!r}"
            )
        return size

    def chars_for(self, size: int, chars: int, chars_size: int) -> int:
        """About how many characters make ``size``, when ``chars`` of them
        measure ``chars_size``."""
        if self.exact or chars_size <= 0:
            return size
        return max(1, size * chars // chars_size)


@dataclass(slots=True)
class Source:
    """A block's stripped text and where it stands in the page's Markdown.

    Attributes:
        text: The block's text, stripped.
        base: The Markdown offset of the text's first character.
        newlines: Where ``text`` has line breaks, when the Markdown puts
            characters after each (the marks of items and quotes).
        line_indent: How many characters the Markdown puts after each of
            those line breaks.
    """

    text: str
    base: int
    newlines: list[int] | None = None
    line_indent: int = 0

    def offset(self, index: int) -> int:
        """The Markdown offset of ``text[index]``."""
        if not self.newlines:
            return self.base + index
        return self.base + index + self.line_indent * bisect_left(self.newlines, index)


@dataclass(slots=True)
class TableUnit:
    """A table's header row, repeated in the chunks its rows continue in;
    None when the header row had to be split itself."""

    header: Unit | None = None


@dataclass(slots=True)
class Unit:
    """A piece of body text with its size and where it came from.

    Attributes:
        text: The text; a sentence that had whitespace before it keeps one
            space in front while it is packed.
        size: Its measured size, or for a run the sum of its parts' and glue.
        source: The block its first character comes from.
        start: Where it begins in ``source.text``.
        last: The block its last character comes from.
        end: Where it ends in ``last.text``.
        parts: The units it was joined from, if any, with ``glue``.
        table: The table it is a row of, or a piece of a row of.
    """

    text: str
    size: int
    source: Source
    start: int
    last: Source
    end: int
    parts: tuple[Unit, ...] = field(default=(), repr=False)
    glue: str = ""
    table: TableUnit | None = None


def pack(units: list[Unit], glue_size: int, limit: int | None) -> list[list[Unit]]:
    """Group consecutive units into runs of at most ``limit``, filling each
    run before starting the next; a unit over it is a run alone. ``None``
    makes one run."""
    if limit is None or len(units) < 2:
        return [units] if units else []
    runs: list[list[Unit]] = []
    run = [units[0]]
    length = units[0].size
    for unit in units[1:]:
        length += glue_size + unit.size
        if length > limit:
            runs.append(run)
            run = [unit]
            length = unit.size
        else:
            run.append(unit)
    runs.append(run)
    return runs


def join(units: list[Unit], glue: str, glue_size: int) -> Unit:
    """One unit of ``units`` a ``glue`` apart, its size estimated as the sum."""
    if len(units) == 1:
        return units[0]
    first, final = units[0], units[-1]
    return Unit(
        glue.join([unit.text for unit in units]),
        sum([unit.size for unit in units]) + glue_size * (len(units) - 1),
        first.source,
        first.start,
        final.last,
        final.end,
        tuple(units),
        glue,
        first.table,
    )
