"""Block-level boilerplate cleaning (stub, being written)."""

from __future__ import annotations

CHROME_HEADINGS = frozenset()


def clean_blocks(blocks, *, site, **options):
    raise NotImplementedError


def clean_markdown(markdown, *, media_type, source_uri, **options):
    raise NotImplementedError
