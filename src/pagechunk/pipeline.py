"""The whole pipeline in one call: parse, clean, then chunk.

:func:`extract` stops after cleaning and returns the page; :func:`chunk_html`
goes on to chunks; :func:`markdown_page` reads Markdown into the same page.
Each takes the pipeline's options as one :class:`~pagechunk.options.Options`
object (``options=``), or as keyword arguments that change the defaults one
by one. The site that decides which links are site-local is the base URL
given, else the page's ``<base href>``, ``<link rel=canonical>`` or
``og:url``; a page naming none treats only relative links as local.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pagechunk.chunk import chunk_blocks
from pagechunk.clean import SiteMemory, clean_blocks, clean_markdown, cleaning_enabled
from pagechunk.html.parse import drop_site_suffix, first_language, parse_document
from pagechunk.markdown.read import read_markdown
from pagechunk.model import HEADING, Chunk, ParsedPage
from pagechunk.options import ChunkOptions, Options

__all__ = ["chunk_html", "extract", "markdown_page", "page_chunks"]

_DEFAULT = Options()
_CHUNK = _DEFAULT.chunk


def extract(
    html: str | bytes,
    *,
    base_url: str | None = None,
    clean: bool = _DEFAULT.clean,
    max_bytes: int | None = _DEFAULT.parse.max_bytes,
    strict: bool = _DEFAULT.parse.strict,
    memory: SiteMemory | None = None,
    content_language: str | None = None,
    title_suffix: str | None = _DEFAULT.title_suffix,
    encoding: str | None = None,
    options: Options | None = None,
    **parse_options: Any,
) -> ParsedPage:
    """Parse a page, narrow it to its article and drop its chrome blocks.

    Cleaning has two steps: :mod:`pagechunk.html.focus` picks the subtree that
    holds the article and removes boxes named as comments, sharing, related
    links and the like inside it; :func:`~pagechunk.clean_blocks` then drops
    the blocks that read as menus. ``clean=False`` (or the environment switch
    ``PAGECHUNK_BOILERPLATE=off``) skips both; ``focus=False`` skips the
    first.

    With ``clean=False`` the page is what :func:`~pagechunk.parse_html`
    returns with ``tables="grid"`` (the pipeline reads a data table one row a
    block): the same blocks, title, links and robots flags. Pass
    ``tables="text"`` to get exactly ``parse_html``'s default reading.

    Args:
        html: The page, as text or as the fetched bytes.
        base_url: Where the page came from; it resolves relative links and
            names the page's site.
        clean: Whether to clean at all.
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
            page's ``url``, as :func:`~pagechunk.html.parse.drop_site_suffix`
            says; None keeps the title whole.
        encoding: For bytes, the charset the server declared.
        options: All the pipeline's options at once; the keyword arguments
            above and below change them one by one.
        **parse_options: Further options by name (see
            :class:`~pagechunk.options.Options`): those of
            :func:`~pagechunk.parse_html`, ``tables`` (default here:
            ``"grid"``), ``focus`` (default: ``clean``), ``links=False`` to
            leave :attr:`ParsedPage.links` empty when it is not needed, and
            the cleaning thresholds of :func:`~pagechunk.clean_blocks`.

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
    settings = (options or _DEFAULT).with_values(
        clean=clean,
        max_bytes=max_bytes,
        strict=strict,
        title_suffix=title_suffix,
        **parse_options,
    )
    return extract_page(
        html,
        settings,
        base_url=base_url,
        encoding=encoding,
        content_language=content_language,
        memory=memory,
    )


def extract_page(
    html: str | bytes,
    options: Options,
    *,
    base_url: str | None = None,
    encoding: str | None = None,
    content_language: str | None = None,
    memory: SiteMemory | None = None,
) -> ParsedPage:
    """:func:`extract` with its options as one object."""
    cleaning = options.clean and cleaning_enabled()
    focus = cleaning if options.focus is None else options.focus
    parse = options.parse
    document = parse_document(
        html,
        base_url=base_url,
        encoding=encoding,
        content_tags=parse.content_tags,
        drop_tags=parse.drop_tags,
        chrome_tags=parse.chrome_tags,
        drop_roles=parse.drop_roles,
        drop_hidden=parse.drop_hidden,
        strip_chars=parse.strip_chars,
        robots_names=parse.robots_names,
        focus=focus,
        max_bytes=parse.max_bytes,
        strict=parse.strict,
        tables=parse.tables,
        links=parse.links,
    )
    page = document.page
    if not page.lang:
        page.lang = first_language(content_language)
    if options.title_suffix == "auto":
        page.title = drop_site_suffix(
            page.title, site_name=document.site_name, url=page.url
        )
    if cleaning:
        limits = options.cleaning
        page.blocks = clean_blocks(
            page.blocks,
            site=document.site,
            memory=memory,
            link_density=limits.link_density,
            min_prose_chars=limits.min_prose_chars,
            min_intro_chars=limits.min_intro_chars,
            min_menu_links=limits.min_menu_links,
            max_menu_chars=limits.max_menu_chars,
            chrome_headings=limits.chrome_headings,
            min_site_pages=limits.min_site_pages,
        )
    return page


