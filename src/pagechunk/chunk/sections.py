"""From blocks to heading sections: the units of each run of blocks under one
heading path, placed in the blocks' Markdown, and the prefix of each path.

Where each block's text stands in the Markdown comes from
:func:`~pagechunk.model.text_places`, which counts in the layout
:attr:`~pagechunk.model.ParsedPage.markdown` is written in
(:func:`~pagechunk.model.markdown_layout`), so that
:attr:`~pagechunk.model.Chunk.start` and :attr:`~pagechunk.model.Chunk.end`
count where that text counts.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from pagechunk.chunk.units import Meter, Source, TableUnit, Unit
from pagechunk.model import HEADING, HEADING_SEPARATOR, ROW, Block, text_places

__all__ = ["Head", "HeadingSection", "heading_prefix", "joined", "sections"]


@dataclass(slots=True)
class Head:
    """A heading block: its path's depth, a unit of its text, the heading it
    stands under, and how many headings came before it."""

    depth: int
    unit: Unit
    up: Head | None
    serial: int

    def chain(self) -> list[Head]:
        """This heading and those above it, outermost first."""
        found: list[Head] = []
        head: Head | None = self
        while head is not None:
            found.append(head)
            head = head.up
        found.reverse()
        return found


@dataclass(slots=True)
class HeadingSection:
    """A run of body blocks under one heading path.

    Attributes:
        heading: The path.
        units: A unit for each block with text, placed in the blocks'
            Markdown.
        head: The innermost heading of its path that the blocks showed,
            None for none; only joined sections show headings.
        since: The serial of the first heading met after the body block
            before the run: the headings from it on stand just before it.
    """

    heading: str
    units: list[Unit]
    head: Head | None = None
    since: int = 0


def sections(
    blocks: Sequence[Block], meter: Meter, markdown: bool = False, heads: bool = False
) -> list[HeadingSection]:
    """The runs of body blocks under one heading path; with ``heads`` (for
    :func:`joined`), each with the headings before it, and with
    ``markdown`` a heading's unit is written with its ``#`` marks, as
    Markdown bodies show it, and placed at its text.

    A row is a row of the table its latest header row opened, if any.
    """
    text_starts, line_indents = text_places(blocks)
    found: list[HeadingSection] = []
    opened: dict[str, Head] = {}
    serial = since = 0
    units: list[Unit] = []
    table: TableUnit | None = None
    for block, text_start, line_indent in zip(
        blocks, text_starts, line_indents, strict=True
    ):
        kind = block.kind
        if kind != ROW:
            table = None
        elif block.header:
            table = TableUnit()
        text = block.text.strip()
        if not text:
            continue
        if kind == HEADING:
            if not heads:
                continue
            unit = _block_unit(block.text, text, text_start, line_indent, meter)
            if markdown:
                # Placed where its text is, as the rewritten blocks map back.
                unit.text = f"{'#' * block.level} {text}"
                unit.size = meter.measure(unit.text)
            path = block.heading
            opened[path] = Head(
                path.count(HEADING_SEPARATOR) + 1,
                unit,
                _innermost(opened, path.rpartition(HEADING_SEPARATOR)[0]),
                serial,
            )
            serial += 1
            continue
        if not found or block.heading != found[-1].heading:
            units = []
            head = _innermost(opened, block.heading)
            found.append(HeadingSection(block.heading, units, head, since))
        since = serial
        unit = _block_unit(block.text, text, text_start, line_indent, meter)
        if kind == ROW:
            unit.table = table
            if table is not None and block.header:
                table.header = unit
        units.append(unit)
    return found


def _innermost(opened: dict[str, Head], path: str) -> Head | None:
    """The heading of ``path``, else of the nearest path above it, that
    ``opened`` holds; None for none."""
    while path:
        head = opened.get(path)
        if head is not None:
            return head
        path = path.rpartition(HEADING_SEPARATOR)[0]
    return None


def _block_unit(
    raw: str, text: str, text_start: int, line_indent: int, meter: Meter
) -> Unit:
    """The unit of a whole block whose text ``raw``, stripped, is ``text``;
    ``raw`` begins at ``text_start`` in the Markdown, which puts
    ``line_indent`` characters after each of its line breaks."""
    base = text_start
    if text is not raw:  # stripped: find stops at its first character
        lead = raw.find(text[0])
        base += lead
        if line_indent:
            base += line_indent * raw.count("\n", 0, lead)
    newlines = None
    if line_indent and "\n" in text:
        newlines = []
        at = text.find("\n")
        while at != -1:
            newlines.append(at)
            at = text.find("\n", at + 1)
    source = Source(text, base, newlines, line_indent)
    return Unit(text, meter.measure(text), source, 0, source, len(text))


def joined(
    found: list[HeadingSection],
    under: int,
    room: Callable[[str], int | None],
    meter: Meter,
) -> list[HeadingSection]:
    """The sections with each small one joined to its neighbours.

    A section whose body measures under ``under`` is joined to the section
    after it (and a section to a small one after it) while the joined body,
    the headings between them included, fits ``room`` of the path the
    joined sections share. The joined section has that shared path; the
    headings below it stand in its body, each before the text it heads.
    """
    if len(found) < 2:
        return found
    result: list[HeadingSection] = []
    group = _Group(found[0], _body(found[0]), meter)
    for section in found[1:]:
        body = _body(section)
        own = _glued(body, len(section.units), meter)
        if group.size < under or own < under:
            shared, heads, size = group.joining(section, body)
            limit = room(HEADING_SEPARATOR.join(shared))
            if limit is None or size <= limit:
                group.add(section, body, shared, heads, size)
                continue
        result.append(_one(group.sections))
        group = _Group(section, body, meter)
    result.append(_one(group.sections))
    return result


def _body(section: HeadingSection) -> int:
    """The sum of the sizes of a section's units."""
    return sum([unit.size for unit in section.units])


