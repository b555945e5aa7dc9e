"""Token sizing stays linear: calls to the length function grow with the text.

A tokenizer is the slow part of token sizing, so ``chunk_blocks`` must not
measure growing joins again and again. Each document shape is chunked at 1x
and at 8x its size with a length function that counts its calls and the
characters it is given; both at 8x over 1x must stay under 10 (linear work
gives about 8, re-measuring joins gives about 64).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pagechunk import Block, chunk_blocks

FACTOR = 8
LIMIT = 10.0

_SENTENCE = "Linear time keeps a page twice as long at twice the work. "


class CountingLength:
    """About four characters a token, counting calls and characters."""

    def __init__(self) -> None:
        self.calls = 0
        self.chars = 0

    def __call__(self, text: str) -> int:
        self.calls += 1
        self.chars += len(text)
        return (len(text) + 3) // 4


def article(sections: int) -> list[Block]:
    """Sections of short and long paragraphs, items and a table."""
    blocks: list[Block] = []
    for number in range(sections):
        heading = f"Section {number}"
        blocks.append(Block(heading, heading, "heading", 2))
        blocks.append(Block(_SENTENCE * 3, heading))
        blocks.append(Block(_SENTENCE * 40, heading))
        blocks.append(Block(f"First point of {number}", heading, "item"))
        blocks.append(Block("Name | Value", heading, "row", header=True))
        blocks += [Block(f"row {row} | {row * 7}", heading, "row") for row in range(30)]
    return blocks


def one_long_paragraph(sentences: int) -> list[Block]:
    """A single paragraph far over the limit: many sentence splits."""
    return [Block(_SENTENCE * sentences)]


def unspaced_words(words: int) -> list[Block]:
    """One sentence with no stop and uneven spacing: word splits only."""
    return [Block("  ".join(f"word{number}" for number in range(words)))]


SHAPES: dict[str, tuple[Callable[[int], list[Block]], int]] = {
    "article": (article, 20),
    "long paragraph": (one_long_paragraph, 600),
    "unspaced words": (unspaced_words, 4000),
}


def measure(blocks: list[Block]) -> CountingLength:
    length = CountingLength()
    chunk_blocks(
        blocks,
        title="Token calls",
        target_chars=300,
        max_chars=500,
        length=length,
        overlap_chars=50,
        table_header=True,
    )
    return length


@pytest.mark.parametrize("shape", SHAPES)
def test_length_calls_grow_linearly(shape: str, summary: list[str]) -> None:
    build, size = SHAPES[shape]
    small = measure(build(size))
    large = measure(build(size * FACTOR))
    calls = large.calls / small.calls
    chars = large.chars / small.chars
    summary.append(
        f"token calls, {shape}: {small.calls} -> {large.calls} calls ({calls:.2f}x), "
        f"{small.chars} -> {large.chars} chars measured ({chars:.2f}x) at {FACTOR}x"
    )
    assert calls < LIMIT
    assert chars < LIMIT
