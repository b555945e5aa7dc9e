"""Block-level boilerplate cleaning: menus, footers, dialogs and sign-in links.

A block is dropped only when every kind of evidence agrees: it has little
prose of its own, links fill it and mostly stay on the page's own site, the
page's layout places it like chrome, and its size is a menu's. The rules run
in the order of :data:`pagechunk.clean.rules.RULES`; headings left over a
section that cleaning emptied are pruned last. Cleaning removes whole blocks
only, keeps their order, and cleaning its own output changes nothing.

Setting the environment variable ``PAGECHUNK_BOILERPLATE=off`` turns cleaning
off everywhere.

Beyond the seed, each with the evidence it reads:

- A heading named as chrome goes with its section's opening, even when the
  article starts right under it (the heading's name).
- A menu's size is counted over all link-dense blocks of one kind under one
  heading path, since HTML gives each menu entry a block of its own (kind,
  heading path and link share of the neighbouring entries).
- A substantial paragraph, which bounds the article span, needs its prose
  outside link labels (link labels are not the article's own text).
- In Markdown, an image is a link whose label reads as nothing, so rows of
  badges have nothing to read (the ``![alt](src)`` syntax).
- After the article's last sentence of its own, a short credit, contact,
  call-to-action or disclosure line goes, and the short blocks after it
  (position after every block that reads like content, size under
  ``min_prose_chars``, and a short list of English phrases, see
  :mod:`pagechunk.clean.tail`).
- After that sentence, a heading opens page furniture: the short labels
  without links under it go, such as the lone "comments" of a comment widget
  (position, a heading in the tail, no links, under ``min_intro_chars``).
- Given a :class:`~pagechunk.clean.memory.SiteMemory`, a short or
  link-bearing block that the site's other pages repeat goes when it stands
  outside the article span (pages of the same site, placement).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from itertools import compress
from typing import cast
from urllib.parse import urlsplit

from pagechunk.checks import check_blocks, check_text, check_type
from pagechunk.clean.measure import measure
from pagechunk.clean.memory import SiteMemory, block_signature
from pagechunk.clean.placement import (
    PagePlacement,
    prune_emptied_headings,
    read_placement,
)
from pagechunk.clean.rules import Page, dropping_rule, judge, page_rules
from pagechunk.clean.site import LinkSites
from pagechunk.markdown.read import read_blocks
from pagechunk.model import Block
from pagechunk.options import CleanOptions
from pagechunk.vocabulary import CHROME_HEADINGS, HTML_MEDIA_TYPES

__all__ = [
    "CHROME_HEADINGS",
    "CLEANED_MEDIA_TYPES",
    "SWITCH_VARIABLE",
    "SiteMemory",
    "clean_blocks",
    "clean_markdown",
    "clean_markdown_with",
    "clean_verdicts",
    "clean_with",
    "cleaning_enabled",
]

SWITCH_VARIABLE = "PAGECHUNK_BOILERPLATE"
"""The environment variable that turns cleaning off when set to ``off``."""

CLEANED_MEDIA_TYPES = HTML_MEDIA_TYPES
"""Media types of the originals whose Markdown :func:`clean_markdown` cleans:
:data:`pagechunk.vocabulary.HTML_MEDIA_TYPES`, under its older name."""

_OFF_VALUES = frozenset({"off", "0", "false", "no"})

_DEFAULT = CleanOptions()


def cleaning_enabled() -> bool:
    """Whether cleaning is on: :data:`SWITCH_VARIABLE` is not ``off``."""
    return os.environ.get(SWITCH_VARIABLE, "").strip().lower() not in _OFF_VALUES


def clean_blocks(
    blocks: Iterable[Block],
    *,
    site: str | None,
    link_density: float = _DEFAULT.link_density,
    min_prose_chars: int = _DEFAULT.min_prose_chars,
    min_intro_chars: int = _DEFAULT.min_intro_chars,
    min_menu_links: int = _DEFAULT.min_menu_links,
    max_menu_chars: int = _DEFAULT.max_menu_chars,
    chrome_headings: Iterable[str] = _DEFAULT.chrome_headings,
    memory: SiteMemory | None = None,
    min_site_pages: int = _DEFAULT.min_site_pages,
) -> list[Block]:
    """Drop the blocks that are page chrome, keeping the rest in order.

    Args:
        blocks: The page's blocks in document order, with their links.
        site: The page's URL or host; links into the same registrable domain
            are site-local. With None, only links without a host are.
        link_density: The share of readable characters inside link labels
            from which a block is shaped like a menu.
        min_prose_chars: Readable characters that make a block prose whatever
            its links; the first and last such paragraphs bound the article.
        min_intro_chars: Readable characters of prose that end the discarded
            opening of a chrome section.
        min_menu_links: Links that make a block as large as a menu.
        max_menu_chars: Readable characters a block fits in to be as small as
            a menu entry.
        chrome_headings: Lower-cased heading texts that open a chrome section.
        memory: What the site's other pages hold. The page is observed into
            it first (unless it is frozen), then a block it counts on
            ``min_site_pages`` pages of the site goes when it stands outside
            the article span, and the page's own rules judge what is left
            once more. None cleans the page on its own evidence.
        min_site_pages: Pages of the site, this one included, a block stands
            on to count as the site's chrome.

    Returns:
        The kept blocks, the same objects in the same order.

    Raises:
        ValueError: ``min_site_pages`` is below 1.
        TypeError: ``chrome_headings`` is a string, not a collection of
            names; ``blocks`` holds anything but :class:`Block` objects;
            ``site`` is neither text nor None; ``memory`` is no
            :class:`SiteMemory`; a threshold is not a number.
    """
    blocks = check_blocks(blocks)
    options = CleanOptions(
        link_density=link_density,
        min_prose_chars=min_prose_chars,
        min_intro_chars=min_intro_chars,
        min_menu_links=min_menu_links,
        max_menu_chars=max_menu_chars,
        # CleanOptions makes a frozenset of any collection of names.
        chrome_headings=cast(frozenset[str], chrome_headings),
        min_site_pages=min_site_pages,
    )
    return clean_with(blocks, options, site=site, memory=memory)


def clean_with(
    blocks: Iterable[Block],
    options: CleanOptions,
    *,
    site: str | None,
    memory: SiteMemory | None = None,
) -> list[Block]:
    """:func:`clean_blocks` with its thresholds as one object, as the
    pipeline holds them."""
    check_text("site", site, optional=True)
    check_type("memory", memory, SiteMemory, optional=True)
    listed = list(blocks)
    if not listed or not cleaning_enabled():
        return listed
    sites = LinkSites(site)
    keep, placement = _judge_page(listed, options, sites)
    if memory is not None:
        repeated = _site_chrome(listed, placement, memory, sites.key, options)
        rest = [i for i, kept in enumerate(keep) if kept and i not in repeated]
        if len(rest) < sum(keep):
            # The page's own rules judge what is left once more, so that
            # cleaning the result again, against the same memory, keeps it.
            listed = [listed[index] for index in rest]
            keep, _ = _judge_page(listed, options, sites)
    return list(compress(listed, keep))


def clean_verdicts(
    blocks: list[Block], options: CleanOptions, *, site: str | None
) -> list[str | None]:
    """For each block, the name of the rule that :func:`clean_with` drops it
    by (without a site memory), None for a block it keeps."""
    if not blocks:
        return []
    page = _page(blocks, options, LinkSites(site))
    verdicts = [dropping_rule(page, index) for index in range(len(blocks))]
    keep = [verdict is None for verdict in verdicts]
    prune_emptied_headings(blocks, keep)
    return [
        verdict or (None if kept else "heading_left_empty")
        for verdict, kept in zip(verdicts, keep, strict=True)
    ]


def _judge_page(
    blocks: list[Block], options: CleanOptions, sites: LinkSites
) -> tuple[list[bool], PagePlacement]:
    """Whether each block stays by the page's own evidence, emptied headings
    pruned, and the page's placement."""
    page = _page(blocks, options, sites)
    rules = page_rules(page)
    keep = [judge(page, index, rules) for index in range(len(blocks))]
    prune_emptied_headings(blocks, keep)
    return keep, page.placement


