"""Step 3, head: what a page declares about itself, read before anything is
pruned.

One tag-filtered pass over the tree reads every link (the text API reports
boilerplate links too), ``<base href>``, the robots directives, the canonical
URL, ``og:site_name`` and the declared language; the page's base URL, address
and site are then settled once, and handed on as a :class:`PageHead`.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from pagechunk.html.links import Resolver, join, unsafe_url
from pagechunk.options import ParseOptions
from pagechunk.vocabulary import HEAD_TAGS, LINK_TAGS

__all__ = [
    "GATHERED_TAGS",
    "Gathered",
    "PageHead",
    "first_language",
    "gather",
    "read_head",
]


@dataclass(frozen=True, slots=True)
class PageHead:
    """What the head step hands on: the page's declarations, settled against
    the base URL the caller gave.

    Attributes:
        url: The page's address: the base URL given, else the canonical URL
            (or ``og:url``) made absolute, else ``<base href>``; ``""`` when
            none is known.
        site: The URL the page belongs to, which decides what links are
            site-local: the base URL given or ``<base href>``, else the
            canonical URL; None when the page names none.
        site_name: The first ``og:site_name``, whitespace collapsed; ``""``
            when there is none.
        lang: The first language tag of ``<html lang>``, else of a
            ``content-language`` ``<meta http-equiv>``, else of the
            ``Content-Language`` the caller gave; ``""`` for none.
        noindex: A robots ``<meta>`` says ``noindex`` or ``none``.
        nofollow: A robots ``<meta>`` says ``nofollow`` or ``none``.
        links: Every ``<a>`` and ``<area>`` ``href`` outside ``<template>``,
            made absolute, in document order without repeats or unsafe URLs.
        resolve: Makes an ``href`` absolute as :attr:`links` were made.
    """

    url: str
    site: str | None
    site_name: str
    lang: str
    noindex: bool
    nofollow: bool
    links: list[str]
    resolve: Resolver


GATHERED_TAGS = frozenset({"script", "h1", "time"})
"""Tags the head step's pass gathers for the steps after it, besides its
own: ``<script>`` for JSON-LD (:mod:`~pagechunk.html.jsonld`), and
``<h1>`` and ``<time>`` (with ``<meta>`` and ``<link>``) for the metadata
(:mod:`~pagechunk.html.metadata`): a tag-filtered pass walks every
element, whatever tags it looks for, unless the page has none of them."""


@dataclass(frozen=True, slots=True)
class Gathered:
    """The elements of the head step's one pass over the unpruned tree, in
    document order: the links (``<a>`` and ``<area>``) and the ``<script>``
    elements apart from the rest (:data:`~pagechunk.vocabulary.HEAD_TAGS`
    and :data:`GATHERED_TAGS`), and the ``<meta>`` elements of the rest
    once more. They hold the tree's elements: they are read before
    anything is pruned, then let go."""

    links: list[etree._Element]
    scripts: list[etree._Element]
    others: list[etree._Element]
    metas: list[etree._Element]


def gather(root: etree._Element, *, links: bool = True, later: bool = True) -> Gathered:
    """One pass over ``root`` for the elements :func:`read_head` and the
    steps after it read (:class:`Gathered`); without ``links``, ``<a>`` and
    ``<area>`` are not visited, and without ``later``, the tags of
    :data:`GATHERED_TAGS`, for a caller that reads neither JSON-LD nor
    metadata."""
    tags = HEAD_TAGS | GATHERED_TAGS if later else HEAD_TAGS
    if not links:
        tags -= LINK_TAGS
    found: list[etree._Element] = []
    scripts: list[etree._Element] = []
    others: list[etree._Element] = []
    metas: list[etree._Element] = []
    for element in root.iter(*tags):
        tag = element.tag
        if tag == "script":
            scripts.append(element)
        elif tag in LINK_TAGS:
            found.append(element)
        else:
            others.append(element)
            if tag == "meta":
                metas.append(element)
    return Gathered(found, scripts, others, metas)


def read_head(
    root: etree._Element,
    options: ParseOptions,
    *,
    base_url: str | None = None,
    content_language: str | None = None,
    gathered: Gathered | None = None,
) -> PageHead:
    """Read what the page declares, from the tags of
    :data:`~pagechunk.vocabulary.HEAD_TAGS` (``gathered`` from ``root``
    by :func:`gather`, or gathered here), and settle it against
    ``base_url``.

    An unsafe ``<base href>`` or canonical URL is ignored. Without
    ``options.links``, ``<a>`` and ``<area>`` are not visited and
    :attr:`PageHead.links` stays empty: a caller that never reads the page's
    link list saves the pass its thousands of links would cost.
    """
    if gathered is None:
        gathered = gather(root, links=options.links)
    declared = _Declarations(options.robots_names)
    # Each <template> is read before the links after it, which are all that
    # it may hold: the links may come after the rest.
    for element in gathered.others:
        declared.read(element)
    if options.links:
        declared.read_links(gathered.links)
    base = base_url
    base_href = declared.base_href
    if base_href and not unsafe_url(base_href):
        base = (join(base_url, base_href) if base_url else base_href) or base
    resolve = Resolver(base)
    canonical = declared.canonical or declared.og_url
    if canonical and unsafe_url(canonical):
        canonical = None
    url = base_url
    if not url:  # the canonical address, joined only when it is the page's
        url = (join(base, canonical) if base and canonical else canonical) or base
    site = base or (join(base_url, canonical) if canonical else None)
    directives = declared.directives
    return PageHead(
        url=url or "",
        site=site or None,
        site_name=declared.site_name,
        lang=first_language(root.get("lang") or root.get("xml:lang"))
        or first_language(declared.content_language)
        or first_language(content_language),
        noindex="noindex" in directives or "none" in directives,
        nofollow="nofollow" in directives or "none" in directives,
        # Each distinct href is resolved once: a page repeats its links.
        links=list(
            dict.fromkeys(filter(None, map(resolve, dict.fromkeys(declared.hrefs))))
        ),
        resolve=resolve,
    )


def first_language(value: str | None) -> str:
    """The first language tag of a ``lang`` attribute or a ``Content-Language``
    list (``"de-DE, en"`` gives ``"de-DE"``); ``""`` for none."""
    if not value:
        return ""
    tags = value.replace(",", " ").split(None, 1)
    return tags[0] if tags else ""


class _Declarations:
    """What :func:`read_head` gathers from links, ``<base>``, ``<meta>`` and
    ``<link>``, each read as it comes in document order; links inside
    ``<template>`` are never shown, so not listed."""

    def __init__(self, robots_names: frozenset[str]) -> None:
        self.robots_names = robots_names
        self.hrefs: list[str] = []
        self.base_href: str | None = None
        self.directives: set[str] = set()
        self.canonical: str | None = None
        self.og_url: str | None = None
        self.site_name = ""
        self.content_language: str | None = None
        self.in_template: set[etree._Element] = set()

    def read_links(self, links: list[etree._Element]) -> None:
        """The ``href`` of each link outside ``<template>``, stripped."""
        hrefs = self.hrefs
        in_template = self.in_template
        for element in links:
            href = element.get("href")
            if href and (not in_template or element not in in_template):
                href = href.strip()
                if href:
                    hrefs.append(href)

    def read(self, element: etree._Element) -> None:
        """One element of :data:`~pagechunk.vocabulary.HEAD_TAGS` other
        than a link, or of :data:`GATHERED_TAGS`, which says nothing here."""
        tag = element.tag
        if tag == "meta":
            self.read_meta(element)
        elif tag == "link":
            if self.canonical is None:
                rel = element.get("rel")
                if rel and "canonical" in rel.lower().split():
                    self.canonical = (element.get("href") or "").strip() or None
        elif tag == "template":
            self.in_template.update(element.iter(*LINK_TAGS))
        elif tag == "base" and self.base_href is None:
            self.base_href = (element.get("href") or "").strip() or None

    def read_meta(self, element: etree._Element) -> None:
        name = element.get("name")
        if name and name.strip().lower() in self.robots_names:
            content = element.get("content") or ""
            self.directives.update(d.strip().lower() for d in content.split(","))
            return
        prop = element.get("property")
        if prop:
            if prop == "og:url":
                if self.og_url is None:
                    self.og_url = (element.get("content") or "").strip() or None
                return
            if prop == "og:site_name" and not self.site_name:
                self.site_name = " ".join((element.get("content") or "").split())
                return
        if not self.content_language:
            equiv = element.get("http-equiv")
            if equiv and equiv.strip().lower() == "content-language":
                language = element.get("content")
                if language and language.strip():
                    self.content_language = language
