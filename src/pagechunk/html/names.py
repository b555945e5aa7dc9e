"""What ``class`` and ``id`` words say a box is: comments, boilerplate or chrome.

:mod:`pagechunk.html.focus` reads the names of blocks, lists and figures
through a :class:`Names` per page, which asks :func:`name_kinds`; a named box
weighs less as the article's home and is removed when it stands inside the
article's container.

Evidence: words, split at ``-``, ``_`` and spaces (and, in a class CSS
Modules generated, between camelCase words), that start with a stem
(``comment``, ``share``, ``sidebar``, ``footer``, ``trending``...) or are
whole short words (``ad``, ``ads``, ``bio``, ``foot``, ``prev``).
``trending`` names a box of other stories, ``prev`` the links to the
previous and next articles under a story, ``foot`` a footer as portals
and BEM name it (``foot-info``, ``page__foot``; not ``footnote``), and
``signup`` (as ``newsletter`` and ``subscri``) a sign-up box, whose heading
the form rule's climb stops below.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable
from functools import lru_cache

from lxml import etree

from pagechunk.vocabulary import (
    FIGURE_TEXT_TAGS,
    HEADING_LEVELS,
    NAMED_TAGS,
    PICTURE_TAGS,
    PROSE_TAGS,
)

__all__ = [
    "BOILERPLATE",
    "CHROME",
    "COMMENTS",
    "NONE",
    "NamedElement",
    "Names",
    "comments_inside",
    "name_kinds",
    "name_words",
    "split_name",
]

# Where a camelCase word starts: a space is put there. Lookarounds, so that
# the replacement is a plain string, which re copies in C; a template with
# group references (r"\1 \2") is expanded in Python for every match.
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_NAME_SPLIT = re.compile(r"[^a-z0-9]+")


def split_name(value: str) -> tuple[str, ...]:
    """The words of a ``class`` or ``id`` value, lower-cased, split at
    anything but letters and digits and between camelCase words
    (``"postProfile-box"`` gives ``("post", "profile", "box")``), in order.
    Not cached: for a value met on one page only, such as an ``id``."""
    if not value.islower():  # most values have no capital to split before
        value = _CAMEL.sub(" ", value)
    return tuple(_NAME_SPLIT.split(value.lower()))


@lru_cache(maxsize=16_384)
def name_words(value: str) -> tuple[str, ...]:
    """:func:`split_name` of a value through a cache, for the class values
    that come back on every page of a site; read by the page-type and
    typed-focus steps."""
    return split_name(value)


_CSS_MODULE = re.compile(r"\b([A-Za-z][A-Za-z0-9]*_[A-Za-z][A-Za-z0-9]*)__[\w-]{5}\b")
"""A class that CSS Modules (Next.js, Create React App, Vite) generated:
``Component_local__hash``, a five-character hash after the two
underscores. Its words are camelCase (``ArticleRelatedContentList_root__IjCAr``),
so they are split there, and the hash, whose case changes at random
(``adKqa``), is left out."""


def _modules_split(value: str) -> str:
    """``value`` with each CSS Modules class (:data:`_CSS_MODULE`) written
    as its words: ``ArticleRelatedContentList_root__IjCAr`` reads
    ``Article Related Content List_root``. Other classes are left whole: a
    camelCase name elsewhere is often one word of a brand or a hash."""
    if "__" not in value:
        return value
    return _CSS_MODULE.sub(lambda match: _CAMEL.sub(" ", match[1]), value)


NONE, CHROME, BOILERPLATE, COMMENTS = range(4)
"""Kinds of names, weakest first; an element takes the strongest it has."""

# Names are lower-cased and their separators turned into spaces, so a space
# marks where a word starts. The pattern is a trie of literals (one branch
# tried per first letter) with fixed-length lookarounds, so it reads each
# character a bounded number of times.
_NAME_WORDS = re.compile(
    r" (a(?:bout (?:the )?author|d(?:s?(?= )|vert)"
    r"|uthor (?:box|info|description|details|profile|card))"
    r"|b(?:anner|io(?:graphy)?(?= )|readcrumb)"
    r"|c(?:a(?:ption|rousel)|o(?:m(?:ment(?!ar)|partir)|ndivid|nsent|okie)"
    r"|redit)"
    r"|disqus|f(?:enxiang|oot(?:er|(?= )))|gallery|header|kommentare|m(?:asthead|enu)"
    r"|n(?:av|ewsletter)|outbrain"
    r"|p(?:artag|inglun|rev(?= )|romo)|re(?:commend|lated)"
    r"|s(?:har|i(?:debar|gnup)|lideshow|ocial|ponsor|ubscri)"
    r"|t(?:aboola|eilen|oolbar|rending)|widget|xiangguan)"
)
# Besides the English stems, the words for comments and sharing that sites
# in other languages name their boxes with: kommentare (German plural: the
# singular Kommentar is an opinion piece; French and Italian commentaire(s)
# and commenti start with the English stem), partage(r), compartir,
# condividi, teilen, and the pinyin of Chinese portals (pinglun comments,
# fenxiang share, xiangguan related). Not the Spanish comentarios: a shop
# names its product reviews so, and a product's reviews are its content.
_CHROME_WORDS = ("footer", "foot", "nav", "menu", "header", "widget", "banner")
_WORD_KINDS = dict.fromkeys(
    ("comment", "disqus", "kommentare", "pinglun"), COMMENTS
) | dict.fromkeys((*_CHROME_WORDS, "masthead", "toolbar"), CHROME)
# any other word the pattern matches names boilerplate
_SEPARATORS = str.maketrans("-_\t\n\r\f", "      ")


def name_kinds(names: Iterable[str]) -> dict[str, int]:
    """The kind of each ``class`` or ``id`` value that names one; values
    naming nothing are left out.

    Evidence: words, split at ``-``, ``_`` and spaces, that start with a stem
    (``comment``, ``share``, ``sidebar``, ``footer``, ``trending``...) or are
    whole short words (``ad``, ``ads``, ``bio``, ``foot``, ``prev``);
    ``commentary`` is an article, and ``unsubscribed``, ``shadow``,
    ``preview`` or ``footnote`` name nothing.
    """
    values = list(names)
    starts: list[int] = []
    offset = 1
    lowered = []
    for value in values:
        lowered.append(_modules_split(value).lower())
        starts.append(offset)
        offset += len(lowered[-1]) + 3
    text = f" {' | '.join(lowered)} ".translate(_SEPARATORS)
    kinds: dict[str, int] = {}
    for match in _NAME_WORDS.finditer(text):
        kind = _WORD_KINDS.get(match[1], BOILERPLATE)
        value = values[bisect_right(starts, match.start() + 1) - 1]
        if kind > kinds.get(value, NONE):
            kinds[value] = kind
    return kinds


NamedElement = tuple[etree._Element, str, str | None, str | None]
"""An element read for its names: the element, its tag, and its ``class``
and ``id`` values (None when it has none)."""

_NAMEABLE_TAGS = PROSE_TAGS | NAMED_TAGS
_TAG_KINDS = dict.fromkeys(PICTURE_TAGS, BOILERPLATE)
"""The kind a tag says by itself, for the tags that say one."""


class Names:
    """The kind of each block, list or figure that its ``class`` and ``id``
    or its tag name, read the first time it is asked for: the rules ask for
    the elements around the prose and inside the article's container, a
    small part of a page.
    """

    __slots__ = ("_anchors", "_kinds", "_pardoned")

    def __init__(self) -> None:
        self._kinds: dict[etree._Element, int] = {}
        self._pardoned: frozenset[str] = frozenset()
        self._anchors = False

    def kind(self, element: etree._Element) -> int:
        """The element's kind, :data:`NONE` when it is not named."""
        kind = self._kinds.get(element)
        if kind is None:
            kind = self._kinds[element] = _kind_of(
                element, self._pardoned, self._anchors
            )
        return kind

    def stems(self, element: etree._Element) -> list[str]:
        """The stems of the words (``widget``, ``gallery``, ``shar``...) that
        name the element as chrome or boilerplate by its ``class``; its tag,
        its ``id`` and words naming comments are left out."""
        classes = element.get("class")
        if not classes or element.tag not in _NAMEABLE_TAGS:
            return []
        return [stem for stem, kind in _value_stems(classes) if kind < COMMENTS]

    def pardon(self, stems: Iterable[str]) -> None:
        """From now on, read no kind from words of these stems: on this page
        they name the box that holds the article, not boilerplate."""
        self._pardoned = self._pardoned.union(stems)
        self._kinds.clear()

    def read_section_ids_as_anchors(self) -> None:
        """From now on, read no kind from the ``id`` of a box that opens with
        a heading: on a documentation page it is the anchor that links to
        the section go to (Sphinx's ``<section id="cookies">``, the
        PostgreSQL manual's ``id="SQL-FOR-UPDATE-SHARE"``), not the name of
        a box of boilerplate."""
        self._anchors = True
        self._kinds.clear()

    def get(self, element: etree._Element, default: int | None = None) -> int | None:
        """The element's kind, or ``default`` when it is not named."""
        return self.kind(element) or default

    def __contains__(self, element: object) -> bool:
        return isinstance(element, etree._Element) and self.kind(element) > NONE

    def inside(
        self,
        container: etree._Element,
        below: Iterable[NamedElement] | None = None,
    ) -> list[tuple[etree._Element, int]]:
        """The named elements below ``container``, with their kinds.
        ``below`` are, when the caller has read them, elements below it in
        document order, among them all that have a ``class`` or an ``id``
        or a tag of :data:`~pagechunk.vocabulary.PICTURE_TAGS` (no other is
        named), each given with its tag and both values (None when it has
        none): they are not read again."""
        if below is None:
            elements = container.iterdescendants(*_NAMEABLE_TAGS)
            return [(e, kind) for e in elements if (kind := self.kind(e))]
        kinds = self._kinds
        found = []
        for element, tag, classes, ident in below:
            known = kinds.get(element)
            if known is None:
                known = kinds[element] = _kind_from(
                    element, tag, classes, ident, self._pardoned, self._anchors
                )
            if known:
                found.append((element, known))
        return found