def _page(blocks: list[Block], options: CleanOptions, sites: LinkSites) -> Page:
    """What the rules read of a page: its blocks measured and placed."""
    facts = measure(blocks)
    return Page(blocks, facts, read_placement(blocks, facts, options), sites, options)


def _site_chrome(
    blocks: list[Block],
    placement: PagePlacement,
    memory: SiteMemory,
    site: str,
    options: CleanOptions,
) -> set[int]:
    """The blocks outside the article span that the site repeats on at least
    ``min_site_pages`` pages, observing the page into ``memory`` first unless
    it is frozen."""
    signatures = [block_signature(block) for block in blocks]
    if not memory.read_only:
        memory.record(site, [sign for sign in signatures if sign is not None])
    counts = memory.counts(site)
    pages = options.min_site_pages
    return {
        index
        for index, signature in enumerate(signatures)
        if signature is not None
        and not placement.article_start <= index <= placement.article_end
        and counts.get(signature, 0) >= pages
    }


def clean_markdown(
    markdown: str,
    *,
    media_type: str | None,
    source_uri: str | None,
    link_density: float = _DEFAULT.link_density,
    min_prose_chars: int = _DEFAULT.min_prose_chars,
    min_intro_chars: int = _DEFAULT.min_intro_chars,
    min_menu_links: int = _DEFAULT.min_menu_links,
    max_menu_chars: int = _DEFAULT.max_menu_chars,
    chrome_headings: Iterable[str] = _DEFAULT.chrome_headings,
    memory: SiteMemory | None = None,
    min_site_pages: int = _DEFAULT.min_site_pages,
) -> str:
    """Drop chrome blocks from Markdown converted from a web page.

    Only Markdown converted from an HTML original (``media_type`` of
    :data:`CLEANED_MEDIA_TYPES`, parameters ignored) fetched from an
    ``http`` or ``https`` ``source_uri`` is cleaned; any other text comes
    back untouched. Kept blocks come back exactly as written, joined by one
    blank line; the thresholds are those of :func:`clean_blocks`, with
    ``source_uri`` as the site, and so are ``memory`` and
    ``min_site_pages``, and the errors, with ``TypeError`` for a
    ``markdown`` that is not text and a ``media_type`` or ``source_uri``
    that is neither text nor None.
    """
    options = CleanOptions(
        link_density=link_density,
        min_prose_chars=min_prose_chars,
        min_intro_chars=min_intro_chars,
        min_menu_links=min_menu_links,
        max_menu_chars=max_menu_chars,
        chrome_headings=cast(frozenset[str], chrome_headings),
        min_site_pages=min_site_pages,
    )
    return clean_markdown_with(
        markdown, options, media_type=media_type, source_uri=source_uri, memory=memory
    )


