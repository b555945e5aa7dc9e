"""The whole pipeline in one call: parse, clean, then chunk.

:func:`extract` stops after cleaning and returns the page; :func:`chunk_html`
goes on to chunks. The site that decides which links are site-local is the
base URL given, else the page's ``<base href>``, ``<link rel=canonical>`` or
``og:url``; a page naming none treats only relative links as local.
"""

from __future__ import annotations

from typing import Any

from pagechunk.chunk import chunk_blocks
from pagechunk.clean import clean_blocks
from pagechunk.model import MAX_CHARS, TARGET_CHARS, Chunk, ParsedPage
from pagechunk.parse import parse_document

__all__ = ["chunk_html", "extract"]


def extract(
    html: str | bytes,
    *,
    base_url: str | None = None,
    clean: bool = True,
    **parse_options: Any,
) -> ParsedPage:
    """Parse a page with :func:`~pagechunk.parse_html` and drop its chrome blocks.

    Args:
        html: The page, as text or as the fetched bytes.
        base_url: Where the page came from; it resolves relative links and
            names the page's site.
        clean: Whether to apply :func:`~pagechunk.clean_blocks` (the
            environment switch ``PAGECHUNK_BOILERPLATE=off`` also turns it off).
        **parse_options: Further keyword arguments of
            :func:`~pagechunk.parse_html`.

    Returns:
        The parsed page, its blocks cleaned; title, links and robots
        directives are those of the whole page.
    """
    document = parse_document(html, base_url=base_url, **parse_options)
    page = document.page
    if clean:
        page.blocks = clean_blocks(page.blocks, site=document.site)
    return page


def chunk_html(
    html: str | bytes,
    *,
    base_url: str | None = None,
    clean: bool = True,
    target_chars: int | None = TARGET_CHARS,
    max_chars: int | None = MAX_CHARS,
    prefix: bool = True,
    **parse_options: Any,
) -> list[Chunk]:
    """Turn a page into chunks: :func:`extract`, then
    :func:`~pagechunk.chunk_blocks` with the page's title.

    The size and prefix arguments are those of :func:`~pagechunk.chunk_blocks`;
    the others are those of :func:`extract`.
    """
    page = extract(html, base_url=base_url, clean=clean, **parse_options)
    return chunk_blocks(
        page.blocks,
        title=page.title,
        target_chars=target_chars,
        max_chars=max_chars,
        prefix=prefix,
    )
