"""The page's tail: what follows the article's last sentence of its own.

The article's last sentence is the last block that reads like content (code,
or ``min_intro_chars`` readable characters with a link share under
``link_density``) and is neither a repeated link block nor a note. Such blocks
are kept by every rule, so the tail ends where it ended before cleaning and a
second cleaning finds the same tail. A page without any has no tail.

Two kinds of block go from the tail, each under ``min_prose_chars``:

- A note: a credit, contact, call to action or disclosure line
  (:data:`NOTE_PHRASES`), and every short block after the first one, since a
  note closes the article ("Reporting by ...; Editing by ...", then the
  publisher's standards link).
- A label: a block without links and under ``min_intro_chars`` readable
  characters in a section whose heading also stands in the tail, such as the
  single word "comments" a comment widget leaves under "Tell us what you
  think", or a poll's vote counts. A heading after the last sentence opens
  page furniture, not more article.
"""

from __future__ import annotations

import re

from pagechunk.clean.measure import PageFacts, reads_like_content
from pagechunk.model import CODE, HEADING, PARAGRAPH, QUOTE, Block
from pagechunk.options import CleanOptions

__all__ = ["NOTE_PHRASES", "TailMarks", "reads_like_note", "read_tail"]

NOTE_PHRASES = (
    # Credits.
    "reporting by",
    "editing by",
    "contributed reporting",
    "contributed to this report",
    "contributed to this story",
    # Contact.
    "be reached at",
    "reach the reporter",
    "reach the reporters",
    "follow us",
    "follow him",
    "follow her",
    "follow them",
    # Calls to action.
    "sign up",
    "subscribe to",
    "newsletter",
    "newsletters",
    "share it with",
    "share your thoughts",
    # Disclosures.
    "affiliate commission",
    "affiliate link",
    "affiliate links",
    "earn a commission",
)
"""Phrases, matched as whole words in any case, that make a short block in
the tail a note. They are English: in another language no note is found and
the tail's notes stay, which is the safe way to fail."""

# Whole words in any case, and any run of spaces or punctuation between them
# ("Sign-up", "sign up:"); literals joined by possessive runs never backtrack.
# The lookahead for the phrases' first letters only turns away, in one test,
# the places where no phrase can start: without it every word start tries
# each phrase in turn (a case-blind branch has no fast first-character
# check), 12.9 against 5.6 µs a short block of the aeb pages.
_NOTE = re.compile(
    r"\b(?=["
    + "".join(sorted({re.escape(phrase[0]) for phrase in NOTE_PHRASES}))
    + r"])(?:"
    + "|".join(re.escape(phrase).replace(r"\ ", r"\W++") for phrase in NOTE_PHRASES)
    + r")\b",
    re.IGNORECASE,
)

TailMarks = tuple[list[bool], list[bool]]
"""Per block: whether it is a note of the tail, and whether it is a label."""


def reads_like_note(text: str) -> bool:
    """Whether ``text`` holds one of :data:`NOTE_PHRASES`."""
    return _NOTE.search(text) is not None


def read_tail(
    blocks: list[Block], facts: PageFacts, repeated: list[bool], options: CleanOptions
) -> TailMarks:
    """Mark the notes and the labels of the page's tail."""
    notes = [False] * len(blocks)
    labels = [False] * len(blocks)
    start = _tail_start(blocks, facts, repeated, options)
    noted = in_section = False
    for index in range(start, len(blocks)):
        block, readable = blocks[index], facts.readable[index]
        if block.kind == HEADING:
            in_section = True
            continue
        if block.kind == CODE or readable >= options.min_prose_chars:
            continue
        noted = noted or reads_like_note(block.text)
        notes[index] = noted
        labels[index] = (
            in_section
            and not facts.links[index]
            and block.kind in (PARAGRAPH, QUOTE)
            and readable < options.min_intro_chars
        )
    return notes, labels


def _tail_start(
    blocks: list[Block], facts: PageFacts, repeated: list[bool], options: CleanOptions
) -> int:
    """The index after the article's last sentence; past the end without one."""
    for index in range(len(blocks) - 1, -1, -1):
        block = blocks[index]
        if (
            not repeated[index]
            and reads_like_content(block, facts, index, options)
            and not _short_note(block, facts.readable[index], options)
        ):
            return index + 1
    return len(blocks)


def _short_note(block: Block, readable: int, options: CleanOptions) -> bool:
    return (
        block.kind != CODE
        and readable < options.min_prose_chars
        and reads_like_note(block.text)
    )
