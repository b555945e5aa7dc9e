"""Step 5, flatten: merge inline markup into the blocks that hold it, so the
walk visits only elements that shape blocks."""

from __future__ import annotations

import json

from lxml import etree

from pagechunk.html.prune import Regions
from pagechunk.options import ParseOptions
from pagechunk.vocabulary import CODE_LANGUAGE_PREFIXES, INLINE_TAGS

__all__ = ["IMAGES_ATTRIBUTE", "LANGUAGE_ATTRIBUTE", "code_language", "flatten"]

IMAGES_ATTRIBUTE = "data-pagechunk-images"
"""Where flatten leaves, on the element that held them, the images with alt
text it merged away: a JSON list of ``[alt, src, leading]``, ``leading``
true when no text stood before the image in that element."""

_IMAGE = "pagechunk-img"

LANGUAGE_ATTRIBUTE = "data-pagechunk-language"
"""Where flatten leaves a ``<pre>``'s language for the walk, read before the
``<code>`` inside it that may name it is merged away."""

_KEEP_INLINE = "pagechunk-content"
_STRING = etree.XPath("string()")
_NOT_XML = dict.fromkeys([*range(9), 11, 12, *range(14, 32), 0xFFFE, 0xFFFF])


def flatten(root: etree._Element, regions: Regions, options: ParseOptions) -> None:
    """Merge the elements of :data:`~pagechunk.vocabulary.INLINE_TAGS` other
    than content and drop tags into their parents, in place.

    A content element with an inline tag (``<span role="main">``) is kept. A
    preformatted element that holds nothing but text and inline elements
    (syntax highlighting leaves a ``<span>`` per token) gets its text in one
    piece in place of all it holds, before the stripping: stripping would
    leave the text in as many pieces as there were tokens, which lxml joins
    one by one, in time quadratic in their number, each time the text is
    read. A ``<pre>`` that names its language (:func:`code_language`) keeps
    it in :data:`LANGUAGE_ATTRIBUTE`, and an element that held images with
    alt text keeps them in :data:`IMAGES_ATTRIBUTE`: the text is merged as
    though they had never been there.
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
    etree.strip_tags(root, *inline)
    if images:
        _note_images(root)


def _note_images(root: etree._Element) -> None:
    """Move each image kept by :func:`flatten` into its holder's
    :data:`IMAGES_ATTRIBUTE`, merging the text around it."""
    held: dict[etree._Element, list[tuple[str, str, bool]]] = {}
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
    for holder, images in held.items():
        holder.set(IMAGES_ATTRIBUTE, json.dumps(images))


def code_language(pre: etree._Element) -> str:
    """The language a ``<pre>`` names in a class of its own, of a ``<code>``
    inside it, or of its two nearest ancestors (as Jekyll and Sphinx write
    it), lower-cased; ``""`` when none does."""
    candidates = [pre, *pre.iterdescendants("code"), *list(pre.iterancestors())[:2]]
    for element in candidates:
        for name in (element.get("class") or "").split():
            for prefix in CODE_LANGUAGE_PREFIXES:
                if name.startswith(prefix) and len(name) > len(prefix):
                    return name[len(prefix) :].lower()
    return ""


def _set_whole_text(element: etree._Element) -> None:
    """Make all that an element holds one text node, its text."""
    text = str(_STRING(element))
    del element[:]
    try:
        element.text = text
    except ValueError:  # lxml sets no control characters; they show nothing
        element.text = text.translate(_NOT_XML)
