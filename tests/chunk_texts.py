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