def markdown_page(
    markdown: str | bytes,
    options: Options = _DEFAULT,
    *,
    url: str | None = None,
    encoding: str | None = None,
    content_language: str | None = None,
    memory: SiteMemory | None = None,
) -> ParsedPage:
    """Markdown (from any converter) as a page, as :func:`extract` makes one
    of HTML: its blocks, cleaned when ``options.clean`` is set and ``url``
    is an http(s) address, titled by its first heading when that is a
    level-1 ``#`` heading, with no links and no robots directives.

    Bytes are decoded as ``encoding`` (UTF-8 when it is None or names no
    codec), undecodable bytes read as U+FFFD.
    """
    if isinstance(markdown, bytes):
        markdown = _decode(markdown, encoding)
    if options.clean and url:
        limits = options.cleaning
        markdown = clean_markdown(
            markdown,
            media_type="text/html",
            source_uri=url,
            memory=memory,
            link_density=limits.link_density,
            min_prose_chars=limits.min_prose_chars,
            min_intro_chars=limits.min_intro_chars,
            min_menu_links=limits.min_menu_links,
            max_menu_chars=limits.max_menu_chars,
            chrome_headings=limits.chrome_headings,
            min_site_pages=limits.min_site_pages,
        )
    blocks = read_markdown(markdown)
    first = next((block for block in blocks if block.kind == HEADING), None)
    return ParsedPage(
        title=first.text if first and first.level == 1 else "",
        blocks=blocks,
        links=[],
        url=url or "",
        lang=first_language(content_language),
    )


def _decode(data: bytes, encoding: str | None) -> str:
    try:
        return data.decode(encoding or "utf-8-sig", "replace")
    except LookupError:
        return data.decode("utf-8-sig", "replace")


def chunk_html(
    html: str | bytes,
    *,
    base_url: str | None = None,
    clean: bool = _DEFAULT.clean,
    target_chars: int | None = _CHUNK.target_chars,
    max_chars: int | None = _CHUNK.max_chars,
    prefix: bool = _CHUNK.prefix,
    max_bytes: int | None = _DEFAULT.parse.max_bytes,
    strict: bool = _DEFAULT.parse.strict,
    memory: SiteMemory | None = None,
    content_language: str | None = None,
    title_suffix: str | None = _DEFAULT.title_suffix,
    length: Callable[[str], int] | None = _CHUNK.length,
    overlap_chars: int = _CHUNK.overlap_chars,
    table_header: bool = _CHUNK.table_header,
    encoding: str | None = None,
    options: Options | None = None,
    **parse_options: Any,
) -> list[Chunk]:
    """Turn a page into chunks: :func:`extract`, then
    :func:`~pagechunk.chunk_blocks` with the page's title, URL and language.

    The size, prefix, ``length``, ``overlap_chars`` and ``table_header``
    arguments are those of :func:`~pagechunk.chunk_blocks`, except that a
    table's header row is repeated by default here; the others are those of
    :func:`extract`, and so are the errors, with ``ValueError`` for a size
    below 1. The page's link list is not read here, so it is not built.
    """
    settings = (options or _DEFAULT).with_values(
        clean=clean,
        max_bytes=max_bytes,
        strict=strict,
        title_suffix=title_suffix,
        target_chars=target_chars,
        max_chars=max_chars,
        prefix=prefix,
        length=length,
        overlap_chars=overlap_chars,
        table_header=table_header,
        **parse_options,
    )
    settings = replace(settings, parse=replace(settings.parse, links=False))
    page = extract_page(
        html,
        settings,
        base_url=base_url,
        encoding=encoding,
        content_language=content_language,
        memory=memory,
    )
    return page_chunks(page, settings.chunk)


def page_chunks(page: ParsedPage, options: ChunkOptions = _CHUNK) -> list[Chunk]:
    """The chunks of a parsed page, as :func:`chunk_html` makes them from
    what :func:`extract` returns: :func:`~pagechunk.chunk_blocks` with the
    page's title, ``url`` and ``lang``."""
    return chunk_blocks(
        page.blocks,
        title=page.title,
        target_chars=options.target_chars,
        max_chars=options.max_chars,
        prefix=options.prefix,
        length=options.length,
        overlap_chars=options.overlap_chars,
        table_header=options.table_header,
        url=page.url,
        lang=page.lang,
    )
