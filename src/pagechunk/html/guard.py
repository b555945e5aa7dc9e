"""The hostile-input limits: a document's size, and the shapes of markup that
would make libxml2 work harder than the page's size warrants.

:mod:`~pagechunk.html.decode` refuses a document over ``max_bytes`` before
it decodes it. :mod:`~pagechunk.html.tree` reshapes two kinds of input
before the parse, keeping their text: an element with more than
:data:`MAX_ATTRIBUTES` attributes (libxml2 adds each one in time proportional
to those before it), and, for a page libxml2 refuses whole, nesting deeper
than :data:`MAX_DEPTH` open elements (libxml2 would drop the rest of the
page).
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import islice

from pagechunk.errors import InputTooLarge
from pagechunk.vocabulary import RAW_TEXT_TAGS, VOID_TAGS

__all__ = [
    "MAX_ATTRIBUTES",
    "MAX_DEPTH",
    "cap_attributes",
    "cap_nesting",
    "check_max_bytes",
    "check_size",
]

MAX_DEPTH = 1024
"""The open elements :func:`cap_nesting` keeps: deeper than this, a page's
structure no longer says anything about its text."""

_VOID = frozenset(name.encode() for name in VOID_TAGS)


def check_max_bytes(max_bytes: int | None) -> None:
    """Refuse a ``max_bytes`` that is neither None nor a whole number from 0."""
    if max_bytes is None:
        return
    if isinstance(max_bytes, bool) or not isinstance(max_bytes, int):
        raise TypeError(f"max_bytes must be an int, not {type(max_bytes).__name__}")
    if max_bytes < 0:
        raise ValueError(f"max_bytes must be at least 0, not {max_bytes}")


def check_size(size: int, max_bytes: int | None) -> None:
    """Refuse a document of ``size`` bytes (at least) over ``max_bytes``."""
    if max_bytes is not None and size > max_bytes:
        raise InputTooLarge(
            f"the document is over max_bytes={max_bytes} bytes (at least {size})"
        )


def cap_nesting(data: bytes, limit: int = MAX_DEPTH) -> bytes:
    """``data`` without the start and end tags that stand deeper than
    ``limit`` open elements; their text stays. Only an approximation of the
    HTML tree, used for pages the parser refuses whole."""
    pieces = _TAG_PIECE.split(data)  # text, tag, text, ..., tag, text
    steps: dict[bytes, int] = {}
    depth = 0
    for index in range(1, len(pieces), 2):
        tag = pieces[index]
        step = steps.get(tag)
        if step is None:
            step = steps[tag] = _nesting_step(tag)
        if step > 0:
            depth += 1
            if depth > limit:
                pieces[index] = b""
        elif step < 0:
            if depth > limit:
                pieces[index] = b""
            depth = max(depth - 1, 0)
    return b"".join(pieces)


# A tag as cap_nesting counts it: "<", a name, anything but "<" up to ">".
_TAG_PIECE = re.compile(rb"(</?[A-Za-z][^<>]*+>)")


def _nesting_step(tag: bytes) -> int:
    """1 for a tag that opens an element, -1 for an end tag, else 0."""
    if tag[1:2] == b"/":
        return -1
    name = tag[1:].split(None, 1)[0].split(b"/", 1)[0].rstrip(b">").lower()
    return 0 if name in _VOID or tag.endswith(b"/>") else 1


MAX_ATTRIBUTES = 512
"""The attributes a long start tag keeps, the first ones as written: libxml2
adds each attribute in time proportional to the ones before it, so a tag
with a million of them would take hours."""

_SAMPLE_STEP = 4096
"""Every this many bytes, the next ``_SAMPLE_STEP`` bytes are checked for a
``<`` and a ``>``; a stretch without either may be one long start tag."""

# A start tag, token by token with nothing given back (possessive), so that a
# match costs time linear in the tag however it ends. Tokens: white space or
# "/", "=" with its value (quoted values may hold ">"), an attribute name.
_START_TAG = re.compile(
    rb"""<[A-Za-z][^\s/>]*+(?:[\s/]++|=\s*+(?:"[^"]*+"?|'[^']*+'?|[^\s>]*+)"""
    rb"""|[^\s/>=]++)*+"""
)
_ATTRIBUTE = re.compile(
    rb"""[^\s/>=]++(?:\s*+=\s*+(?:"[^"]*+"?|'[^']*+'?|[^\s>]*+))?+"""
)
_NOT_ATTRIBUTE = rb"[\s/>=]"
"""The bytes no attribute starts with, which :data:`_ATTRIBUTE`'s search
steps over."""
_TAG_NAME_END = re.compile(rb"[\s/>]")
_TAG_OPEN = re.compile(rb"<[A-Za-z]")
_RAW_TEXT_OPENINGS = tuple(
    b"<" + form
    for name in sorted(RAW_TEXT_TAGS)
    for form in (name.encode(), name.upper().encode())
)
_RAW_TEXT_CLOSINGS = tuple(b"</" + mark[1:] for mark in _RAW_TEXT_OPENINGS)
# One search for any of the marks, "<" first: quicker than the plain
# alternation, which tries each mark at every "<".
_RAW_TEXT_OPENING = re.compile(
    b"<(?:%s)" % b"|".join(re.escape(mark[1:]) for mark in _RAW_TEXT_OPENINGS)
)
_RAW_TEXT_CLOSING = re.compile(
    b"</(?:%s)" % b"|".join(re.escape(mark[2:]) for mark in _RAW_TEXT_CLOSINGS)
)
_LONGEST_MARK = max(map(len, _RAW_TEXT_CLOSINGS))
_AFTER_ATTRIBUTE = b" \t\n\r\x0c/\"'"
_NOT_AFTER_ATTRIBUTE = bytes(sorted(set(range(256)).difference(_AFTER_ATTRIBUTE)))


