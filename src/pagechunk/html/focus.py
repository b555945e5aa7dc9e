"""Step 6, focus (the pipeline's, when cleaning): narrow a pruned tree to
the part holding the article.

:func:`~pagechunk.parse_html` keeps every content element whole, as the text
API says. :func:`~pagechunk.extract` asks :func:`focus_article` for the one
subtree holding the article, with the boilerplate inside it removed, and
walks only that. The rules run in this order; each function's docstring
names the evidence it reads:

1. :func:`survey`: prose, the text each block holds itself.
2. :func:`~pagechunk.html.names.name_kinds`: which ``class`` and ``id``
   words name comments, boilerplate or site chrome (trending stories and
   links to the previous and next articles among them).
3. :func:`densest`: the element credited with the most prose, like
   readability, weighed by names; teaser and comment articles add nothing up.
4. :func:`climb`: the ancestor the article grows to while each step adds
   mostly prose, never past a content element outside comments.
5. :func:`boilerplate_inside`: named boilerplate, comments and figures inside
   it are removed, unless they hold the densest element.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import cast

from lxml import etree

from pagechunk.html.names import (
    BOILERPLATE,
    CHROME,
    COMMENTS,
    NONE,
    NamedElement,
    Names,
    name_kinds,
)
from pagechunk.vocabulary import CONTENT_NAME_WORDS, LINE_TAGS, PROSE_TAGS

__all__ = [
    "BOILERPLATE",
    "CHROME",
    "CLIMB_SHARE",
    "COMMENTS",
    "DENSE_SHARE",
    "FOOTER_REPEATS",
    "FOOTER_WORDS",
    "ITEM_PROSE",
    "LOOSE_SHARE",
    "MIN_PROSE",
    "NONE",
    "Survey",
    "TAIL_PARAGRAPHS_MIN",
    "boilerplate_inside",
    "climb",
    "content_stops",
    "densest",
    "focus_article",
    "name_kinds",
    "survey",
]

MIN_PROSE = 25
"""Characters of its own text a block needs to count as prose."""

ITEM_PROSE = 150
"""Characters of its own text a list item needs to count as prose: a
paragraph set as an item (a product's feature told in full, a step
explained), not a menu's link or a short point."""

DENSE_SHARE = 0.7
"""Share of added text that must be prose for the container to grow."""

LOOSE_SHARE = 0.1
"""The same share while the container holds less than :data:`CLIMB_SHARE`."""

CLIMB_SHARE = 0.7
"""Share of the page's prose a container must hold to be choosy in growing."""

FOOTER_WORDS = frozenset(["footer"])
"""The chrome stems that, inside the article's container, name a box
:func:`boilerplate_inside` removes: the article's own footer (its tags,
share row, author and sign-up, as ``entry-footer`` or ``post-footer``), or
the site's when the container holds it. ``header`` holds the title, and
``widget`` a page builder's parts."""

FOOTER_REPEATS = 3
"""Footer boxes of one tag and ``class`` that are the footers of listed
items (a card's ``banner__footer`` with its summary), not the article's:
they stay. The same count as ``typed.FORM_REPEATS``."""

_DEMOTED = 0.2  # weight of a candidate named as boilerplate or in comments
_PROMOTED = 1.25  # weight of a candidate named with a content word
_SURVEYED_TAGS = (*PROSE_TAGS, "br", "li")
_DROP_MARK = "pagechunk-focus-drop"
_NO_KIND = -1  # a kind no element is named
_TEXT_LENGTH = etree.XPath("string-length(normalize-space(.))")


@dataclass(slots=True)
class Survey:
    """What one pass over the tree found.

    Attributes:
        prose: Prose characters of each element holding at least
            ``min_prose`` of its own, in document order (the elements whose
            lines ``<br>`` splits after the others).
        named: The kind of each element whose names or tag say one.
    """

    prose: dict[etree._Element, int]
    named: Names


