"""Step 3: one pass over the pruned tree, emitting blocks in document order.

The walk keeps the heading path, the kind of the innermost block element, the
depth inside content elements and the link being read. Every block element
ends the text before it; ``<br>`` breaks a line, ``<hr>`` ends a block, a table
cell after text adds ``" | "``. Text is collected raw and tidied once per block.

In grid mode a data table's row is one block whatever its cells hold: each
cell is read on its own, repeated ``colspan`` times, and the row's text is its
cells joined by ``" | "`` (an empty cell keeps its place, as in ``"a | | c"``).
Inside a cell, ``<br>``, ``<hr>``, paragraphs and other blocks become a space
and list items are joined by ``"; "``. A table that holds a heading, another
table, a ``<pre>`` or a content element, or whose ``role`` is
``presentation`` or ``none``, lays a page out rather than holding data and is
read as in text mode. ``rowspan`` is not followed: a spanned cell appears in
its first row only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from lxml import etree

from pagechunk.model import HEADING_SEPARATOR, Block, LinkSpan

__all__ = ["BLOCK_TAGS", "walk"]

BLOCK_TAGS = frozenset(
    {
        "address", "article", "aside", "blockquote", "body", "caption", "center",
        "dd", "details", "dialog", "div", "dl", "dt", "fieldset", "figcaption",
        "figure", "footer", "form", "header", "hgroup", "legend", "li", "main",
        "menu", "nav", "ol", "p", "pre", "search", "section", "summary", "table",
        "tbody", "tfoot", "thead", "tr", "ul",
    }
)  # fmt: skip
"""Elements that end the text before them and start a block of their own."""

_KINDS = {
    "li": "item",
    "dt": "item",
    "dd": "item",
    "tr": "row",
    "pre": "code",
    "blockquote": "quote",
}
_HEADINGS = {f"h{level}": level for level in range(1, 7)}
_CELLS = frozenset({"td", "th"})
_CELL_SEPARATOR = " | "

# What an element's start means to the walk; anything else is inline.
_BLOCK, _HEADING, _CELL, _BREAK, _RULE, _LINK, _TABLE, _ROW = range(1, 9)
_ROLE = {tag: _BLOCK for tag in BLOCK_TAGS}
_ROLE.update({tag: _HEADING for tag in _HEADINGS})
_ROLE.update({tag: _CELL for tag in _CELLS})
_ROLE.update({"br": _BREAK, "hr": _RULE, "a": _LINK, "table": _TABLE, "tr": _ROW})

# Inside a grid cell, a list item's start leaves this mark on the line, read
# as "; " between items; every other structural element leaves a space.
# str.split() takes the mark for whitespace, so no tidied text keeps one.
_ITEM_MARK = "\x1f"
_ITEM_SEPARATOR = "; "
_IN_CELL = {"li": _ITEM_MARK, "dt": _ITEM_MARK, "dd": _ITEM_MARK}

MAX_COLSPAN = 64
"""The most times a grid cell is repeated for its ``colspan``; browsers stop
at 1000, but a page should not multiply its text that far."""

# A table holding any of these lays out a page: grid mode leaves it alone.
_LAYOUT_TAGS = ("table", "pre", *_HEADINGS)
_LAYOUT_ROLES = frozenset({"presentation", "none"})


@dataclass(slots=True)
class _Table:
    """An open table: whether it is read as a grid, how many rows it has
    shown so far and how many cells its first grid row had."""

    grid: bool
    rows: int = 0
    width: int = 0


class _Walker:
    """The state of one walk; see the module docstring for the rules."""

    def __init__(
        self,
        content: set[etree._Element],
        strip_chars: str,
        resolve: Callable[[str], str],
        grid: bool = False,
    ) -> None:
        self.content = content
        self.strip_chars = strip_chars
        self.strip_one = strip_chars if len(strip_chars) == 1 else None
        self.resolve = resolve
        self.grid = grid
        self.blocks: list[Block] = []
        # Where the blocks outside content elements stand; whether a block
        # other than a heading stood inside one; and the page's own heading
        # path of the blocks inside, where it differs from their content
        # path (needed only when no text but headings is inside).
        self.outside: list[int] = []
        self.content_prose = False
        self.plain_headings: dict[int, str] = {}
        self.kinds: list[str] = []
        self.content_depth = 0
        self.lines: list[str] = []
        self.line: list[str] = []
        self.line_has_text = False
        self.links: list[LinkSpan] = []
        self.link_url: str | None = None
        self.link_parts: list[str] = []
        self.heading: etree._Element | None = None
        self.heading_level = 0
        self.heading_parts: list[str] = []
        self.has_text = False
        self.in_code = False
        self.path: dict[int, str] = {}
        self.content_path: dict[int, str] = {}
        self.path_text = ""
        self.content_path_text = ""
        self.tables: list[_Table] = []
        self.row_header = False
        # The grid row and cell being read, the row's finished cells and
        # the current cell's colspan; None and empty outside grid rows.
        self.row: etree._Element | None = None
        self.cell: etree._Element | None = None
        self.cells: list[str] = []
        self.span = 1
        self.holds_content: set[etree._Element] | None = None

    # -- text -------------------------------------------------------------

    def add(self, text: str) -> None:
        if self.heading is not None:
            self.heading_parts.append(text)
        else:
            self.line.append(text)
            if not self.line_has_text and not text.isspace():
                self.line_has_text = self.has_text = True
        if self.link_url is not None:
            self.link_parts.append(text)

    def strip(self, raw: str) -> str:
        for char in self.strip_chars:
            if char in raw:
                raw = raw.replace(char, "")
        return raw

    def tidy(self, raw: str) -> str:
        strip_one = self.strip_one
        if strip_one is not None:  # one character to delete, as by default
            if strip_one in raw:
                raw = raw.replace(strip_one, "")
        elif self.strip_chars:
            raw = self.strip(raw)
        return " ".join(raw.split())

    def close_link_span(self) -> None:
        """Record the part of the current link read so far, if any."""
        if self.link_url is not None and self.link_parts:
            self.links.append(
                LinkSpan(self.tidy("".join(self.link_parts)), self.link_url)
            )
            self.link_parts = []

    # -- blocks -----------------------------------------------------------

    def flush(self) -> None:
        if not self.has_text:  # nothing but whitespace (or nothing) to emit
            if self.line or self.lines:
                self.line = []
                self.lines = []
                self.line_has_text = False
            self.links = []
            self.link_parts = []
            return
        self.close_link_span()
        kind = self.kinds[-1] if self.kinds else "paragraph"
        code = kind == "code"
        if self.lines:  # the block has <br> line breaks
            lines = self.lines
            lines.append("".join(self.line))
            self.lines = []
            if code:
                text = self.tidy_code("\n".join(lines))
            else:
                text = "\n".join(filter(None, map(self.tidy, lines)))
        else:
            raw = "".join(self.line)
            text = self.tidy_code(raw) if code else self.tidy(raw)
        self.line = []
        self.line_has_text = self.has_text = False
        if text:
            if kind == "row" and self.row_header:
                self.row_header = False
                self.emit(kind, text, 0, True)
            else:
                self.emit(kind, text, 0)
        self.links = []

    def tidy_code(self, raw: str) -> str:
        if self.strip_chars:
            raw = self.strip(raw)
        lines = raw.replace("\r\n", "\n").split("\n")
        return "\n".join(line.rstrip() for line in lines).strip("\n")

    def emit(self, kind: str, text: str, level: int, header: bool = False) -> None:
        if self.content_depth:
            heading = self.content_path_text
            if kind != "heading":
                self.content_prose = True
            if heading != self.path_text:
                self.plain_headings[len(self.blocks)] = self.path_text
        else:
            heading = self.path_text
            self.outside.append(len(self.blocks))
        links = tuple(self.links) if self.links else ()
        self.blocks.append(Block(text, heading, kind, level, links, header))

    def result(self) -> list[Block]:
        """The page's blocks: only those inside content elements, under
        their content heading path, when any text but headings is inside
        one; else all of them, under the page's heading path."""
        blocks = self.blocks
        if self.content_prose:
            if not self.outside:
                return blocks
            outside = set(self.outside)
            return [block for at, block in enumerate(blocks) if at not in outside]
        for at, heading in self.plain_headings.items():
            blocks[at] = replace(blocks[at], heading=heading)
        return blocks

    def line_break(self) -> None:
        if self.heading is not None:
            self.add(" ")
        else:
            self.lines.append("".join(self.line))
            self.line = []
            self.line_has_text = False
            if self.link_url is not None:  # the label reads the break as a space
                self.link_parts.append(" ")

    # -- headings ---------------------------------------------------------

    def open_heading(self, element: etree._Element, level: int) -> None:
        if self.heading is not None:
            self.close_heading()
        self.flush()
        self.heading = element
        self.heading_level = level
        self.heading_parts = []

    def close_heading(self) -> None:
        self.close_link_span()
        text = self.tidy("".join(self.heading_parts))
        level = self.heading_level
        self.heading = None
        self.heading_parts = []
        self.path_text = _set_heading(self.path, level, text)
        if self.content_depth:
            self.content_path_text = _set_heading(self.content_path, level, text)
        if text:
            self.emit("heading", text, level)
        self.links = []

    # -- the pass ---------------------------------------------------------

    def start(self, element: etree._Element, tag: str, role: int | None) -> None:
        if self.cell is not None and role != _LINK:
            self.line.append(_IN_CELL.get(tag, " "))
            if self.link_url is not None:
                self.link_parts.append(" ")
            return
        is_content = element in self.content
        if role == _BLOCK or is_content:
            self.flush()
            kind = _KINDS.get(tag, "paragraph")
            self.kinds.append(kind)
            self.in_code = kind == "code"
            if is_content:
                self.content_depth += 1
        elif role == _HEADING:
            self.open_heading(element, _HEADINGS[tag])
        elif role == _CELL:
            if self.row is not None:
                self.cell = element
                self.span = _colspan(element)
            elif self.line_has_text and self.heading is None:
                self.line.append(_CELL_SEPARATOR)
        elif role == _BREAK:
            self.line_break()
        elif role == _RULE:
            if self.heading is None:
                self.flush()
        elif role == _LINK:
            self.open_link(element)
        elif role == _ROW:
            self.open_row(element)
        elif role == _TABLE:
            self.open_table(element)

    def end(self, element: etree._Element, tag: str, role: int | None) -> None:
        if self.cell is not None:
            if element is self.cell:
                self.close_cell()
            elif role == _LINK:
                self.close_link_span()
                self.link_url = None
            return
        is_content = element in self.content
        if role == _BLOCK or is_content:
            self.flush()
            self.kinds.pop()
            self.in_code = bool(self.kinds) and self.kinds[-1] == "code"
            if is_content:
                self.content_depth -= 1
        elif element is self.heading:
            self.close_heading()
        elif role == _LINK:
            self.close_link_span()
            self.link_url = None
        elif role == _ROW:
            self.close_row(element)
        elif role == _TABLE:
            self.close_table()

    def whole_block(self, tag: str, raw: str | None) -> None:
        """Read a block element that has no children, whose text is ``raw``,
        outside headings, links, grid rows and content elements: what it
        ends is flushed, and its text is a block of its own."""
        if self.has_text or self.line or self.lines or self.links:
            self.flush()
        if raw:
            kind = _KINDS.get(tag, "paragraph")
            text = self.tidy_code(raw) if kind == "code" else self.tidy(raw)
            if text:
                self.emit(kind, text, 0)

    def open_link(self, element: etree._Element) -> None:
        if self.link_parts:
            self.close_link_span()
        href = (element.get("href") or "").strip()
        self.link_url = self.resolve(href) if href else None
        self.link_parts = []

    # -- tables -----------------------------------------------------------

    def open_block(self, kind: str) -> None:
        self.flush()
        self.kinds.append(kind)
        self.in_code = False

    def close_block(self) -> None:
        self.flush()
        self.kinds.pop()
        self.in_code = bool(self.kinds) and self.kinds[-1] == "code"

    def open_table(self, element: etree._Element) -> None:
        self.open_block("paragraph")
        self.tables.append(_Table(self.grid and self.reads_as_grid(element)))

    def close_table(self) -> None:
        self.close_block()
        self.tables.pop()

    def reads_as_grid(self, table: etree._Element) -> bool:
        """Whether ``table`` holds data rather than laying out a page."""
        if (table.get("role") or "").strip().lower() in _LAYOUT_ROLES:
            return False
        if next(table.iterdescendants(*_LAYOUT_TAGS), None) is not None:
            return False
        if self.holds_content is None:
            self.holds_content = {
                ancestor
                for element in self.content
                for ancestor in element.iterancestors("table")
            }
        return table not in self.holds_content

    def open_row(self, row: etree._Element) -> None:
        self.open_block("row")
        table = self.tables[-1] if self.tables else None
        parent = row.getparent()
        header = parent is not None and parent.tag == "thead"
        if table is not None:
            table.rows += 1
            if table.rows > 1:
                header = False
            elif not header:
                tags = {cell.tag for cell in row}
                header = "th" in tags and "td" not in tags
            if table.grid and self.row is None:
                self.row = row
        self.row_header = header

    def close_row(self, row: etree._Element) -> None:
        if row is self.row:
            self.close_grid_row()
        self.close_block()
        self.row_header = False

    def close_cell(self) -> None:
        text = self.cell_text("".join(self.line))
        self.line = []
        self.line_has_text = False
        self.cell = None
        table = self.tables[-1]
        span = self.span
        if table.width and table.rows > 1:
            span = max(1, min(span, table.width - len(self.cells)))
        self.cells.extend([text] * span)

    def cell_text(self, raw: str) -> str:
        if self.strip_chars:
            raw = self.strip(raw)
        items = (" ".join(item.split()) for item in raw.split(_ITEM_MARK))
        return _ITEM_SEPARATOR.join(filter(None, items))

    def close_grid_row(self) -> None:
        """Emit the grid row read so far as one row block."""
        cells = self.cells
        stray = self.cell_text(" ".join([*self.lines, "".join(self.line)]))
        if stray:  # text after the last cell
            cells.append(stray)
        table = self.tables[-1]
        if table.rows == 1:
            table.width = len(cells)
        self.close_link_span()
        if any(cells):
            text = _CELL_SEPARATOR.join(cells).replace("  ", " ").strip()
            self.emit("row", text, 0, self.row_header)
        self.row = None
        self.cells = []
        self.line = []
        self.lines = []
        self.line_has_text = self.has_text = False
        self.links = []
        self.link_parts = []


