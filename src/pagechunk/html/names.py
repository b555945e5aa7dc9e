"""What ``class`` and ``id`` words say a box is: comments, boilerplate or chrome.

:mod:`pagechunk.html.focus` reads the names of blocks, lists and figures with
:func:`name_kinds`; a named box weighs less as the article's home and is
removed when it stands inside the article's container.

Evidence: words, split at ``-``, ``_`` and spaces, that start with a stem
(``comment``, ``share``, ``sidebar``, ``footer``, ``trending``...) or are
whole short words (``ad``, ``ads``, ``bio``, ``prev``). ``trending`` names a
box of other stories, and ``prev`` the links to the previous and next
articles under a story.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable

__all__ = ["BOILERPLATE", "CHROME", "COMMENTS", "NONE", "name_kinds"]

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
    r"|c(?:a(?:ption|rousel)|o(?:mment(?!ar)|nsent|okie)|redit)"
    r"|disqus|footer|gallery|header|m(?:asthead|enu)|n(?:av|ewsletter)|outbrain"
    r"|p(?:rev(?= )|romo)|re(?:commend|lated)"
    r"|s(?:har|idebar|lideshow|ocial|ponsor|ubscri)"
    r"|t(?:aboola|oolbar|rending)|widget)"
)
_WORD_KINDS = dict.fromkeys(("comment", "disqus"), COMMENTS) | dict.fromkeys(
    ("footer", "nav", "menu", "header", "widget", "banner", "masthead", "toolbar"),
    CHROME,
)  # any other word the pattern matches names boilerplate
_SEPARATORS = str.maketrans("-_\t\n\r\f", "      ")


def name_kinds(names: Iterable[str]) -> dict[str, int]:
    """The kind of each ``class`` or ``id`` value that names one; values
    naming nothing are left out.

    Evidence: words, split at ``-``, ``_`` and spaces, that start with a stem
    (``comment``, ``share``, ``sidebar``, ``footer``, ``trending``...) or are
    whole short words (``ad``, ``ads``, ``bio``, ``prev``); ``commentary`` is
    an article, and ``unsubscribed``, ``shadow`` or ``preview`` name nothing.
    """
    values = list(names)
    starts: list[int] = []
    offset = 1
    lowered = []
    for value in values:
        lowered.append(value.lower())
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
