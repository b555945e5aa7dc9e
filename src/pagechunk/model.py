"""The values every pipeline step passes on: links, blocks, chunks and pages.

The constants here are the defaults of the text API; they are frozen so that a
caller who wants other rules passes them as arguments instead of patching the
module.

The Markdown layout of blocks (:func:`markdown_layout`: the Markdown
:func:`render_markdown` writes, and where :func:`text_places` finds each
block's text in it) lives here too, though it is a writer: it defines the
coordinates of :attr:`Chunk.start` and :attr:`Chunk.end`, which chunking
reads from :func:`text_places`, and :attr:`ParsedPage.markdown` is written
with it.
With the layout beside the types whose fields count in it, this module needs
nothing else of the project, and every step may import it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, TypeVar

__all__ = [
    "CHROME_TAGS",
    "CONTENT_TAGS",
    "DROP_ROLES",
    "DROP_TAGS",
    "HEADING_SEPARATOR",
    "MAX_CHARS",
    "PERMALINK_GLYPHS",
    "ROBOTS_NAMES",
    "TARGET_CHARS",
    "BLOCK_KINDS",
    "CODE",
    "HEADING",
    "ITEM",
    "PARAGRAPH",
    "QUOTE",
    "ROW",
    "Block",
    "Chunk",
    "ImageSpan",
    "LinkSpan",
    "MarkdownLayout",
    "ParsedPage",
    "backtick_fence",
    "chunk_id",
    "markdown_layout",
    "render_markdown",
    "text_places",
]

HEADING_SEPARATOR = " › "
"""Joins the headings of a heading path, as in ``"Products › Pricing"``."""

TARGET_CHARS = 1200
"""The size :func:`~pagechunk.chunk_blocks` fills chunks up to."""

MAX_CHARS = 2000
"""The size no chunk from :func:`~pagechunk.chunk_blocks` goes over; small
embedding models stop reading at 512 tokens, about this many characters."""

DROP_TAGS = frozenset(
    {
        "button",
        "canvas",
        "dialog",
        "iframe",
        "nav",
        "noscript",
        "object",
        "script",
        "select",
        "style",
        "svg",
        "template",
        "textarea",
    }
)
"""Elements never read as content (scripts, fallbacks, menus, form controls);
the links inside them are still listed in :attr:`ParsedPage.links`."""

CHROME_TAGS = frozenset({"aside", "footer", "header"})
"""Elements that are site chrome outside a content element and part of the
article inside one (an article's own header carries its title and byline)."""

DROP_ROLES = frozenset(
    {
        "alertdialog",
        "banner",
        "complementary",
        "contentinfo",
        "dialog",
        "menu",
        "menubar",
        "navigation",
        "search",
    }
)
"""ARIA roles whose element is boilerplate wherever it stands."""

CONTENT_TAGS = frozenset({"article", "main"})
"""Elements that hold a page's content; an element whose ``role`` is one of
these names counts as that element."""

ROBOTS_NAMES = frozenset({"robots"})
"""``<meta name>`` values whose ``content`` holds robots directives."""

PARAGRAPH = "paragraph"
"""The :attr:`Block.kind` of running text."""

HEADING = "heading"
"""The :attr:`Block.kind` of a heading, ``<h1>`` to ``<h6>``."""

ITEM = "item"
"""The :attr:`Block.kind` of a list item, definition term or description."""

ROW = "row"
"""The :attr:`Block.kind` of a table row, its cells joined by ``" | "``."""

CODE = "code"
"""The :attr:`Block.kind` of preformatted text, whitespace kept."""

QUOTE = "quote"
"""The :attr:`Block.kind` of a block quotation."""

BLOCK_KINDS = frozenset({PARAGRAPH, HEADING, ITEM, ROW, CODE, QUOTE})
"""Every :attr:`Block.kind`; the text API's strings, named once here."""

PERMALINK_GLYPHS = "¶"
"""What ``strip_chars`` removes by default: the pilcrow that documentation
generators put after each heading as a permalink."""


_Frozen = TypeVar("_Frozen", bound=type)


def _slot_init(cls: _Frozen) -> _Frozen:
    """Give a frozen dataclass with slots an ``__init__`` that fills each
    slot through its descriptor, with the same parameters and defaults.

    The ``__init__`` that dataclasses writes for a frozen class calls
    ``object.__setattr__`` once per field, at about twice the cost, and the
    walk and the chunker make blocks, spans and chunks by the ten thousand.
    """
    names = [each.name for each in fields(cls)]
    namespace: dict[str, Any] = {}
    parameters = []
    for each in fields(cls):
        if each.default_factory is not MISSING or not each.init:
            raise TypeError(f"{cls.__name__}.{each.name} needs the dataclass __init__")
        namespace[f"_set_{each.name}"] = cls.__dict__[each.name].__set__
        if each.default is MISSING:
            parameters.append(each.name)
        else:
            namespace[f"_default_{each.name}"] = each.default
            parameters.append(f"{each.name}=_default_{each.name}")
    body = "".join(f"\n    _set_{name}(self, {name})" for name in names)
    exec(f"def __init__(self, {', '.join(parameters)}):{body}", namespace)
    init = namespace["__init__"]
    generated = cls.__init__  # type: ignore[misc]
    init.__qualname__ = generated.__qualname__
    init.__annotations__ = generated.__annotations__
    init.__module__ = cls.__module__
    cls.__init__ = init  # type: ignore[misc]
    return cls


@_slot_init
@dataclass(frozen=True, slots=True)
class LinkSpan:
    """A link inside a block: the text a reader sees and where it points.

    Attributes:
        label: The link's visible text, whitespace collapsed.
        url: The destination, made absolute like :attr:`ParsedPage.links`.
            An ``<a>`` without ``href`` is not a link and has no span.
    """

    label: str
    url: str


@_slot_init
@dataclass(frozen=True, slots=True)
class ImageSpan:
    """An image inside a block, or just before it, with its text alternative.

    Attributes:
        alt: The ``alt`` text, whitespace collapsed; images without one are
            not recorded.
        url: The ``src``, made absolute like a link's; ``""`` for an unsafe
            or missing one.
        leading: Whether the image stands before the block's text (or in an
            element with no text before the block) rather than after some
            of it.
    """

    alt: str
    url: str
    leading: bool = True


@_slot_init
@dataclass(frozen=True, slots=True)
class Block:
    """A paragraph-sized piece of visible text with the headings above it.

    Attributes:
        text: The text with whitespace collapsed, except that a ``<br>``
            stays a line break and a ``code`` block keeps its whitespace.
        heading: The heading path above the block, joined by
            :data:`HEADING_SEPARATOR`; a heading block's path ends in itself.
        kind: ``"paragraph"``, ``"heading"``, ``"item"`` (list item,
            definition term or description), ``"row"`` (table row, cells
            joined by ``" | "``), ``"code"`` or ``"quote"``.
        level: 1 to 6 for a heading block, 0 for any other.
        links: The links inside the block in document order. Not part of
            equality, so blocks compare as in the text API.
        header: True on a table's header row (kind ``"row"``): the table's
            first row when it stands in ``<thead>`` or all its cells are
            ``<th>``. A header row starts a table; the table is the run of
            consecutive row blocks from it. Not part of equality.
        language: The programming language a ``code`` block names
            (``class="language-python"``, ``lang-js``, ``highlight-rust``,
            or a Markdown fence's info string), ``""`` when none. Markdown
            chunk bodies write it after the opening fence. Not part of
            equality.
        images: The images with alt text in the block, and those in the
            elements without text just before it, in document order; only
            Markdown chunk bodies show them. Not part of equality.
    """

    text: str
    heading: str = ""
    kind: str = PARAGRAPH
    level: int = 0
    links: tuple[LinkSpan, ...] = field(default=(), compare=False, repr=False)
    header: bool = field(default=False, compare=False, repr=False)
    language: str = field(default="", compare=False, repr=False)
    images: tuple[ImageSpan, ...] = field(default=(), compare=False, repr=False)


@_slot_init
@dataclass(frozen=True, slots=True)
class Chunk:
    """One piece of a document, ready to embed.

    Attributes:
        text: The text to embed: the prefix (title and heading path), if one
            was asked for, then a blank line and the body.
        heading: The heading path of the blocks in the chunk; for heading
            sections joined into one chunk (``join_under``), the path they
            share, the headings below it standing in the body.
        position: Where the chunk stands in the returned list, from 0.
        url: The document's address, as given to the chunker.
        title: The document's title, stripped.
        lang: The document's language, as given to the chunker.
        start: Where the chunk's own body begins in the blocks' Markdown
            (:attr:`ParsedPage.markdown` for a page's blocks); an overlap or
            a repeated table header taken from before it is not counted.
        end: Where that body ends there: ``markdown[start:end]`` holds the
            body's words in order (with the item and quote markers, and the
            fences, that the Markdown adds); for paragraphs, the same words
            as the body, and the body itself when no paragraph was split. A
            joined chunk's body opens with the headings of its first section
            below the shared path, and those that stand before ``start``
            are not in that span.
        page_type: The document's page type (see
            :attr:`ParsedPage.page_type`).
        confidence: The document's extraction confidence (see
            :attr:`ParsedPage.confidence`).
        id: A stable id for the chunk, set by :func:`~pagechunk.chunk_html`
            and :func:`~pagechunk.pipeline.page_chunks` (``""`` from
            :func:`~pagechunk.chunk_blocks`): see ``pagechunk.model.chunk_id``.
        headline, author, published, modified, description, site_name,
        canonical_url, image, tags, license: The page's metadata, as
            :class:`ParsedPage` has it, set by :func:`~pagechunk.chunk_html`
            and :func:`~pagechunk.pipeline.page_chunks`; left out of the ``repr``.
            The fields from ``url`` on are not part of equality.
    """

    text: str
    heading: str
    position: int
    url: str = field(default="", compare=False)
    title: str = field(default="", compare=False)
    lang: str = field(default="", compare=False)
    start: int = field(default=0, compare=False)
    end: int = field(default=0, compare=False)
    page_type: str = field(default="", compare=False)
    confidence: float = field(default=0.0, compare=False)
    id: str = field(default="", compare=False)
    headline: str = field(default="", compare=False, repr=False)
    author: str = field(default="", compare=False, repr=False)
    published: str = field(default="", compare=False, repr=False)
    modified: str = field(default="", compare=False, repr=False)
    description: str = field(default="", compare=False, repr=False)
    site_name: str = field(default="", compare=False, repr=False)
    canonical_url: str = field(default="", compare=False, repr=False)
    image: str = field(default="", compare=False, repr=False)
    tags: tuple[str, ...] = field(default=(), compare=False, repr=False)
    license: str = field(default="", compare=False, repr=False)


@dataclass(slots=True)
class ParsedPage:
    """An HTML document reduced to what a retrieval index needs.

    Attributes:
        title: The ``<title>`` with whitespace collapsed, or the first
            heading's text when there is none.
        blocks: The visible text in document order, headings included.
        links: Every ``<a>`` and ``<area>`` ``href``, boilerplate included,
            in document order without repeats; absolute when a base URL was
            given or the page has ``<base href>``.
        noindex: A robots ``<meta>`` says ``noindex`` or ``none``.
        nofollow: A robots ``<meta>`` says ``nofollow`` or ``none``.
        url: The page's address: the base URL given, else
            ``<link rel=canonical>``, else ``og:url`` (made absolute against
            ``<base href>``), else ``<base href>``; ``""`` when none is known.
            Not part of equality.
        lang: The page's language tag: ``<html lang>``, else
            ``<meta http-equiv="content-language">`` (the first tag of a
            list); ``""`` when the page declares none. Not part of equality.
            :func:`~pagechunk.extract` writes it in BCP 47 casing
            (``"en-US"``, ``"zh-Hant-TW"``); :func:`~pagechunk.parse_html`
            keeps it as the page writes it.
        headline: The content's own title (JSON-LD ``headline`` or ``name``,
            ``og:title``, ..., the first ``<h1>``) without a trailing site
            name; :attr:`title` keeps the text API's meaning.
        author: The author or authors, joined by ``"; "``.
        published: When the content was published, ISO 8601
            (``"2024-05-01"``, or ``"2024-05-01T09:30:00+02:00"`` with a time).
        modified: When it was last changed, in the same form.
        description: Its summary (JSON-LD, ``og:description``,
            ``<meta name=description>``).
        site_name: The site's name (JSON-LD ``WebSite``, ``og:site_name``).
        canonical_url: ``<link rel=canonical>``, else ``og:url``, absolute.
        image: Its main image's address (JSON-LD ``image``, ``og:image``).
        tags: Its keywords and tags (JSON-LD ``keywords``, ``article:tag``,
            ``<meta name=keywords>``).
        license: The license it is under (``rel=license``, JSON-LD).
            The fields from ``headline`` on are read by
            :mod:`pagechunk.html.metadata` (see there for their order of
            precedence), are ``""`` (``()`` for ``tags``) when the page
            gives none or for :func:`~pagechunk.parse_html`, and are not part
            of equality.
        page_type: What kind of page it is, as :func:`~pagechunk.extract`
            reads it: ``"article"``, ``"forum"``, ``"product"``,
            ``"collection"``, ``"listing"``, ``"documentation"``,
            ``"service"`` or ``"other"``; ``""`` from
            :func:`~pagechunk.parse_html`, which does not classify. Not part
            of equality.
        confidence: How likely it is, from 0 to 1, that :func:`~pagechunk.extract`
            kept the page's own content (see :mod:`pagechunk.confidence`);
            0.0 from :func:`~pagechunk.parse_html`. Not part of equality.
    """

    title: str
    blocks: list[Block]
    links: list[str]
    noindex: bool = False
    nofollow: bool = False
    url: str = field(default="", compare=False)
    lang: str = field(default="", compare=False)
    page_type: str = field(default="", compare=False)
    confidence: float = field(default=0.0, compare=False)
    headline: str = field(default="", compare=False)
    author: str = field(default="", compare=False)
    published: str = field(default="", compare=False)
    modified: str = field(default="", compare=False)
    description: str = field(default="", compare=False, repr=False)
    site_name: str = field(default="", compare=False)
    canonical_url: str = field(default="", compare=False)
    image: str = field(default="", compare=False, repr=False)
    tags: tuple[str, ...] = field(default=(), compare=False, repr=False)
    license: str = field(default="", compare=False)

    @property
    def digest(self) -> str:
        """A digest of the page's cleaned text: the SHA-256 of its blocks'
        texts joined by blank lines, in hex. Pages with the same text have
        the same digest, whatever their markup, address or metadata."""
        text = "\n\n".join(block.text for block in self.blocks)
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()

    @property
    def markdown(self) -> str:
        """The blocks as Markdown: ``#`` headings, ``-`` items, ``>`` quotes
        and fenced code; meant for chunking and reading, so inline formatting
        and link targets are left out."""
        return render_markdown(self.blocks)


def chunk_id(document: str, position: int, text: str) -> str:
    """A chunk's id: 32 hex digits of the SHA-256 of the document's identity
    (its URL, else its :attr:`ParsedPage.digest`), the chunk's position and
    its text. The same page chunked with the same options gives the same
    ids on any machine, in any run."""
    key = f"{document}\x00{position}\x00{text}".encode("utf-8", "surrogatepass")
    return hashlib.sha256(key).hexdigest()[:32]


@dataclass(frozen=True, slots=True)
class MarkdownLayout:
    """Blocks written as Markdown, and where each block's text stands in it.

    Attributes:
        markdown: The Markdown, as :func:`render_markdown` writes it.
        text_starts: For each block, the offset in ``markdown`` of its text's
            first character.
        line_indents: For each block, how many characters ``markdown`` puts
            after each line break of its text: 2 for items (``"  "``) and
            quotes (``"> "``), 0 for the others.
    """

    markdown: str
    text_starts: list[int]
    line_indents: list[int]


_TIGHT_KINDS = frozenset({ITEM, ROW})
"""Kinds whose consecutive blocks are written on consecutive lines."""

_PLAIN_FRAME = ("", "\n", "")
"""The frame of paragraphs and rows: the text alone."""

_FIXED_FRAMES = {
    PARAGRAPH: _PLAIN_FRAME,
    ROW: _PLAIN_FRAME,
    ITEM: ("- ", "\n  ", ""),
    QUOTE: ("> ", "\n> ", ""),
}
"""The frame of each kind whose frame is the same for every block: what goes
before the text, what each line break of the text becomes, and what goes
after it. Items and quotes mark every line."""


def markdown_layout(blocks: Iterable[Block]) -> MarkdownLayout:
    """Write blocks as Markdown: ``#`` headings, ``-`` items, ``>`` quotes and
    fenced code; paragraphs and table rows stay plain text.

    Blocks are separated by a blank line, except that consecutive items, and
    consecutive rows, are on consecutive lines.
    """
    blocks = list(blocks)
    return MarkdownLayout(render_markdown(blocks), *text_places(blocks))


def render_markdown(blocks: Iterable[Block]) -> str:
    """The blocks as Markdown, laid out as :func:`markdown_layout` says."""
    parts: list[str] = []
    previous = None
    for block in blocks:
        kind = block.kind
        if previous is not None:
            parts.append(_gap(previous, kind))
        before, line_break, after = _FIXED_FRAMES.get(kind) or _frame(block)
        text = block.text
        if line_break != "\n":
            text = text.replace("\n", line_break)
        parts += (before, text, after)
        previous = kind
    return "".join(parts)


def text_places(blocks: Sequence[Block]) -> tuple[list[int], list[int]]:
    """The :attr:`~MarkdownLayout.text_starts` and
    :attr:`~MarkdownLayout.line_indents` of :func:`markdown_layout`,
    counted without writing the Markdown."""
    text_starts: list[int] = []
    line_indents: list[int] = []
    size = 0
    previous = None
    for block in blocks:
        kind = block.kind
        if previous is not None:
            size += len(_gap(previous, kind))
        text = block.text
        frame = _FIXED_FRAMES.get(kind)
        if frame is _PLAIN_FRAME:
            text_starts.append(size)
            line_indents.append(0)
            size += len(text)
        else:
            before, line_break, after = frame or _frame(block)
            indent = len(line_break) - 1
            text_starts.append(size + len(before))
            line_indents.append(indent)
            size += len(before) + len(text) + len(after) + indent * text.count("\n")
        previous = kind
    return text_starts, line_indents


def _gap(previous: str, kind: str) -> str:
    """What stands between a block of kind ``previous`` and the next, of
    ``kind``: a line break between consecutive items or rows, else a blank
    line."""
    return "\n" if kind == previous and kind in _TIGHT_KINDS else "\n\n"


def _frame(block: Block) -> tuple[str, str, str]:
    """The frame of a block whose kind has no fixed one (see
    :data:`_FIXED_FRAMES`): a heading's ``#`` marks, code's fences, and
    the text alone for any other kind."""
    kind = block.kind
    if kind == HEADING:
        return "#" * block.level + " ", "\n", ""
    if kind == CODE:
        fence = backtick_fence(block.text)
        return fence + "\n", "\n", "\n" + fence
    return _PLAIN_FRAME


def backtick_fence(code: str) -> str:
    """The shortest backtick fence, three at least, that no run in ``code``
    reaches, so the code cannot close it early."""
    if "```" not in code:
        return "```"
    # Grow by doubling, then bisect: a few substring searches in C, instead
    # of a Python loop over the characters.
    present, absent = 3, 6
    while "`" * absent in code:
        present, absent = absent, absent * 2
    while absent - present > 1:
        middle = (present + absent) // 2
        if "`" * middle in code:
            present = middle
        else:
            absent = middle
    return "`" * absent
