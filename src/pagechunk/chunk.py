"""Packing blocks into chunks (stub, being written)."""

from __future__ import annotations


def chunk_blocks(blocks, *, title="", target_chars=1200, max_chars=2000, prefix=True):
    raise NotImplementedError


def chunk_markdown(markdown, *, title="", target_chars=1200, max_chars=2000, prefix=True):
    raise NotImplementedError
