"""Where a block stands on its page: repeated, outside the article, or in chrome.

The article span runs from the first substantial paragraph to the last; a page
with none counts as article throughout. A heading named as chrome opens a
chrome section: the heading and its opening are discarded outright until the
first block that reads like content, and the whole section, up to a heading of
the same or higher rank, is chrome context for placement.
"""

from __future__ import annotations

import string
from dataclasses import dataclass

from pagechunk.clean.measure import PageFacts, reads_like_content
from pagechunk.clean.tail import read_tail
from pagechunk.model import CODE, HEADING, Block
from pagechunk.options import CleanOptions

__all__ = [
    "PagePlacement",
    "heading_name",
    "prune_emptied_headings",
    "read_placement",
]


_NAME_TRIM = string.punctuation + string.whitespace + "\u00b6\u00a7\u2022\u00b7\u203a"


def heading_name(text: str) -> str:
    """A heading's text as it is looked up in a chrome-heading set."""
    return " ".join(text.casefold().split()).strip(_NAME_TRIM)


@dataclass(frozen=True, slots=True)
class PagePlacement:
    """Where each block stands on its page, by index: the evidence of
    placement the rules read.

    Attributes:
        repeated: The block is a short link block whose text the page repeats.
        article_start: Index of the first substantial paragraph (0 if none).
        article_end: Index of the last one (the last block if none).
        chrome_opening: The block sits in the discarded opening of a chrome
            section.
        chrome_context: The block sits anywhere in a chrome section.
        menu_links: The links of the menu the block belongs to: every
            link-dense block of its kind under its heading path. HTML gives
            each menu entry its own block, and the menu is what has a size.
        tail_note: The block is a note after the article's last sentence,
            or follows one there (see :mod:`pagechunk.clean.tail`).
        tail_label: The block is a label under a heading that stands after
            the article's last sentence.
    """

    repeated: list[bool]
    article_start: int
    article_end: int
    chrome_opening: list[bool]
    chrome_context: list[bool]
    menu_links: list[int]
    tail_note: list[bool]
    tail_label: list[bool]


def read_placement(
    blocks: list[Block], facts: PageFacts, options: CleanOptions
) -> PagePlacement:
    """Read where the blocks of a page stand, one pass per kind of evidence."""
    repeated = _repeated_link_blocks(blocks, facts, options)
    start, end = _article_span(blocks, facts, options)
    opening, context = _chrome_sections(blocks, facts, repeated, options)
    menus = _menu_links(blocks, facts, options)
    notes, labels = read_tail(blocks, facts, repeated, options)
    return PagePlacement(repeated, start, end, opening, context, menus, notes, labels)


def _short_link_blocks(
    blocks: list[Block], facts: PageFacts, options: CleanOptions
) -> list[int]:
    # Only blocks that no earlier rule protects can repeat: keeping the set
    # fixed keeps cleaning idempotent.
    top = options.min_prose_chars
    return [
        index
        for index, (links, readable) in enumerate(
            zip(facts.links, facts.readable, strict=True)
        )
        if links and 0 < readable < top and blocks[index].kind not in (HEADING, CODE)
    ]


def _repeated_link_blocks(
    blocks: list[Block], facts: PageFacts, options: CleanOptions
) -> list[bool]:
    by_text: dict[str, list[int]] = {}
    for index in _short_link_blocks(blocks, facts, options):
        by_text.setdefault(blocks[index].text, []).append(index)
    # Equal texts share a key, so each distinct text is normalised once.
    by_key: dict[str, list[int]] = {}
    for text, indices in by_text.items():
        by_key.setdefault(" ".join(text.split()), []).extend(indices)
    repeated = [False] * len(blocks)
    for indices in by_key.values():
        if len(indices) > 1:
            for index in indices:
                repeated[index] = True
    return repeated


