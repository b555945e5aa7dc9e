"""The text API's reader: :func:`parse_html`, steps 1 to 3 of the pipeline."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urljoin

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

__all__ = ["Document", "parse_document", "parse_html"]


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
    """Absolute URLs against one base, each distinct ``href`` joined once."""

    def __init__(self, base: str | None) -> None:
        self.base = base
        self.known: dict[str, str] = {}

    def __call__(self, href: str) -> str:
        url = self.known.get(href)
        if url is None:
            url = _join(self.base, href) if self.base else href
            self.known[href] = url
        return url


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
) -> Document:
    """Like :func:`parse_html`, also returning the site the page belongs to.

    With ``focus``, only the subtree :func:`~pagechunk.focus.focus_article`
    finds is read (the pipeline's choice; the text API never narrows a page).
    """
    root = load_tree(html, encoding)
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
    if head.base_href:
        base = _join(base_url, head.base_href) if base_url else head.base_href
    resolve = _Resolver(base)
    title = prune(
        root,
        layout,
        drop_tags=drop_set,
        drop_roles=frozenset(drop_roles),
        drop_hidden=drop_hidden,
    )
    content = layout.content
    flatten(root, content=content, content_tags=content_set, drop_tags=drop_set)
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
    site = base or (_join(base_url, head.canonical) if head.canonical else None)
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
) -> ParsedPage:
    """Read an HTML page into its title, text blocks, links and robots meta.

    If some text sits inside a content element (``content_tags``, or an
    element whose ``role`` names one), only text inside content elements is
    kept, and only headings inside them build heading paths; otherwise all
    visible text is kept. One lxml parse; nothing is fetched.

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

    Returns:
        The parsed page; an empty page for input with no elements.
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
    ).page