TAIL_PARAGRAPHS_MIN = 2
"""Runs of prose, each of at least ``min_prose`` characters, that a box
must hold between the blocks inside it for that text to count as the box's
own prose (:func:`survey`): an article written as text between its
embedded videos and pictures, with no ``<p>`` around its paragraphs. One
such run alone is as often the text of hidden structured data after the
article's last block."""


def survey(root: etree._Element, min_prose: int = MIN_PROSE) -> Survey:
    """Measure the prose each block holds itself, in one tag-filtered pass
    over the tree; names are read later, for the elements asked about.

    Evidence: the text a block holds outside links and nested blocks, and the
    ``class`` and ``id`` values of blocks, lists and figures; a list item
    counts when it holds :data:`ITEM_PROSE` characters of its own text. A
    block's text after its ``<br>`` elements counts, and so does its text
    after its other children when :data:`TAIL_PARAGRAPHS_MIN` runs of it
    hold ``min_prose`` characters or more each.
    """
    prose: dict[etree._Element, int] = {}
    broken: dict[etree._Element, None] = {}  # in document order, see densest
    tails: dict[etree._Element, int] = {}  # prose after a child, by holder
    for element in root.iter(*_SURVEYED_TAGS):
        tag = element.tag
        if tag == "br":
            holder = element.getparent()
            if holder is not None:
                broken[holder] = None
        elif tag in LINE_TAGS:
            chars = _own_chars(element)
            if chars >= min_prose:
                prose[element] = chars
        else:
            least = ITEM_PROSE if tag == "li" else min_prose
            text = element.text
            if text and len(text) >= least:
                chars = len(text.strip())
                if chars >= least:
                    prose[element] = chars
        tail = element.tail
        if tail and len(tail) >= min_prose and not tail.isspace():
            holder = element.getparent()
            if holder is not None:
                tails[holder] = tails.get(holder, 0) + 1
    # Text that flows between the blocks a box holds (an article's
    # paragraphs between its embeds and pictures, with no <p> of their
    # own) counts as the box's, as lines split by <br> do.
    for holder, count in tails.items():
        if count >= TAIL_PARAGRAPHS_MIN:
            broken[holder] = None
    # Lines split by <br>: the text after each counts. Paragraphs counted it
    # above, unless one holds ``root`` (a <br>) and was not passed.
    outside = root.getparent()
    for holder in broken:
        tag = holder.tag
        if tag in PROSE_TAGS and (tag not in LINE_TAGS or holder is outside):
            chars = _own_chars(holder)
            if chars >= min_prose:
                prose[holder] = chars
    return Survey(prose, Names())


def _own_chars(element: etree._Element) -> int:
    """Characters of the element's own text, and of its children's tails."""
    text = element.text
    chars = len(text.strip()) if text else 0
    for child in element:
        tail = child.tail
        if tail:
            chars += len(tail.strip())
    return chars


def _credits(
    found: Survey, content: set[etree._Element]
) -> dict[etree._Element, float]:
    """Prose credited to the holder of each block and, by half, to the
    holder's parent, unless the holder is a content element or named."""
    credits: dict[etree._Element, float] = defaultdict(float)
    named = found.named
    for block, chars in found.prose.items():
        holder = block.getparent() if block.tag in LINE_TAGS else block
        if holder is None:
            continue
        credits[holder] += chars
        parent = holder.getparent()
        if parent is not None and holder not in content and named.kind(holder) == NONE:
            credits[parent] += chars / 2
    return credits


def _weight(
    element: etree._Element,
    named: Names,
    in_comments: dict[etree._Element, bool],
) -> float:
    if element in named or _below(element, named, COMMENTS, in_comments):
        return _DEMOTED
    names = f"{element.get('class') or ''} {element.get('id') or ''}".lower()
    if any(word in names for word in CONTENT_NAME_WORDS):
        return _PROMOTED
    return 1.0


