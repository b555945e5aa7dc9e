"""Where sentences end, for splitting a line and for starting an overlap.

A sentence ends after a stop (:data:`STOPS`) and any stops or closing quotes
and brackets (:data:`CLOSERS`) right after it, when whitespace or the end of
the text follows, or at once when that run begins with a CJK stop, since CJK
text puts no space after its stops.
"""

from __future__ import annotations

__all__ = ["CLOSERS", "STOPS", "ends_a_sentence", "last_words", "sentence_ends"]

_SPACED_STOPS = ".!?…।"
"""End a sentence when whitespace or the end of the text follows them."""

_UNSPACED_STOPS = "。！？"
"""End a sentence with nothing after them: CJK text puts no space there."""

STOPS = _SPACED_STOPS + _UNSPACED_STOPS
"""Every character that ends a sentence."""

CLOSERS = "\"')]»”’」』"
"""May stand between a sentence's stop and the whitespace after it."""

_STOP_RUN = STOPS + CLOSERS

_OTHER_STOPS = STOPS.replace(".", "")


def sentence_ends(line: str) -> list[int]:
    """Where the sentences of a stripped line end, the last at its end."""
    # "." stands in for every stop, so that one str.find finds the next stop
    # of any kind.
    marked = line
    for stop in _OTHER_STOPS:
        if stop in marked:
            marked = marked.replace(stop, ".")
    size = len(line)
    ends: list[int] = []
    stop_at = marked.find(".")
    while stop_at != -1:
        after = stop_at + 1
        if after < size and line[after] in _STOP_RUN:
            after = _skip_stop_run(line, after)
        if after == size or line[after].isspace() or line[stop_at] in _UNSPACED_STOPS:
            ends.append(after)
        stop_at = marked.find(".", after)
    if not ends or ends[-1] < size:
        ends.append(size)
    return ends


def _skip_stop_run(text: str, index: int) -> int:
    """The first index from ``index`` on whose character is neither a stop
    nor a closer."""
    # lstrip over short windows stays linear even on a line of stops alone.
    while True:
        window = text[index : index + 32]
        rest = window.lstrip(_STOP_RUN)
        index += len(window) - len(rest)
        if rest or not window:
            return index


def ends_a_sentence(text: str) -> bool:
    """Whether ``text``, trailing whitespace apart, ends with a sentence's
    stop and the closers after it."""
    ended = text.rstrip().rstrip(CLOSERS)[-1:]
    return bool(ended) and ended in STOPS


def last_words(text: str, chars: int) -> str:
    """The end of ``text`` within its last ``chars`` characters, from the
    earliest sentence start there, else the earliest word start; empty when
    no word starts there."""
    if chars >= len(text):
        return text
    cut = len(text) - chars
    window = text[cut:]
    stripped = window.lstrip()
    before = text[max(0, cut - 16) : len(text) - len(stripped)]
    at_word = before[-1:].isspace()
    if at_word:
        run = before[len(before.rstrip()) :]
        if "\n" in run or ends_a_sentence(before):
            return stripped
    starts = [stripped.find("\n")]
    ends = sentence_ends(stripped)
    if len(ends) > 1:
        starts.append(ends[0])
    starts = [start for start in starts if start != -1]
    if starts:
        return stripped[min(starts) :].lstrip()
    if at_word:
        return stripped
    words = stripped.split(None, 1)
    return words[1] if len(words) > 1 else ""
