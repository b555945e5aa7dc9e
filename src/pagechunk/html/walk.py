"""Step 7, walk: one pass over the pruned tree, emitting blocks in document
order.

The walk keeps the heading path, the kind of the innermost block element, the
depth inside content elements and the link being read. Every block element
ends the text before it; ``<br>`` breaks a line, ``<hr>`` ends a block, a table
cell after text adds ``" | "`` (grid tables: :mod:`pagechunk.html.tables`).
Text is collected raw and tidied once per block.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from lxml import etree

from pagechunk.html.flatten import LANGUAGE_ATTRIBUTE, Images
from pagechunk.html.headings import HeadedBlocks
from pagechunk.html.tables import CELL_SEPARATOR, Tables, cell_mark, cell_text
from pagechunk.model import CODE, PARAGRAPH, ROW, Block, ImageSpan, LinkSpan
from pagechunk.options import ParseOptions
from pagechunk.vocabulary import (
    BLOCK_TAGS,
    CELL_TAGS,
    HEADING_LEVELS,
    TAG_KINDS,
)

__all__ = ["walk"]

# What an element's start means to the walk; anything else is inline.
_BLOCK, _HEADING, _CELL, _BREAK, _RULE, _LINK, _TABLE, _ROW = range(1, 9)
_ROLE = {tag: _BLOCK for tag in BLOCK_TAGS}
_ROLE.update({tag: _HEADING for tag in HEADING_LEVELS})
_ROLE.update({tag: _CELL for tag in CELL_TAGS})
_ROLE.update({"br": _BREAK, "hr": _RULE, "a": _LINK, "table": _TABLE, "tr": _ROW})
_KINDS = dict(TAG_KINDS)
_LEVELS = dict(HEADING_LEVELS)


def walk(
    root: etree._Element | list[etree._Element],
    content: set[etree._Element],
    resolve: Callable[[str], str],
    options: ParseOptions,
    images: Images | None = None,
) -> list[Block]:
    """Walk the pruned tree once and return the page's blocks in document
    order: only those inside content elements, under their content heading
    path, when any text but headings is inside one.

    ``content`` are the content elements; ``resolve`` turns an ``href`` into
    the URL a link span carries; ``images`` the images flatten merged away,
    by the element that held them. The text after ``root`` is not read. A list
    of roots (subtrees in document order, none inside another) is walked as
    one page: a heading in one heads the blocks of the next.
    """
    walker = _Walker(content, resolve, options, images or {})
    for subtree in root if isinstance(root, list) else (root,):
        _walk_subtree(subtree, walker)
    return walker.finish()


def _walk_subtree(root: etree._Element, walker: _Walker) -> None:
    """Read the subtree of ``root``: each element's start and text, the
    elements inside it, then its end and tail, but not the root's tail (the
    text after the subtree is not part of it)."""
    start, end = walker.start, walker.end
    # The elements open around the one being read, innermost last, and their
    # roles: an element has ended when the next one read is not inside it.
    # This gives the events of lxml's iterwalk at a lower cost, and reads
    # only elements, not comments, as iterwalk does.
    opened = [root]
    roles = [start(root)]
    for element in root.iterdescendants(etree.Element):
        parent = element.getparent()
        while opened[-1] is not parent:
            end(opened.pop(), roles.pop())
        opened.append(element)
        roles.append(start(element))
    while len(opened) > 1:
        end(opened.pop(), roles.pop())
    # Skipped, not cleared: lxml refuses to set text that holds control
    # characters back.
    end(root, roles[0], tail=False)


@dataclass(slots=True)
class _Heading:
    """A heading being read: its element, level and raw text so far."""

    element: etree._Element
    level: int
    parts: list[str] = field(default_factory=list)


@dataclass(slots=True)
class _Link:
    """A link being read: its URL and the raw text of its label so far."""

    url: str
    parts: list[str] = field(default_factory=list)


def _words(raw: str) -> str:
    """``" ".join(raw.split())``, the words of ``raw`` a space apart, without
    splitting a text that is so once stripped: printable (every white space
    character but the space is unprintable) and without two spaces in a
    row. tests/test_walk.py pins it to str.split."""
    text = raw.strip()
    if text.isprintable() and "  " not in text:
        return text
    return " ".join(text.split())


def _strip(raw: str, chars: str) -> str:
    """``raw`` without any of ``chars`` (``strip_chars``)."""
    for char in chars:
        if char in raw:
            raw = raw.replace(char, "")
    return raw


class _Walker:
    """The state of one walk: the text of the block being read, the heading
    and link being read, and the block kinds open around it."""

    __slots__ = (
        "blocks",
        "cell",
        "code_language",
        "content",
        "has_text",
        "heading",
        "images",
        "in_code",
        "kinds",
        "line",
        "line_has_text",
        "lines",
        "link",
        "links",
        "noted",
        "resolve",
        "strip_chars",
        "tables",
    )

    def __init__(
        self,
        content: set[etree._Element],
        resolve: Callable[[str], str],
        options: ParseOptions,
        noted: Images,
    ) -> None:
        self.content = content
        self.noted = noted  # the images flatten merged away, by holder
        self.resolve = resolve
        self.strip_chars = options.strip_chars
        self.blocks = HeadedBlocks()
        self.tables = Tables(options.tables == "grid", content)
        self.cell: etree._Element | None = None  # the grid cell being read
        self.kinds: list[str] = []
        self.in_code = False
        self.code_language = ""  # the language the open code block names
        self.lines: list[str] = []  # the block's lines before the last <br>
        self.line: list[str] = []
        self.line_has_text = False
        self.has_text = False
        self.links: list[LinkSpan] = []  # the block's link spans
        self.images: list[ImageSpan] = []  # the block's images, and any before it
        self.link: _Link | None = None
        self.heading: _Heading | None = None

    # -- text -------------------------------------------------------------

    def add(self, text: str) -> None:
        """Add ``text`` to what is being read, unless it is whitespace
        before a line's first word outside code and headings."""
        heading = self.heading
        if heading is not None:
            heading.parts.append(text)
        elif self.line_has_text or not text.isspace():
            self.line.append(text)
            self.line_has_text = self.has_text = True
        elif self.line or self.in_code:
            self.line.append(text)
        else:
            return
        if self.link is not None:
            self.link.parts.append(text)

    def tidy(self, raw: str) -> str:
        if self.strip_chars:
            raw = _strip(raw, self.strip_chars)
        return _words(raw)

    def tidy_code(self, raw: str) -> str:
        if self.strip_chars:
            raw = _strip(raw, self.strip_chars)
        lines = raw.replace("\r\n", "\n").split("\n")
        return "\n".join(line.rstrip() for line in lines).strip("\n")

    def line_break(self) -> None:
        if self.heading is not None:
            self.add(" ")
        else:
            self.lines.append("".join(self.line))
            self.line = []
            self.line_has_text = False
            if self.link is not None:  # the label reads the break as a space
                self.link.parts.append(" ")

    def close_link_span(self) -> None:
        """Record the part of the current link read so far, if any."""
        link = self.link
        if link is not None and link.parts:
            self.links.append(LinkSpan(self.tidy("".join(link.parts)), link.url))
            link.parts = []

    # -- blocks -----------------------------------------------------------

    def flush(self) -> None:
        """End the block being read, emitting it if it holds text."""
        if not self.has_text:  # nothing but whitespace (or nothing) to emit
            link = self.link
            if self.line or self.lines or self.links or link and link.parts:
                self.clear()
            return
        if self.link is not None:
            self.close_link_span()
        kind = self.kinds[-1] if self.kinds else PARAGRAPH
        if self.lines:  # the block has <br> line breaks
            lines = self.lines
            lines.append("".join(self.line))
            if kind == CODE:
                text = self.tidy_code("\n".join(lines))
            else:
                text = "\n".join(filter(None, map(self.tidy, lines)))
        else:
            raw = "".join(self.line)
            text = self.tidy_code(raw) if kind == CODE else self.tidy(raw)
        if text:
            header = kind == ROW and self.tables.row_header
            if header:
                self.tables.row_header = False
            language = self.code_language if kind == CODE else ""
            images: tuple[ImageSpan, ...] = ()
            if self.images:
                images = tuple(self.images)
                self.images = []
            self.blocks.emit(kind, text, 0, self.links, header, language, images)
        self.clear()

    def clear(self) -> None:
        """Drop what the block being read holds."""
        self.lines = []
        self.line = []
        self.line_has_text = self.has_text = False
        self.links = []
        if self.link is not None:
            self.link.parts = []

    def open_block(self, kind: str) -> None:
        self.flush()
        self.kinds.append(kind)
        self.in_code = kind == CODE

    def close_block(self) -> None:
        self.flush()
        self.kinds.pop()
        self.in_code = bool(self.kinds) and self.kinds[-1] == CODE

    def finish(self) -> list[Block]:
        self.close_heading()
        self.flush()
        return self.blocks.result()

    # -- the pass ---------------------------------------------------------

    def start(self, element: etree._Element) -> int | None:
        """Read the start of ``element`` and its text; return its role."""
        tag = element.tag
        role = _ROLE.get(tag)
        is_content = element in self.content
        if role is None and not is_content:
            pass  # inline: only its text counts
        elif self.cell is not None and role != _LINK:
            self.line.append(cell_mark(tag))
            if self.link is not None:
                self.link.parts.append(" ")
        else:
            if role == _BLOCK or is_content:
                kind = _KINDS.get(tag, PARAGRAPH)
                self.open_block(kind)
                if kind == CODE:
                    self.code_language = element.get(LANGUAGE_ATTRIBUTE, "")
                if is_content:
                    self.blocks.content_depth += 1
                    if role == _HEADING:  # a heading the focus step keeps
                        self.open_heading(element, _LEVELS[tag])
            elif role == _LINK:
                self.open_link(element)
            elif role == _HEADING:
                self.open_heading(element, _LEVELS[tag])
            elif role == _CELL:
                self.open_cell(element)
            elif role == _BREAK:
                self.line_break()
            elif role == _RULE:
                if self.heading is None:
                    self.flush()
            elif role == _ROW:
                self.open_block(ROW)
                self.tables.open_row(element)
            elif role == _TABLE:
                self.open_block(PARAGRAPH)
                self.tables.open_table(element)
            if self.noted and self.heading is None:
                held = self.noted.get(element)
                if held is not None:
                    self.add_images(held)
        text = element.text
        if text:
            self.add(text)
        return role

    def end(self, element: etree._Element, role: int | None, tail: bool = True) -> None:
        """Read the end of ``element``, whose role is ``role``, and with
        ``tail`` the text after it."""
        is_content = element in self.content
        if role is None and not is_content:
            pass
        elif self.cell is not None:
            if element is self.cell:
                self.close_cell()
            elif role == _LINK:
                self.close_link()
        elif role == _BLOCK or is_content:
            if self.heading is not None and element is self.heading.element:
                self.close_heading()
            self.close_block()
            if is_content:
                self.blocks.content_depth -= 1
        elif self.heading is not None and element is self.heading.element:
            self.close_heading()
        elif role == _LINK:
            self.close_link()
        elif role == _ROW:
            if element is self.tables.row:
                self.close_grid_row()
            self.close_block()
            self.tables.row_header = False
        elif role == _TABLE:
            self.close_block()
            blocks = self.blocks.blocks
            for index, row_text in self.tables.close_table():
                blocks[index] = replace(blocks[index], text=row_text)
        if tail:
            text = element.tail
            if text:
                self.add(text)

    # -- headings and links -----------------------------------------------

    def open_heading(self, element: etree._Element, level: int) -> None:
        self.close_heading()
        self.flush()
        self.heading = _Heading(element, level)

    def close_heading(self) -> None:
        heading = self.heading
        if heading is None:
            return
        self.close_link_span()
        self.heading = None
        text = self.tidy("".join(heading.parts))
        self.blocks.emit_heading(heading.level, text, self.links)
        self.links = []

    def open_link(self, element: etree._Element) -> None:
        if self.link is not None:
            self.close_link_span()
        href = (element.get("href") or "").strip()
        self.link = _Link(self.resolve(href)) if href else None

    def add_images(self, held: list[tuple[str, str, bool]]) -> None:
        """Hold the images flatten merged away from a block element for the
        next block emitted."""
        for alt, src, leading in held:
            src = src.strip()
            url = self.resolve(src) if src else ""
            leading = leading and not self.has_text
            self.images.append(ImageSpan(self.tidy(alt), url, leading))

    def close_link(self) -> None:
        self.close_link_span()
        self.link = None

    # -- grid cells and rows ------------------------------------------------

    def open_cell(self, cell: etree._Element) -> None:
        if self.tables.row is not None:
            self.cell = cell
            self.tables.open_cell(cell)
        elif self.line_has_text and self.heading is None:
            self.line.append(CELL_SEPARATOR)

    def close_cell(self) -> None:
        raw = "".join(self.line)
        self.line = []
        self.line_has_text = False
        self.cell = None
        self.tables.close_cell(cell_text(_strip(raw, self.strip_chars)))

    def close_grid_row(self) -> None:
        """Emit the grid row read so far as one row block."""
        stray = " ".join([*self.lines, "".join(self.line)])
        text = self.tables.close_grid_row(
            cell_text(_strip(stray, self.strip_chars)), len(self.blocks.blocks)
        )
        self.close_link_span()
        if text:
            self.blocks.emit(ROW, text, 0, self.links, self.tables.row_header)
        self.clear()
