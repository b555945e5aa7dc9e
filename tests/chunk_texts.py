"""What the chunking tests read off chunks: their texts, and bodies without a
prefix."""

from __future__ import annotations

from unittest.mock import ANY

from pagechunk import MAX_CHARS, TARGET_CHARS, Block, Chunk, chunk_blocks


def texts(chunks: list[Chunk]) -> list[str]:
    """The text of each chunk, in order."""
    return [chunk.text for chunk in chunks]


def bodies(
    blocks: list[Block],
    *,
    target_chars: int | None = TARGET_CHARS,
    max_chars: int | None = MAX_CHARS,
) -> list[str]:
    """The chunk texts when no prefix is asked for."""
    chunks = chunk_blocks(
        blocks, target_chars=target_chars, max_chars=max_chars, prefix=False
    )
    return texts(chunks)


MODEL_KEYS = {"page_type": ANY, "confidence": ANY}
"""The metadata keys whose values come from models (the page type and the
extraction confidence): any value compares equal."""


GREEN_TEA = (
    "Green tea is steeped at eighty degrees for two minutes. Hotter water scalds"
    " the leaves and draws out their bitterness, and so does a longer steep, so a"
    " thermometer and a timer do more for the cup than a fine pot. The same leaves"
    " can be steeped three or four times, a little longer each time, before they"
    " are spent."
)
BLACK_TEA = (
    "Black tea takes boiling water and four minutes. Its leaves are fully"
    " oxidised, so they stand the heat that would spoil a green tea, and they give"
    " a strong, dark cup that takes milk well. Steep them much past five minutes,"
    " though, and the tannins take over: the cup turns harsh however much milk"
    " goes in."
)
"""Two paragraphs for the tea page of the framework tests: each too long for
its section to be joined to the other's in one chunk."""
