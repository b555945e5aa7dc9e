"""Step 2: read what the whole page declares, then cut away what is never text.

The heavy lifting stays inside libxml2: tag-filtered iteration and XPath over
attribute nodes find the few elements that matter, and ``strip_elements`` /
``strip_tags`` remove them, so Python does work per candidate element, never
per node. What must survive pruning (every link, ``<base href>``, robots and
canonical metadata) is read first.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, cast

from lxml import etree

__all__ = [
    "INLINE_TAGS",
    "Layout",
    "PageHead",
    "flatten",
    "prune",
    "read_page",
]

INLINE_TAGS = frozenset(
    {
        "abbr", "acronym", "b", "bdi", "bdo", "big", "cite", "code", "data",
        "del", "dfn", "em", "font", "i", "img", "input", "ins", "kbd", "label",
        "link", "mark", "meta", "nobr", "picture", "q", "rp", "rt", "ruby", "s",
        "samp", "small", "source", "span", "strike", "strong", "sub", "sup",
        "time", "tt", "u", "var", "wbr",
    }
)  # fmt: skip
"""Elements whose text runs on in their parent's line; merging them into the
parent before the walk leaves it far fewer nodes to visit."""

_MARK = "pagechunk-drop"
_KEEP_INLINE = "pagechunk-content"

# Attribute nodes, found by name in one cheap pass each; their owner elements
# are the only ones whose attributes Python has to read. One XPath per name:
# libxml2 merges the node sets of a union ("|") in quadratic time.
_MARKING = tuple(
    etree.XPath(f"//@{name}") for name in ("role", "hidden", "aria-hidden", "style")
)


@dataclass(frozen=True, slots=True)
class PageHead:
    """What a page declares about itself, read before anything is dropped.

    Attributes:
        hrefs: Every non-empty ``<a>``/``<area>`` ``href`` outside
            ``<template>``, stripped, in document order.
        base_href: The first non-empty ``<base href>``, or None.
        directives: The lower-cased robots directives for ``robots_names``.
        canonical: ``<link rel=canonical>`` or else ``og:url``, or None.
        site_name: The first ``og:site_name``, whitespace collapsed, or ``""``.
        content_language: The ``content`` of the first ``<meta
            http-equiv="content-language">``, or None.
    """

    hrefs: list[str]
    base_href: str | None
    directives: frozenset[str]
    canonical: str | None
    site_name: str = ""
    content_language: str | None = None


@dataclass(slots=True)
class Layout:
    """Where the elements that pruning decides on stand, read in one pass.

    Attributes:
        titles: The ``<title>`` elements, in document order.
        content: The content elements: ``content_tags``, or an element whose
            ``role`` names one.
        chrome: The ``chrome_tags`` elements, in document order.
        marking: The ``role``, ``hidden``, ``aria-hidden`` and ``style``
            attributes, each knowing its element.
        preformatted: The ``<pre>`` elements, whose text :func:`flatten`
            joins up again.
    """

    titles: list[etree._Element]
    content: set[etree._Element]
    chrome: list[etree._Element]
    marking: list[Any]
    preformatted: list[etree._Element] = field(default_factory=list)


def read_page(
    root: etree._Element,
    *,
    robots_names: frozenset[str],
    content_tags: frozenset[str],
    chrome_tags: frozenset[str],
    links: bool = True,
) -> tuple[PageHead, Layout]:
    """Read links, base URL, robots directives and canonical URL, and find
    the elements pruning decides on, in one tag-filtered pass over the tree
    and one XPath per attribute name.

    Without ``links``, ``<a>`` and ``<area>`` are not visited and
    :attr:`PageHead.hrefs` stays empty: a caller that never reads the page's
    link list saves the pass its thousands of links would cost.
    """
    head = _HeadReader(robots_names)
    marking: list[Any] = []
    for xpath in _MARKING:
        marking += cast("list[Any]", xpath(root))  # attribute values: a list
    layout = Layout([], set(), [], marking)
    head_tags = _HEAD_TAGS if links else _HEAD_TAGS - _LINK_TAGS
    for element in root.iter(*head_tags, *content_tags, *chrome_tags, "pre"):
        tag = element.tag
        if tag in _HEAD_TAGS:
            head.read(element, tag, layout)
        elif tag == "pre":
            layout.preformatted.append(element)
        if tag in content_tags:
            layout.content.add(element)
        if tag in chrome_tags:
            layout.chrome.append(element)
    for attribute in layout.marking:
        if attribute.attrname == "role" and _first_token(attribute) in content_tags:
            layout.content.add(attribute.getparent())
    return head.result(), layout


_HEAD_TAGS = frozenset({"a", "area", "base", "meta", "link", "template", "title"})
_LINK_TAGS = frozenset({"a", "area"})


class _HeadReader:
    """What :func:`read_page` gathers from links, ``<base>``, ``<meta>`` and
    ``<link>``; links inside ``<template>`` are never shown, so not listed."""

    def __init__(self, robots_names: frozenset[str]) -> None:
        self.robots_names = robots_names
        self.hrefs: list[str] = []
        self.base_href: str | None = None
        self.directives: set[str] = set()
        self.canonical: str | None = None
        self.og_url: str | None = None
        self.site_name: str | None = None
        self.content_language: str | None = None
        self.in_template: set[etree._Element] = set()

    def read(self, element: etree._Element, tag: str, layout: Layout) -> None:
        if tag == "a" or tag == "area":
            href = element.get("href")
            if href and (not self.in_template or element not in self.in_template):
                href = href.strip()
                if href:
                    self.hrefs.append(href)
        elif tag == "meta":
            self.read_meta(element)
        elif tag == "link":
            if self.canonical is None:
                rel = element.get("rel")
                if rel and "canonical" in rel.lower().split():
                    self.canonical = (element.get("href") or "").strip() or None
        elif tag == "title":
            layout.titles.append(element)
        elif tag == "template":
            self.in_template.update(element.iter("a", "area"))
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

    def result(self) -> PageHead:
        return PageHead(
            self.hrefs,
            self.base_href,
            frozenset(self.directives),
            self.canonical or self.og_url,
            self.site_name or "",
            self.content_language,
        )


def _first_token(value: str) -> str:
    """The token of a ``role`` attribute that a browser applies: the first."""
    tokens = value.split(None, 1)
    return tokens[0].lower() if tokens else ""


def _hides(name: str, value: str) -> bool:
    """Whether one attribute keeps its element from being rendered."""
    if name == "hidden":
        return value.lower() != "until-found"
    if name == "aria-hidden":
        return value.strip().lower() == "true"
    style = "".join(value.lower().split())
    return "display:none" in style or "visibility:hidden" in style


def _outside_content(
    elements: list[etree._Element], content: set[etree._Element]
) -> list[etree._Element]:
    """The ``elements`` with no content element among their ancestors.

    Each ancestor's answer is remembered, so nested candidates cost time in
    proportion to the tree, not to its depth squared.
    """
    inside_known: dict[etree._Element, bool] = {}
    outside: list[etree._Element] = []
    for element in elements:
        climbed: list[etree._Element] = []
        inside = False
        for ancestor in element.iterancestors():
            known = inside_known.get(ancestor)
            if known is not None:
                inside = known
                break
            if ancestor in content:
                inside = True
                break
            climbed.append(ancestor)
        for ancestor in climbed:
            inside_known[ancestor] = inside
        if not inside:
            outside.append(element)
    return outside


def prune(
    root: etree._Element,
    layout: Layout,
    *,
    drop_tags: frozenset[str],
    drop_roles: frozenset[str],
    drop_hidden: bool,
) -> str:
    """Remove, in place, every subtree whose text is never read, keeping the
    text that follows each one; return the raw text of the page title.

    Dropped: ``drop_tags``, elements whose first ``role`` token is in
    ``drop_roles``, the layout's chrome outside any content element and, with
    ``drop_hidden``, elements that are not rendered. ``<title>`` goes too: its
    text is the title (the first one outside what is dropped), never body text.
    """
    marked: list[etree._Element] = []
    for attribute in layout.marking:
        name = attribute.attrname
        if name == "role":
            if _first_token(attribute) in drop_roles:
                marked.append(attribute.getparent())
        elif drop_hidden and _hides(name, attribute):
            marked.append(attribute.getparent())
    content = layout.content
    marked += _outside_content(layout.chrome, content) if content else layout.chrome
    title = _first_title(layout.titles, set(marked), drop_tags)
    for element in marked:
        element.tag = _MARK
    etree.strip_elements(root, _MARK, "title", *drop_tags, with_tail=False)
    return title


def _first_title(
    titles: list[etree._Element],
    marked: set[etree._Element],
    drop_tags: frozenset[str],
) -> str:
    """The text of the first title that no dropped element holds."""
    for title in titles:
        if not any(
            ancestor in marked or ancestor.tag in drop_tags
            for ancestor in title.iterancestors()
        ):
            return "".join(cast("Iterable[str]", title.itertext()))
    return ""


def flatten(
    root: etree._Element,
    *,
    content: set[etree._Element],
    content_tags: frozenset[str],
    drop_tags: frozenset[str],
    preformatted: Iterable[etree._Element] = (),
) -> None:
    """Merge inline elements other than ``content`` into their parents, in
    place, so the walk visits only elements that shape blocks.

    A ``preformatted`` element that holds nothing but text and inline
    elements (syntax highlighting leaves a ``<span>`` per token) gets its
    text in one piece in place of all it holds, before the stripping:
    stripping would leave the text in as many pieces as there were tokens,
    which lxml joins one by one, in time quadratic in their number, each
    time the text is read.
    """
    inline = INLINE_TAGS - content_tags - drop_tags
    for element in content:
        if element.tag in inline:  # a <span role="main"> must outlive stripping
            element.tag = _KEEP_INLINE
    for element in preformatted:
        # A comment's tag is a function, and a content element's is renamed:
        # neither counts as inline, so neither is lost.
        if all(inner.tag in inline for inner in element.iterdescendants()):
            _set_whole_text(element)
    etree.strip_tags(root, *inline)


_STRING = etree.XPath("string()")
_NOT_XML = dict.fromkeys([*range(9), 11, 12, *range(14, 32), 0xFFFE, 0xFFFF])


def _set_whole_text(element: etree._Element) -> None:
    """Make all that an element holds one text node, its text."""
    text = str(_STRING(element))
    del element[:]
    try:
        element.text = text
    except ValueError:  # lxml sets no control characters; they show nothing
        element.text = text.translate(_NOT_XML)
