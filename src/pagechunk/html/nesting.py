"""Parse a page as a browser nests it where libxml2's HTML parser does not.

libxml2 closes an element at its end tag only when no element of higher
"end priority" stands open inside it, ``<div>`` and the table elements
ranking above everything else. So ``<li><div class=dropdown>…</li>`` leaves
the ``<div>`` open and the ``</li>`` is ignored, and so are the ``</ul>``,
``</nav>`` and ``</header>`` that follow: the rest of the page nests inside
the menu, and dropping the menu drops the article. A browser (HTML Standard,
"in body" end tags) pops every element above an ``</li>``, ``</nav>``,
``</header>``… that is in scope.

libxml2 says when it ignores such an end tag: its error log holds
"Opening and ending tag mismatch: li and div" (the end tag, then the element
left open). Pages without such an entry, nearly all, keep the first parse at
the cost of reading the log. The others are parsed again with libxml2's push
parser, fed up to and including each end tag of a name the log reported;
when the parser reports that very tag ignored, an empty probe element is fed
to learn which elements are open, and, if a browser would close the element
there, the end tags of the elements above it are fed, then its own end tag
again. libxml2 stays the parser throughout: the repair only adds end tags
where a browser would have implied them, and everything after is nested by
libxml2 against the corrected stack, as it would have been had the page
closed its elements.

Separately, libxml2 makes content after ``</html>`` a second root element,
which a walk from the document element never reaches; a browser reads it
into the body. :func:`adopt_later_roots` moves it there.

:func:`repair_tree` does both; :func:`~pagechunk.html.tree.load_tree` calls
it right after its parse.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any, cast

from lxml import etree

__all__ = [
    "CLOSING_END_TAGS",
    "add_text",
    "adopt_later_roots",
    "ignored_end_tags",
    "remove_keeping_tail",
    "reparse_closing",
    "repair_tree",
    "set_text",
]

# End tags a browser honours by popping every element above the one they
# close, if it is in scope ("in body" insertion mode): the "special" block
# elements, list items, paragraphs and headings. Left out, because a browser
# leaves the elements opened inside them open too: <div> and the table
# elements (libxml2 never ignores their end tag for a <div>), <form> (only the
# form itself leaves the stack), formatting elements such as <a> and <b>
# (the adoption agency keeps the <div> open) and every other element, custom
# ones included ("any other end tag" stops at a special element like <div>).
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
CLOSING_END_TAGS = frozenset(
    {
        "address", "applet", "article", "aside", "blockquote", "button",
        "caption", "center", "dd", "details", "dialog", "dir", "dl", "dt",
        "fieldset", "figcaption", "figure", "footer", "header", "hgroup", "li",
        "listing", "main", "marquee", "menu", "nav", "object", "ol", "p", "pre",
        "search", "section", "summary", "template", "ul",
    }
    | _HEADINGS
)  # fmt: skip

# Scopes of the HTML Standard: an end tag closes its element only if none of
# these stands between it and the current node.
_SCOPE = frozenset(
    {"applet", "caption", "html", "table", "td", "th", "marquee", "object", "template"}
)
_SCOPES = {
    "li": _SCOPE | {"ol", "ul"},
    "p": _SCOPE | {"button"},
    "caption": frozenset({"html", "table", "template"}),
    "template": frozenset(),  # </template> closes the nearest one, always
}

# libxml2's end priorities: an end tag closes the elements open inside its
# element only when none of them ranks above it (HTMLparser.c,
# htmlEndPriority); every other element ranks 100.
_END_PRIORITY = {
    "div": 150, "td": 160, "th": 160, "tr": 170, "thead": 180, "tbody": 180,
    "tfoot": 180, "table": 190, "head": 200, "body": 200, "html": 220,
}  # fmt: skip

# Inline elements libxml2 names in a mismatch message when an end tag closes
# them on its way (so the end tag was honoured, not ignored).
_NAMED_WHEN_CLOSED = frozenset(
    {"b", "big", "center", "em", "font", "i", "s", "small", "strike", "strong"}
    | {"sub", "sup", "tt", "u"}
)

# The characters lxml refuses in text it sets, which show nothing.
_NOT_XML = dict.fromkeys([*range(9), 11, 12, *range(14, 32), 0xFFFE, 0xFFFF])
# The same, but those that str.split() reads as white space become a space,
# so that the walk tidies the text the same.
_NOT_XML_SPACED = {**_NOT_XML, **dict.fromkeys([11, 12, *range(28, 32)], " ")}

_MISMATCH = "Opening and ending tag mismatch: "
_PROBE = "pagechunk-open-elements"
_PROBE_TAGS = f"<{_PROBE}></{_PROBE}>".encode()


def ignored_end_tags(
    error_log: Iterable[etree._LogEntry],
) -> frozenset[tuple[str, int]]:
    """The end tags libxml2 reports it ignored while an element opened inside
    theirs stood open, among those a browser would have honoured
    (:data:`CLOSING_END_TAGS`): their names and lines. Empty for nearly
    every page.

    An entry naming an inline element (``p and b``) is mostly an end tag
    libxml2 honoured, closing the ``<b>`` on its way: such entries are taken
    along only when another entry shows the page must be parsed again, and
    the probe then tells the two cases apart. libxml2 logs at most about a
    hundred errors a parse, so an end tag ignored after that goes unseen
    and keeps libxml2's nesting.
    """
    certain: set[tuple[str, int]] = set()
    maybe: set[tuple[str, int]] = set()
    for entry in error_log:
        message = entry.message
        if message.startswith(_MISMATCH):
            closed, _, open_name = message[len(_MISMATCH) :].partition(" and ")
            if closed in CLOSING_END_TAGS:
                found = maybe if open_name in _NAMED_WHEN_CLOSED else certain
                found.add((closed, entry.line))
    return frozenset(certain | maybe) if certain else frozenset()


def reparse_closing(
    data: bytes,
    ignored: frozenset[tuple[str, int]],
    options: Mapping[str, Any],
    *,
    rounds: int = 2,
) -> etree._Element | None:
    """``data`` parsed again, each end tag libxml2 ignored first closing the
    elements above its own where a browser would close them; None if
    libxml2 gives up on the document.

    ``ignored`` holds the names and lines of the ignored end tags
    (:func:`ignored_end_tags`); ``options`` are the first parse's parser
    options, so that both parses read the page alike. The document is fed
    to a push parser in one piece up to each end tag of those names on those
    lines, and the tag with it; only when libxml2 reports that very tag
    ignored, a probe element shows the open elements (its ancestors). Tags
    inside scripts, comments or attribute values cost a feed and nothing
    more. Closing elements moves later end tags onto other elements; should
    that make libxml2 ignore one on another line or of another name (rare),
    the page is parsed once more with it added, up to ``rounds`` parses in
    all.
    """
    names = frozenset(name for name, _ in ignored)
    lines = frozenset(line for _, line in ignored)
    parser = etree.HTMLPullParser(events=("start",), tag=_PROBE, **options)
    probes: list[etree._Element] = []
    try:
        _feed_closing(parser, data, names, lines, probes)
        root = parser.close()
    except etree.ParserError:
        return None
    for probe in probes:
        remove_keeping_tail(probe)
    unseen = {
        (name, line)
        for name, line in ignored_end_tags(parser.feed_error_log)
        if name not in names or line not in lines
    }
    if unseen and rounds > 1:
        again = reparse_closing(data, ignored | unseen, options, rounds=rounds - 1)
        if again is not None:
            return again
    return root


def _feed_closing(
    parser: etree.HTMLPullParser,
    data: bytes,
    names: frozenset[str],
    lines: frozenset[int],
    probes: list[etree._Element],
) -> None:
    """Feed ``data`` to ``parser``, closing what a browser closes at each
    ignored end tag of ``names`` on ``lines``; the probes fed are added to
    ``probes``."""
    pattern = re.compile(
        rb"</(" + b"|".join(sorted(n.encode() for n in names)) + rb")[\s/>]",
        re.IGNORECASE,
    )
    fed = 0
    reported = 0  # entries of the parser's log already looked at
    line, counted = 1, 0  # the line of data[counted], as libxml2 counts
    for found in pattern.finditer(data):
        start = found.start()
        line += data.count(b"\n", counted, start)
        counted = start
        if line not in lines:
            continue
        end = data.find(b">", found.end() - 1) + 1
        if end == 0:
            break
        if end <= fed:  # a "</li" inside a tag already fed
            continue
        parser.feed(data[fed:end])
        fed = end
        log = parser.feed_error_log
        if len(log) == reported:
            continue
        reported = len(log)
        name = found.group(1).lower().decode()
        prefix = f"{_MISMATCH}{name} and "
        message = log[reported - 1].message
        if not message.startswith(prefix):
            continue
        parser.feed(_PROBE_TAGS)
        probe = next((cast(etree._Element, e) for _, e in parser.read_events()), None)
        if probe is None:
            continue
        probes.append(probe)
        above = _to_close(probe, name, message[len(prefix) :])
        if above:
            closing = "".join(f"</{tag}>" for tag in above)
            parser.feed(f"{closing}</{name}>".encode())
            reported = len(parser.feed_error_log)
    parser.feed(data[fed:])


def _to_close(probe: etree._Element, name: str, open_name: str) -> list[str]:
    """The tags of the elements above the ``name`` element, innermost first,
    that a browser closes at ``</name>`` and libxml2 left open; empty when
    the two agree.

    ``probe`` stands where the ignored end tag stood, so its ancestors are
    the open elements. libxml2 ignored the tag if the current node is the one
    its message names and an element it ranks higher stands above the
    nearest ``name`` element; a browser closes that element if no scope
    boundary stands between.
    """
    current = probe.getparent()
    if current is None or current.tag != open_name:
        return []
    scope = _SCOPES.get(name, _SCOPE)
    priority = _END_PRIORITY.get(name, 100)
    outranked = False
    above: list[str] = []
    for element in _self_and_ancestors(current):
        tag = element.tag
        if tag == name or (name in _HEADINGS and tag in _HEADINGS):
            return above if outranked else []
        if tag in scope:
            return []
        outranked = outranked or _END_PRIORITY.get(tag, 100) > priority
        above.append(tag)
    return []


def _self_and_ancestors(element: etree._Element) -> Iterable[etree._Element]:
    yield element
    yield from element.iterancestors()


def remove_keeping_tail(element: etree._Element) -> None:
    """Take ``element`` and what it holds out of the tree, keeping its tail
    text where it stood (without the control characters lxml cannot set)."""
    parent = element.getparent()
    if parent is None:
        return
    tail = element.tail
    if tail:
        previous = element.getprevious()
        if previous is not None:
            add_text(previous, "tail", tail)
        else:
            add_text(parent, "text", tail)
    parent.remove(element)


def adopt_later_roots(root: etree._Element) -> None:
    """Move what libxml2 put in root elements after ``root`` (the content
    after ``</html>``) to the end of ``root``'s body, as a browser reads it;
    the children of a later ``<head>`` or ``<body>`` are moved without their
    parent. A no-op, one call, for a page with one root."""
    later = root.getnext()
    if later is None:
        return
    body = root.find("body")
    if body is None:
        body = etree.SubElement(root, "body")
    while later is not None:
        following = later.getnext()
        if isinstance(later.tag, str):
            _append_content(body, later)
        later = following


def _append_content(body: etree._Element, element: etree._Element) -> None:
    """Append ``element``'s text and children to ``body``, unwrapping a
    ``<head>`` or ``<body>`` among them; ``element`` is left empty."""
    _append_text(body, element.text)
    for child in list(element):
        if child.tag in ("head", "body"):
            tail = child.tail
            _append_content(body, child)
            _append_text(body, tail)
        else:
            body.append(child)  # the child's tail moves with it


def _append_text(parent: etree._Element, text: str | None) -> None:
    if not text:
        return
    last = parent[-1] if len(parent) else None
    if last is not None:
        add_text(last, "tail", text)
    else:
        add_text(parent, "text", text)


def add_text(element: etree._Element, slot: str, text: str) -> None:
    """Append ``text`` to ``element``'s text or tail (``slot``)."""
    set_text(element, slot, (getattr(element, slot) or "") + text)


