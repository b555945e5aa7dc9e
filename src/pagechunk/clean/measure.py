"""What the cleaner reads off one block: readable characters and links.

Readable characters are letters and digits (``str.isalnum``): what a reader
reads, whatever the punctuation, markup or spacing around it.
"""

from __future__ import annotations

from dataclasses import dataclass

from pagechunk.model import Block

__all__ = ["BlockFacts", "Limits", "measure", "readable_chars", "reads_like_content"]

_ASCII_UNREADABLE = bytes(code for code in range(128) if not chr(code).isalnum())

# Common marks outside ASCII; removing them first lets str.isalnum settle most
# non-ASCII text in C instead of testing every character from Python.
_WIDE_MARKS = (
    "\u2019\u201c\u201d\u2018\u2014\u2013\xa0\u2026\u00b7\u2022\u00ab\u00bb"
    "\u00a9\u200b\u3002\u3001\u300c\u300d\uff08\uff09\uff0c\uff1a\uff01\uff1f"
)


def readable_chars(text: str) -> int:
    """How many letters and digits ``text`` holds."""
    if text.isascii():
        return len(text.encode("ascii").translate(None, _ASCII_UNREADABLE))
    packed = (
        text.encode("utf-8", "surrogatepass")
        .translate(None, _ASCII_UNREADABLE)
        .decode("utf-8", "surrogatepass")
    )
    if packed.isalnum() or not packed:
        return len(packed)
    for mark in _WIDE_MARKS:
        if mark in packed:
            packed = packed.replace(mark, "")
            if packed.isalnum():
                return len(packed)
    return sum(map(str.isalnum, packed))


@dataclass(frozen=True, slots=True)
class Limits:
    """The thresholds of one cleaning run (see :func:`pagechunk.clean_blocks`)."""

    link_density: float
    min_prose_chars: int
    min_intro_chars: int
    min_menu_links: int
    max_menu_chars: int
    chrome_headings: frozenset[str]


@dataclass(frozen=True, slots=True)
class BlockFacts:
    """The measures of one block, taken once.

    Attributes:
        readable: Letters and digits in the block's text.
        link_readable: Letters and digits inside its link labels, at most
            ``readable``.
        links: How many links the block holds.
    """

    readable: int
    link_readable: int
    links: int

    @property
    def link_share(self) -> float:
        """The part of the readable text that sits inside link labels."""
        return self.link_readable / self.readable if self.readable else 1.0

    @property
    def own_readable(self) -> int:
        """Readable characters outside link labels."""
        return self.readable - self.link_readable


def measure(block: Block) -> BlockFacts:
    """Measure a block."""
    readable = readable_chars(block.text)
    if not block.links:
        return BlockFacts(readable, 0, 0)
    labels = " ".join([link.label for link in block.links])
    return BlockFacts(readable, min(readable, readable_chars(labels)), len(block.links))


def reads_like_content(block: Block, facts: BlockFacts, limits: Limits) -> bool:
    """Whether a block reads like content: code, or ``min_intro_chars`` of
    readable text with a link share under ``link_density``."""
    if block.kind == "code":
        return True
    return (
        block.kind != "heading"
        and facts.readable >= limits.min_intro_chars
        and facts.link_share < limits.link_density
    )
