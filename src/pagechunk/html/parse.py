"""The text API's reader: :func:`parse_html`, steps 1 to 3 of the pipeline."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

from pagechunk.html.focus import focus_article
from pagechunk.html.load import RELEASE_BYTES, load_tree, release_free_memory
from pagechunk.html.prune import flatten, prune, read_page
from pagechunk.html.walk import walk
from pagechunk.model import (
    CHROME_TAGS,
    CONTENT_TAGS,
    DROP_ROLES,
    DROP_TAGS,
    PERMALINK_GLYPHS,
    ROBOTS_NAMES,
    ParsedPage,
)

__all__ = [
    "TABLE_MODES",
    "TITLE_SEPARATORS",
    "UNSAFE_SCHEMES",
    "Document",
    "drop_site_suffix",
    "first_language",
    "parse_document",
    "parse_html",
    "unsafe_url",
]

TABLE_MODES = frozenset({"text", "grid"})
"""How tables are read: ``"text"`` as the text API says (a ``<br>`` or a
block inside a cell breaks the row), ``"grid"`` one block per row, cells
repeated for their ``colspan`` (see :mod:`pagechunk.html.walk`)."""


@dataclass(slots=True)
class Document:
    """A parsed page with what the later steps need beyond the text API.

    Attributes:
        page: The page as :func:`parse_html` returns it.
        site: The URL the page belongs to: the base URL given, else
            ``<base href>``, ``<link rel=canonical>`` or ``og:url``; None when
            the page names none.
        site_name: The ``og:site_name`` in the page's ``<head>``, whitespace
            collapsed; ``""`` when there is none.
    """

    page: ParsedPage
    site: str | None
    site_name: str = ""


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
            if _PLAIN_ABSOLUTE.match(href):
                url = href  # what urljoin gives back for it, at a tenth the cost
            elif unsafe_url(href):
                url = ""
            else:
                url = _join(self.base, href) if self.base else href
            self.known[href] = url
        return url


# An absolute http(s) URL that urljoin returns unchanged against any base:
# lower-case scheme, a plain host and port, a path without ";" (urljoin would
# split parameters off it), a non-empty query and fragment if any, and no
# white space or control character (urljoin strips or removes those).
_PLAIN_ABSOLUTE = re.compile(
    r"https?://[A-Za-z0-9.-]+(?::[0-9]{1,5})?(?:/[^\x00-\x20;?#\x7f]*)?"
    r"(?:\?[^\x00-\x20#\x7f]+)?(?:#[^\x00-\x20\x7f]+)?\Z"
)


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
        return urljoin(base or "", href)
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
    tables: str = "text",
    links: bool = True,
) -> Document:
    """Like :func:`parse_html`, also returning the site the page belongs to.

    With ``focus``, only the subtree :func:`~pagechunk.focus.focus_article`
    finds is read (the pipeline's choice; the text API never narrows a page).
    Without ``links``, :attr:`ParsedPage.links` is left empty, for callers
    that never read it; the link spans of blocks are kept.
    """
    if tables not in TABLE_MODES:
        raise ValueError(f"tables must be 'text' or 'grid', not {tables!r}")
    root = load_tree(html, encoding, max_bytes=max_bytes, strict=strict)
    if root is None:
        return Document(ParsedPage("", [], [], url=base_url or ""), base_url)
    content_set = frozenset(content_tags)
    drop_set = frozenset(drop_tags)
    head, layout = read_page(
        root,
        robots_names=frozenset(name.lower() for name in robots_names),
        content_tags=content_set,
        chrome_tags=frozenset(chrome_tags),
        links=links,
    )
    lang = first_language(root.get("lang") or root.get("xml:lang"))
    lang = lang or first_language(head.content_language)
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
        del article
    blocks = walk(
        root,
        content=content,
        strip_chars=strip_chars,
        resolve=resolve,
        grid=tables == "grid",
    )
    del root, layout, content  # the tree is freed with its last element
    if len(html) >= RELEASE_BYTES:
        release_free_memory()
    if strip_chars:
        title = title.translate(str.maketrans("", "", strip_chars))
    title = " ".join(title.split())
    if not title:
        title = next((b.text for b in blocks if b.kind == "heading"), "")
    page_links = list(dict.fromkeys(filter(None, map(resolve, head.hrefs))))
    directives = head.directives
    canonical = head.canonical
    if canonical and unsafe_url(canonical):
        canonical = None
    address = _join(base, canonical) if base and canonical else canonical
    page = ParsedPage(
        title=title,
        blocks=blocks,
        links=page_links,
        noindex="noindex" in directives or "none" in directives,
        nofollow="nofollow" in directives or "none" in directives,
        url=base_url or address or base or "",
        lang=lang,
    )
    site = base or (_join(base_url, canonical) if canonical else None)
    return Document(page, site or None, head.site_name)


def first_language(value: str | None) -> str:
    """The first language tag of a ``lang`` attribute or a ``Content-Language``
    list (``"de-DE, en"`` gives ``"de-DE"``); ``""`` for none."""
    if not value:
        return ""
    tags = value.replace(",", " ").split(None, 1)
    return tags[0] if tags else ""


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
    tables: str = "text",
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
        tables: ``"text"`` reads a table row as the text API says: cells
            joined by ``" | "``, a ``<br>`` or a block inside a cell breaking
            it. ``"grid"`` makes each row of a data table one block, a cell
            repeated for its ``colspan``, a ``<br>`` or block inside it a
            space and its list items joined by ``"; "``; tables that lay
            out the page (one holding a heading, a table, a ``<pre>`` or a
            content element) are still read as text.

    Returns:
        The parsed page; an empty page for input with no elements, and for
        bytes that start like a binary file (an image, a PDF, an archive).
        Its ``url`` is ``base_url``, else the canonical URL (or ``og:url``)
        made absolute, else ``<base href>``; its ``lang`` is ``<html lang>``,
        else a ``content-language`` ``<meta http-equiv>``.

    Raises:
        ValueError: ``tables`` is neither ``"text"`` nor ``"grid"``.
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
        tables=tables,
    ).page


TITLE_SEPARATORS = (" - ", " | ", " · ", " — ", " – ")
"""What stands between a page title and a site name after it."""


def drop_site_suffix(title: str, *, site_name: str = "", url: str = "") -> str:
    """``title`` without a trailing site name, as in ``"Pricing | Acme"``.

    The part after the last separator of :data:`TITLE_SEPARATORS` (or an
    earlier one, so a site name may hold a separator) is dropped when it is
    ``site_name``, or names the host of ``url``: its words, case ignored, are
    all labels of the host without ``www.`` and the top-level domain, or run
    together make one (``"Example News"`` for ``news.example.com``). A title
    is never emptied: one that is only the site name stays as it is.
    """
    labels = _host_labels(url)
    site_words = _words(site_name)
    for start, end in _separator_cuts(title):
        kept = title[:start].strip()
        words = _words(title[end:])
        if not kept or not words:
            continue
        if words == site_words or (
            labels and ("".join(words) in labels or labels.issuperset(words))
        ):
            return kept
    return title


def _separator_cuts(title: str) -> list[tuple[int, int]]:
    """Each separator's start and end in ``title``, the last first."""
    cuts = []
    for separator in TITLE_SEPARATORS:
        start = title.find(separator)
        while start != -1:
            cuts.append((start, start + len(separator)))
            start = title.find(separator, start + 1)
    return sorted(cuts, reverse=True)


def _words(text: str) -> list[str]:
    """The letter and digit runs of ``text``, case-folded."""
    return "".join(c if c.isalnum() else " " for c in text.casefold()).split()


def _host_labels(url: str) -> frozenset[str]:
    """The labels of ``url``'s host without ``www`` and the top-level domain,
    each also split at and joined over its hyphens."""
    try:
        host = urlsplit(url).hostname or ""
    except ValueError:
        return frozenset()
    names = host.split(".")
    if names[0] == "www":
        names = names[1:]
    labels: set[str] = set()
    for name in names[:-1] if len(names) > 1 else names:
        labels.update((name, name.replace("-", ""), *name.split("-")))
    labels.discard("")
    return frozenset(labels)
