"""The text API's reader: :func:`parse_html`, steps 1 to 3 of the pipeline."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

from pagechunk.focus import focus_article
from pagechunk.load import load_tree
from pagechunk.model import (
    CHROME_TAGS,
    CONTENT_TAGS,
    DROP_ROLES,
    DROP_TAGS,
    PERMALINK_GLYPHS,
    ROBOTS_NAMES,
    ParsedPage,
)
from pagechunk.prune import flatten, prune, read_page
from pagechunk.walk import to_blocks, walk

__all__ = ["UNSAFE_SCHEMES", "Document", "parse_document", "parse_html", "unsafe_url"]


@dataclass(slots=True)
class Document:
    """A parsed page with what the later steps need beyond the text API.

    Attributes:
        page: The page as :func:`parse_html` returns it.
        site: The URL the page belongs to: the base URL given, else
            ``<base href>``, ``<link rel=canonical>`` or ``og:url``; None when
            the page names none.
    """

    page: ParsedPage
    site: str | None


class _Resolver:
    """Absolute URLs against one base, each distinct ``href`` joined once;
    ``""`` for an unsafe ``href`` and for one that cannot be joined. A base
    that is no URL at all leaves every ``href`` as written."""

    def __init__(self, base: str | None) -> None:
        self.base = base if base and _parses(base) else None
        self.known: dict[str, str] = {}

    def __call__(self, href: str) -> str:
        url = self.known.get(href)
        if url is None:
            if unsafe_url(href):
                url = ""
            else:
                url = _join(self.base, href) if self.base else href
            self.known[href] = url
        return url


UNSAFE_SCHEMES = frozenset({"javascript", "data", "vbscript"})
"""URL schemes that run script or carry a document of their own: links with
them are left out of :attr:`ParsedPage.links`, their link spans get the URL
``""``, and a ``<base href>`` with one is ignored."""

_C0_OR_SPACE = "".join(map(chr, range(0x21)))
_TAB_OR_NEWLINE = str.maketrans("", "", "\t\n\r")


def unsafe_url(href: str) -> bool:
    """Whether ``href`` has a scheme of :data:`UNSAFE_SCHEMES`, read as
    browsers read it: control characters and spaces before it and tabs and
    newlines inside it ignored, ASCII letters in any case."""
    colon = href.find(":")
    if colon == -1:
        return False
    scheme = href[:colon].translate(_TAB_OR_NEWLINE).lstrip(_C0_OR_SPACE)
    return scheme.isascii() and scheme.lower() in UNSAFE_SCHEMES


def _parses(url: str) -> bool:
    try:
        urlsplit(url)
    except ValueError:
        return False
    return True


def _join(base: str | None, href: str) -> str:
    """``href`` against ``base``; ``""`` when the two cannot be joined."""
    try:
        return urljoin(base, href)
    except ValueError:
        return ""


def parse_document(
    html: str | bytes,
    *,
    base_url: str | None = None,
    encoding: str | None = None,
    content_tags: Iterable[str] = CONTENT_TAGS,
    drop_tags: Iterable[str] = DROP_TAGS,
    chrome_tags: Iterable[str] = CHROME_TAGS,
    drop_roles: Iterable[str] = DROP_ROLES,
    drop_hidden: bool = True,
    strip_chars: str = PERMALINK_GLYPHS,
    robots_names: Iterable[str] = ROBOTS_NAMES,
    focus: bool = False,
    max_bytes: int | None = None,
    strict: bool = False,
) -> Document:
    """Like :func:`parse_html`, also returning the site the page belongs to.

    With ``focus``, only the subtree :func:`~pagechunk.focus.focus_article`
    finds is read (the pipeline's choice; the text API never narrows a page).
    """
    root = load_tree(html, encoding, max_bytes=max_bytes, strict=strict)
    if root is None:
        return Document(ParsedPage("", [], []), base_url)
    content_set = frozenset(content_tags)
    drop_set = frozenset(drop_tags)
    head, layout = read_page(
        root,
        robots_names=frozenset(name.lower() for name in robots_names),
        content_tags=content_set,
        chrome_tags=frozenset(chrome_tags),
    )
    base = base_url
    if head.base_href and not unsafe_url(head.base_href):
        base = (_join(base_url, head.base_href) if base_url else head.base_href) or base
    resolve = _Resolver(base)
    title = prune(
        root,
        layout,
        drop_tags=drop_set,
        drop_roles=frozenset(drop_roles),
        drop_hidden=drop_hidden,
    )
    content = layout.content
    flatten(
        root,
        content=content,
        content_tags=content_set,
        drop_tags=drop_set,
        preformatted=layout.preformatted,
    )
    if focus:
        article = focus_article(root, content)
        if article is not None:
            root, content = article, {article}
    records = walk(root, content=content, strip_chars=strip_chars, resolve=resolve)
    blocks = to_blocks(records)
    if strip_chars:
        title = title.translate(str.maketrans("", "", strip_chars))
    title = " ".join(title.split())
    if not title:
        title = next((b.text for b in blocks if b.kind == "heading"), "")
    links = list(dict.fromkeys(filter(None, map(resolve, head.hrefs))))
    directives = head.directives
    page = ParsedPage(
        title=title,
        blocks=blocks,
        links=links,
        noindex="noindex" in directives or "none" in directives,
        nofollow="nofollow" in directives or "none" in directives,
    )
    canonical = head.canonical
    if canonical and unsafe_url(canonical):
        canonical = None
    site = base or (_join(base_url, canonical) if canonical else None)
    return Document(page, site or None)


def parse_html(
    html: str | bytes,
    *,
    base_url: str | None = None,
    content_tags: Iterable[str] = CONTENT_TAGS,
    drop_tags: Iterable[str] = DROP_TAGS,
    chrome_tags: Iterable[str] = CHROME_TAGS,
    drop_roles: Iterable[str] = DROP_ROLES,
    drop_hidden: bool = True,
    strip_chars: str = PERMALINK_GLYPHS,
    robots_names: Iterable[str] = ROBOTS_NAMES,
    encoding: str | None = None,
    max_bytes: int | None = None,
    strict: bool = False,
) -> ParsedPage:
    """Read an HTML page into its title, text blocks, links and robots meta.

    If some text sits inside a content element (``content_tags``, or an
    element whose ``role`` names one), only text inside content elements is
    kept, and only headings inside them build heading paths; otherwise all
    visible text is kept. One lxml parse; nothing is fetched, and no file is
    read.

    Links with a ``javascript:``, ``data:`` or ``vbscript:`` URL
    (:data:`~pagechunk.parse.UNSAFE_SCHEMES`) are left out of ``links``;
    their link spans stay, with the URL ``""``, and such a ``<base href>`` is
    ignored. An ``href`` that cannot be joined to the base is left out the
    same way.

    Args:
        html: The page, as text or as the bytes that were fetched.
        base_url: Where the page came from; links are made absolute against
            it, or against ``<base href>`` when the page has one.
        content_tags: Elements holding the page's content.
        drop_tags: Elements whose text is dropped wherever they stand.
        chrome_tags: Elements whose text is dropped outside content elements
            and kept inside them.
        drop_roles: ``role`` values that drop their element's text.
        drop_hidden: Whether to drop what a browser would not render: the
            ``hidden`` attribute (but not ``hidden="until-found"``),
            ``aria-hidden="true"``, and inline ``display: none`` or
            ``visibility: hidden``.
        strip_chars: Characters deleted from all text.
        robots_names: ``<meta name>`` values whose directives count; add a
            crawler's own name to obey directives meant for it.
        encoding: For bytes, the charset the server declared; it outranks
            ``<meta charset>`` but not a byte order mark.
        max_bytes: The largest document accepted, in bytes (text counts as
            UTF-8); None accepts any size.
        strict: Raise :class:`~pagechunk.DecodeError` for what cannot be
            decoded, instead of reading it as U+FFFD.

    Returns:
        The parsed page; an empty page for input with no elements, and for
        bytes that start like a binary file (an image, a PDF, an archive).

    Raises:
        InputTooLarge: The document is over ``max_bytes``.
        DecodeError: With ``strict``: bytes the chosen encoding cannot read,
            an ``encoding`` that names no text encoding, binary data, or text
            with a lone surrogate.
        TypeError: ``html`` is neither text nor bytes.
    """
    return parse_document(
        html,
        base_url=base_url,
        encoding=encoding,
        content_tags=content_tags,
        drop_tags=drop_tags,
        chrome_tags=chrome_tags,
        drop_roles=drop_roles,
        drop_hidden=drop_hidden,
        strip_chars=strip_chars,
        robots_names=robots_names,
        max_bytes=max_bytes,
        strict=strict,
    ).page
