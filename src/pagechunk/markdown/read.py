"""Markdown in and out: reading it into blocks, and writing blocks as it.

Only what chunking needs is read: ATX headings build the heading path, fenced
code stays whole, and every other run of non-blank lines is a paragraph. The
writer is for chunking and reading, not for a faithful round trip.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from pagechunk.model import HEADING_SEPARATOR, Block

__all__ = ["read_markdown", "render_markdown"]

_FENCE_CHARS = ("```", "~~~")
_TIGHT_KINDS = frozenset({"item", "row"})


def read_markdown(markdown: str) -> list[Block]:
    """Split Markdown into heading, paragraph and code blocks.

    Headings ``#`` to ``######`` set the heading path that later blocks carry;
    a blank line, a heading or a fence ends a paragraph. A block fenced with
    three backticks or with ``~~~`` is one ``code`` block, fence lines included, and
    the ``#`` lines inside it are code; a fence left open runs to the end.
    """
    blocks: list[Block] = []
    titles = [""] * 6
    path = ""
    paragraph: list[str] = []
    lines = iter(markdown.splitlines())
    for line in lines:
        stripped = line.strip()
        fence = _opening_fence(stripped)
        heading = _atx_heading(line) if stripped[:1] == "#" else None
        if paragraph and (fence or heading or not stripped):
            blocks.append(Block("\n".join(paragraph), path))
            paragraph = []
        if fence:
            blocks.append(Block(_fenced_code(line, fence, lines), path, "code"))
        elif heading:
            level, text = heading
            titles[level - 1 :] = [text] + [""] * (6 - level)
            path = HEADING_SEPARATOR.join(title for title in titles if title)
            if text:
                blocks.append(Block(text, path, "heading", level))
        elif stripped:
            paragraph.append(line.rstrip())
    if paragraph:
        blocks.append(Block("\n".join(paragraph), path))
    return blocks


def render_markdown(blocks: Iterable[Block]) -> str:
    """Write blocks as Markdown: ``#`` headings, ``-`` items, ``>`` quotes and
    fenced code; paragraphs and table rows stay plain text.

    Blocks are separated by a blank line, except that consecutive items, and
    consecutive rows, are on consecutive lines.
    """
    parts: list[str] = []
    previous = ""
    for block in blocks:
        if parts:
            tight = block.kind == previous and block.kind in _TIGHT_KINDS
            parts.append("\n" if tight else "\n\n")
        parts.append(_render_block(block))
        previous = block.kind
    return "".join(parts)


def _opening_fence(stripped: str) -> str:
    """The run of three or more backticks or tildes opening a code block."""
    if stripped[:3] not in _FENCE_CHARS:
        return ""
    return stripped[: len(stripped) - len(stripped.lstrip(stripped[0]))]


def _fenced_code(opening: str, fence: str, lines: Iterator[str]) -> str:
    """The code block begun by ``opening``, read from ``lines`` up to and
    including the line that closes it, or to the end."""
    code = [opening]
    for line in lines:
        code.append(line)
        stripped = line.strip()
        if len(stripped) >= len(fence) and not stripped.lstrip(fence[0]):
            break
    # Only an unclosed fence can end in blank lines; they are not code.
    return "\n".join(code).rstrip("\n")


def _atx_heading(line: str) -> tuple[int, str] | None:
    """The level and text of a heading line, or None for any other line.

    Up to three spaces may indent it, a space or tab must follow the ``#``
    run, and a closing ``#`` run after a space is not part of the text.
    """
    unindented = line.lstrip(" ")
    if len(line) - len(unindented) > 3:
        return None
    after_marks = unindented.lstrip("#")
    level = len(unindented) - len(after_marks)
    if not 1 <= level <= 6 or after_marks[:1] not in ("", " ", "\t"):
        return None
    text = after_marks.strip()
    unclosed = text.rstrip("#")
    if unclosed != text and (not unclosed or unclosed[-1] in " \t"):
        text = unclosed.rstrip()
    return level, text


def _render_block(block: Block) -> str:
    kind, text = block.kind, block.text
    if kind == "heading":
        return f"{'#' * block.level} {text}"
    if kind == "item":
        return "- " + text.replace("\n", "\n  ")
    if kind == "quote":
        return "> " + text.replace("\n", "\n> ")
    if kind == "code":
        fence = _backtick_fence(text)
        return f"{fence}\n{text}\n{fence}"
    return text


def _backtick_fence(code: str) -> str:
    """The shortest backtick fence, three at least, that no run in ``code``
    reaches, so the code cannot close it early."""
    if "```" not in code:
        return "```"
    # Grow by doubling, then bisect: a few substring searches in C, instead
    # of a Python loop over the characters.
    present, absent = 3, 6
    while "`" * absent in code:
        present, absent = absent, absent * 2
    while absent - present > 1:
        middle = (present + absent) // 2
        if "`" * middle in code:
            present = middle
        else:
            absent = middle
    return "`" * absent