def cap_attributes(data: bytes, limit: int = MAX_ATTRIBUTES) -> bytes:
    """``data`` with every long start tag that holds more than ``limit``
    attributes cut down to its first ``limit``.

    Only start tags that span a sampled stretch of :data:`_SAMPLE_STEP` bytes
    without ``<`` or without ``>`` are read, so most pages pay a few ``find``
    calls per sample; a stretch inside a script, style, textarea or title,
    where ``<`` opens no tag, is passed over to the element's end, each
    read once (:class:`_RawText`). A tag whose quoted values hold both
    ``<`` and ``>`` every few kilobytes is not found; libxml2 parses it as
    it is.
    """
    size = len(data)
    kept: list[bytes] = []
    copied = 0  # data[:copied] is in kept, or was replaced there
    raw_text = _RawText(data)
    at = _SAMPLE_STEP
    while at + _SAMPLE_STEP <= size:
        window_end = at + _SAMPLE_STEP
        no_close = data.find(b">", at, window_end) == -1
        if not no_close and data.find(b"<", at, window_end) != -1:
            at = window_end
            continue
        start = _enclosing_tag_start(data, copied, at, no_close)
        if start != -1 and raw_text.holds(start):
            # A script's "i<items.length; ..." can read as a start tag as
            # long as the script: no tag stands before its end.
            at = raw_text.end
            continue
        match = _START_TAG.match(data, start) if start != -1 else None
        if match is None or match.end() <= at:
            # Not inside a start tag: skip the stretch that lacks the mark.
            at = data.find(b">" if no_close else b"<", at)
            if at == -1:
                break
            continue
        end = match.end()
        if _most_attributes(data, start, end) > limit:
            name_found = _TAG_NAME_END.search(data, start, end)
            name_end = name_found.start() if name_found else end
            # Counted first: a long value (inline JSON, say) has spaces and
            # quotes enough to pass the bound.
            if _past(limit).match(data, name_end, end):
                attributes = [
                    found.group()
                    for found in islice(_ATTRIBUTE.finditer(data, name_end, end), limit)
                ]
                kept += [data[copied:name_end], b" ", b" ".join(attributes)]
                copied = end
        at = end
    if not kept:
        return data
    kept.append(data[copied:])
    return b"".join(kept)


@lru_cache(maxsize=4)
def _past(limit: int) -> re.Pattern[bytes]:
    """A match of more than ``limit`` attributes from where it starts, as
    :data:`_ATTRIBUTE`'s search finds them: in one match, not one per
    attribute."""
    attribute = rb"%s*+(?>%s)" % (_NOT_ATTRIBUTE, _ATTRIBUTE.pattern)
    return re.compile(rb"(?:%s){%d}" % (attribute, limit + 1))


def _most_attributes(data: bytes, start: int, end: int) -> int:
    """A bound on the attributes in ``data[start:end]``: each one after the
    first follows white space, a slash or a closing quote."""
    # One pass that keeps only those bytes: a quarter of the time of one
    # count per byte.
    return 1 + len(data[start:end].translate(None, _NOT_AFTER_ATTRIBUTE))


class _RawText:
    """Where the scripts, styles, textareas and titles of a document stand,
    in which ``<`` opens no tag, read forward once: the questions
    (:meth:`holds`) come in document order, so each byte is searched once
    however many long stretches the page has."""

    __slots__ = ("data", "end", "_searched")

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.end = 0  # where the raw text last found holding a place ends
        self._searched = 0  # the openings before this are read

    def holds(self, at: int) -> bool:
        """Whether the start tag opening at ``at`` (``<`` and a letter)
        is inside raw text: the last opening of a raw-text
        element before it (:data:`_RAW_TEXT_OPENING`) is followed by no
        closing of one (:data:`_RAW_TEXT_CLOSING`) before it. If so,
        :attr:`end` is where the first such closing after it stands (the
        document's end without one)."""
        data = self.data
        if at < self._searched:  # asked out of order: search back
            return _in_raw_text(data, at, self)
        while True:
            opening = _RAW_TEXT_OPENING.search(data, self._searched, at)
            if opening is None:
                self._searched = max(at - _LONGEST_MARK, self._searched)
                return False
            closing = _RAW_TEXT_CLOSING.search(data, opening.end())
            self.end = closing.start() if closing else len(data)
            if self.end >= at:
                return True
            self._searched = self.end


def _in_raw_text(data: bytes, at: int, found: _RawText) -> bool:
    """:meth:`_RawText.holds` for a place before those it has read:
    ``data[:at]`` is searched back, and the end found is set on
    ``found``."""
    opened = max(data.rfind(mark, 0, at) for mark in _RAW_TEXT_OPENINGS)
    if opened == -1:
        return False
    if opened < max(data.rfind(mark, opened, at) for mark in _RAW_TEXT_CLOSINGS):
        return False
    closing = _RAW_TEXT_CLOSING.search(data, at)
    found.end = closing.start() if closing else len(data)
    return True


def _enclosing_tag_start(data: bytes, floor: int, at: int, no_close: bool) -> int:
    """Where the start tag around ``at`` would begin, or -1.

    After a stretch without ``>``, it is the first tag opening after the last
    ``>`` (its values may hold ``<``); after one without ``<``, the last
    ``<`` (its values may hold ``>``).
    """
    if no_close:
        opening = _TAG_OPEN.search(data, data.rfind(b">", floor, at) + 1 or floor, at)
        return opening.start() if opening else -1
    start = data.rfind(b"<", floor, at)
    return start if start != -1 and data[start + 1 : start + 2].isalpha() else -1