def comments_inside(
    container: etree._Element, below: Iterable[NamedElement] | None = None
) -> list[etree._Element]:
    """The elements below ``container`` that :meth:`Names.inside` gives as
    :data:`COMMENTS` when no stem is pardoned: a ``class`` or an ``id`` naming
    comments, as no tag does. Each value is looked up as it is, with no
    :class:`Names` to fill: a whole page holds thousands of elements.
    ``below`` are the elements :meth:`Names.inside` reads, when the caller
    has read them."""
    if below is None:
        below = (
            (element, element.tag, element.get("class"), element.get("id"))
            for element in container.iterdescendants(*_NAMEABLE_TAGS)
        )
    found = []
    known = _KNOWN_KINDS
    for element, tag, classes, ident in below:
        if tag not in _NAMEABLE_TAGS:
            continue
        for value in (classes, ident):
            if value and known[value] == COMMENTS:
                found.append(element)
                break
    return found


def _kind_of(
    element: etree._Element, pardoned: frozenset[str], anchors: bool = False
) -> int:
    """The strongest kind an element's tag and ``class`` and ``id`` values
    say, words of the ``pardoned`` stems left out, and with ``anchors`` the
    ``id`` of a box that opens with a heading; a ``<figure>`` holding a
    table or a code listing (:data:`~pagechunk.vocabulary.FIGURE_TEXT_TAGS`)
    is text, and its tag says nothing."""
    tag = element.tag
    if tag not in _NAMEABLE_TAGS:
        return NONE
    classes, ident = element.get("class"), element.get("id")
    return _kind_from(element, tag, classes, ident, pardoned, anchors)


