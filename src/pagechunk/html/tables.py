"""Tables as the walk reads them: which hold data, and the grid rows of those.

In text mode (the text API's) a table row is read as any block, its cells
joined by ``" | "`` and broken by a ``<br>`` or a block inside a cell. In grid
mode a data table's row is one block whatever its cells hold: each cell is
read on its own, repeated ``colspan`` times, and the row's text is its cells
joined by ``" | "`` (an empty cell keeps its place, as in ``"a | | c"``,
but a column empty in every row, a spacer or an icon's, is left out). A row
of one cell (a title or a note across the table) is that cell's text once,
whatever its ``colspan``.
Inside a cell, ``<br>``, ``<hr>``, paragraphs and other blocks become a space
and list items are joined by ``"; "``. A table that holds a heading, another
table, a ``<pre>`` or a content element, whose ``role`` is ``presentation`` or
``none``, or that has a single row (a comment's indent, vote and text cells;
an admonition's label and body) lays a page out rather than holding data and
is read as in text mode. ``rowspan`` is not followed: a spanned cell appears in
its first row only.

Either way, a table's header row is its first row when it stands in
``<thead>`` or all its cells are ``<th>``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lxml import etree

from pagechunk.vocabulary import ITEM_TAGS, LAYOUT_ROLES, TABLE_LAYOUT_TAGS

__all__ = ["CELL_SEPARATOR", "MAX_COLSPAN", "Tables", "cell_mark", "cell_text"]

CELL_SEPARATOR = " | "
"""What stands between the cells of a row."""

MAX_COLSPAN = 64
"""The most times a grid cell is repeated for its ``colspan``; browsers stop
at 1000, but a page should not multiply its text that far."""

# Inside a grid cell, a list item's start leaves this mark on the line, read
# as "; " between items; every other structural element leaves a space.
# str.split() takes the mark for whitespace, so no tidied text keeps one.
_ITEM_MARK = "\x1f"
_ITEM_SEPARATOR = "; "
_IN_CELL = dict.fromkeys(ITEM_TAGS, _ITEM_MARK)
_ROW_GROUPS = frozenset({"thead", "tbody", "tfoot"})


def cell_mark(tag: str) -> str:
    """What the start of a ``tag`` element leaves on a grid cell's line."""
    return _IN_CELL.get(tag, " ")


def cell_text(raw: str) -> str:
    """A grid cell's text from what its line holds: whitespace collapsed, list
    items joined by ``"; "``."""
    items = (" ".join(item.split()) for item in raw.split(_ITEM_MARK))
    return _ITEM_SEPARATOR.join(filter(None, items))


@dataclass(slots=True)
class _Table:
    """An open table: whether it is read as a grid, how many rows it has
    shown so far and how many cells its first grid row had."""

    grid: bool
    rows: int = 0
    width: int = 0
    shown: list[tuple[int, list[str], bool]] = field(default_factory=list)
    """Each row shown as a block: its index, its cells (``colspan`` repeats
    included) and whether it is a row of one cell, written once."""


class Tables:
    """The tables open at a point of the walk, and the grid row being read.

    Attributes:
        row: The grid row being read; None outside grid rows.
        cells: The texts of the grid row's finished cells, each repeated for
            its ``colspan``.
        closed: How many cells of the grid row have been read.
        span: The ``colspan`` of the grid cell being read.
        row_header: Whether the row being read is its table's header row.
    """

    __slots__ = (
        "cells",
        "closed",
        "content",
        "grid",
        "holds_content",
        "open",
        "row",
        "row_header",
        "span",
    )

    def __init__(self, grid: bool, content: set[etree._Element]) -> None:
        self.grid = grid
        self.content = content
        self.open: list[_Table] = []
        self.row: etree._Element | None = None
        self.cells: list[str] = []
        self.closed = 0
        self.span = 1
        self.row_header = False
        self.holds_content: set[etree._Element] | None = None

    def open_table(self, table: etree._Element) -> None:
        self.open.append(_Table(self.grid and self.reads_as_grid(table)))

    def close_table(self) -> list[tuple[int, str]]:
        """Close the innermost table; for a grid, the rows to write again
        without the columns that are empty in every row, as (block index,
        text) pairs."""
        shown = self.open.pop().shown
        if not shown:
            return []
        width = max(len(cells) for _, cells, _ in shown)
        gone = {
            column
            for column in range(width)
            if not any(column < len(cells) and cells[column] for _, cells, _ in shown)
        }
        if not gone:
            return []
        return [
            (index, _row_text([c for i, c in enumerate(cells) if i not in gone]))
            for index, cells, single in shown
            if not single
        ]

    def reads_as_grid(self, table: etree._Element) -> bool:
        """Whether ``table`` holds data rather than laying out a page."""
        if (table.get("role") or "").strip().lower() in LAYOUT_ROLES:
            return False
        if not _has_rows(table, 2):  # its children only: before the subtree
            return False
        if next(table.iterdescendants(*TABLE_LAYOUT_TAGS), None) is not None:
            return False
        if self.holds_content is None:
            self.holds_content = {
                ancestor
                for element in self.content
                for ancestor in element.iterancestors("table")
            }
        return table not in self.holds_content

    def open_row(self, row: etree._Element) -> None:
        """Count a row of the innermost table, note whether it is the header
        row, and start reading it as a grid row if its table is a grid."""
        table = self.open[-1] if self.open else None
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

    def open_cell(self, cell: etree._Element) -> None:
        self.span = _colspan(cell)

    def close_cell(self, text: str) -> None:
        """Add a grid cell's text, repeated for its ``colspan`` but never past
        the width of its table's first row."""
        table = self.open[-1]
        span = self.span
        if table.width and table.rows > 1:
            span = max(1, min(span, table.width - len(self.cells)))
        self.cells.extend([text] * span)
        self.closed += 1

    def close_grid_row(self, stray: str, index: int) -> str:
        """The grid row's text, ``stray`` text after its last cell included;
        ``""`` when every cell is empty. A row of one cell, however many
        columns it spans (a title across the table, a note below it), is
        that cell's text once. Ends the grid row, which becomes block
        ``index`` unless it is empty."""
        cells = self.cells
        single = self.closed == 1 and not stray
        if stray:
            cells.append(stray)
        table = self.open[-1]
        if table.rows == 1:
            table.width = len(cells)
        text = _row_text(cells[:1] if single else cells)
        if text:
            table.shown.append((index, cells, single))
        self.row = None
        self.cells = []
        self.closed = 0
        return text


def _row_text(cells: list[str]) -> str:
    """A grid row's cells joined, or ``""`` when every cell is empty."""
    if not any(cells):
        return ""
    return CELL_SEPARATOR.join(cells).replace("  ", " ").strip()


def _has_rows(table: etree._Element, wanted: int) -> bool:
    """Whether ``table`` has at least ``wanted`` rows of its own, directly or
    in its row groups."""
    count = 0
    for child in table:
        if child.tag == "tr":
            count += 1
        elif child.tag in _ROW_GROUPS:
            count += sum(1 for _ in child.iterchildren("tr"))
        if count >= wanted:
            return True
    return False


def _colspan(cell: etree._Element) -> int:
    """How many columns a cell spans: its ``colspan`` when that is a whole
    number, 1 when it is not, at most :data:`MAX_COLSPAN`."""
    value = (cell.get("colspan") or "").strip()
    if value.isascii() and value.isdecimal():
        return max(1, min(int(value), MAX_COLSPAN))
    return 1
