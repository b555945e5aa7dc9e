"""Reading Markdown into blocks: the one reader chunking, cleaning and batch share.

The text is cut into blocks as CommonMark cuts it, for the kinds of block
pagechunk reads:

- A line ends at ``\\n``, ``\\r\\n`` or a lone ``\\r``, and at nothing else.
- An ATX heading (``#`` to ``######`` after at most three spaces, then a
  space, a tab or the end of the line) is a block of its own line, with or
  without blank lines around it; it sets the heading path of what follows.
- A fenced code block opens with a run of three or more backticks or tildes
  after at most three spaces, and runs to the line that closes it (the same
  character, at least as many, nothing else) or to the end of the text. A
  backtick run with another backtick after it on its line opens inline code,
  not a fence. The ``#`` lines inside a fence are code.
- Every other run of non-blank lines is a paragraph, ended by a blank line,
  a heading or a fence.

Lists, block quotes, setext headings and indented code are read as
paragraphs. Each block is kept as written (:attr:`MarkdownBlock.raw`, which
:func:`~pagechunk.clean_markdown` returns untouched) and read twice over: as
the Markdown text that chunking packs (:attr:`MarkdownBlock.block`) and as
the text a reader sees, a link's label in place of the link
(:attr:`MarkdownBlock.visible`), which cleaning measures.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pagechunk.markdown.links import scan_links
from pagechunk.model import CODE, HEADING, HEADING_SEPARATOR, PARAGRAPH, Block

__all__ = [
    "MarkdownBlock",
    "atx_heading",
    "opening_fence",
    "read_blocks",
    "read_markdown",
]

_FENCES = ("```", "~~~")


@dataclass(frozen=True, slots=True)
class MarkdownBlock:
    """One block of a Markdown text, as written and as read.

    Attributes:
        raw: The block's lines exactly as written, the line breaks between
            them included and the one after the last left out.
        block: The block read: a paragraph's lines with their trailing
            whitespace stripped, a heading's text, or a code block's lines
            fences included; with its heading path and its link spans.
        visible: What a reader sees of the block's text: each link's label
            in place of the link, nothing for an image.
    """

    raw: str
    block: Block
    visible: str

    def seen(self) -> Block:
        """The block with the text a reader sees, as cleaning measures it."""
        if self.visible is self.block.text:
            return self.block
        return replace(self.block, text=self.visible)


def read_markdown(markdown: str) -> list[Block]:
    """Split Markdown into heading, paragraph and code blocks.

    Headings ``#`` to ``######`` set the heading path that later blocks carry,
    and a heading without text ends the path at its level without a block of
    its own. A blank line, a heading or a fence ends a paragraph. A block
    fenced with three backticks or with ``~~~`` is one ``code`` block, fence
    lines included, and the ``#`` lines inside it are code; a fence left open
    runs to the end. Blocks carry the links inside them; their text is the
    Markdown as written, links included.
    """
    return [
        read.block
        for read in read_blocks(markdown)
        if read.block.text or read.block.kind != HEADING
    ]


def read_blocks(markdown: str) -> list[MarkdownBlock]:
    """Every block of ``markdown`` in order, headings without text included."""
    lines, starts = _lines(markdown)
    path = _HeadingPath()
    blocks: list[MarkdownBlock] = []
    index, count = 0, len(lines)
    while index < count:
        line = lines[index]
        last = index
        fence = opening_fence(line)
        heading = None if fence else atx_heading(line)
        if fence:
            last = _fence_end(lines, index, fence)
            code = "\n".join(lines[index : last + 1])
            read = Block(code, path.text, CODE)
            visible = code
        elif heading is not None:
            level, text = heading
            path.enter(level, text)
            visible, links = scan_links(text)
            read = Block(text, path.text, HEADING, level, links=links)
            visible = visible.strip() if links else text
        elif line.strip():
            last = _paragraph_end(lines, index)
            text = "\n".join([line.rstrip() for line in lines[index : last + 1]])
            visible, links = scan_links(text)
            read = Block(text, path.text, PARAGRAPH, links=links)
        else:
            index += 1
            continue
        raw = markdown[starts[index] : starts[last] + len(lines[last])]
        blocks.append(MarkdownBlock(raw, read, visible))
        index = last + 1
    return blocks


def _lines(markdown: str) -> tuple[list[str], list[int]]:
    """The lines of ``markdown`` without their line breaks, and the offset
    where each begins."""
    returns = "\r" in markdown
    if returns:
        lines = markdown.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    else:
        lines = markdown.split("\n")
    starts = []
    at = 0
    for line in lines:
        starts.append(at)
        at += len(line)
        at += 2 if returns and markdown.startswith("\r\n", at) else 1
    return lines, starts


def opening_fence(line: str) -> str:
    """The run of backticks or tildes that opens a fenced code block on
    ``line``, or ``""`` when the line opens none."""
    unindented = line.lstrip(" ")
    if len(line) - len(unindented) > 3 or unindented[:3] not in _FENCES:
        return ""
    marker = unindented[0]
    rest = unindented.lstrip(marker)
    if marker == "`" and "`" in rest:
        return ""  # inline code that opens and closes on this line
    return unindented[: len(unindented) - len(rest)]


def _closes_fence(line: str, fence: str) -> bool:
    stripped = line.strip()
    return (
        len(line) - len(line.lstrip(" ")) <= 3
        and stripped.startswith(fence)
        and not stripped.strip(fence[0])
    )


def _fence_end(lines: list[str], first: int, fence: str) -> int:
    """The index of the line that closes the fence opened on line ``first``;
    for a fence never closed, of the last line that is not empty."""
    for index in range(first + 1, len(lines)):
        if _closes_fence(lines[index], fence):
            return index
    last = len(lines) - 1
    while last > first and not lines[last]:
        last -= 1
    return last


def _paragraph_end(lines: list[str], first: int) -> int:
    """The index of the last line of the paragraph that begins on ``first``."""
    index = first + 1
    while index < len(lines) and not _ends_paragraph(lines[index]):
        index += 1
    return index - 1


def _ends_paragraph(line: str) -> bool:
    """Whether ``line`` is blank, a heading or an opening fence."""
    unindented = line.lstrip(" ")
    first = unindented[:1]
    if first == "#":
        return atx_heading(line) is not None
    if first in ("`", "~"):
        return bool(opening_fence(line))
    return not unindented.strip()


def atx_heading(line: str) -> tuple[int, str] | None:
    """The level and text of a heading line, or None for any other line.

    Up to three spaces may indent it, a space or tab must follow the ``#``
    run, and a closing ``#`` run after a space is not part of the text.
    """
    unindented = line.lstrip(" ")
    if len(line) - len(unindented) > 3 or unindented[:1] != "#":
        return None
    after_marks = unindented.lstrip("#")
    level = len(unindented) - len(after_marks)
    if level > 6 or after_marks[:1] not in ("", " ", "\t"):
        return None
    text = after_marks.strip()
    unclosed = text.rstrip("#")
    if unclosed != text and (not unclosed or unclosed[-1] in " \t"):
        text = unclosed.rstrip()
    return level, text


class _HeadingPath:
    """The headings above the current line, one a level, joined."""

    __slots__ = ("_titles", "text")

    def __init__(self) -> None:
        self._titles = [""] * 6
        self.text = ""

    def enter(self, level: int, title: str) -> None:
        """Open a heading: it replaces the one of its level and ends deeper ones."""
        self._titles[level - 1 :] = [title] + [""] * (6 - level)
        self.text = HEADING_SEPARATOR.join(title for title in self._titles if title)