def _below(
    element: etree._Element,
    named: Names,
    kind: int,
    known: dict[etree._Element, bool],
) -> bool:
    """Whether an ancestor of ``element`` is named ``kind``; ``known`` keeps
    the answer (for the element itself or above) for each element passed on
    the way up, so that a page's walks up stay linear."""
    path = []
    ancestor = element.getparent()
    while ancestor is not None and ancestor not in known:
        path.append(ancestor)
        ancestor = ancestor.getparent()
    verdict = ancestor is not None and known[ancestor]
    for passed in reversed(path):  # nearest the top first
        verdict = verdict or (kind != _NO_KIND and named.get(passed) == kind)
        known[passed] = verdict
    return verdict


def densest(found: Survey, content: set[etree._Element]) -> etree._Element | None:
    """The element credited with the most prose, weighed by its names; None
    when the page has no prose.

    Evidence: prose credited to each block's holder in full and to the
    holder's parent by half, never across a content element or a named
    holder; a candidate named as boilerplate or chrome, or inside comments,
    weighs a fifth, one named with a content word (article, content, entry,
    post, story, body, text) a quarter more.
    """
    best, best_score = None, 0.0
    credits = _credits(found, content)
    in_comments: dict[etree._Element, bool] = {}
    # Equal credits go to the element credited first (sorted is stable):
    # survey's order, never a set's, so the choice is the same every run.
    for element in sorted(credits, key=credits.__getitem__, reverse=True):
        credit = credits[element]
        if credit * _PROMOTED <= best_score:  # no weight can lift it more
            break
        score = credit * _weight(element, found.named, in_comments)
        if score > best_score:
            best, best_score = element, score
    return best


def _chain_mass(
    top: etree._Element,
    found: Survey,
    beside: frozenset[etree._Element] = frozenset(),
) -> dict[etree._Element, int]:
    """Prose inside ``top`` and each of its ancestors, leaving out prose under
    named elements, and under the elements of ``beside``, that do not hold
    ``top``."""
    chain = [top, *top.iterancestors()]
    direct = dict.fromkeys(chain, 0)
    # Where the prose under an element lands on the chain: itself when on
    # the chain, None when a named element (or no ancestor) is met first.
    lands: dict[etree._Element, etree._Element | None] = {e: e for e in chain}
    for block, chars in found.prose.items():
        if block in lands:
            landing = lands[block]
        elif found.named.kind(block) > NONE or block in beside:
            landing = lands[block] = None
        else:  # most blocks sit right below a landed element: one step
            element = block.getparent()
            if element is None:
                landing = None
            elif element in lands:
                landing = lands[element]
            else:
                landing = _land(element, lands, found.named, beside)
            lands[block] = landing
        if landing is not None:
            direct[landing] += chars
    mass: dict[etree._Element, int] = {}
    total = 0
    for element in chain:
        total += direct[element]
        mass[element] = total
    return mass


def _land(
    start: etree._Element,
    lands: dict[etree._Element, etree._Element | None],
    named: Names,
    beside: frozenset[etree._Element],
) -> etree._Element | None:
    """Where prose under ``start`` lands (see :func:`_chain_mass`), noted in
    ``lands`` for each element passed on the way up."""
    path = []
    element: etree._Element | None = start
    while element is not None and element not in lands:
        path.append(element)
        stops = named.kind(element) > NONE or element in beside
        element = None if stops else element.getparent()
    landing = lands[element] if element is not None else None
    lands.update(dict.fromkeys(path, landing))
    return landing


def climb(
    top: etree._Element,
    found: Survey,
    stops: set[etree._Element],
    *,
    dense_share: float = DENSE_SHARE,
    loose_share: float = LOOSE_SHARE,
    climb_share: float = CLIMB_SHARE,
    beside: frozenset[etree._Element] = frozenset(),
) -> etree._Element:
    """The ancestor of ``top`` (or ``top``) that holds the article; ``stops``
    (content elements outside comments) are never passed.

    Evidence: the prose each step up would add, outside named subtrees and
    the boxes of ``beside`` (none holding ``top``: the teasers of other
    pages set beside the article), as a share of all the text it would
    add: at least ``dense_share``, or ``loose_share`` while the container
    holds under ``climb_share`` of the page's prose outside them.
    """
    mass = _chain_mass(top, found, beside)
    total = mass[next(reversed(mass))]
    element, candidate = top, top
    added_text = 0  # text between ``element`` and ``candidate``
    while candidate not in stops and mass[element] < total:
        child, parent = candidate, candidate.getparent()
        if parent is None:
            break
        candidate = parent
        added_text += _text_beside(candidate, child)
        added_prose = mass[candidate] - mass[element]
        if added_prose <= 0:  # a wrapper adds nothing yet: look further up
            continue
        share = loose_share if mass[element] < climb_share * total else dense_share
        if added_prose < share * added_text:
            break
        element, added_text = candidate, 0
    return element


