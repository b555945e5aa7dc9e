"""Streamed server rendering: content a script moves into place.

React's streaming server renderer (the one behind Next.js's app router)
sends a page in pieces. Where a part was not ready, the first piece holds a
hole: an empty ``<template id="B:0">`` opening a Suspense boundary, with the
boundary's fallback ("Loading...", a grey skeleton) after it up to a
``<!--/$-->`` comment, or an empty ``<template id="P:1">`` standing for a
segment. The part itself comes later in the document, in ``<div hidden
id="S:0">``, followed by a small script, ``$RC("B:0","S:0")`` for a boundary
and ``$RS("S:1","P:1")`` for a segment, that moves what the segment holds
into its hole, the boundary's fallback dropped. Every browser that runs
scripts shows the part where the hole was. Pruned as it stands, the page
keeps the fallback and drops the part as hidden.

:func:`place_streamed` does what those scripts do, on the freshly parsed
tree: the scripts' calls say which segment fills which hole (a segment no
call names fills the hole of its own number, ``S:0`` that of ``B:0`` or
``P:0``, as React numbers them when the scripts are gone); a segment whose
hole is not on the page stays hidden. The boundary's comments say where its
fallback ends (on a page stripped of its comments, the shape of the element
right after the hole does). The tree step drops comments; for a page holding
a segment (:func:`has_segments`, one search of the bytes),
:func:`~pagechunk.html.tree.load_tree` keeps them until the segments are
placed. ``extract`` places them; :func:`~pagechunk.parse_html`
does not, as the text API drops hidden elements.
"""

from __future__ import annotations

import re
from typing import cast

from lxml import etree

from pagechunk.html.nesting import add_text, remove_keeping_tail

__all__ = ["FALLBACK_MAX_CHARS", "has_segments", "place_streamed"]

_SEGMENT_MARK = b'<div hidden id="S:'
"""How React's renderer opens every segment, byte for byte
(:func:`has_segments`): the longer the mark, the faster a page without it
is searched (about 50 microseconds for a megabyte)."""

_SEGMENTS = etree.XPath("//div[@hidden][starts-with(@id, 'S:')]")
_HOLES = etree.XPath("//template[starts-with(@id, 'B:') or starts-with(@id, 'P:')]")
_CALL = re.compile(rb"""\$R([CS])\(\s*["']([^"']+)["']\s*,\s*["']([^"']+)["']""")
"""A call of React's scripts: ``$RC("B:0","S:0")`` places a boundary's
segment, ``$RS("S:1","P:1")`` a segment (its arguments the other way round).
Read from the page's bytes: a regular expression over them takes about a
third of the time lxml takes to hand over the text of the page's scripts,
megabytes of a Next.js page's data among them."""

_OPENS = frozenset({"$", "$?", "$!"})
"""The comments that open a Suspense boundary (complete, pending, failed)."""
_CLOSES = "/$"
"""The comment that closes a Suspense boundary, its fallback's end."""

FALLBACK_MAX_CHARS = 40
"""Characters of text at most in the element right after a boundary's hole
taken for its fallback when no comment says where the fallback ends (a page
whose comments were stripped): React writes the fallback right after the
hole, most often one element, a skeleton with no text or a "Loading...";
longer text is more likely the page's own, after a boundary with no
fallback."""


def has_segments(data: bytes) -> bool:
    """Whether the page's bytes may hold a streamed segment; False is sure."""
    return _SEGMENT_MARK in data


