"""From blocks to heading sections: the units of each run of blocks under one
heading path, placed in the blocks' Markdown, and the prefix of each path.

Where each block's text stands in the Markdown comes from
:func:`~pagechunk.model.markdown_layout`, the layout
:attr:`~pagechunk.model.ParsedPage.markdown` is written in, so that
:attr:`~pagechunk.model.Chunk.start` and :attr:`~pagechunk.model.Chunk.end`
count where that text counts.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pagechunk.chunk.units import Meter, Source, TableUnit, Unit
from pagechunk.model import HEADING, HEADING_SEPARATOR, ROW, Block, markdown_layout

__all__ = ["heading_prefix", "sections"]


def sections(blocks: Sequence[Block], meter: Meter) -> list[tuple[str, list[Unit]]]:
    """The runs of body blocks under one heading path: each path with a unit
    for each block with text, placed in the blocks' Markdown.

    A row is a row of the table its latest header row opened, if any.
    """
    layout = markdown_layout(blocks)
    found: list[tuple[str, list[Unit]]] = []
    units: list[Unit] = []
    table: TableUnit | None = None
    for block, text_start, line_indent in zip(
        blocks, layout.text_starts, layout.line_indents, strict=True
    ):
        kind = block.kind
        if kind != ROW:
            table = None
        elif block.header:
            table = TableUnit()
        text = block.text.strip()
        if kind == HEADING or not text:
            continue
        if not found or block.heading != found[-1][0]:
            units = []
            found.append((block.heading, units))
        unit = _block_unit(block.text, text, text_start, line_indent, meter)
        if kind == ROW:
            unit.table = table
            if table is not None and block.header:
                table.header = unit
        units.append(unit)
    return found


def _block_unit(
    raw: str, text: str, text_start: int, line_indent: int, meter: Meter
) -> Unit:
    """The unit of a whole block whose text ``raw``, stripped, is ``text``;
    ``raw`` begins at ``text_start`` in the Markdown, which puts
    ``line_indent`` characters after each of its line breaks."""
    # The first non-space character opens ``text``: find stops at it.
    lead = raw.find(text[0])
    base = text_start + lead
    newlines = None
    if line_indent:
        base += line_indent * raw.count("\n", 0, lead)
        if "\n" in text:
            newlines = []
            at = text.find("\n")
            while at != -1:
                newlines.append(at)
                at = text.find("\n", at + 1)
    source = Source(text, base, newlines, line_indent)
    return Unit(text, meter.measure(text), source, 0, source, len(text))


_WORDS = re.compile(r"\w+")


def heading_prefix(
    title: str,
    heading: str,
    limit: int | None,
    meter: Meter,
    title_once: bool = False,
) -> str:
    """The title and heading path, cut to fit half of ``limit`` with its blank
    line; empty when not even one character would fit. With ``title_once``,
    when the title holds the path's first heading or is held by it, the
    longer of the two stands for both."""
    first, _, rest = heading.partition(HEADING_SEPARATOR)
    repeats = heading == title or heading.startswith(title + HEADING_SEPARATOR)
    if title and repeats:
        line = heading
    elif title_once and title and heading and _same_name(title, first):
        # One name for the page: the longer, which says more.
        longer = title if len(title) > len(first) else first
        line = HEADING_SEPARATOR.join(part for part in (longer, rest) if part)
    else:
        line = HEADING_SEPARATOR.join(part for part in (title, heading) if part)
    if limit is None:
        return line
    room = limit // 2 - meter.paragraph
    if room < 1:
        return ""
    size = meter(line)
    if size <= room:
        return line
    if meter.exact:
        return line[: room - 1] + "…"
    chars = meter.chars_for(room, len(line), size)
    while chars > 0:
        cut = line[: chars - 1] + "…"
        if meter(cut) <= room:
            return cut
        chars -= max(1, chars // 5)
    return ""


def _same_name(title: str, heading: str) -> bool:
    """Whether the words of one run inside the other's, case, spacing and
    punctuation aside (``"acme/rocket: Launch"`` holds ``"acme / rocket"``)."""
    a = " " + " ".join(_WORDS.findall(title.casefold())) + " "
    b = " " + " ".join(_WORDS.findall(heading.casefold())) + " "
    if len(a) < 4 or len(b) < 4:
        return False
    return a in b or b in a
