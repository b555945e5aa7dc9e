"""The options of every step, each default written once.

Three frozen objects, one per concern, and :class:`Options`, which holds one
of each plus the pipeline's own switches. The library calls, the command line,
batch runs and the framework adapters all build one of these and hand it on;
no layer keeps defaults of its own.

Two sets of defaults exist on purpose, and both are here:

- the text API's (:func:`~pagechunk.parse_html`, :func:`~pagechunk.chunk_blocks`,
  :func:`~pagechunk.clean_blocks`): ``ParseOptions()``, ``ChunkOptions()`` and
  ``CleanOptions()``, tables read as text and no repeated table header, as
  the text API says;
- the pipeline's (:func:`~pagechunk.extract`, :func:`~pagechunk.chunk_html`,
  batch, CLI, adapters): ``Options()``, which reads tables as a grid and
  repeats a split table's header row.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields, replace
from typing import Any

from pagechunk.checks import check_number, check_text
from pagechunk.model import (
    CHROME_TAGS,
    CONTENT_TAGS,
    DROP_ROLES,
    DROP_TAGS,
    MAX_CHARS,
    PERMALINK_GLYPHS,
    ROBOTS_NAMES,
    TARGET_CHARS,
)
from pagechunk.vocabulary import CHROME_HEADINGS

__all__ = [
    "BODY_MODES",
    "JOIN_UNDER",
    "TABLE_MODES",
    "TITLE_SUFFIX_MODES",
    "ChunkOptions",
    "CleanOptions",
    "Options",
    "ParseOptions",
]

TABLE_MODES = frozenset({"text", "grid"})
"""How tables are read: ``"text"`` as the text API says (a ``<br>`` or a
block inside a cell breaks the row), ``"grid"`` one block per row of a data
table, cells repeated for their ``colspan`` unless a row has one cell, empty
columns left out (a table of one row, or one that holds a heading, a table
or ``<pre>``, lays out a page and is read as text)."""

BODY_MODES = ("text", "markdown")
"""What :attr:`ChunkOptions.body` takes: ``"text"`` writes a chunk's body as
the text API says (block texts a blank line apart), ``"markdown"`` as
Markdown (fenced code, tables, links, list and quote marks)."""

JOIN_UNDER = 300
"""The pipeline's :attr:`ChunkOptions.join_under`: a heading section shorter
than this (a product card's price, a one-line section) is joined with its
neighbours rather than made a chunk of its own."""

TITLE_SUFFIX_MODES = (None, "auto")
"""What :attr:`Options.title_suffix` takes: None keeps the title whole,
``"auto"`` drops a trailing site name."""


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_size(name: str, value: object) -> None:
    if value is None:
        return
    if not _is_int(value):
        raise TypeError(f"{name} must be an int or None, not {value!r}")
    if value < 1:  # type: ignore[operator]
        raise ValueError(f"{name} must be at least 1, not {value}")


@dataclass(frozen=True, slots=True)
class ParseOptions:
    """How a page is read into blocks: :func:`~pagechunk.parse_html`'s options.

    Attributes:
        content_tags: Elements holding the page's content.
        drop_tags: Elements whose text is dropped wherever they stand.
        chrome_tags: Elements dropped outside content elements, kept inside.
        drop_roles: ``role`` values that drop their element.
        drop_hidden: Whether to drop what a browser would not render.
        strip_chars: Characters deleted from all text.
        robots_names: ``<meta name>`` values whose directives count.
        max_bytes: The largest document accepted, in bytes; None for any.
        strict: Raise :class:`~pagechunk.DecodeError` instead of reading
            undecodable bytes as U+FFFD.
        tables: A mode of :data:`TABLE_MODES`.
        links: Whether to list the page's links (:attr:`ParsedPage.links`);
            the link spans of blocks are read either way.

    Raises:
        ValueError: ``tables`` is not a table mode, or ``max_bytes`` is
            below 0.
        TypeError: A tag set is a string rather than a collection of names,
            or holds anything but names; ``strip_chars`` is not text.
    """

    content_tags: frozenset[str] = CONTENT_TAGS
    drop_tags: frozenset[str] = DROP_TAGS
    chrome_tags: frozenset[str] = CHROME_TAGS
    drop_roles: frozenset[str] = DROP_ROLES
    drop_hidden: bool = True
    strip_chars: str = PERMALINK_GLYPHS
    robots_names: frozenset[str] = ROBOTS_NAMES
    max_bytes: int | None = None
    strict: bool = False
    tables: str = "text"
    links: bool = True

    def __post_init__(self) -> None:
        for name in ("content_tags", "drop_tags", "chrome_tags", "drop_roles"):
            object.__setattr__(self, name, _names(name, getattr(self, name)))
        check_text("strip_chars", self.strip_chars)
        robots = _names("robots_names", self.robots_names)
        object.__setattr__(self, "robots_names", frozenset(n.lower() for n in robots))
        if self.tables not in TABLE_MODES:
            raise ValueError(f"tables must be 'text' or 'grid', not {self.tables!r}")


def _names(name: str, value: Any) -> frozenset[str]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise TypeError(f"{name} must be a collection of names, not {value!r}")
    names = value if isinstance(value, frozenset) else frozenset(value)
    if not all(isinstance(each, str) for each in names):
        raise TypeError(f"{name} must hold names (str), not {value!r}")
    return names


_THRESHOLDS = (
    "link_density",
    "min_prose_chars",
    "min_intro_chars",
    "min_menu_links",
    "max_menu_chars",
    "min_site_pages",
)


@dataclass(frozen=True, slots=True)
class CleanOptions:
    """The thresholds of block cleaning: :func:`~pagechunk.clean_blocks`'s.

    Attributes:
        link_density: The share of readable characters inside link labels
            from which a block is shaped like a menu.
        min_prose_chars: Readable characters that make a block prose whatever
            its links.
        min_intro_chars: Readable characters of prose that end the discarded
            opening of a chrome section.
        min_menu_links: Links that make a block as large as a menu.
        max_menu_chars: Readable characters a block fits in to be as small as
            a menu entry.
        chrome_headings: Heading texts that open a chrome section, compared
            case-folded.
        min_site_pages: Pages of a site a block stands on to count as the
            site's chrome (with a :class:`~pagechunk.SiteMemory`).

    Raises:
        ValueError: ``min_site_pages`` is below 1.
        TypeError: A threshold is not a number.
    """

    link_density: float = 0.6
    min_prose_chars: int = 200
    min_intro_chars: int = 24
    min_menu_links: int = 3
    max_menu_chars: int = 36
    chrome_headings: frozenset[str] = CHROME_HEADINGS
    min_site_pages: int = 3

    def __post_init__(self) -> None:
        for name in _THRESHOLDS:
            check_number(name, getattr(self, name))
        headings = _names("chrome_headings", self.chrome_headings)
        object.__setattr__(
            self, "chrome_headings", frozenset(h.casefold() for h in headings)
        )
        if self.min_site_pages < 1:
            raise ValueError(
                f"min_site_pages must be at least 1: {self.min_site_pages}"
            )


@dataclass(frozen=True, slots=True)
class ChunkOptions:
    """How blocks are packed into chunks: :func:`~pagechunk.chunk_blocks`'s.

    Attributes:
        target_chars: The size to fill chunks up to; None fills to
            ``max_chars``.
        max_chars: The size no chunk goes over; None leaves blocks whole.
        prefix: Whether each chunk opens with the title and heading path.
        length: Measures sizes instead of ``len`` (a tokenizer's count).
        overlap_chars: How much of the previous chunk's end a chunk repeats.
        table_header: Whether a chunk that goes on with a table opens with
            its header row.
        title_once: Whether the prefix leaves the title out when the title
            and the path's first heading hold one another (``"Rotating logs
            | Field Notes"`` over an ``<h1>`` ``"Rotating logs"``), so it
            names the page once; the text API repeats it.
        body: A mode of :data:`BODY_MODES`: how a chunk's body is written.
        drop_repeats: Whether a chunk whose body (the text after the
            prefix) repeats the body of an earlier chunk of the same call is
            left out, the positions after it counting on without a gap.
        join_under: A heading section whose body measures under this is
            joined with its neighbours into one chunk, while the joined
            body stays within ``target_chars``: its heading path is the
            path they share, and the headings below it stand in the body.
            None (the text API's rule) never joins sections.

    Raises:
        TypeError: A size is not a whole number.
        ValueError: A size is below 1, ``overlap_chars`` below 0, or
            ``body`` names no body mode.
    """

    target_chars: int | None = TARGET_CHARS
    max_chars: int | None = MAX_CHARS
    prefix: bool = True
    length: Callable[[str], int] | None = field(default=None, compare=False)
    overlap_chars: int = 0
    table_header: bool = False
    title_once: bool = False
    body: str = "text"
    drop_repeats: bool = False
    join_under: int | None = None

    def __post_init__(self) -> None:
        if self.body not in BODY_MODES:
            raise ValueError(f"body must be 'text' or 'markdown', not {self.body!r}")
        _check_size("target_chars", self.target_chars)
        _check_size("max_chars", self.max_chars)
        if self.join_under is not None:
            _check_size("join_under", self.join_under)
        if not _is_int(self.overlap_chars):
            raise TypeError(f"overlap_chars must be an int, not {self.overlap_chars!r}")
        if self.overlap_chars < 0:
            raise ValueError(
                f"overlap_chars must be at least 0, not {self.overlap_chars}"
            )


@dataclass(frozen=True, slots=True)
class Options:
    """Everything the pipeline (:func:`~pagechunk.chunk_html`, batch, CLI,
    adapters) is told, with the pipeline's defaults.

    Attributes:
        parse: How pages are read; tables as a grid by default here.
        clean: Whether to narrow the page to its content and drop chrome
            blocks (the environment switch ``PAGECHUNK_BOILERPLATE=off``
            also turns it off).
        focus: Whether to narrow the tree to its content before cleaning
            blocks; None follows ``clean``.
        title_suffix: A mode of :data:`TITLE_SUFFIX_MODES`.
        cleaning: The block-cleaning thresholds.
        chunk: How chunks are packed; a split table repeats its header row
            and a chunk repeating an earlier one's body is left out, by
            default here.

    Raises:
        ValueError: ``title_suffix`` is not a mode of
            :data:`TITLE_SUFFIX_MODES`.
    """

    parse: ParseOptions = ParseOptions(tables="grid")
    clean: bool = True
    focus: bool | None = None
    title_suffix: str | None = None
    cleaning: CleanOptions = CleanOptions()
    chunk: ChunkOptions = ChunkOptions(
        table_header=True, title_once=True, drop_repeats=True, join_under=JOIN_UNDER
    )

    def __post_init__(self) -> None:
        if self.title_suffix not in TITLE_SUFFIX_MODES:
            raise ValueError(
                f"title_suffix must be None or 'auto', not {self.title_suffix!r}"
            )

    def with_values(self, **values: Any) -> Options:
        """A copy with the named options changed, each name looked up in
        whichever part holds it (``max_chars=500``, ``tables="text"``); the
        options themselves when no value changes. A value that is the very
        object the option holds changes nothing, so the defaults a call
        passes on cost no copy.

        Raises:
            TypeError: A name is no option.
        """
        parts: dict[str, dict[str, Any]] = {}
        own: dict[str, Any] = {}
        for name, value in values.items():
            part = _PART_OF.get(name)
            if part is None:
                if name not in _OWN:
                    raise TypeError(f"unknown option {name!r}")
                if getattr(self, name) is not value:
                    own[name] = value
            elif getattr(getattr(self, part), name) is not value:
                parts.setdefault(part, {})[name] = value
        for part, changes in parts.items():
            own[part] = replace(getattr(self, part), **changes)
        return replace(self, **own) if own else self


_OWN = frozenset({"clean", "focus", "title_suffix"})
_PART_OF = {
    f.name: part
    for part, kind in (
        ("parse", ParseOptions),
        ("cleaning", CleanOptions),
        ("chunk", ChunkOptions),
    )
    for f in fields(kind)
}
