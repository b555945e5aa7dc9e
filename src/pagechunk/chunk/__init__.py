"""Packing blocks into chunks of a bounded size, as the text API does it.

Blocks under one heading path are packed towards ``target_chars``. A block too
big for ``max_chars`` is broken by :mod:`pagechunk.chunk.split` at line breaks
first, then at sentence ends, then between words, and only a word longer than
the limit is cut.

Sizes are characters unless a ``length`` function is given, such as a
tokenizer's (:func:`pagechunk.tokens.tokenizer_length`). Such a function is
called once for each block, line, sentence and piece it measures, plus once to
check each chunk as a whole: token counts do not add up exactly, so a chunk
that measures over ``max_chars`` is split again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from pagechunk.chunk.pack import Packer
from pagechunk.chunk.split import Meter, Source, Table, Unit
from pagechunk.markdown.read import read_markdown
from pagechunk.model import (
    HEADING_SEPARATOR,
    MAX_CHARS,
    TARGET_CHARS,
    Block,
    Chunk,
    render_markdown,
)

__all__ = ["chunk_blocks", "chunk_markdown"]

_INDENTED_KINDS = frozenset({"item", "quote"})
"""Kinds whose Markdown puts two characters before the block and after each
of its line breaks."""

_TIGHT_KINDS = frozenset({"item", "row"})
"""Kinds whose consecutive blocks the Markdown puts on consecutive lines."""


def chunk_blocks(
    blocks: Iterable[Block],
    *,
    title: str = "",
    target_chars: int | None = TARGET_CHARS,
    max_chars: int | None = MAX_CHARS,
    prefix: bool = True,
    length: Callable[[str], int] | None = None,
    overlap_chars: int = 0,
    table_header: bool = False,
    url: str = "",
    lang: str = "",
) -> list[Chunk]:
    """Pack blocks into chunks of about ``target_chars``, never over ``max_chars``.

    Consecutive blocks with the same heading path share a chunk, a blank line
    apart, while it stays within ``target_chars``; a change of heading path
    always starts a new chunk. A block that does not fit ``max_chars`` is
    split at line breaks, then at sentence ends, then between words; a word
    still too long is cut. Heading blocks only supply the heading path, and
    blocks without text are left out.

    With ``prefix``, each chunk opens with the title and the heading path
    (``"Acme › Products › Pricing"``) and a blank line, so that it says what it
    is about when retrieved alone; a path that begins with the title does not
    repeat it. The prefix counts towards ``max_chars`` and is shortened to at
    most half of it.

    Args:
        blocks: The blocks, in document order.
        title: The document's title, for the prefix.
        target_chars: The size to fill chunks up to; ``None`` fills them up
            to ``max_chars``, and a value over ``max_chars`` is taken as it.
        max_chars: The size no chunk goes over; ``None`` leaves blocks whole,
            so a heading section fills chunks up to ``target_chars``, or stays
            a single chunk when that is ``None`` too.
        prefix: Whether each chunk opens with the title and heading path.
        length: Measures every size here (such as tokens) instead of ``len``;
            no chunk, prefix included, measures over ``max_chars`` with it.
        overlap_chars: Each chunk after the first of a heading section opens
            its body (after the prefix) with at most this much of the end of
            the previous chunk's body, from a sentence start, else a word
            start, and only as much as ``max_chars`` leaves room for.
        table_header: Each chunk that goes on with a table's rows opens its
            body with the table's header row (a :class:`Block` whose
            ``header`` is True); a chunk that does gets no overlap.
        url: The document's address, for every chunk's ``url``.
        lang: The document's language, for every chunk's ``lang``.

    Returns:
        The chunks, with ``position`` counting from 0 and ``start``/``end``
        the span of each chunk's own body in ``render_markdown(blocks)``.

    Raises:
        ValueError: If a size is below 1, ``overlap_chars`` below 0, or
            ``length`` returns anything but an int of at least 0.
    """
    target, limit = _sizes(target_chars, max_chars)
    if overlap_chars < 0:
        raise ValueError(f"overlap_chars must be at least 0, not {overlap_chars}")
    meter = Meter(length)
    title = title.strip()
    packer = Packer(meter, limit, overlap_chars, table_header, (url, title, lang))
    heads: dict[str, str] = {}
    for heading, units in _sections(blocks, meter):
        if heading not in heads:
            heads[heading] = _prefix(title, heading, limit, meter) if prefix else ""
        packer.section(heading, heads[heading], units, target)
    return packer.chunks


def chunk_markdown(
    markdown: str,
    *,
    title: str = "",
    target_chars: int | None = TARGET_CHARS,
    max_chars: int | None = MAX_CHARS,
    prefix: bool = True,
    length: Callable[[str], int] | None = None,
    overlap_chars: int = 0,
    table_header: bool = False,
    url: str = "",
    lang: str = "",
) -> list[Chunk]:
    """Read Markdown with :func:`~pagechunk.markdown.read_markdown` and chunk it
    with :func:`chunk_blocks`, whose keyword arguments it takes.

    ``#`` to ``######`` headings make the heading path, a blank line ends a
    paragraph, and a code block fenced with three backticks or with ``~~~`` is one
    block, whose ``#`` lines are not headings. ``start`` and ``end`` count in
    the blocks' Markdown as :func:`~pagechunk.markdown.render_markdown`
    writes it, not in ``markdown``.
    """
    return chunk_blocks(
        read_markdown(markdown),
        title=title,
        target_chars=target_chars,
        max_chars=max_chars,
        prefix=prefix,
        length=length,
        overlap_chars=overlap_chars,
        table_header=table_header,
        url=url,
        lang=lang,
    )


def _sizes(
    target_chars: int | None, max_chars: int | None
) -> tuple[int | None, int | None]:
    """The target and limit to work with, the target no more than the limit."""
    for name, size in (("target_chars", target_chars), ("max_chars", max_chars)):
        if size is not None and size < 1:
            raise ValueError(f"{name} must be at least 1, not {size}")
    if max_chars is None:
        return target_chars, None
    if target_chars is None or target_chars > max_chars:
        return max_chars, max_chars
    return target_chars, max_chars


def _sections(blocks: Iterable[Block], meter: Meter) -> list[tuple[str, list[Unit]]]:
    """The runs of body blocks under one heading path: each path with a unit
    for each block with text, placed in the blocks' Markdown."""
    sections: list[tuple[str, list[Unit]]] = []
    units: list[Unit] = []
    position = 0
    previous = ""
    table: Table | None = None
    for block in blocks:
        kind = block.kind
        if previous:
            position += 1 if kind == previous and kind in _TIGHT_KINDS else 2
        previous = kind
        start = position
        rendered, marker = _rendered_size(block)
        position += rendered
        if kind != "row":
            table = None
        elif block.header:
            table = Table()
        text = block.text.strip()
        if kind == "heading" or not text:
            continue
        if not sections or block.heading != sections[-1][0]:
            units = []
            sections.append((block.heading, units))
        unit = _block_unit(block, text, start + marker, meter)
        if kind == "row":
            unit.table = table
            if table is not None and block.header:
                table.header = unit
        units.append(unit)
    return sections