def clean_markdown_with(
    markdown: str,
    options: CleanOptions,
    *,
    media_type: str | None,
    source_uri: str | None,
    memory: SiteMemory | None = None,
) -> str:
    """:func:`clean_markdown` with its thresholds as one object, as the
    pipeline holds them."""
    check_text("markdown", markdown)
    check_text("media_type", media_type, optional=True)
    check_text("source_uri", source_uri, optional=True)
    check_type("memory", memory, SiteMemory, optional=True)
    if not (cleaning_enabled() and _is_web_page(media_type, source_uri)):
        return markdown
    read = read_blocks(markdown)
    blocks = [block.seen() for block in read]
    kept = clean_with(blocks, options, site=source_uri, memory=memory)
    if len(kept) == len(blocks):
        return markdown
    kept_ids = {id(block) for block in kept}
    newline = "\r\n" if "\r\n" in markdown else "\n"
    text = (newline * 2).join(
        each.raw
        for each, block in zip(read, blocks, strict=True)
        if id(block) in kept_ids
    )
    return text + newline if text and markdown.endswith("\n") else text


def _is_web_page(media_type: str | None, source_uri: str | None) -> bool:
    """Whether the original was an HTML page fetched over HTTP(S)."""
    if not media_type or not source_uri:
        return False
    if media_type.split(";", 1)[0].strip().lower() not in HTML_MEDIA_TYPES:
        return False
    try:
        parts = urlsplit(source_uri.strip())
        host = parts.hostname
    except ValueError:
        return False
    return parts.scheme.lower() in ("http", "https") and bool(host)
