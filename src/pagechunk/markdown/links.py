"""Inline links and images in a block of Markdown, read as a reader sees them.

``[label](dest)`` shows its label and ``![alt](src)`` shows nothing; each is
a :class:`~pagechunk.model.LinkSpan`. Brackets and parentheses are matched
with a stack over ``str.find`` hits, so the work stays linear in the text.
"""

from __future__ import annotations

from pagechunk.model import LinkSpan

__all__ = ["scan_links"]

_MAX_LABEL_DEPTH = 4  # links nested deeper keep their label text as written


def scan_links(text: str, depth: int = 0) -> tuple[str, tuple[LinkSpan, ...]]:
    """The text as a reader sees it, and the inline links and images in it.

    A link shows its label; an image shows nothing. Links found inside a
    link's label are part of that link.
    """
    if "](" not in text:
        return text, ()
    label_open = _matching(text, "[", "]")  # closing bracket -> opening one
    paren_close = {
        opening: closing for closing, opening in _matching(text, "(", ")").items()
    }
    found: list[tuple[int, int, int, int]] = []
    at = text.find("](")
    while at != -1:
        opening = label_open.get(at)
        closing = paren_close.get(at + 1)
        if opening is not None and closing is not None:
            image = opening > 0 and text[opening - 1] == "!"
            found.append((opening - image, opening, at, closing))
        at = text.find("](", at + 1)
    found.sort()
    pieces: list[str] = []
    links: list[LinkSpan] = []
    cursor = 0
    for start, opening, close, end in found:
        if start < cursor:
            continue  # inside a link already read
        pieces.append(text[cursor:start])
        url = _destination(text[close + 2 : end])
        if start != opening:
            links.append(LinkSpan("", url))
        else:
            label = text[opening + 1 : close]
            if depth < _MAX_LABEL_DEPTH:
                label = scan_links(label, depth + 1)[0]
            pieces.append(label)
            links.append(LinkSpan(" ".join(label.split()), url))
        cursor = end + 1
    pieces.append(text[cursor:])
    return "".join(pieces), tuple(links)


def _matching(text: str, opener: str, closer: str) -> dict[int, int]:
    """Map each closing character to the opening one it balances."""
    pairs: dict[int, int] = {}
    stack: list[int] = []
    next_open = text.find(opener)
    next_close = text.find(closer)
    while next_close != -1:
        if next_open != -1 and next_open < next_close:
            stack.append(next_open)
            next_open = text.find(opener, next_open + 1)
        else:
            if stack:
                pairs[next_close] = stack.pop()
            next_close = text.find(closer, next_close + 1)
    return pairs


def _destination(inside: str) -> str:
    """The URL of a link's parenthesised part, without its title."""
    inside = inside.strip()
    if inside.startswith("<"):
        end = inside.find(">")
        return inside[1:end] if end != -1 else inside[1:]
    return inside.split(None, 1)[0] if inside else ""
