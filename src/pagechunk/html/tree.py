"""Step 2, tree: the one lxml parse of the decoded page.

Nothing is fetched: the parser loads no DTD, resolves no external entity and
reads no network or file. Comments and processing instructions (an XML
declaration among them) are not kept. Markup that would make libxml2 work
harder than its size warrants is reshaped first (:mod:`~pagechunk.html.guard`).
"""

from __future__ import annotations

import threading
from contextlib import suppress

from lxml import etree

from pagechunk.html.guard import cap_attributes, cap_nesting

__all__ = ["load_tree"]

_local = threading.local()


def _parser() -> etree.HTMLParser:
    """A parser for this thread: lxml parsers must not be shared across threads."""
    parser = getattr(_local, "parser", None)
    if parser is None:
        # lxml-stubs 0.5 lacks default_doctype, which lxml has had since 4.2.
        parser = etree.HTMLParser(  # type: ignore[call-arg]
            encoding="utf-8",
            remove_comments=True,
            remove_pis=True,
            no_network=True,
            huge_tree=True,
            default_doctype=False,
            collect_ids=False,
        )
        _local.parser = parser
    return parser


def load_tree(data: bytes | None) -> etree._Element:
    """Parse a decoded document (:func:`~pagechunk.html.decode.decode`) into
    an lxml tree.

    A document with no element (None for binary data, blank, or what libxml2
    cannot read as a document at all) is an empty ``<html>`` element, so the
    steps after it need no case of their own: it reads as a page with no
    title, text or links.
    """
    if data is None or not data.strip():
        return etree.Element("html")
    data = cap_attributes(data)
    parser = _parser()
    try:
        root = etree.fromstring(data, parser)
    except etree.ParserError:
        return etree.Element("html")
    if parser.error_log.filter_from_fatals():
        # libxml2 gives up past a nesting depth of a few thousand and drops
        # the rest of the page; parse it again with the nesting capped.
        with suppress(etree.ParserError):
            root = etree.fromstring(cap_nesting(data), parser)
    # A document of comments alone parses to no element at all.
    return etree.Element("html") if root is None else root
