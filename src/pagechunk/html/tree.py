"""Step 2, tree: the lxml parse of the decoded page.

Nothing is fetched: the parser loads no DTD, resolves no external entity and
reads no network or file. Comments and processing instructions (an XML
declaration among them) are not kept (the comments of a page with streamed
segments to place are kept until they are placed:
:mod:`~pagechunk.html.streamed`). Markup that would make libxml2 work
harder than its size warrants is reshaped first (:mod:`~pagechunk.html.guard`).
Where libxml2 nests the page otherwise than a browser, the tree is repaired
right after the parse (:mod:`~pagechunk.html.nesting`), by a second parse of
the few pages that need one.
"""

from __future__ import annotations

import re
import threading
from typing import Any

from lxml import etree

from pagechunk.html.guard import cap_attributes, cap_nesting
from pagechunk.html.nesting import repair_tree
from pagechunk.html.streamed import has_segments, place_streamed

__all__ = ["PARSER_OPTIONS", "load_tree"]

_local = threading.local()

PARSER_OPTIONS: dict[str, Any] = {
    "encoding": "utf-8",
    "remove_comments": True,
    "remove_pis": True,
    "no_network": True,
    "huge_tree": True,
    "default_doctype": False,
    "collect_ids": False,
}
"""The options of every parse of a page: the repair's second parse
(:mod:`~pagechunk.html.nesting`) must read the page as the first did."""

_STREAMED_OPTIONS: dict[str, Any] = {**PARSER_OPTIONS, "remove_comments": False}
"""The options of the parse of a page with streamed segments to place
(:mod:`~pagechunk.html.streamed`): its comments say where a boundary's
fallback ends, and go once the segments are placed."""


_DOCTYPE_AT = 1024
"""How far into the page a DOCTYPE is looked for."""
_DOCTYPE = re.compile(rb"<!doctype[^>\[]*\[", re.IGNORECASE)
_SUBSET_END = re.compile(rb"\][ \t\r\n\f]*>")


def _drop_internal_subset(data: bytes) -> bytes:
    """``data`` without the internal subset of its DOCTYPE, if it has one
    (``<!DOCTYPE html [<!ENTITY e "x">]>``): libxml2 ends the DOCTYPE at the
    subset's first ``>`` and reads the rest, ``]>`` at least, as text."""
    found = _DOCTYPE.search(data, 0, _DOCTYPE_AT)
    if found is None:
        return data
    end = _SUBSET_END.search(data, found.end())
    if end is None:
        return data
    return data[: found.end() - 1] + b">" + data[end.end() :]


def _parser(*, comments: bool = False) -> etree.HTMLParser:
    """A parser for this thread, keeping comments or not: lxml parsers must
    not be shared across threads."""
    name = "comment_parser" if comments else "parser"
    parser = getattr(_local, name, None)
    if parser is None:
        parser = etree.HTMLParser(**(_STREAMED_OPTIONS if comments else PARSER_OPTIONS))
        setattr(_local, name, parser)
    return parser


def load_tree(data: bytes | None, *, streamed: bool = False) -> etree._Element:
    """Parse a decoded document (:func:`~pagechunk.html.decode.decode`) into
    an lxml tree.

    A document with no element (None for binary data, blank, or what libxml2
    cannot read as a document at all) is an empty ``<html>`` element, so the
    steps after it need no case of their own: it reads as a page with no
    title, text or links. Where libxml2 nested the page otherwise than a
    browser would, the tree is repaired (:mod:`~pagechunk.html.nesting`).
    With ``streamed`` (``extract``'s focus), the segments a streaming server
    renderer sends after the page are moved into their holes
    (:mod:`~pagechunk.html.streamed`).
    """
    if data is None or not data.strip():
        return etree.Element("html")
    data = cap_attributes(_drop_internal_subset(data))
    streamed = streamed and has_segments(data)
    options = _STREAMED_OPTIONS if streamed else PARSER_OPTIONS
    parser = _parser(comments=streamed)
    try:
        root = etree.fromstring(data, parser)
    except etree.ParserError:
        return etree.Element("html")
    log = parser.error_log  # a copy each time it is read
    if log.filter_from_fatals():
        # libxml2 gives up past a nesting depth of a few thousand and drops
        # the rest of the page; parse it again with the nesting capped.
        capped = cap_nesting(data)
        try:
            root = etree.fromstring(capped, parser)
        except etree.ParserError:
            pass
        else:
            # The repair reparses the bytes this tree came from.
            data, log = capped, parser.error_log
    # A document of comments alone parses to no element at all.
    if root is None:
        return etree.Element("html")
    root = repair_tree(root, log, data, options)
    if streamed:
        place_streamed(root, data)
        _drop_comments(root)
    return root


def _drop_comments(root: etree._Element) -> None:
    """Remove the comments in and around ``root``, as the parse without them
    would have: the text after each is kept."""
    etree.strip_elements(root.getroottree(), etree.Comment, with_tail=False)
