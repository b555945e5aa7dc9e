"""Step 5, flatten: merge inline markup into the blocks that hold it, so the
walk visits only elements that shape blocks."""

from __future__ import annotations

import operator
from collections import Counter

from lxml import etree

from pagechunk.html.nesting import set_text
from pagechunk.html.prune import Regions
from pagechunk.options import ParseOptions
from pagechunk.vocabulary import CODE_LANGUAGE_PREFIXES, INLINE_TAGS

__all__ = ["LANGUAGE_ATTRIBUTE", "Images", "code_language", "flatten"]

Images = dict[etree._Element, list[tuple[str, str, bool]]]
"""The images with alt text flatten merged away, by the element that held
them: ``(alt, src, leading)`` each, ``leading`` true when no text stood
before the image in that element."""

_IMAGE = "pagechunk-img"

LANGUAGE_ATTRIBUTE = "data-pagechunk-language"
"""Where flatten leaves a ``<pre>``'s language for the walk, read before the
``<code>`` inside it that may name it is merged away."""

_KEEP_INLINE = "pagechunk-content"
_STRING = etree.XPath("string()")
_PARENT = operator.methodcaller("getparent")
_PIECES = 32
"""Removed children an element loses before its pieces of text are joined:
fewer pieces cost little to read however they lie."""


def flatten(root: etree._Element, regions: Regions, options: ParseOptions) -> Images:
    """Merge the elements of :data:`~pagechunk.vocabulary.INLINE_TAGS` other
    than content and drop tags into their parents, in place.

    A content element with an inline tag (``<span role="main">``) is kept. A
    preformatted element that holds nothing but text and inline elements
    (syntax highlighting leaves a ``<span>`` per token) gets its text in one
    piece in place of all it holds, before the stripping: stripping would
    leave the text in as many pieces as there were tokens, which lxml joins
    one by one, in time quadratic in their number, each time the text is
    read. For the same reason, the pieces of text of any other element that
    lost many children, to stripping or to pruning, are joined after it
    (``<p><b>1</b><b>2</b>...``). A ``<pre>`` that names its language
    (:func:`code_language`) keeps it in :data:`LANGUAGE_ATTRIBUTE`. Images
    with alt text are merged away as though they had never been there, and
    returned by the element that held them (:data:`Images`), for the walk.
    """
    inline = INLINE_TAGS - options.content_tags - options.drop_tags
    for element in regions.content:
        if element.tag in inline:  # a <span role="main"> must outlive stripping
            element.tag = _KEEP_INLINE
    for element in regions.preformatted:
        language = code_language(element)
        if language:
            element.set(LANGUAGE_ATTRIBUTE, language)
        # A comment's tag is a function, and a content element's is renamed:
        # neither counts as inline, so neither is lost.
        if all(inner.tag in inline for inner in element.iterdescendants()):
            _set_whole_text(element)
    images = False
    if "img" in inline:
        for image in root.iter("img"):
            if (image.get("alt") or "").strip():
                image.tag = _IMAGE
                images = True
    split = _losses(root, inline, regions.split)
    etree.strip_tags(root, *inline)
    held = _take_images(root) if images else {}
    for element in split:
        _join_pieces(element)
    return held


def _losses(
    root: etree._Element, inline: frozenset[str], pruned: Counter[etree._Element]
) -> list[etree._Element]:
    """The elements that stripping ``inline`` and the pruning before it
    leave with at least :data:`_PIECES` removed children.

    An inline element counts for the element its contents end up in: its
    nearest ancestor that is not inline.
    """
    losses = Counter(map(_PARENT, root.iter(*inline)))
    losses.update(pruned)
    # Most parents are not inline and own their losses: only the others (and
    # a detached element's None) are moved to their owners.
    moved = [parent for parent in losses if parent is None or parent.tag in inline]
    owners: dict[etree._Element, etree._Element] = {}
    for parent in moved:
        count = losses.pop(parent)
        if parent is not None:
            losses[_owner(parent, inline, owners)] += count
    return [element for element, count in losses.items() if count >= _PIECES]


def _owner(
    element: etree._Element,
    inline: frozenset[str],
    owners: dict[etree._Element, etree._Element],
) -> etree._Element:
    """The nearest of ``element`` and its ancestors that is not inline;
    ``owners`` remembers the answer for each inline element climbed."""
    climbed: list[etree._Element] = []
    owner: etree._Element | None = element
    while owner is not None and owner.tag in inline:
        known = owners.get(owner)
        if known is not None:
            owner = known
            break
        climbed.append(owner)
        owner = owner.getparent()
    if owner is None:  # a detached inline element: its text is not read
        owner = element
    for each in climbed:
        owners[each] = owner
    return owner


def _join_pieces(element: etree._Element) -> None:
    """Make each run of adjacent text nodes among an element's children one
    node: its text, and each child's tail.

    lxml reads such a run in time quadratic in its pieces, and lists them
    no faster, but XPath's ``string()`` joins a subtree's text in one go:
    the element without its children holds its text alone, and a child
    moved into an element of its own holds its subtree's text and its tail.
    """
    children = list(element)
    for child in children:
        element.remove(child)  # lxml moves the tail with the element
    set_text(element, "text", _string(element) or None)
    box = etree.Element("box")
    for child in children:
        box.append(child)
        tail = _string(box)[len(_string(child)) :]
        set_text(child, "tail", tail or None)
        element.append(child)


def _string(element: etree._Element) -> str:
    return str(_STRING(element))


def _take_images(root: etree._Element) -> Images:
    """Merge away each image kept by :func:`flatten`, with the text around
    it, and return them by their holders."""
    held: Images = {}
    for image in root.iter(_IMAGE):
        holder = image.getparent()
        if holder is None:
            continue
        before = image.getprevious()
        if before is None:
            leading = not (holder.text or "").strip()
        else:
            leading = (
                before.tag == _IMAGE
                and held[holder][-1][2]
                and not (before.tail or "").strip()
            )
        alt = image.get("alt") or ""
        held.setdefault(holder, []).append((alt, image.get("src") or "", leading))
    etree.strip_tags(root, _IMAGE)
    return held


def code_language(pre: etree._Element) -> str:
    """The language a ``<pre>`` names in a class of its own, of a ``<code>``
    inside it, or of its two nearest ancestors (as Jekyll and Sphinx write
    it), lower-cased; ``""`` when none does. A name holding a character
    that does not print (a control character libxml2 kept) names none."""
    candidates = [pre, *pre.iterdescendants("code"), *list(pre.iterancestors())[:2]]
    for element in candidates:
        for name in (element.get("class") or "").split():
            for prefix in CODE_LANGUAGE_PREFIXES:
                if (
                    name.startswith(prefix)
                    and len(name) > len(prefix)
                    and name.isprintable()
                ):
                    return name[len(prefix) :].lower()
    return ""


def _set_whole_text(element: etree._Element) -> None:
    """Make all that an element holds one text node, its text."""
    text = str(_STRING(element))
    del element[:]
    set_text(element, "text", text, spaced=False)
