"""The safety net: a page that shows almost no text is read again with the
content it keeps out of sight.

Some pages serve their content where only a browser without scripts shows
it (every post of a Discourse thread sits in ``<noscript>``), or keep it in
a ``hidden`` container until a script reveals it. Pruned, such a page holds
next to nothing. When what the walk would read is under
:data:`NET_VISIBLE_CHARS`, the pipeline parses the page again, first with
``<noscript>`` unwrapped when one holds :data:`NET_HIDDEN_CHARS`, else with
hidden elements kept, and takes that reading when it shows at least
:data:`NET_HIDDEN_CHARS`. A ``<frameset>`` page, whose frames are other
documents, is read from its ``<noframes>`` (:func:`unwrap_noframes`). A
page whose scripts write its article in the browser, and which describes
that article for search engines, is read from the ``articleBody`` of its
JSON-LD (:func:`add_jsonld_article`).
:func:`~pagechunk.parse_html` never does this: the text API drops them.
"""

from __future__ import annotations

import re
from copy import deepcopy
from typing import cast

from lxml import etree

from pagechunk.html.jsonld import JsonObject, every_object
from pagechunk.html.nesting import set_text
from pagechunk.html.tree import load_tree
from pagechunk.vocabulary import UNSHOWN_TAGS

__all__ = [
    "NET_HIDDEN_CHARS",
    "add_jsonld_article",
    "NET_VISIBLE_CHARS",
    "text_length",
    "unwrap_noframes",
    "unwrap_noscript",
    "visible_chars",
]

NET_VISIBLE_CHARS = 200
"""Characters of visible text under which a page is read again."""

NET_HIDDEN_CHARS = 500
"""Characters a ``<noscript>``, the hidden elements or a JSON-LD
``articleBody`` must hold to be read."""

_TEXT_LENGTH = etree.XPath("string-length(normalize-space(.))")


def text_length(element: etree._Element) -> int:
    """Characters of the element's text, whitespace collapsed."""
    return int(cast(float, _TEXT_LENGTH(element)))


def visible_chars(root: etree._Element, content: set[etree._Element]) -> int:
    """Characters of text the walk of a pruned tree would read: those of its
    outermost content elements when it has any, else the whole tree's
    (whitespace collapsed). ``content`` holds only elements that stand in
    the tree (:func:`~pagechunk.html.prune.prune` lets go of those it
    removed)."""
    if not content:
        return text_length(root)
    tops = [
        element
        for element in content
        if not any(a in content for a in element.iterancestors())
    ]
    return sum(map(text_length, tops))


def unwrap_noscript(root: etree._Element) -> bool:
    """Unwrap every ``<noscript>`` of an unpruned tree, in place, when one
    holds :data:`NET_HIDDEN_CHARS` of text outside scripts and styles;
    whether it did. A tree it does not unwrap is left as it was, so the
    caller can read it another way without parsing the page again."""
    noscripts = list(root.iter("noscript"))
    if not any(_held(element) >= NET_HIDDEN_CHARS for element in noscripts):
        return False
    for element in noscripts:
        etree.strip_elements(element, *UNSHOWN_TAGS, with_tail=False)
    etree.strip_tags(root, "noscript")
    return True


def unwrap_noframes(root: etree._Element) -> bool:
    """Read, in place, the ``<noframes>`` of a page whose body is a
    ``<frameset>`` as the markup it holds; whether the page had one with
    text. Such a page shows nothing of its own (its frames are other
    documents): what it says stands in ``<noframes>``, which the parser
    keeps as raw text (``&lt;P&gt;The club meets...``). Each one is
    replaced by a ``<div>`` of its markup's body; a page without a
    ``<frameset>`` is left as it was, whatever its ``<noframes>`` hold."""
    if next(root.iter("frameset"), None) is None:
        return False
    found = False
    for element in list(root.iter("noframes")):
        markup = (element.text or "").strip()  # raw text: one string
        parent = element.getparent()
        if not markup or parent is None:
            continue
        box = _markup(markup)
        set_text(box, "tail", element.tail)
        parent.replace(element, box)
        found = found or text_length(box) > 0
    return found


def _held(noscript: etree._Element) -> int:
    """Characters of text a ``<noscript>`` shows once unwrapped, measured on
    a copy (a ``<noscript>`` is small; the page is not)."""
    shown = deepcopy(noscript)
    etree.strip_elements(shown, *UNSHOWN_TAGS, with_tail=False)
    return text_length(shown)


_PARAGRAPH_BREAK = re.compile(r"\n[ \t\r\f\v]*\n")
_MARKUP = re.compile(r"<(?:p|br|div|h[1-6]|ul|ol|li|blockquote)\b|</\w", re.IGNORECASE)
"""What says a JSON-LD text is written in HTML: a block or break tag, or an
end tag."""


def add_jsonld_article(root: etree._Element, objects: list[JsonObject]) -> bool:
    """Append to the body of an unpruned tree, as an ``<article>``, the
    first ``articleBody`` of the page's JSON-LD ``objects`` that shows
    :data:`NET_HIDDEN_CHARS` characters of text, under an ``<h1>`` of its
    object's ``headline`` (else ``name``); whether it did. A body written in
    HTML is read as the markup it holds (with the page's own parse, its
    scripts and styles left out), plain text as paragraphs apart at blank
    lines (at line breaks, if it has no blank line)."""
    for item in every_object(objects):
        body = item.get("articleBody")
        if not isinstance(body, str) or len(body) < NET_HIDDEN_CHARS:
            continue
        if _MARKUP.search(body):
            box = _markup(body)
            etree.strip_elements(box, *UNSHOWN_TAGS, with_tail=False)
        else:
            box = _paragraphs(body)
        if text_length(box) < NET_HIDDEN_CHARS:
            continue
        article = etree.Element("article")
        headline = item.get("headline") or item.get("name")
        if isinstance(headline, str) and headline.strip():
            set_text(etree.SubElement(article, "h1"), "text", headline.strip())
        article.append(box)
        host = root.find("body")
        (root if host is None else host).append(article)
        return True
    return False


def _markup(markup: str) -> etree._Element:
    """A ``<div>`` of the body of ``markup``, a page's text that holds
    markup (a ``<noframes>``, a JSON-LD text written in HTML), parsed with
    the page's own parse and its guards (no network, capped attributes and
    nesting, misnesting repaired); markup of nothing but a comment gives an
    empty ``<div>``."""
    box = etree.Element("div")
    body = load_tree(markup.encode("utf-8")).find("body")
    if body is not None:
        # libxml2 keeps control characters that lxml refuses to set again.
        set_text(box, "text", body.text)
        box.extend(list(body))
    return box


def _paragraphs(body: str) -> etree._Element:
    """A ``<div>`` of the paragraphs of a plain JSON-LD text."""
    box = etree.Element("div")
    breaks = _PARAGRAPH_BREAK.split(body)
    for part in breaks if len(breaks) > 1 else body.split("\n"):
        if part.strip():
            set_text(etree.SubElement(box, "p"), "text", part.strip())
    return box