def _menu_links(
    blocks: list[Block], facts: PageFacts, options: CleanOptions
) -> list[int]:
    # Grouping by attributes, not adjacency, keeps cleaning idempotent:
    # removing a block never merges two groups.
    density = options.link_density
    menus: dict[tuple[str, str], int] = {}
    for index, (links, share) in enumerate(
        zip(facts.links, facts.link_share, strict=True)
    ):
        if links and share >= density:
            key = blocks[index].kind, blocks[index].heading
            menus[key] = menus.get(key, 0) + links
    if not menus:
        return [0] * len(blocks)
    return [menus.get((block.kind, block.heading), 0) for block in blocks]


def _is_substantial(
    blocks: list[Block], facts: PageFacts, index: int, options: CleanOptions
) -> bool:
    return (
        facts.own_readable(index) >= options.min_prose_chars
        and facts.link_share[index] < options.link_density
        and blocks[index].kind not in (HEADING, CODE)
    )


def _article_span(
    blocks: list[Block], facts: PageFacts, options: CleanOptions
) -> tuple[int, int]:
    # Only substantial paragraphs can hold min_prose_chars readable characters,
    # so the search looks no further than the blocks that do.
    top = options.min_prose_chars
    large = [index for index, count in enumerate(facts.readable) if count >= top]
    substantial = (
        index for index in large if _is_substantial(blocks, facts, index, options)
    )
    start = next(substantial, None)
    if start is None:
        return 0, len(blocks) - 1
    end = next(
        index
        for index in reversed(large)
        if _is_substantial(blocks, facts, index, options)
    )
    return start, end


def _chrome_sections(
    blocks: list[Block],
    facts: PageFacts,
    repeated: list[bool],
    options: CleanOptions,
) -> tuple[list[bool], list[bool]]:
    opening = [False] * len(blocks)
    context = [False] * len(blocks)
    first = _first_chrome_heading(blocks, options)
    if first is None:
        return opening, context
    section_level = 0  # rank of the heading that opened the chrome section
    discarding = False
    for index in range(first, len(blocks)):
        block = blocks[index]
        if block.kind == HEADING:
            level = block.level or 6
            if section_level and level <= section_level:
                section_level, discarding = 0, False
            if heading_name(block.text) in options.chrome_headings:
                # The heading names chrome, so it goes with its opening even
                # when the article starts right under it.
                section_level = section_level or level
                discarding = True
        elif (
            discarding
            and not repeated[index]
            and reads_like_content(block, facts, index, options)
        ):
            discarding = False
        opening[index] = discarding
        context[index] = bool(section_level)
    return opening, context


def _first_chrome_heading(blocks: list[Block], options: CleanOptions) -> int | None:
    """The index of the first heading named as chrome; no chrome section can
    open before it."""
    chrome: dict[str, bool] = {}  # heading text: whether it names chrome
    for index, block in enumerate(blocks):
        if block.kind != HEADING:
            continue
        named = chrome.get(block.text)
        if named is None:
            named = heading_name(block.text) in options.chrome_headings
            chrome[block.text] = named
        if named:
            return index
    return None


def prune_emptied_headings(blocks: list[Block], keep: list[bool]) -> None:
    """Drop kept headings whose section had content and lost all of it.

    A heading's section runs to the next heading of the same or higher rank;
    only non-heading blocks count as its content.
    """
    if all(keep):
        return  # no section lost anything
    # Each open heading: [index, level, had content, kept content].
    open_headings: list[list[int]] = []
    for index, block in enumerate(blocks):
        if block.kind == HEADING:
            level = block.level or 6
            while open_headings and open_headings[-1][1] >= level:
                _close_heading(open_headings, keep)
            open_headings.append([index, level, 0, 0])
        elif open_headings:
            top = open_headings[-1]
            top[2] = 1
            top[3] |= keep[index]
    while open_headings:
        _close_heading(open_headings, keep)


def _close_heading(open_headings: list[list[int]], keep: list[bool]) -> None:
    index, _level, had_content, kept_content = open_headings.pop()
    if had_content and not kept_content:
        keep[index] = False
    if open_headings:
        parent = open_headings[-1]
        parent[2] |= had_content
        parent[3] |= kept_content
