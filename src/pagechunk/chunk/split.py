"""Measuring text and breaking a block too big for a chunk into pieces.

A block over the limit is broken at line breaks first, then at sentence ends,
then between words, and only a word longer than the limit is cut. Each level
finds its break points with str methods over whole lines and sentences, so the
work stays linear in the text.

Sizes come from a :class:`Meter`: characters by default, or any length
function, such as a tokenizer's. Every line, sentence and word piece is
measured once, and the size of a run of them is the sum of their sizes and of
the glue between them, so the length function is called a number of times
linear in the text. Each piece keeps where it stands in its block, so that a
chunk can say where its text lies in the page's Markdown.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = [
    "Meter",
    "Source",
    "Table",
    "Unit",
    "join",
    "pack",
    "sentence_ends",
    "split_block",
    "split_words",
]

_SPACED_STOPS = ".!?…।"
"""End a sentence when whitespace or the end of the text follows them."""

_UNSPACED_STOPS = "。！？"
"""End a sentence with nothing after them: CJK text puts no space there."""

_CLOSERS = "\"')]»”’」』"
"""May stand between a sentence's stop and the whitespace after it."""

_STOP_RUN = _SPACED_STOPS + _UNSPACED_STOPS + _CLOSERS

_OTHER_STOPS = (_SPACED_STOPS + _UNSPACED_STOPS).replace(".", "")

_OTHER_WHITESPACE = "".join(
    char for char in map(chr, range(0x3001)) if char.isspace() and char != " "
)
"""Every whitespace character but the space; none lies above U+3000."""


