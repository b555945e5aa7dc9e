"""What the cleaner reads off one block: readable characters and links.

Readable characters are letters and digits (``str.isalnum``): what a reader
reads, whatever the punctuation, markup or spacing around it.
"""

from __future__ import annotations

from dataclasses import dataclass

from pagechunk.model import CODE, HEADING, Block
from pagechunk.options import CleanOptions

__all__ = ["PageFacts", "measure", "readable_chars", "reads_like_content"]

_ASCII_UNREADABLE = bytes(code for code in range(128) if not chr(code).isalnum())
_ASCII = bytes(range(128))
# In UTF-8 every byte of a character beyond ASCII is 128 or above, so deleting
# these bytes leaves one byte per ASCII letter or digit and nothing else.
_UNREADABLE_OR_WIDE = _ASCII_UNREADABLE + bytes(range(128, 256))

# Common marks outside ASCII; removing them first lets str.isalnum settle most
# non-ASCII text in C instead of testing every character from Python.
_WIDE_MARKS = (
    "\u2019\u201c\u201d\u2018\u2014\u2013\xa0\u2026\u00b7\u2022\u00ab\u00bb"
    "\u00a9\u200b\u3002\u3001\u300c\u300d\uff08\uff09\uff0c\uff1a\uff01\uff1f"
)
# Below this many characters beyond ASCII, testing each one costs less than
# looking for every mark.
_FEW_WIDE = 32


def readable_chars(text: str) -> int:
    """How many letters and digits ``text`` holds."""
    if text.isascii():
        return len(text.encode("ascii").translate(None, _ASCII_UNREADABLE))
    return _mixed_readable(text)


def _mixed_readable(text: str) -> int:
    """How many letters and digits ``text``, not all ASCII, holds."""
    # Lone surrogates pass through UTF-8 as three bytes of their own each, so
    # the characters beyond ASCII come back one for one, in order.
    raw = text.encode("utf-8", "surrogatepass")
    narrow = len(raw.translate(None, _UNREADABLE_OR_WIDE))
    return narrow + _wide_readable(
        raw.translate(None, _ASCII).decode("utf-8", "surrogatepass")
    )


def _wide_readable(wide: str) -> int:
    """How many letters and digits ``wide``, text without ASCII, holds."""
    if wide.isalnum():
        return len(wide)
    if len(wide) >= _FEW_WIDE:
        for mark in _WIDE_MARKS:
            if mark in wide:
                wide = wide.replace(mark, "")
                if wide.isalnum():
                    return len(wide)
    return sum(map(str.isalnum, wide))


@dataclass(frozen=True, slots=True)
class PageFacts:
    """The measures of a page's blocks, taken once, by block index.

    Kept as one list per measure rather than one object per block: a page can
    hold tens of thousands of blocks, and the rules read these lists often.

    Attributes:
        readable: Letters and digits in each block's text.
        link_readable: Letters and digits inside its link labels, at most
            its ``readable``.
        links: How many links it holds.
        link_share: The part of its readable text that sits inside link
            labels; 1.0 when it has nothing to read.
    """

    readable: list[int]
    link_readable: list[int]
    links: list[int]
    link_share: list[float]

    def own_readable(self, index: int) -> int:
        """Readable characters of the block at ``index`` outside link labels."""
        return self.readable[index] - self.link_readable[index]


def measure(blocks: list[Block]) -> PageFacts:
    """Measure a page's blocks."""
    readable = [readable_chars(block.text) for block in blocks]
    link_readable = [
        min(count, _label_readable(block)) if block.links else 0
        for block, count in zip(blocks, readable, strict=True)
    ]
    return PageFacts(
        readable,
        link_readable,
        [len(block.links) for block in blocks],
        [
            linked / count if count else 1.0
            for count, linked in zip(readable, link_readable, strict=True)
        ],
    )


def _label_readable(block: Block) -> int:
    """Letters and digits in a block's link labels."""
    return readable_chars(" ".join([link.label for link in block.links]))


def reads_like_content(
    block: Block, facts: PageFacts, index: int, options: CleanOptions
) -> bool:
    """Whether the block at ``index`` reads like content: code, or
    ``min_intro_chars`` of readable text with a link share under
    ``link_density``."""
    if block.kind == CODE:
        return True
    return (
        block.kind != HEADING
        and facts.readable[index] >= options.min_intro_chars
        and facts.link_share[index] < options.link_density
    )
