"""Step 2: read what the whole page declares, then cut away what is never text.

The heavy lifting stays inside libxml2: tag-filtered iteration and XPath over
attribute nodes find the few elements that matter, and ``strip_elements`` /
``strip_tags`` remove them, so Python does work per candidate element, never
per node. What must survive pruning (every link, ``<base href>``, robots and
canonical metadata) is read first.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

__all__ = [
    "INLINE_TAGS",
    "PageHead",
    "first_title",
    "flatten",
    "prune",
    "read_head",
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
# are the only ones whose attributes Python has to read.
_ROLES = etree.XPath("//@role")
_HIDING = etree.XPath("//@hidden|//@aria-hidden|//@style")


@dataclass(frozen=True, slots=True)
class PageHead:
    """What a page declares about itself, read before anything is dropped.

    Attributes:
        hrefs: Every non-empty ``<a>``/``<area>`` ``href`` outside
            ``<template>``, stripped, in document order.
        base_href: The first non-empty ``<base href>``, or None.
        directives: The lower-cased robots directives for ``robots_names``.
        canonical: ``<link rel=canonical>`` or else ``og:url``, or None.
    """

    hrefs: list[str]
    base_href: str | None
    directives: frozenset[str]
    canonical: str | None


def read_head(root: etree._Element, robots_names: frozenset[str]) -> PageHead:
    """Read links, base URL, robots directives and canonical URL of a page."""
    in_template = _inside_templates(root)
    hrefs: list[str] = []
    base_href: str | None = None
    directives: set[str] = set()
    canonical: str | None = None
    og_url: str | None = None
    for element in root.iter("a", "area", "base", "meta", "link"):
        tag = element.tag
        if tag == "a" or tag == "area":
            href = element.get("href")
            if href and (not in_template or element not in in_template):
                href = href.strip()
                if href:
                    hrefs.append(href)
        elif tag == "meta":
            name = (element.get("name") or "").strip().lower()
            if name in robots_names:
                content = element.get("content") or ""
                directives.update(d.strip().lower() for d in content.split(","))
            elif og_url is None and element.get("property") == "og:url":
                og_url = (element.get("content") or "").strip() or None
        elif tag == "base":
            if base_href is None:
                base_href = (element.get("href") or "").strip() or None
        elif canonical is None and "canonical" in _tokens(element.get("rel")):
            canonical = (element.get("href") or "").strip() or None
    return PageHead(hrefs, base_href, frozenset(directives), canonical or og_url)


def _tokens(value: str | None) -> list[str]:
    return value.lower().split() if value else []


def _inside_templates(root: etree._Element) -> set[etree._Element]:
    """The links inside ``<template>`` elements, which the page never shows."""
    inside: set[etree._Element] = set()
    for template in root.iter("template"):
        inside.update(template.iter("a", "area"))
    return inside


def first_title(root: etree._Element) -> str:
    """The raw text of the first ``<title>`` left in the tree, or ``""``."""
    for title in root.iter("title"):
        return "".join(title.itertext())
    return ""


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


def _content(
    root: etree._Element, content_tags: frozenset[str], roles: list[str]
) -> set[etree._Element]:
    """The content elements: ``content_tags``, or a ``role`` naming one."""
    found = set(root.iter(*content_tags)) if content_tags else set()
    for role in roles:
        if _first_token(role) in content_tags:
            found.add(role.getparent())
    return found


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
    *,
    drop_tags: frozenset[str],
    chrome_tags: frozenset[str],
    content_tags: frozenset[str],
    drop_roles: frozenset[str],
    drop_hidden: bool,
) -> set[etree._Element]:
    """Remove, in place, every subtree whose text is never read, keeping the
    text that follows each one; return the content elements.

    Dropped: ``drop_tags``, elements whose first ``role`` token is in
    ``drop_roles``, ``chrome_tags`` outside any content element and, with
    ``drop_hidden``, elements that are not rendered. Content elements inside
    a dropped subtree may be in the returned set; they are no longer in the
    tree.
    """
    roles = _ROLES(root)
    content = _content(root, content_tags, roles)
    marked = [role.getparent() for role in roles if _first_token(role) in drop_roles]
    if drop_hidden:
        for attribute in _HIDING(root):
            if _hides(attribute.attrname, attribute):
                marked.append(attribute.getparent())
    if chrome_tags:
        chrome = list(root.iter(*chrome_tags))
        marked += _outside_content(chrome, content) if content else chrome
    for element in marked:
        element.tag = _MARK
    etree.strip_elements(root, _MARK, *drop_tags, with_tail=False)
    return content


def flatten(
    root: etree._Element,
    *,
    content: set[etree._Element],
    content_tags: frozenset[str],
    drop_tags: frozenset[str],
) -> None:
    """Remove ``<title>`` (its text is the page title, never body text) and
    merge inline elements other than ``content`` into their parents, in place."""
    etree.strip_elements(root, "title", with_tail=False)
    inline = INLINE_TAGS - content_tags - drop_tags
    for element in content:
        if element.tag in inline:  # a <span role="main"> must outlive stripping
            element.tag = _KEEP_INLINE
    etree.strip_tags(root, *inline)