def _colspan(cell: etree._Element) -> int:
    """How many columns a cell spans: its ``colspan`` when that is a whole
    number, 1 when it is not, at most :data:`MAX_COLSPAN`."""
    value = (cell.get("colspan") or "").strip()
    if value.isascii() and value.isdecimal():
        return max(1, min(int(value), MAX_COLSPAN))
    return 1


def _set_heading(path: dict[int, str], level: int, text: str) -> str:
    """Put a heading into ``path`` (level to text) and return the new path."""
    for deeper in [known for known in path if known >= level]:
        del path[deeper]
    if text:
        path[level] = text
    return HEADING_SEPARATOR.join(path[known] for known in sorted(path))


def walk(
    root: etree._Element,
    *,
    content: set[etree._Element],
    strip_chars: str,
    resolve: Callable[[str], str],
    grid: bool = False,
) -> list[Block]:
    """Walk the pruned tree once and return the page's blocks in document
    order: only those inside content elements, under their content heading
    path, when any text but headings is inside one.

    ``content`` are the content elements; ``resolve`` turns an ``href`` into
    the URL a link span carries; ``grid`` reads data tables in grid mode.
    """
    walker = _Walker(content, strip_chars, resolve, grid)
    start, end, add = walker.start, walker.end, walker.add
    roles = _ROLE
    leaf = None  # the id of a block element read whole at its start
    for event, element in etree.iterwalk(root, events=("start", "end")):
        tag = element.tag
        role = roles.get(tag)
        if event == "start":
            if (
                role == _BLOCK
                and walker.heading is None
                and walker.link_url is None
                and walker.row is None
                and not len(element)
                and element not in content
            ):
                walker.whole_block(tag, element.text)
                leaf = id(element)
                continue
            if role is not None or element in content:
                start(element, tag, role)
            text = element.text
        elif id(element) == leaf:
            leaf = None
            text = element.tail if element is not root else None
        else:
            if role is not None or element in content:
                end(element, tag, role)
            # The text after the subtree being walked is not part of it;
            # it is skipped, not cleared, as lxml refuses to set text that
            # holds control characters back.
            text = element.tail if element is not root else None
        # Whitespace before a line's first word counts only in code and headings.
        if text and (
            walker.line
            or walker.in_code
            or walker.heading is not None
            or not text.isspace()
        ):
            add(text)
    if walker.heading is not None:
        walker.close_heading()
    walker.flush()
    return walker.result()
