"""The whole pipeline in one call: parse, clean, then chunk.

:func:`extract` stops after cleaning and returns the page; :func:`chunk_html`
goes on to chunks. The site that decides which links are site-local is the
base URL given, else the page's ``<base href>``, ``<link rel=canonical>`` or
``og:url``; a page naming none treats only relative links as local.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pagechunk.chunk import chunk_blocks
from pagechunk.clean import SiteMemory, clean_blocks, cleaning_enabled
from pagechunk.html.parse import drop_site_suffix, first_language, parse_document
from pagechunk.model import MAX_CHARS, TARGET_CHARS, Chunk, ParsedPage

__all__ = ["chunk_html", "extract", "page_chunks"]


def extract(
    html: str | bytes,
    *,
    base_url: str | None = None,
    clean: bool = True,
    max_bytes: int | None = None,
    strict: bool = False,
    memory: SiteMemory | None = None,
    content_language: str | None = None,
    title_suffix: str | None = None,
    **parse_options: Any,
) -> ParsedPage:
    """Parse a page, narrow it to its article and drop its chrome blocks.

    Cleaning has two steps: :mod:`pagechunk.html.focus` picks the subtree that
    holds the article and removes boxes named as comments, sharing, related
    links and the like inside it; :func:`~pagechunk.clean_blocks` then drops
    the blocks that read as menus. ``clean=False`` (or the environment switch
    ``PAGECHUNK_BOILERPLATE=off``) skips both and returns what
    :func:`~pagechunk.parse_html` returns; ``focus=False`` skips the first.

    Args:
        html: The page, as text or as the fetched bytes.
        base_url: Where the page came from; it resolves relative links and
            names the page's site.
        clean: Whether to clean at all (the environment switch
            ``PAGECHUNK_BOILERPLATE=off`` also turns it off).
        max_bytes: The largest document accepted, in bytes (text counts as
            UTF-8); None accepts any size.
        strict: Raise :class:`~pagechunk.DecodeError` for what cannot be
            decoded, instead of reading it as U+FFFD.
        memory: The site memory of a crawl, as
            :func:`~pagechunk.clean_blocks` takes it; the page is observed
            into it when cleaning runs.
        content_language: The HTTP ``Content-Language`` header, the page's
            ``lang`` (its first tag) when the page declares none.
        title_suffix: ``"auto"`` drops a site name after the title (``" |
            Acme"``) when it matches ``og:site_name`` or the host of the
            page's ``url``, as :func:`~pagechunk.parse.drop_site_suffix`
            says; None keeps the title whole.
        **parse_options: Further keyword arguments of
            :func:`~pagechunk.parse_html`, ``tables`` (default here:
            ``"grid"``, one block per table row), ``focus`` (default:
            ``clean``) to turn the article-narrowing step on or off on its
            own, and ``links=False`` to leave :attr:`ParsedPage.links` empty
            when it is not needed, which saves time on link-heavy pages.

    Returns:
        The parsed page, its blocks cleaned; title, links and robots
        directives are those of the whole page.

    Raises:
        InputTooLarge: The document is over ``max_bytes``.
        DecodeError: With ``strict``, as :func:`~pagechunk.parse_html` says.
        TypeError: ``html`` is neither text nor bytes, or an option is
            unknown.
        ValueError: ``title_suffix`` is neither None nor ``"auto"``, or
            ``tables`` names no table mode.
    """
    if title_suffix not in (None, "auto"):
        raise ValueError(f"title_suffix must be None or 'auto', not {title_suffix!r}")
    cleaning = clean and cleaning_enabled()
    parse_options.setdefault("focus", cleaning)
    parse_options.setdefault("tables", "grid")
    document = parse_document(
        html, base_url=base_url, max_bytes=max_bytes, strict=strict, **parse_options
    )
    page = document.page
    if not page.lang:
        page.lang = first_language(content_language)
    if title_suffix == "auto":
        page.title = drop_site_suffix(
            page.title, site_name=document.site_name, url=page.url
        )
    if cleaning:
        page.blocks = clean_blocks(page.blocks, site=document.site, memory=memory)
    return page


def chunk_html(
    html: str | bytes,
    *,
    base_url: str | None = None,
    clean: bool = True,
    target_chars: int | None = TARGET_CHARS,
    max_chars: int | None = MAX_CHARS,
    prefix: bool = True,
    max_bytes: int | None = None,
    strict: bool = False,
    memory: SiteMemory | None = None,
    content_language: str | None = None,
    title_suffix: str | None = None,
    length: Callable[[str], int] | None = None,
    overlap_chars: int = 0,
    table_header: bool = True,
    **parse_options: Any,
) -> list[Chunk]:
    """Turn a page into chunks: :func:`extract`, then
    :func:`~pagechunk.chunk_blocks` with the page's title.

    The size, prefix, ``length``, ``overlap_chars`` and ``table_header``
    arguments are those of :func:`~pagechunk.chunk_blocks`, except that a
    table's header row is repeated by default here; the others are those of
    :func:`extract`, and so are the errors, with ``ValueError`` for a size
    below 1.
    """
    page = extract(
        html,
        base_url=base_url,
        clean=clean,
        max_bytes=max_bytes,
        strict=strict,
        memory=memory,
        content_language=content_language,
        title_suffix=title_suffix,
        **{"links": False, **parse_options},  # the link list is never read here
    )
    return page_chunks(
        page,
        target_chars=target_chars,
        max_chars=max_chars,
        prefix=prefix,
        length=length,
        overlap_chars=overlap_chars,
        table_header=table_header,
    )


def page_chunks(
    page: ParsedPage,
    *,
    target_chars: int | None = TARGET_CHARS,
    max_chars: int | None = MAX_CHARS,
    prefix: bool = True,
    length: Callable[[str], int] | None = None,
    overlap_chars: int = 0,
    table_header: bool = True,
) -> list[Chunk]:
    """The chunks of a parsed page, as :func:`chunk_html` makes them from
    what :func:`extract` returns: :func:`~pagechunk.chunk_blocks` with the
    page's title, ``url`` and ``lang``, repeating a table's header row by
    default.

    The arguments after ``page`` are those of
    :func:`~pagechunk.chunk_blocks`, and so are the errors.
    """
    return chunk_blocks(
        page.blocks,
        title=page.title,
        target_chars=target_chars,
        max_chars=max_chars,
        prefix=prefix,
        length=length,
        overlap_chars=overlap_chars,
        table_header=table_header,
        url=page.url,
        lang=page.lang,
    )
