"""Markdown chunk bodies (``body="markdown"``): blocks rewritten as the
Markdown a chunk's body shows, before they are packed.

Each block becomes a block whose text is its Markdown: a paragraph with its
links as ``[label](url)``, an item with ``-``, a quote with ``>``, a code
block fenced with its language, and a table row as a Markdown table row, the
header row followed by its ``| --- |`` line. A table without a header row
gets an empty one, so that it reads as a table and a chunk going on with it
can repeat it. A code block too big for its section's body is cut into
pieces at line breaks, each fenced on its own: a fence never opens in one
chunk and closes in the next. Headings stay as they are; they make the
heading path, and the prefix.

The blocks are rewritten from the page's blocks only, so
:attr:`~pagechunk.model.Chunk.start` and :attr:`~pagechunk.model.Chunk.end`
are mapped back to where the blocks stand in the page's Markdown
(:func:`~pagechunk.model.markdown_layout`): the span of the blocks the body
comes from, exact at block edges.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from pagechunk.chunk.units import Meter
from pagechunk.model import (
    CODE,
    HEADING,
    ITEM,
    PARAGRAPH,
    QUOTE,
    ROW,
    Block,
    Chunk,
    ImageSpan,
    LinkSpan,
    backtick_fence,
    text_places,
)

__all__ = ["MarkdownBody", "inline_markdown"]

_CELL_SEPARATOR = " | "
"""How a row block's text separates its cells (``html/tables.py``)."""

_LANGUAGE_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789+#-_.")


@dataclass(frozen=True, slots=True)
class _Origin:
    """Where a rewritten block's text comes from: the page block's index,
    the offset in that block's text of the piece it holds, how many
    characters of markup come before the piece's text, and the piece's
    length there (None: to the block's end)."""

    index: int
    offset: int = 0
    lead: int = 0
    length: int | None = None


class MarkdownBody:
    """A page's blocks rewritten for Markdown bodies, and the way back from
    the rewritten blocks' Markdown to the page's.

    Args:
        blocks: The page's blocks.
        body_limit: The body size of a heading path's chunks (the limit less
            the prefix), None for no limit.
        meter: Measures sizes, as the chunker does.
    """

    def __init__(
        self,
        blocks: Sequence[Block],
        body_limit: Callable[[str], int | None],
        meter: Meter,
    ) -> None:
        self.page_blocks = blocks
        self.blocks: list[Block] = []
        self._origins: list[_Origin] = []
        columns = 0
        for index, block in enumerate(blocks):
            kind = block.kind
            if kind == ROW:
                if index == 0 or blocks[index - 1].kind != ROW or block.header:
                    columns = _table_columns(blocks, index)
                    if not block.header:
                        self._add(_empty_header(block, columns), _Origin(index))
                self._add(_row(block, columns), _Origin(index))
            elif kind == CODE:
                for text, origin in _code_pieces(
                    block, index, body_limit(block.heading), meter
                ):
                    self._add(replace(block, text=text, kind=PARAGRAPH), origin)
            elif kind == HEADING:
                self._add(block, _Origin(index))
            else:
                text, lead = _prose(block)
                self._add(
                    replace(block, text=text, kind=PARAGRAPH), _Origin(index, 0, lead)
                )

    def _add(self, block: Block, origin: _Origin) -> None:
        self.blocks.append(block)
        self._origins.append(origin)

    def remap(self, chunks: list[Chunk]) -> list[Chunk]:
        """The chunks with ``start`` and ``end`` counted in the page's
        Markdown instead of the rewritten blocks'."""
        ours = text_places(self.blocks)[0]
        theirs = text_places(self.page_blocks)[0]
        return [
            replace(
                chunk,
                start=self._page_offset(chunk.start, ours, theirs),
                end=self._page_offset(chunk.end, ours, theirs),
            )
            for chunk in chunks
        ]

    def _page_offset(self, offset: int, ours: list[int], theirs: list[int]) -> int:
        at = max(0, bisect_right(ours, offset) - 1)
        origin = self._origins[at]
        length = origin.length
        if length is None:
            length = len(self.page_blocks[origin.index].text) - origin.offset
        inside = min(max(0, offset - ours[at] - origin.lead), length)
        return theirs[origin.index] + origin.offset + inside


def inline_markdown(text: str, links: Sequence[LinkSpan]) -> str:
    """``text`` with each link span written ``[label](url)`` where its label
    stands, in order; a span without a URL or not found stays plain text."""
    parts: list[str] = []
    at = 0
    for link in links:
        if not link.label or not link.url:
            continue
        found = text.find(link.label, at)
        if found < 0:
            continue
        end = found + len(link.label)
        if text[found - 1 : found] == "[" and text.startswith("](", end):
            parts.append(text[at:end])  # already a Markdown link, read from one
            at = end
            continue
        label = link.label.replace("[", "\\[").replace("]", "\\]")
        parts += [text[at:found], f"[{label}]({_link_target(link.url)})"]
        at = end
    parts.append(text[at:])
    return "".join(parts)


def _link_target(url: str) -> str:
    """A URL as a Markdown link target: in angle brackets when it holds a
    space, a parenthesis or an angle bracket."""
    if any(char in url for char in " ()<>"):
        return "<" + url.replace("<", "%3C").replace(">", "%3E") + ">"
    return url


def _prose(block: Block) -> tuple[str, int]:
    """A paragraph, item or quote as Markdown, with its images, and the
    length of what comes before the block's own text."""
    text = _no_fences(inline_markdown(block.text, block.links))
    lead = 0
    if block.images:
        before = [_image(i) for i in block.images if i.leading]
        after = [_image(i) for i in block.images if not i.leading]
        if before:
            lead = len(" ".join(before)) + 1
        text = " ".join([*before, text, *after])
    if block.kind == ITEM:
        return "- " + text.replace("\n", "\n  "), lead + 2
    if block.kind == QUOTE:
        return "> " + text.replace("\n", "\n> "), lead + 2
    return text, lead


