"""Turning a heading section's units into chunk texts, in order.

The units are packed towards the target a blank line apart; with
``table_header`` a run that goes on with a table's rows opens with its header
row, and with an overlap each chunk after the first of a section opens with
the end of the one before. With a length other than ``len``, each chunk is
measured once as a whole, and one over the limit is split again: in halves,
then into the parts a unit was joined from, then between words.
"""

from __future__ import annotations

from dataclasses import dataclass

from pagechunk.chunk.sentences import last_words
from pagechunk.chunk.split import split_block, split_words
from pagechunk.chunk.units import ChunkSource, Meter, Unit, join, pack
from pagechunk.model import Chunk

__all__ = ["Packer", "Section"]


@dataclass(slots=True)
class Section:
    """One heading section's path, prefix and body limit, and what the
    overlap needs of its last chunk: the body, the chunk's length in
    characters and in the length function's unit, and its last unit."""

    heading: str
    head: str
    body_limit: int | None
    previous: str = ""
    ratio: tuple[int, int] = (1, 1)
    previous_unit: Unit | None = None


class Packer:
    """Turns each heading section's units into chunks, in order."""

    def __init__(
        self,
        meter: Meter,
        limit: int | None,
        overlap: int,
        table_header: bool,
        source: ChunkSource,
        markdown: bool = False,
    ) -> None:
        self.meter = meter
        self.limit = limit
        self.overlap = overlap
        self.table_header = table_header
        self.source = source
        # Markdown bodies: a table's rows one line apart, so that they stay
        # one table, and no overlap that would open or cut a fence or a row.
        self.markdown = markdown
        self.chunks: list[Chunk] = []

    def overhead(self, head: str) -> int:
        """The size the prefix ``head`` and its blank line take of a chunk."""
        return self.meter(head) + self.meter.paragraph if head else 0

    def body_limit(self, head: str) -> int | None:
        """The size left for a chunk's body after the prefix ``head``."""
        if self.limit is None:
            return None
        return self.limit - self.overhead(head)

    def section(
        self, heading: str, head: str, units: list[Unit], target: int | None
    ) -> None:
        """Chunk the units of one heading section, whose prefix is ``head``."""
        overhead = self.overhead(head)
        body_limit = self.limit - overhead if self.limit is not None else None
        body_target = None if target is None else max(1, target - overhead)
        if body_limit is not None and max([unit.size for unit in units]) > body_limit:
            units = self._split(units, body_target or body_limit, body_limit)
        section = Section(heading, head, body_limit)
        for header, run in self._runs(units, body_target, body_limit):
            self._emit(section, header, run, "\n\n", body_limit)

    def _split(self, units: list[Unit], target: int, limit: int) -> list[Unit]:
        pieces: list[Unit] = []
        for unit in units:
            if unit.size <= limit:
                pieces.append(unit)
                continue
            if unit.table is not None and unit.table.header is unit:
                unit.table.header = None
            pieces += split_block(unit, target, limit, self.meter)
        return pieces

    def _runs(
        self, units: list[Unit], target: int | None, limit: int | None
    ) -> list[tuple[Unit | None, list[Unit]]]:
        """The units packed into chunk bodies towards ``target``, each with
        the table header row it opens with, if any.

        A header row that would end a run goes on to open the next one with
        its first row instead, when the two fit within ``limit`` together:
        the header then stands once, above its rows, not alone at the foot
        of one chunk and again at the head of the next.
        """
        glue = self.meter.paragraph
        if not self.table_header:
            return [(None, run) for run in pack(units, glue, target)]
        runs: list[tuple[Unit | None, list[Unit]]] = []
        header: Unit | None = None
        run: list[Unit] = []
        size = 0
        for unit in units:
            if run:
                size += glue + unit.size
                if target is None or size <= target:
                    run.append(unit)
                    continue
                last = run[-1]
                if (
                    last.table is not None
                    and last.table.header is last
                    and unit.table is last.table
                    and (limit is None or last.size + glue + unit.size <= limit)
                ):
                    if len(run) > 1:
                        runs.append((header, run[:-1]))
                    header = None
                    run = [last, unit]
                    size = last.size + glue + unit.size
                    continue
                runs.append((header, run))
            header = self._repeat(unit, limit)
            run = [unit]
            size = unit.size + (header.size + glue if header else 0)
        if run:
            runs.append((header, run))
        return runs

    def _repeat(self, unit: Unit, limit: int | None) -> Unit | None:
        """The header row to open a chunk with that begins with ``unit``."""
        if not self.table_header or unit.table is None:
            return None
        header = unit.table.header
        if header is None or header is unit:
            return None
        if limit is not None and header.size + self.meter.paragraph + unit.size > limit:
            return None
        return header

    def _emit(
        self,
        section: Section,
        header: Unit | None,
        units: list[Unit],
        glue: str,
        cap: int | None,
    ) -> None:
        """Add the chunk of ``units`` a ``glue`` apart, after ``header`` and
        an overlap; with a length other than ``len``, a chunk that measures
        over the limit is split again, its bodies kept within ``cap``."""
        meter = self.meter
        piece = join(units, glue, meter(glue) if glue else 0)
        text = piece.text
        if self.markdown and glue == "\n\n":
            text = _rows_tight(units)
        body, size = text.lstrip(" "), piece.size
        if header is not None:
            between = "\n" if self.markdown else "\n\n"
            body = header.text + between + body
            size += header.size + meter.paragraph
        overlap = ""
        if self.overlap and header is None and section.previous_unit is not None:
            overlap = self._overlap(section, piece, size)
            if self.markdown and _breaks_markdown(overlap):
                overlap = ""
        text = _compose(section.head, overlap + body)
        measured = size
        if not meter.exact and self.limit is not None:
            measured = meter(text)
            if measured > self.limit and overlap:
                overlap = ""
                text = _compose(section.head, body)
                measured = meter(text)
            if measured > self.limit:
                self._again(section, header, units, glue, measured, cap)
                return
        first, final = units[0], units[-1]
        source = self.source
        position = len(self.chunks)
        self.chunks.append(
            Chunk(
                text,
                section.heading,
                position,
                url=source.url,
                title=source.title,
                lang=source.lang,
                page_type=source.page_type,
                confidence=source.confidence,
                start=first.source.offset(first.start),
                end=final.last.offset(final.end),
                id=source.chunk_id(position, text),
                **source.metadata,
            )
        )
        section.previous = overlap + body
        section.ratio = (len(text), measured)
        section.previous_unit = final

    def _again(
        self,
        section: Section,
        header: Unit | None,
        units: list[Unit],
        glue: str,
        measured: int,
        cap: int | None,
    ) -> None:
        """Emit ``units`` as smaller chunks instead.

        Raises:
            ValueError: A single character measures over the limit.
        """
        if len(units) > 1:
            half = len(units) // 2
            self._emit(section, header, units[:half], glue, cap)
            rest = units[half:]
            repeat = self._repeat(rest[0], cap) if glue == "\n\n" else None
            self._emit(section, repeat, rest, glue, cap)
        elif units[0].parts:
            self._emit(section, header, list(units[0].parts), units[0].glue, cap)
        elif header is not None:
            self._emit(section, None, units, glue, cap)
        else:
            assert cap is not None and self.limit is not None
            unit = units[0]
            smaller = min(cap - 1, cap * self.limit // measured)
            if smaller < 1:
                text = _compose(section.head, unit.text.lstrip())
                raise ValueError(
                    f"max_chars={self.limit} is too small for length: "
                    f"{text!r} measures {measured}"
                )
            for piece in split_words(
                unit.source,
                unit.start,
                unit.end,
                unit.size,
                smaller,
                smaller,
                self.meter,
            ):
                self._emit(section, None, [piece], "", smaller)

    def _overlap(self, section: Section, piece: Unit, size: int) -> str:
        """The end of the previous chunk's body to open this one with, and
        what stood between them, within the overlap and the body limit."""
        meter = self.meter
        previous = section.previous_unit
        assert previous is not None
        if previous.last is piece.source:
            gap = piece.source.text[previous.end : piece.start]
            glue = "\n" if "\n" in gap else " " if gap else ""
        else:
            glue = "\n\n"
        budget = self.overlap
        if section.body_limit is not None:
            budget = min(budget, section.body_limit - size - meter(glue))
        if budget < 1:
            return ""
        text = section.previous
        chars = meter.chars_for(budget, *section.ratio)
        while chars > 0:
            words = last_words(text, chars)
            if not words:
                return ""
            words_size = meter(words)
            if words_size <= budget:
                return words + glue
            chars = min(len(words) - 1, chars * budget // words_size)
        return ""


def _rows_tight(units: list[Unit]) -> str:
    """The units a blank line apart, but rows of one table a line apart."""
    parts = [units[0].text]
    for previous, unit in zip(units, units[1:], strict=False):
        tight = unit.table is not None and unit.table is previous.table
        parts += ["\n" if tight else "\n\n", unit.text]
    return "".join(parts)


def _breaks_markdown(overlap: str) -> bool:
    """Whether an overlap holds a fence or a table row, which repeated
    alone would open a fence or a table the chunk does not close."""
    return "```" in overlap or "~~~" in overlap or "|" in overlap


def _compose(head: str, body: str) -> str:
    return f"{head}\n\n{body}" if head else body