def _rendered_size(block: Block) -> tuple[int, int]:
    """How long the block is in Markdown, and how far in its text begins."""
    kind, text = block.kind, block.text
    if kind == "heading":
        return block.level + 1 + len(text), block.level + 1
    if kind in _INDENTED_KINDS:
        return 2 + len(text) + 2 * text.count("\n"), 2
    if kind == "code":
        rendered = len(render_markdown([block]))
        return rendered, (rendered - len(text)) // 2
    return len(text), 0


def _block_unit(block: Block, text: str, base: int, meter: Meter) -> Unit:
    """The unit of a whole block whose stripped text is ``text`` and whose
    Markdown text begins at ``base``."""
    raw = block.text
    # The first non-space character opens ``text``: find stops at it.
    lead = raw.find(text[0])
    newlines = None
    if block.kind in _INDENTED_KINDS:
        base += lead + 2 * raw.count("\n", 0, lead)
        if "\n" in text:
            newlines = []
            at = text.find("\n")
            while at != -1:
                newlines.append(at)
                at = text.find("\n", at + 1)
    else:
        base += lead
    source = Source(text, base, newlines)
    return Unit(text, meter.measure(text), source, 0, source, len(text))


def _prefix(title: str, heading: str, limit: int | None, meter: Meter) -> str:
    """The title and heading path, cut to fit half of ``limit`` with its blank
    line; empty when not even one character would fit."""
    if title and (heading == title or heading.startswith(title + HEADING_SEPARATOR)):
        line = heading
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