def place_streamed(root: etree._Element, data: bytes) -> int:
    """Move, in place, what each streamed segment (``<div hidden
    id="S:k">``) of ``root``, parsed from ``data``, holds into its hole, as
    React's scripts do, and return how many segments were placed. A
    boundary's hole (``<template id="B:k">``) goes with the fallback after
    it up to the comment closing the boundary
    (without such a comment, with the element right after it if that reads
    as a fallback: :data:`FALLBACK_MAX_CHARS`); a segment's hole
    (``<template id="P:k">``) goes. A segment with no hole on the page (or
    only in a fallback already removed), or whose hole it holds itself,
    stays hidden where it is.
    """
    segments = {
        segment.get("id", ""): segment
        for segment in cast("list[etree._Element]", _SEGMENTS(root))
    }
    if not segments:
        return 0
    holes = {
        hole.get("id"): hole for hole in cast("list[etree._Element]", _HOLES(root))
    }
    placed = 0
    for segment_id, hole_id in _pairs(data, list(segments)):
        segment = segments.get(segment_id)
        hole = holes.pop(hole_id, None)
        if segment is None or hole is None or segment.getparent() is None:
            continue
        if not _in_place(hole, segment, root):
            continue
        del segments[segment_id]
        end = _fallback_end(hole) if hole_id.startswith("B:") else hole
        _fill(hole, end, segment)
        placed += 1
    return placed


def _in_place(
    hole: etree._Element, segment: etree._Element, root: etree._Element
) -> bool:
    """Whether ``hole`` is still in ``root``'s tree (not in a fallback
    removed before) and outside ``segment``."""
    top = hole
    for ancestor in hole.iterancestors():
        if ancestor is segment:
            return False
        top = ancestor
    return top is root


def _pairs(data: bytes, segment_ids: list[str]) -> list[tuple[str, str]]:
    """(segment, hole) ids in the order the page's scripts place them, then
    the segments no script names, each with the hole of its own number."""
    pairs = []
    for kind, first, second in _CALL.findall(data):
        one, two = first.decode("utf-8", "replace"), second.decode("utf-8", "replace")
        pairs.append((two, one) if kind == b"C" else (one, two))
    named = {segment for segment, _ in pairs}
    for segment_id in segment_ids:
        if segment_id not in named:
            number = segment_id[2:]
            pairs.append((segment_id, f"B:{number}"))
            pairs.append((segment_id, f"P:{number}"))
    return pairs


def _fallback_end(hole: etree._Element) -> etree._Element:
    """The comment closing the boundary ``hole`` opens (the boundaries
    nested in its fallback skipped). When none follows it among its
    siblings: the element right after ``hole`` if it reads as a fallback
    (text of at most :data:`FALLBACK_MAX_CHARS` characters, no hole of its
    own), else ``hole`` itself."""
    depth = 0
    for sibling in hole.itersiblings():
        if not isinstance(sibling, etree._Comment):
            continue
        text = (sibling.text or "").strip()
        if text == _CLOSES:
            if depth == 0:
                return sibling
            depth -= 1
        elif text in _OPENS:
            depth += 1
    after = hole.getnext()
    if (
        after is not None
        and isinstance(after.tag, str)
        and after.tag != "template"
        and not (hole.tail and hole.tail.strip())
        and sum(map(len, after.itertext())) <= FALLBACK_MAX_CHARS
        and next(after.iter("template"), None) is None
    ):
        return after
    return hole


def _fill(hole: etree._Element, end: etree._Element, segment: etree._Element) -> None:
    """Take ``segment`` out and put what it holds where ``hole`` stands, in
    place of ``hole`` and its siblings up to ``end`` (the fallback). What
    follows ``end`` stays."""
    remove_keeping_tail(segment)
    parent = hole.getparent()
    assert parent is not None
    doomed = [hole]
    if end is not hole and end.getparent() is parent:
        for sibling in hole.itersiblings():
            doomed.append(sibling)
            if sibling is end:
                break
    tail = doomed[-1].tail
    index = parent.index(hole)
    for element in doomed:
        parent.remove(element)  # their tails with them: the fallback's text
    _insert_text(parent, index, segment.text)
    children = list(segment)
    for offset, child in enumerate(children):
        parent.insert(index + offset, child)  # its tail moves with it
    _insert_text(parent, index + len(children), tail)


def _insert_text(parent: etree._Element, index: int, text: str | None) -> None:
    """Add ``text`` at ``parent``'s child position ``index``: to the tail of
    the child before it, or to ``parent``'s text at the start (the control
    characters lxml cannot set go as :func:`~pagechunk.html.nesting.set_text`
    says)."""
    if not text:
        return
    if index > 0:
        add_text(parent[index - 1], "tail", text)
    else:
        add_text(parent, "text", text)