def _glued(body: int, count: int, meter: Meter) -> int:
    """The size of ``count`` units whose sizes sum to ``body``, a paragraph
    break between each two."""
    return body + meter.paragraph * (count - 1)


class _Group:
    """Sections being joined, and what measuring one more takes: the path
    they share, their body units' sizes, and the sizes of the headings
    :func:`_join` would show, by depth, so that a section more is measured
    without joining the group again. Each section comes with its
    :func:`_body`."""

    __slots__ = ("body", "count", "heads", "meter", "sections", "shared", "size")

    def __init__(self, section: HeadingSection, body: int, meter: Meter) -> None:
        self.meter = meter
        self.sections = [section]
        self.shared = section.heading.split(HEADING_SEPARATOR)
        self.body = body
        self.count = len(section.units)
        # The first section shows its whole path below the shared one.
        chain = section.head.chain() if section.head is not None else []
        self.heads = _by_depth(chain, {})
        self.size = _glued(body, self.count, meter)

    def joining(
        self, section: HeadingSection, body: int
    ) -> tuple[list[str], list[Head], int]:
        """The shared path with ``section`` joined, the headings it would
        add, and the joined body's size."""
        path = section.heading.split(HEADING_SEPARATOR)
        same = 0
        for a, b in zip(self.shared, path, strict=False):
            if a != b:
                break
            same += 1
        shared = self.shared[:same]
        heads = (
            [h for h in section.head.chain() if h.serial >= section.since]
            if section.head is not None
            else []
        )
        sizes = _by_depth(heads, dict(self.heads))
        total = self.body + body
        count = self.count + len(section.units)
        for depth, (size, number) in sizes.items():
            if depth > same:
                total += size
                count += number
        return shared, heads, _glued(total, count, self.meter)

    def add(
        self,
        section: HeadingSection,
        body: int,
        shared: list[str],
        heads: list[Head],
        size: int,
    ) -> None:
        """Join ``section``, as :meth:`joining` measured it."""
        self.sections.append(section)
        self.shared = shared
        self.body += body
        self.count += len(section.units)
        self.heads = _by_depth(heads, self.heads)
        self.size = size


def _by_depth(
    heads: list[Head], sizes: dict[int, tuple[int, int]]
) -> dict[int, tuple[int, int]]:
    """``sizes`` (the total size and number of headings at each depth) with
    ``heads`` counted in."""
    for head in heads:
        size, number = sizes.get(head.depth, (0, 0))
        sizes[head.depth] = (size + head.unit.size, number + 1)
    return sizes


def _one(group: list[HeadingSection]) -> HeadingSection:
    if len(group) == 1:
        return group[0]
    heading, units = _join(group)
    return HeadingSection(heading, units)


def _join(group: list[HeadingSection]) -> tuple[str, list[Unit]]:
    """The path the sections share, and their units with the headings
    below that path that open each of them."""
    paths = [section.heading.split(HEADING_SEPARATOR) for section in group]
    shared = paths[0]
    for path in paths[1:]:
        same = 0
        for a, b in zip(shared, path, strict=False):
            if a != b:
                break
            same += 1
        shared = shared[:same]
    depth = len(shared)
    heading = HEADING_SEPARATOR.join(shared)
    units: list[Unit] = []
    # The first section's path below the shared one opens the body; a
    # heading met before the run before it stands where the section's text
    # does. Each later section adds the headings met since the one before.
    first = group[0]
    start = first.units[0]
    for head in first.head.chain() if first.head is not None else ():
        if head.depth > depth:
            unit = head.unit
            if head.serial < first.since:
                unit = Unit(
                    unit.text,
                    unit.size,
                    start.source,
                    start.start,
                    start.source,
                    start.start,
                )
            units.append(unit)
    units += first.units
    for section in group[1:]:
        if section.head is not None:
            units += [
                head.unit
                for head in section.head.chain()
                if head.depth > depth and head.serial >= section.since
            ]
        units += section.units
    return heading, units


_WORDS = re.compile(r"\w+")

_NAMES_KEPT = 1024
"""Titles and headings whose words :func:`_word_line` keeps."""

_NAME_CHARS_KEPT = 300
"""The longest title or heading whose words :func:`_word_line` keeps: the
memory the kept words take stays small whatever a page holds."""


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
    a = _word_line(title)
    b = _word_line(heading)
    if len(a) < 4 or len(b) < 4:
        return False
    return a in b or b in a


def _word_line(name: str) -> str:
    """The words of ``name``, case-folded, a space before, between and
    after them. A page's title is read for each of its headings, so short
    names are kept (:data:`_NAMES_KEPT` of up to :data:`_NAME_CHARS_KEPT`
    characters)."""
    if len(name) > _NAME_CHARS_KEPT:
        return _words_of(name)
    return _kept_words_of(name)


def _words_of(name: str) -> str:
    return " " + " ".join(_WORDS.findall(name.casefold())) + " "


_kept_words_of = lru_cache(maxsize=_NAMES_KEPT)(_words_of)
