"""Heading paths, and the blocks the walk emits under them.

Two paths are kept: the page's, from every heading, and the content path,
from the headings inside content elements. A block inside a content element
stands under the content path; when no text but headings stands inside one,
the page is read whole and every block under the page's path.
"""

from __future__ import annotations

from dataclasses import replace

from pagechunk.model import HEADING, HEADING_SEPARATOR, Block, ImageSpan, LinkSpan

__all__ = ["HeadedBlocks", "without_dropped_headings"]


class HeadedBlocks:
    """The blocks a walk has emitted, each under its heading path, and what
    decides which of them the page keeps.

    Attributes:
        content_depth: How many content elements the walk is inside; the
            walker counts them.
    """

    __slots__ = (
        "blocks",
        "content_depth",
        "content_path",
        "content_path_text",
        "content_prose",
        "outside",
        "path",
        "path_text",
        "plain_headings",
    )

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        # Where the blocks outside content elements stand; whether a block
        # other than a heading stood inside one; and the page's own heading
        # path of the blocks inside, where it differs from their content
        # path (needed only when no text but headings is inside).
        self.outside: list[int] = []
        self.content_prose = False
        self.plain_headings: dict[int, str] = {}
        self.content_depth = 0
        self.path: dict[int, str] = {}
        self.content_path: dict[int, str] = {}
        self.path_text = ""
        self.content_path_text = ""

    def emit(
        self,
        kind: str,
        text: str,
        level: int,
        links: list[LinkSpan],
        header: bool = False,
        language: str = "",
        images: tuple[ImageSpan, ...] = (),
    ) -> None:
        if self.content_depth:
            heading = self.content_path_text
            if kind != HEADING:
                self.content_prose = True
            if heading != self.path_text:
                self.plain_headings[len(self.blocks)] = self.path_text
        else:
            heading = self.path_text
            self.outside.append(len(self.blocks))
        spans = tuple(links) if links else ()
        self.blocks.append(
            Block(text, heading, kind, level, spans, header, language, images)
        )

    def emit_heading(self, level: int, text: str, links: list[LinkSpan]) -> None:
        """Put a heading into the heading paths, and emit it unless empty."""
        self.path_text = _set_heading(self.path, level, text)
        if self.content_depth:
            self.content_path_text = _set_heading(self.content_path, level, text)
        if text:
            self.emit(HEADING, text, level, links)

    def result(self) -> list[Block]:
        """The page's blocks: only those inside content elements, under
        their content heading path, when any text but headings is inside
        one; else all of them, under the page's heading path."""
        blocks = self.blocks
        if self.content_prose:
            if not self.outside:
                return blocks
            outside = set(self.outside)
            return [block for at, block in enumerate(blocks) if at not in outside]
        for at, heading in self.plain_headings.items():
            blocks[at] = replace(blocks[at], heading=heading)
        return blocks


def without_dropped_headings(walked: list[Block], kept: list[Block]) -> list[Block]:
    """``kept``, the blocks that stayed of those the walk emitted
    (``walked``), each under a heading path that names only headings that
    stayed: a heading that cleaning dropped (a "Table of contents" over the
    list it named, a chrome heading over the article's first paragraph)
    leaves the path of every block of its section, which then stands under
    the heading above it. A block of ``kept`` that the walk did not emit
    (read from elsewhere) is left as it is."""
    held = {id(block) for block in kept if block.kind == HEADING}
    dropped: list[tuple[int, str, str, int]] = []  # index, path, parent, end
    for index, block in enumerate(walked):
        if block.kind != HEADING or id(block) in held:
            continue
        path = block.heading
        if not path.endswith(block.text):
            continue
        parent = path[: len(path) - len(block.text)].removesuffix(HEADING_SEPARATOR)
        level = block.level or 6
        end = next(
            (
                after
                for after in range(index + 1, len(walked))
                if walked[after].kind == HEADING and (walked[after].level or 6) <= level
            ),
            len(walked),
        )
        dropped.append((index, path, parent, end))
    if not dropped:
        return kept
    order = {id(block): index for index, block in enumerate(walked)}
    result = []
    for block in kept:
        at = order.get(id(block))
        path = block.heading
        if at is not None:
            # The innermost dropped heading first: its parent's path still
            # starts with the outer one's.
            for index, own, parent, end in reversed(dropped):
                if index < at < end and (
                    path == own or path.startswith(own + HEADING_SEPARATOR)
                ):
                    rest = path[len(own) :]
                    path = (
                        parent + rest
                        if parent
                        else rest.removeprefix(HEADING_SEPARATOR)
                    )
        result.append(block if path == block.heading else replace(block, heading=path))
    return result


def _set_heading(path: dict[int, str], level: int, text: str) -> str:
    """Put a heading into ``path`` (level to text) and return the new path."""
    for deeper in [known for known in path if known >= level]:
        del path[deeper]
    if text:
        path[level] = text
    return HEADING_SEPARATOR.join(path[known] for known in sorted(path))