def _opens_with_heading(element: etree._Element) -> bool:
    """Whether the element's first child element is a heading."""
    first = next(element.iterchildren(etree.Element), None)
    return first is not None and first.tag in HEADING_LEVELS


def _kind_from(
    element: etree._Element,
    tag: str,
    classes: str | None,
    ident: str | None,
    pardoned: frozenset[str],
    anchors: bool = False,
) -> int:
    """:func:`_kind_of` of an element whose tag and ``class`` and ``id``
    values are read."""
    if tag not in _NAMEABLE_TAGS:
        return NONE
    if ident and anchors and _opens_with_heading(element):
        ident = None  # the section's anchor, not a name
    kind = _TAG_KINDS.get(tag, NONE)
    if kind and tag == "figure" and _holds_text(element):
        kind = NONE
    known = _KNOWN_KINDS
    for value in (classes, ident):
        if not value:
            continue
        said = known[value]
        if said <= kind:
            continue
        if pardoned:  # some of its words may be pardoned
            said = max(
                (k for stem, k in _value_stems(value) if stem not in pardoned),
                default=NONE,
            )
        kind = max(kind, said)
    return kind


@lru_cache(maxsize=4096)
def _value_stems(value: str) -> tuple[tuple[str, int], ...]:
    """The stems in a ``class`` or ``id`` value that name a kind, each with
    its kind, as :func:`name_kinds` reads them; asked only of pages whose
    names some stem is pardoned on."""
    text = f" {_modules_split(value).lower()} ".translate(_SEPARATORS)
    return tuple(
        (match[1], _WORD_KINDS.get(match[1], BOILERPLATE))
        for match in _NAME_WORDS.finditer(text)
    )


def _holds_text(figure: etree._Element) -> bool:
    """Whether a ``<figure>`` holds a table or a code listing."""
    return next(figure.iterdescendants(*FIGURE_TEXT_TAGS), None) is not None


# A process-wide memory of name kinds, so that a name is matched against
# the pattern once, not once per page: the same class names come back on
# every page of a site, and most across sites. It can change no result,
# only the time taken. Without it the focus step takes 8% to 15% longer on
# the AEB corpus (0.0742 s against 0.0855 s for focus_article over the 181
# pruned pages, best of 8 processes x 5 passes; +7.5% and +11.7% in two
# earlier runs), about 1.5% of chunk_html. Bounded: at most
# _KNOWN_KINDS_SIZE names of at most _KNOWN_NAME_CHARS characters (a few
# MB at worst), forgotten all at once when full. Threads share it; a race
# only reads a name twice.
_KNOWN_KINDS_SIZE = 1 << 15
_KNOWN_NAME_CHARS = 200


class _KindMemory(dict[str, int]):
    """The memory above: ``memory[value]`` is :func:`name_kinds` of one
    ``class`` or ``id`` value. A value it holds is found by the dict's own
    look-up, without a Python call; only a value it lacks is read, and
    kept."""

    def __missing__(self, value: str) -> int:
        kind = name_kinds((value,)).get(value, NONE)
        if len(self) >= _KNOWN_KINDS_SIZE:
            self.clear()
        if len(value) <= _KNOWN_NAME_CHARS:
            self[value] = kind
        return kind


_KNOWN_KINDS = _KindMemory()