def set_text(
    element: etree._Element, slot: str, text: str | None, *, spaced: bool = True
) -> None:
    """Set ``element``'s text or tail (``slot``) to ``text``.

    libxml2's parser keeps control characters in text that lxml refuses to
    set again; such text is set without them, where lxml would raise
    ``ValueError``. With ``spaced``, those that separate words in
    ``str.split()`` become spaces; without, as in preformatted text, they
    go too.
    """
    try:
        setattr(element, slot, text)
    except ValueError:
        table = _NOT_XML_SPACED if spaced else _NOT_XML
        setattr(element, slot, cast(str, text).translate(table))


def repair_tree(
    root: etree._Element,
    error_log: Iterable[etree._LogEntry],
    data: bytes,
    options: Mapping[str, Any],
) -> etree._Element:
    """``root``, parsed from ``data`` with ``options`` and leaving
    ``error_log``, nested as a browser nests it.

    Where the log names an end tag libxml2 ignored and a browser honours,
    ``data`` is parsed again with those end tags closing what a browser
    closes (:func:`reparse_closing`); otherwise ``root`` is kept. Content
    after ``</html>`` is moved into the body either way
    (:func:`adopt_later_roots`).
    """
    ignored = ignored_end_tags(error_log)
    if ignored:
        repaired = reparse_closing(data, ignored, options)
        if repaired is not None:
            root = repaired
    adopt_later_roots(root)
    return root
