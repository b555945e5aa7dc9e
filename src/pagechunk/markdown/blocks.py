"""Markdown from any converter, read into the blocks the rules judge.

Blocks are separated by blank lines, except that a fenced code block (three
or more backticks or tildes) is one block however many blank lines it holds,
and runs to the end of the text when it is never closed. Inline links
``[label](dest)`` and images ``![alt](src)`` become link spans; an image's
alt text is not read, so a row of badge images has nothing to read. A
one-line ``#`` block of at most :data:`MAX_HEADING_CHARS` readable characters
is a heading.
"""

from __future__ import annotations

from pagechunk.clean.measure import readable_chars
from pagechunk.model import Block, LinkSpan

__all__ = ["MAX_HEADING_CHARS", "markdown_blocks", "scan_links", "split_blocks"]

MAX_HEADING_CHARS = 120
"""The most readable characters a one-line ``#`` block has to be a heading."""

_MAX_LABEL_DEPTH = 4  # links nested deeper keep their label text as written


def split_blocks(markdown: str) -> list[str]:
    """The text's blank-line separated blocks, each exactly as written."""
    blocks: list[str] = []
    current: list[str] = []
    fence = ""
    for line in markdown.split("\n"):
        if fence:
            current.append(line)
            if _closes_fence(line, fence):
                blocks.append("\n".join(current))
                current, fence = [], ""
            continue
        fence = _opens_fence(line)
        if fence:
            if current:
                blocks.append("\n".join(current))
            current = [line]
        elif line.strip():
            current.append(line)
        elif current:
            blocks.append("\n".join(current))
            current = []
    if current:
        blocks.append("\n".join(current))
    return blocks


def _opens_fence(line: str) -> str:
    """The fence a line opens (its run of backticks or tildes), else ''."""
    stripped = line.lstrip(" ")
    if len(line) - len(stripped) > 3 or stripped[:3] not in ("```", "~~~"):
        return ""
    marker = stripped[0]
    run = len(stripped) - len(stripped.lstrip(marker))
    if marker == "`" and "`" in stripped[run:]:
        return ""  # inline code on one line, not a fence
    return stripped[:run]


def _closes_fence(line: str, fence: str) -> bool:
    stripped = line.strip()
    return (
        len(line) - len(line.lstrip(" ")) <= 3
        and stripped.startswith(fence)
        and not stripped.strip(fence[0])
    )


def markdown_blocks(raw_blocks: list[str]) -> list[Block]:
    """Read raw blocks into :class:`Block` objects with their link spans."""
    return [_read_block(raw) for raw in raw_blocks]


def _read_block(raw: str) -> Block:
    if _opens_fence(raw.split("\n", 1)[0]):
        return Block(raw, kind="code")
    text, links = scan_links(raw)
    if "\n" not in raw.strip():
        level, title = _atx_heading(text)
        if level and readable_chars(title) <= MAX_HEADING_CHARS:
            return Block(title, kind="heading", level=level, links=links)
    return Block(text, links=links)


def _atx_heading(line: str) -> tuple[int, str]:
    """The level and text of an ATX heading line, or (0, '')."""
    stripped = line.strip()
    if len(line) - len(line.lstrip(" ")) > 3 or not stripped.startswith("#"):
        return 0, ""
    level = len(stripped) - len(stripped.lstrip("#"))
    rest = stripped[level:]
    if level > 6 or (rest and rest[0] not in " \t"):
        return 0, ""
    rest = rest.strip()
    closed = rest.rstrip("#")
    if not closed or closed[-1] in " \t":
        rest = closed.strip()
    return level, rest


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
