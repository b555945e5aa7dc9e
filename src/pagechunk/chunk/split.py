"""Breaking a unit too big for a chunk into pieces that fit.

A block over the limit is broken at line breaks first, then at sentence ends
(:mod:`pagechunk.chunk.sentences`), then between words, and only a word
longer than the limit is cut. Each level finds its break points with str
methods over whole lines and sentences, so the work stays linear in the
text. Each piece keeps where it stands in its block, so that a chunk can say
where its text lies in the page's Markdown.
"""

from __future__ import annotations

from bisect import bisect_right

from pagechunk.chunk.sentences import sentence_ends
from pagechunk.chunk.units import Meter, Source, Unit, join, pack

__all__ = ["split_block", "split_words"]

_OTHER_WHITESPACE = "".join(
    char for char in map(chr, range(0x3001)) if char.isspace() and char != " "
)
"""Every whitespace character but the space; none lies above U+3000."""


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
