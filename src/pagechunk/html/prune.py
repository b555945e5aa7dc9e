"""Step 4, prune: cut away, in place, every subtree whose text is never read.

The heavy lifting stays inside libxml2: tag-filtered iteration and XPath over
attribute nodes find the few elements that matter (:func:`find_regions`), and
``strip_elements`` removes them (:func:`prune`), so Python does work per
candidate element, never per node. What must survive pruning (links, base
URL, robots and canonical metadata) was read by the head step before.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, cast

from lxml import etree

from pagechunk.options import ParseOptions

__all__ = [
    "Regions",
    "applied_role",
    "find_regions",
    "hides",
    "hiding_attributes",
    "prune",
    "role_attributes",
]

_MARK = "pagechunk-drop"

# Elements a browser with scripting and frames never renders: it reads their
# contents as raw text.
_UNRENDERED = ("noembed", "noframes")

# Inline style properties, and the values of each that hide an element (or,
# for content-visibility, all it holds).
_HIDING = (
    ("display", frozenset({"none"})),
    ("visibility", frozenset({"hidden", "collapse"})),
    ("content-visibility", frozenset({"hidden"})),
)
_HIDING_WORD = re.compile(
    "|".join(sorted(frozenset().union(*(values for _, values in _HIDING))))
)
# A CSS comment (an unclosed one runs to the end), and an escape: up to six
# hex digits and one white space after them, or any other character but a
# line break, which stands for itself.
_CSS_COMMENT = re.compile(r"/\*.*?(?:\*/|\Z)", re.DOTALL)
_CSS_ESCAPE = re.compile(r"\\(?:([0-9a-fA-F]{1,6})[ \t\n\r\f]?|([^\n\r\f]))")

# Attribute nodes, found by name in one cheap pass each; their owner elements
# are the only ones whose attributes Python has to read. One XPath per name:
# libxml2 merges the node sets of a union ("|") in quadratic time. Stepping
# through the document's elements ("/descendant::*", the elements "//*"
# finds) takes half the time of "//@", which steps through every text node
# as well, and this spelling is 5-15% quicker than "//*/@" in libxml2 2.14.
_ELEMENTS_ATTRIBUTE = "/descendant::*/@{}"
_ROLES = etree.XPath(_ELEMENTS_ATTRIBUTE.format("role"))
_HIDING_NAMES = ("hidden", "aria-hidden", "style")
"""The attributes that may keep an element from being rendered (:func:`hides`)."""
_HIDING_ATTRIBUTES = tuple(
    etree.XPath(_ELEMENTS_ATTRIBUTE.format(name)) for name in _HIDING_NAMES
)


@dataclass(slots=True)
class Regions:
    """Where the elements that the tree steps decide on stand, read in one
    pass before anything is removed.

    Attributes:
        titles: The ``<title>`` elements, in document order.
        content: The content elements: ``content_tags``, or an element whose
            ``role`` names one.
        chrome: The ``chrome_tags`` elements, in document order.
        marking: The ``role`` attributes, then the ``hidden``,
            ``aria-hidden`` and ``style`` attributes, each knowing its
            element.
        preformatted: The ``<pre>`` elements, whose text
            :func:`~pagechunk.html.flatten.flatten` joins up again.
        split: For each element that :func:`prune` removed children with
            a tail from, how many: their tails stay behind as separate
            pieces of text, which :func:`~pagechunk.html.flatten.flatten`
            joins up again where there are many.
    """

    titles: list[etree._Element]
    content: set[etree._Element]
    chrome: list[etree._Element]
    marking: list[Any]
    preformatted: list[etree._Element]
    split: Counter[etree._Element] = field(default_factory=Counter)


def find_regions(
    root: etree._Element, options: ParseOptions, roles: list[Any] | None = None
) -> Regions:
    """Find the titles, content, chrome and preformatted elements, in one
    tag-filtered pass over the tree, and the attributes that may drop an
    element, with one XPath per attribute name.

    ``roles`` are the tree's ``role`` attributes (:func:`role_attributes`)
    when a step before read them; those of elements it has taken out of the
    tree since are passed over. When None, they are read here."""
    content_tags, chrome_tags = options.content_tags, options.chrome_tags
    marking = role_attributes(root) if roles is None else _in_tree(root, roles)
    for xpath in _HIDING_ATTRIBUTES:
        marking += cast("list[Any]", xpath(root))  # attribute values: a list
    regions = Regions([], set(), [], marking, [])
    for element in root.iter("title", "pre", *content_tags, *chrome_tags):
        tag = element.tag
        if tag == "title":
            regions.titles.append(element)
        elif tag == "pre":
            regions.preformatted.append(element)
        if tag in content_tags:
            regions.content.add(element)
        if tag in chrome_tags:
            regions.chrome.append(element)
    for attribute in marking:
        if attribute.attrname == "role" and applied_role(attribute) in content_tags:
            regions.content.add(attribute.getparent())
    return regions


def role_attributes(root: etree._Element) -> list[Any]:
    """The ``role`` attributes of the document ``root`` stands in (a tree
    :func:`~pagechunk.html.tree.load_tree` made has no other root element),
    in document order: each a string that knows its element
    (``getparent()``)."""
    # An attribute's value is lxml's "smart string"; the stub types every
    # result of an XPath.
    return cast("list[Any]", _ROLES(root))


def _in_tree(root: etree._Element, attributes: list[Any]) -> list[Any]:
    """The ``attributes`` whose elements still stand in the tree under
    ``root``."""
    standing = _standing(root, [attribute.getparent() for attribute in attributes])
    return [a for a, stands in zip(attributes, standing, strict=True) if stands]


def _standing(root: etree._Element, elements: list[etree._Element]) -> list[bool]:
    """Whether each of ``elements`` still stands in the tree under ``root``,
    or went with a subtree taken out. Each ancestor's answer is remembered,
    so the climbs cost time in proportion to the tree, not to its depth
    times the elements."""
    known: dict[etree._Element, bool] = {root: True}
    answers = []
    for element in elements:
        climbed: list[etree._Element] = []
        node = element
        standing = known.get(node)
        while standing is None:
            climbed.append(node)
            parent = node.getparent()
            if parent is None:  # the top of a subtree taken out
                standing = False
                break
            node = parent
            standing = known.get(node)
        for each in climbed:
            known[each] = standing
        answers.append(standing)
    return answers


def prune(root: etree._Element, regions: Regions, options: ParseOptions) -> str:
    """Remove, in place, every subtree whose text is never read, keeping the
    text that follows each one; return the raw text of the page title.

    Dropped: ``drop_tags``, elements whose first ``role`` token is in
    ``drop_roles``, the chrome outside any content element and, with
    ``drop_hidden``, elements that are not rendered (``<noembed>`` and
    ``<noframes>`` among them). ``<title>`` goes too: its text is the title
    (the first one outside what is dropped), never body text.
    """
    marked: list[etree._Element] = []
    for attribute in regions.marking:
        name = attribute.attrname
        if name == "role":
            if applied_role(attribute) in options.drop_roles:
                marked.append(attribute.getparent())
        elif options.drop_hidden and hides(name, attribute):
            marked.append(attribute.getparent())
    content = regions.content
    chrome = regions.chrome
    marked += _outside_content(chrome, content) if content else chrome
    drop_tags = options.drop_tags
    title = _first_title(regions.titles, set(marked), drop_tags)
    for element in marked:
        element.tag = _MARK
    dropped = (
        _MARK,
        "title",
        *drop_tags,
        *(_UNRENDERED if options.drop_hidden else ()),
    )
    # Counted in C (Counter.update), not one increment at a time.
    regions.split.update(
        parent
        for element in root.iter(*dropped)
        if element.tail and (parent := element.getparent()) is not None
    )
    etree.strip_elements(root, *dropped, with_tail=False)
    if content:
        # A content element inside a dropped subtree (a <main> in a
        # <noscript>) went with it: the walk never meets it, so no step
        # after this one may choose it.
        elements = list(content)
        standing = _standing(root, elements)
        content.difference_update(
            e for e, stands in zip(elements, standing, strict=True) if not stands
        )
    return title


def applied_role(value: str) -> str:
    """The token of a ``role`` attribute that a browser applies: the first,
    in lower case."""
    tokens = value.split(None, 1)
    return tokens[0].lower() if tokens else ""


def hides(name: str, value: str) -> bool:
    """Whether one attribute, ``name`` with ``value``, keeps its element from
    being rendered: as ``drop_hidden`` reads ``hidden``, ``aria-hidden`` and
    ``style``."""
    if name == "hidden":
        return value.lower() != "until-found"
    if name == "aria-hidden":
        return value.strip().lower() == "true"
    return _style_hides(value)


def hiding_attributes(element: etree._Element) -> list[str]:
    """The names of ``element``'s attributes that keep it from being
    rendered, as :func:`hides` reads each."""
    names = []
    for name in _HIDING_NAMES:
        value = element.get(name)
        if value is not None and hides(name, value):
            names.append(name)
    return names


def _style_hides(style: str) -> bool:
    """Whether an inline ``style`` hides its element: its ``display`` is
    ``none``, its ``visibility`` ``hidden`` or ``collapse``, or its
    ``content-visibility`` ``hidden``.

    The style is read as CSS reads it, without a CSS parser: comments go,
    escapes are decoded (an escaped ``:``, ``;``, ``!`` or white space is
    no syntax), case and white space do not count, and of a property's
    declarations the last wins, an ``!important`` one over all others.
    """
    if "\\" not in style:
        # No escape can spell a hiding property or value either.
        lowered = style.lower()
        if "display" not in lowered and "visibility" not in lowered:
            return False
        if _HIDING_WORD.search(lowered) is None:
            return False
    # A plain copy: an attribute's value holds its element, which the
    # cache would keep alive.
    return _declares_hiding(str(style))


@lru_cache(maxsize=1024)
def _declares_hiding(style: str) -> bool:
    """:func:`_style_hides` without its quick answers: every style read
    declaration by declaration. Cached: the styles that get this far name
    a hiding value (``display: none``), and the same few come back many
    times on a page and on every page of a site."""
    if "/*" in style:
        style = _CSS_COMMENT.sub(" ", style)
    if "\\" in style:
        style = _CSS_ESCAPE.sub(_unescape, style)
    values: dict[str, tuple[bool, str]] = {}
    for declaration in style.split(";"):
        name, colon, value = declaration.partition(":")
        if not colon:
            continue
        value, bang, flag = value.partition("!")
        important = "".join(flag.split()).lower() == "important"
        if bang and not important:
            continue  # an invalid declaration
        name = name.strip().lower()
        known = values.get(name)
        if known is None or important or not known[0]:
            values[name] = (important, "".join(value.split()).lower())
    return any(values.get(name, (False, ""))[1] in hiding for name, hiding in _HIDING)


def _unescape(match: re.Match[str]) -> str:
    """The character a CSS escape stands for; U+FFFD for zero, a surrogate
    and what lies past Unicode. An escaped character of CSS syntax (``:``,
    ``;``, ``!``, white space) belongs to a name or value and never matches
    one here, so it stands as U+FFFD too."""
    digits, char = match.groups()
    if digits is not None:
        code = int(digits, 16)
        if code == 0 or code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
            return "\ufffd"
        char = chr(code)
    return "\ufffd" if char in ":;!" or char.isspace() else char


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