def _text_beside(parent: etree._Element, child: etree._Element) -> int:
    """Characters of text in ``parent`` outside ``child``'s subtree; growing
    the container measures each subtree once, so it stays linear."""
    others = (other for other in parent if other is not child)
    lengths = (cast(float, _TEXT_LENGTH(other)) for other in others)  # a number
    return _own_chars(parent) + sum(map(int, lengths))


def boilerplate_inside(
    container: etree._Element,
    top: etree._Element,
    named: Names,
    below: list[NamedElement] | None = None,
) -> list[etree._Element]:
    """Elements inside ``container`` named as comments or boilerplate, or
    by a ``class`` word as a footer (:data:`FOOTER_WORDS`), and pictures,
    other than those holding ``top``.

    Evidence: names, and the ``<figure>`` and ``<figcaption>`` tags (not a
    figure holding a table or a code listing, which is text); an element
    holding the densest prose is a wrapper, whatever its name. Footers of
    one tag and ``class`` that :data:`FOOTER_REPEATS` boxes or more wear
    are the footers of listed items, and stay. ``below`` are the elements
    :meth:`~pagechunk.html.names.Names.inside` reads, when the caller has
    read them.
    """
    keep = {top, *top.iterancestors()}
    inside = dict.fromkeys(container.iterancestors(), False)
    inside[container] = True  # seeded, so only the container counts
    boxes = named.inside(container, below)
    footers = [
        e
        for e, kind in boxes
        if kind == CHROME and not FOOTER_WORDS.isdisjoint(named.stems(e))
    ]
    if footers:  # a footer of each listed item is no article's footer
        kinds = Counter((e.tag, e.get("class")) for e in footers)
        footers = [e for e in footers if kinds[e.tag, e.get("class")] < FOOTER_REPEATS]
    removed = set(footers)
    return [
        element
        for element, kind in boxes
        if (kind >= BOILERPLATE or element in removed)
        and element not in keep
        and _below(element, named, _NO_KIND, inside)
    ]


def content_stops(found: Survey, content: set[etree._Element]) -> set[etree._Element]:
    """The content elements that :func:`climb` never passes: those neither
    named as comments nor inside comments."""
    in_comments: dict[etree._Element, bool] = {}
    return {
        element
        for element in content
        if found.named.get(element) != COMMENTS
        and not _below(element, found.named, COMMENTS, in_comments)
    }


def focus_article(
    root: etree._Element,
    content: set[etree._Element],
    *,
    min_prose: int = MIN_PROSE,
    dense_share: float = DENSE_SHARE,
    loose_share: float = LOOSE_SHARE,
    climb_share: float = CLIMB_SHARE,
) -> etree._Element | None:
    """Find the subtree holding the article and return its root, after
    removing the boilerplate inside it; None when the page has no prose.

    ``content`` are the content elements :func:`~pagechunk.html.prune.prune`
    kept: the subtree never reaches above one.
    """
    found = survey(root, min_prose)
    top = densest(found, content)
    if top is None:
        return None
    container = climb(
        top,
        found,
        content_stops(found, content),
        dense_share=dense_share,
        loose_share=loose_share,
        climb_share=climb_share,
    )
    drops = boilerplate_inside(container, top, found.named)
    if drops:
        for element in drops:
            element.tag = _DROP_MARK
        etree.strip_elements(container, _DROP_MARK, with_tail=False)
    return container
