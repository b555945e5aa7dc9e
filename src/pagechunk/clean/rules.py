"""The cleaning rules, one small predicate each, run in the order of RULES.

Each rule reads one kind of evidence about a block and either settles its
fate (:data:`KEEP` or :data:`DROP`) or passes it on to the next rule with
``None``. The order is the seed's: prose value first, then empty and repeated
link blocks, link shape, placement on the page, and size last; a block that
reaches the end of the list stays. The rules beyond the seed's (a chrome
section's opening, the notes and labels of the page's tail) run before the
seed's rule that keeps blocks without links, since what they find has none.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from pagechunk.clean.measure import PageFacts
from pagechunk.clean.placement import PagePlacement
from pagechunk.clean.site import LinkSites
from pagechunk.model import CODE, HEADING, Block
from pagechunk.options import CleanOptions

__all__ = [
    "DROP",
    "KEEP",
    "RULES",
    "Page",
    "Verdict",
    "chrome_opening",
    "dropping_rule",
    "empty_or_repeated",
    "judge",
    "menu_shaped",
    "menu_sized",
    "page_rules",
    "placed_like_chrome",
    "plain_text",
    "prose_value",
    "tail_label",
    "tail_note",
]


class Verdict(Enum):
    """What a rule decided about a block."""

    KEEP = "keep"
    DROP = "drop"


KEEP = Verdict.KEEP
DROP = Verdict.DROP


@dataclass(frozen=True, slots=True)
class Page:
    """Everything the rules read: the blocks, their measures and placement,
    the page's site and the thresholds."""

    blocks: list[Block]
    facts: PageFacts
    placement: PagePlacement
    sites: LinkSites
    options: CleanOptions


Rule = Callable[[Page, int], Verdict | None]


def prose_value(page: Page, index: int) -> Verdict | None:
    """Keep a block with at least ``min_prose_chars`` readable characters."""
    if page.facts.readable[index] >= page.options.min_prose_chars:
        return KEEP
    return None


def chrome_opening(page: Page, index: int) -> Verdict | None:
    """Drop what stands in the opening of a chrome section, before any content."""
    return DROP if page.placement.chrome_opening[index] else None


def tail_note(page: Page, index: int) -> Verdict | None:
    """Drop a credit, contact, call-to-action or disclosure note after the
    article's last sentence, and what follows it there."""
    return DROP if page.placement.tail_note[index] else None


def tail_label(page: Page, index: int) -> Verdict | None:
    """Drop a short label under a heading after the article's last sentence."""
    return DROP if page.placement.tail_label[index] else None


def plain_text(page: Page, index: int) -> Verdict | None:
    """Keep headings, code and blocks without links."""
    if page.blocks[index].kind in (HEADING, CODE) or not page.facts.links[index]:
        return KEEP
    return None


def empty_or_repeated(page: Page, index: int) -> Verdict | None:
    """Drop a link block with nothing to read, or one the page repeats."""
    if not page.facts.readable[index] or page.placement.repeated[index]:
        return DROP
    return None


def menu_shaped(page: Page, index: int) -> Verdict | None:
    """Keep a block unless links fill it and mostly stay on the site."""
    if page.facts.link_share[index] < page.options.link_density:
        return KEEP
    urls = [link.url for link in page.blocks[index].links]
    return None if page.sites.mostly_local(urls) else KEEP


def placed_like_chrome(page: Page, index: int) -> Verdict | None:
    """Keep a block unless it repeats, stands outside the article span or
    inside a chrome section."""
    placement = page.placement
    if (
        placement.repeated[index]
        or not placement.article_start <= index <= placement.article_end
        or placement.chrome_context[index]
    ):
        return None
    return KEEP


def menu_sized(page: Page, index: int) -> Verdict | None:
    """Drop a block whose menu runs ``min_menu_links`` links, or that fits in
    ``max_menu_chars`` readable characters.

    The menu is the block together with the other link-dense blocks of its
    kind under its heading path (see :class:`~pagechunk.clean.placement.PagePlacement`),
    so a list whose entries are blocks of their own is measured whole.
    """
    options = page.options
    if (
        page.placement.menu_links[index] >= options.min_menu_links
        or page.facts.readable[index] <= options.max_menu_chars
    ):
        return DROP
    return KEEP


RULES: tuple[Rule, ...] = (
    prose_value,  # seed rule 1: enough prose stays whatever else holds
    chrome_opening,  # a chrome section's opening goes outright
    tail_note,  # credits and calls to action after the article's last sentence
    tail_label,  # labels under a heading after the article's last sentence
    plain_text,  # seed rule 1: headings, code and link-less blocks stay
    empty_or_repeated,  # seed rule 2
    menu_shaped,  # seed rule 3
    placed_like_chrome,  # seed rule 4
    menu_sized,  # seed rule 5
)
"""The rules in the order they run; the first verdict wins."""


def page_rules(page: Page) -> tuple[Rule, ...]:
    """:data:`RULES` without those that can settle nothing on ``page``: a
    rule that drops only the blocks its mark of the page's placement names
    (:func:`chrome_opening`, :func:`tail_note`, :func:`tail_label`), when
    no block has that mark. Judging with them gives what judging with
    :data:`RULES` gives."""
    placement = page.placement
    idle = {
        rule
        for rule, marks in (
            (chrome_opening, placement.chrome_opening),
            (tail_note, placement.tail_note),
            (tail_label, placement.tail_label),
        )
        if not any(marks)
    }
    return tuple([rule for rule in RULES if rule not in idle]) if idle else RULES


def judge(page: Page, index: int, rules: tuple[Rule, ...] = RULES) -> bool:
    """Whether the block at ``index`` stays."""
    for rule in rules:
        verdict = rule(page, index)
        if verdict is not None:
            return verdict is KEEP
    return True


def dropping_rule(page: Page, index: int) -> str | None:
    """The name of the rule that drops the block at ``index``, None when it
    stays: :func:`judge`, told why (for ``explain``)."""
    for rule in RULES:
        verdict = rule(page, index)
        if verdict is not None:
            return None if verdict is KEEP else rule.__name__
    return None