def _image(image: ImageSpan) -> str:
    """An image as Markdown, ``![alt](url)``; its alt text alone when it
    has no URL."""
    alt = _no_fences(image.alt.replace("[", "\\[").replace("]", "\\]"))
    return f"![{alt}]({_link_target(image.url)})" if image.url else alt


def _no_fences(text: str) -> str:
    """Text in which no run of three backticks or tildes stands, wherever
    a chunk breaks it, so no line of it can open a code fence: when it
    holds such a run, each of its backticks (or tildes) is escaped."""
    for mark in "`~":
        if mark * 3 in text:
            text = text.replace(mark, "\\" + mark)
    return text


def _cells(block: Block) -> list[str]:
    text = _no_fences(inline_markdown(block.text, block.links).replace("\n", " "))
    return [cell.replace("|", "\\|").strip() for cell in text.split(_CELL_SEPARATOR)]


def _table_columns(blocks: Sequence[Block], first: int) -> int:
    """The most cells a row has in the table whose first row is ``first``."""
    columns = 0
    for index in range(first, len(blocks)):
        block = blocks[index]
        if block.kind != ROW or (block.header and index != first):
            break
        columns = max(columns, block.text.count(_CELL_SEPARATOR) + 1)
    return columns


def _row(block: Block, columns: int) -> Block:
    """A row as a Markdown table row; a header row with its rule line."""
    cells = _cells(block)
    if block.header:
        cells += [""] * (columns - len(cells))
    line = "| " + " | ".join(cells) + " |"
    if block.header:
        line += "\n" + _rule(columns)
    return replace(block, text=line)


def _empty_header(first_row: Block, columns: int) -> Block:
    """The empty header row a table without one is given."""
    empty = "|" + "  |" * columns
    return replace(first_row, text=f"{empty}\n{_rule(columns)}", header=True, links=())


def _rule(columns: int) -> str:
    return "|" + " --- |" * columns


def _code_pieces(
    block: Block, index: int, limit: int | None, meter: Meter
) -> list[tuple[str, _Origin]]:
    """A code block fenced, in as few pieces as fit ``limit`` with their
    fences; unfenced prose when not even a fence fits. A block read from
    Markdown holds its own fences: its code is what they enclose."""
    code, start, language = _unfenced(block.text)
    fence = backtick_fence(code)
    language = "".join(
        c for c in (language or block.language).lower() if c in _LANGUAGE_CHARS
    )
    opening, closing = f"{fence}{language}\n", f"\n{fence}"
    whole = opening + code + closing
    if limit is None or meter(whole) <= limit:
        return [(whole, _Origin(index, start, len(opening), len(code)))]
    room = limit - meter(opening) - meter(closing)
    if room < 1:
        return [(_no_fences(code), _Origin(index, start, 0, len(code)))]
    return [
        (
            opening + piece + closing,
            _Origin(index, start + at, len(opening), len(piece)),
        )
        for piece, at in _code_lines(code, room, meter)
    ]


def _unfenced(text: str) -> tuple[str, int, str]:
    """The code inside a fenced block's text, where it begins there, and the
    fence's info string; ``text`` itself when it is not fenced."""
    first, _, rest = text.partition("\n")
    mark = first.lstrip(" ")[:3]
    if mark not in ("```", "~~~") or not rest:
        return text, 0, ""
    run = len(first.lstrip(" ")) - len(first.lstrip(" ").lstrip(mark[0]))
    body, _, last = rest.rpartition("\n")
    if last.strip() != mark[0] * len(last.strip()) or len(last.strip()) < run:
        body = rest  # a fence left open runs to the end
    info = first.lstrip(" ")[run:].strip().split(" ")[0]
    return body, len(first) + 1, info


def _code_lines(code: str, room: int, meter: Meter) -> list[tuple[str, int]]:
    """Runs of whole lines of ``code`` that each measure at most ``room``,
    with the offset each begins at; a line over it is cut, and blank lines
    at a run's edge are dropped."""
    pieces: list[tuple[str, int]] = []
    run: list[str] = []
    run_start = size = 0
    offset = 0

    def close() -> None:
        text = "\n".join(run).strip("\n")
        if text.strip():
            lead = len("\n".join(run)) - len("\n".join(run).lstrip("\n"))
            pieces.append((text, run_start + lead))

    for line in code.split("\n"):
        line_size = meter(line)
        if run and size + meter.newline + line_size <= room:
            run.append(line)
            size += meter.newline + line_size
        elif line_size <= room:
            if run:
                close()
            run, run_start, size = [line], offset, line_size
        else:
            if run:
                close()
            run = []
            for cut, cut_at in _cut(line, room, meter):
                pieces.append((cut, offset + cut_at))
        offset += len(line) + 1
    if run:
        close()
    return pieces


def _cut(line: str, room: int, meter: Meter) -> list[tuple[str, int]]:
    """A line cut into pieces that each measure at most ``room``."""
    cuts: list[tuple[str, int]] = []
    at = 0
    while at < len(line):
        chars = max(1, meter.chars_for(room, len(line) - at, meter(line[at:])))
        while chars > 1 and meter(line[at : at + chars]) > room:
            chars -= max(1, chars // 5)
        cuts.append((line[at : at + chars], at))
        at += chars
    return [(text, start) for text, start in cuts if text.strip()]