class Meter:
    """Measures text with a length function; characters when it is None.

    ``exact`` is True for ``len``: sizes then add up exactly, and nothing
    needs measuring twice.
    """

    __slots__ = ("_length", "exact", "measure", "newline", "paragraph", "space")

    def __init__(self, length: Callable[[str], int] | None) -> None:
        self.exact = length is None or length is len
        self._length: Callable[[str], int] = len if length is None else length
        # ``len`` itself when exact: the hot loops call it directly.
        self.measure: Callable[[str], int] = len if self.exact else self._checked
        self.space = self.measure(" ")
        self.newline = self.measure("\n")
        self.paragraph = self.measure("\n\n")

    def __call__(self, text: str) -> int:
        """The size of ``text``.

        Raises:
            ValueError: The length function gave something other than a
                whole number of at least 0.
        """
        return self.measure(text)

    def _checked(self, text: str) -> int:
        size = self._length(text)
        if not isinstance(size, int) or size < 0:
            raise ValueError(
                f"length must return an int of at least 0, not {size!r} "
                f"for {text[:40]!r}"
            )
        return size

    def chars_for(self, size: int, chars: int, chars_size: int) -> int:
        """About how many characters make ``size``, when ``chars`` of them
        measure ``chars_size``."""
        if self.exact or chars_size <= 0:
            return size
        return max(1, size * chars // chars_size)


@dataclass(slots=True)
class Source:
    """A block's stripped text and where it stands in the page's Markdown.

    Attributes:
        text: The block's text, stripped.
        base: The Markdown offset of the text's first character.
        newlines: Where ``text`` has line breaks, when the Markdown indents
            the line after each by two characters (items and quotes).
    """

    text: str
    base: int
    newlines: list[int] | None = None

    def offset(self, index: int) -> int:
        """The Markdown offset of ``text[index]``."""
        if not self.newlines:
            return self.base + index
        return self.base + index + 2 * bisect_left(self.newlines, index)


@dataclass(slots=True)
class Table:
    """A table's header row, repeated in the chunks its rows continue in;
    None when the header row had to be split itself."""

    header: Unit | None = None


@dataclass(slots=True)
class Unit:
    """A piece of body text with its size and where it came from.

    Attributes:
        text: The text; a sentence that had whitespace before it keeps one
            space in front while it is packed.
        size: Its measured size, or for a run the sum of its parts' and glue.
        source: The block its first character comes from.
        start: Where it begins in ``source.text``.
        last: The block its last character comes from.
        end: Where it ends in ``last.text``.
        parts: The units it was joined from, if any, with ``glue``.
        table: The table it is a row of, or a piece of a row of.
    """

    text: str
    size: int
    source: Source
    start: int
    last: Source
    end: int
    parts: tuple[Unit, ...] = field(default=(), repr=False)
    glue: str = ""
    table: Table | None = None


def pack(units: list[Unit], glue_size: int, limit: int | None) -> list[list[Unit]]:
    """Group consecutive units into runs of at most ``limit``, filling each
    run before starting the next; a unit over it is a run alone. ``None``
    makes one run."""
    if limit is None or len(units) < 2:
        return [units] if units else []
    runs: list[list[Unit]] = []
    run = [units[0]]
    length = units[0].size
    for unit in units[1:]:
        length += glue_size + unit.size
        if length > limit:
            runs.append(run)
            run = [unit]
            length = unit.size
        else:
            run.append(unit)
    runs.append(run)
    return runs


def join(units: list[Unit], glue: str, glue_size: int) -> Unit:
    """One unit of ``units`` a ``glue`` apart, its size estimated as the sum."""
    if len(units) == 1:
        return units[0]
    first, final = units[0], units[-1]
    return Unit(
        glue.join([unit.text for unit in units]),
        sum(unit.size for unit in units) + glue_size * (len(units) - 1),
        first.source,
        first.start,
        final.last,
        final.end,
        tuple(units),
        glue,
        first.table,
    )


def split_block(unit: Unit, target: int, limit: int, meter: Meter) -> list[Unit]:
    """Break a whole block's unit at line breaks; blank lines go, and a line
    still over ``limit`` is broken into sentences. The pieces are packed
    towards ``target`` and carry the block's table."""
    source = unit.source
    units: list[Unit] = []
    cursor = 0
    for line in source.text.split("\n"):
        stripped = line.strip()
        if stripped:
            start = cursor + len(line) - len(line.lstrip())
            end = start + len(stripped)
            size = meter.measure(stripped)
            if size > limit:
                units += _split_sentences(source, start, end, target, limit, meter)
            else:
                units.append(Unit(stripped, size, source, start, source, end))
        cursor += len(line) + 1
    pieces = [
        join(run, "\n", meter.newline) for run in pack(units, meter.newline, target)
    ]
    for piece in pieces:
        piece.table = unit.table
    return pieces


def _split_sentences(
    source: Source, start: int, end: int, target: int, limit: int, meter: Meter
) -> list[Unit]:
    """Break a stripped line after its sentences; a sentence still over
    ``limit`` is broken between words.

    Sentences are packed back with nothing between them, so text written
    without spaces after its stops gets none. Where the line had whitespace
    before a sentence, the sentence keeps one space, which counts towards the
    target and is dropped when it opens a piece. The pieces of a sentence
    broken between words stay apart; only its first and last can share a
    piece with the sentences around them.
    """
    line = source.text[start:end]
    measure, space = meter.measure, meter.space
    pieces: list[Unit] = []
    units: list[Unit] = []
    begin = 0
    for stop in sentence_ends(line):
        sentence = line[begin:stop]
        lead = ""
        if sentence[0].isspace():
            sentence = sentence.lstrip()
            begin = stop - len(sentence)
            lead = " "
        size = measure(sentence)
        if size <= limit:
            units.append(
                Unit(
                    lead + sentence,
                    size + space if lead else size,
                    source,
                    start + begin,
                    source,
                    start + stop,
                )
            )
        else:
            words = split_words(
                source, start + begin, start + stop, size, target, limit, meter
            )
            if lead:
                words[0].text = lead + words[0].text
                words[0].size += space
            units.append(words[0])
            if len(words) > 1:
                # Word pieces are full already; packing them again with no glue
                # could only run two of them together, so they go out as they are.
                pieces += [join(run, "", 0) for run in pack(units, 0, target)]
                pieces += words[1:-1]
                units = [words[-1]]
        begin = stop
    pieces += [join(run, "", 0) for run in pack(units, 0, target)]
    for piece in pieces:
        if piece.text[:1] == " ":
            piece.text = piece.text[1:]
            piece.size -= space
    return pieces


def sentence_ends(line: str) -> list[int]:
    """Where the sentences of a stripped line end, the last at its end.

    A sentence ends after a stop and any stops or closing quotes and brackets
    right after it, when whitespace or the end of the line follows, or at
    once when that run begins with a CJK stop.
    """
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


def split_words(
    source: Source,
    start: int,
    end: int,
    size: int,
    target: int,
    limit: int,
    meter: Meter,
) -> list[Unit]:
    """Break the stripped sentence ``source.text[start:end]`` of ``size``
    between words, packing them a space apart up to ``target``; a word over
    ``limit`` is cut every ``target`` characters, and its last cut may share
    a piece with the words after it.

    With a length other than characters, ``target`` and ``limit`` become
    character counts through the sentence's characters per unit of size,
    every piece is measured, and a piece over ``limit`` makes both smaller
    and is made again.
    """
    sentence = source.text[start:end]
    uneven = _unevenly_spaced(sentence)
    words = " ".join(sentence.split()) if uneven else sentence
    char_target = meter.chars_for(target, len(words), size)
    char_limit = max(char_target, meter.chars_for(limit, len(words), size))
    spans: list[tuple[int, int, int]] = []
    at = 0
    while at < len(words):
        step = _word_step(words, at, char_target, char_limit)
        fitted = step if meter.exact else _fitting(words, step, limit, meter)
        spans += fitted
        if fitted:
            at = _after(words, fitted[-1][1])
        if len(fitted) < len(step):
            # Shrinking always ends: a piece of one character is taken as it is.
            char_target = max(1, min(char_target - 1, char_target * 4 // 5))
            char_limit = max(char_target, min(char_limit - 1, char_limit * 4 // 5))
    place = _Placer(sentence, words) if uneven else None
    units = []
    for begin, stop, piece_size in spans:
        first = start + (place.original(begin, False) if place else begin)
        final = start + (place.original(stop, True) if place else stop)
        units.append(Unit(words[begin:stop], piece_size, source, first, source, final))
    return units


def _word_step(
    words: str, at: int, target: int, limit: int
) -> list[tuple[int, int, int]]:
    """The next piece of ``words`` from ``at`` as ``(start, end, size)``, or
    all the cuts but the last of a word over ``limit``."""
    end = len(words)
    if end - at <= target:
        return [(at, end, end - at)]
    gap = words.rfind(" ", at, at + target + 1)
    if gap != -1:
        return [(at, gap, gap - at)]
    gap = words.find(" ", at)
    word_end = end if gap == -1 else gap
    if word_end - at <= limit:
        return [(at, word_end, word_end - at)]
    last_cut = at + (word_end - at - 1) // target * target
    return [(cut, cut + target, target) for cut in range(at, last_cut, target)]


def _after(words: str, stop: int) -> int:
    """Where the next piece begins after one that ends at ``stop``."""
    return stop + 1 if words[stop : stop + 1] == " " else stop


def _fitting(
    words: str, step: list[tuple[int, int, int]], limit: int, meter: Meter
) -> list[tuple[int, int, int]]:
    """The leading pieces of ``step`` that measure within ``limit``, with
    their measured sizes."""
    fitted = []
    for begin, stop, _ in step:
        size = meter(words[begin:stop])
        if size > limit and stop - begin > 1:
            break
        fitted.append((begin, stop, size))
    return fitted


def _unevenly_spaced(text: str) -> bool:
    """Whether any gap between the words of ``text`` is other than one space."""
    return "  " in text or any(space in text for space in _OTHER_WHITESPACE)


class _Placer:
    """Maps offsets in a sentence's words rejoined by single spaces back to
    offsets in the sentence."""

    __slots__ = ("_joined", "_original")

    def __init__(self, sentence: str, words: str) -> None:
        self._original: list[int] = []
        self._joined: list[int] = []
        cursor = joined = 0
        for word in sentence.split():
            cursor = sentence.find(word, cursor)
            self._original.append(cursor)
            self._joined.append(joined)
            cursor += len(word)
            joined += len(word) + 1

    def original(self, offset: int, end: bool) -> int:
        """Where ``offset`` (a piece's start, or with ``end`` its end) lies in
        the sentence."""
        word = bisect_right(self._joined, offset - end) - 1
        return self._original[word] + offset - self._joined[word]
