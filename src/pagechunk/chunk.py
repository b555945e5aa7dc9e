"""Packing blocks into chunks of a bounded size, as the text API does it.

Blocks under one heading path are packed towards ``target_chars``. A block too
big for ``max_chars`` is broken at line breaks first, then at sentence ends,
then between words, and only a word longer than the limit is cut. Each level
finds its break points with str methods over whole lines and sentences, so the
work stays linear in the text.
"""

from __future__ import annotations

from collections.abc import Iterable

from pagechunk.markdown import read_markdown
from pagechunk.model import HEADING_SEPARATOR, MAX_CHARS, TARGET_CHARS, Block, Chunk

__all__ = ["chunk_blocks", "chunk_markdown"]

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


def chunk_blocks(
    blocks: Iterable[Block],
    *,
    title: str = "",
    target_chars: int | None = TARGET_CHARS,
    max_chars: int | None = MAX_CHARS,
    prefix: bool = True,
) -> list[Chunk]:
    """Pack blocks into chunks of about ``target_chars``, never over ``max_chars``.

    Consecutive blocks with the same heading path share a chunk, a blank line
    apart, while it stays within ``target_chars``; a change of heading path
    always starts a new chunk. A block that does not fit ``max_chars`` is
    split at line breaks, then at sentence ends, then between words; a word
    still too long is cut. Heading blocks only supply the heading path, and
    blocks without text are left out.

    With ``prefix``, each chunk opens with the title and the heading path
    (``"Acme › Products › Pricing"``) and a blank line, so that it says what it
    is about when retrieved alone; a path that begins with the title does not
    repeat it. The prefix counts towards ``max_chars`` and is shortened to at
    most half of it.

    Args:
        blocks: The blocks, in document order.
        title: The document's title, for the prefix.
        target_chars: The size to fill chunks up to; ``None`` fills them up
            to ``max_chars``, and a value over ``max_chars`` is taken as it.
        max_chars: The size no chunk goes over; ``None`` leaves blocks whole,
            so a heading section fills chunks up to ``target_chars``, or stays
            a single chunk when that is ``None`` too.
        prefix: Whether each chunk opens with the title and heading path.

    Returns:
        The chunks, with ``position`` counting from 0.

    Raises:
        ValueError: If a size is below 1.
    """
    target, limit = _sizes(target_chars, max_chars)
    title = title.strip()
    chunks: list[Chunk] = []
    for heading, texts in _sections(blocks):
        head = _prefix(title, heading, limit) if prefix else ""
        overhead = len(head) + 2 if head else 0
        body_limit = None if limit is None else limit - overhead
        body_target = None if target is None else max(1, target - overhead)
        if body_limit is not None and max(map(len, texts)) > body_limit:
            texts = _split_texts(texts, body_target or body_limit, body_limit)
        for body in _pack(texts, "\n\n", body_target):
            text = f"{head}\n\n{body}" if head else body
            chunks.append(Chunk(text, heading, len(chunks)))
    return chunks


def chunk_markdown(
    markdown: str,
    *,
    title: str = "",
    target_chars: int | None = TARGET_CHARS,
    max_chars: int | None = MAX_CHARS,
    prefix: bool = True,
) -> list[Chunk]:
    """Read Markdown with :func:`~pagechunk.markdown.read_markdown` and chunk it
    with :func:`chunk_blocks`, whose keyword arguments it takes.

    ``#`` to ``######`` headings make the heading path, a blank line ends a
    paragraph, and a code block fenced with ```` ``` ```` or ``~~~`` is one
    block, whose ``#`` lines are not headings.
    """
    return chunk_blocks(
        read_markdown(markdown),
        title=title,
        target_chars=target_chars,
        max_chars=max_chars,
        prefix=prefix,
    )


def _sizes(
    target_chars: int | None, max_chars: int | None
) -> tuple[int | None, int | None]:
    """The target and limit to work with, the target no more than the limit."""
    for name, size in (("target_chars", target_chars), ("max_chars", max_chars)):
        if size is not None and size < 1:
            raise ValueError(f"{name} must be at least 1, not {size}")
    if max_chars is None:
        return target_chars, None
    if target_chars is None or target_chars > max_chars:
        return max_chars, max_chars
    return target_chars, max_chars


def _sections(blocks: Iterable[Block]) -> list[tuple[str, list[str]]]:
    """The runs of body blocks under one heading path: each path with the
    stripped texts of its blocks."""
    sections: list[tuple[str, list[str]]] = []
    texts: list[str] = []
    for block in blocks:
        if block.kind == "heading":
            continue
        text = block.text.strip()
        if not text:
            continue
        if not sections or block.heading != sections[-1][0]:
            texts = []
            sections.append((block.heading, texts))
        texts.append(text)
    return sections


def _prefix(title: str, heading: str, limit: int | None) -> str:
    """The title and heading path, cut to fit half of ``limit`` with its blank
    line; empty when not even one character would fit."""
    if title and (heading == title or heading.startswith(title + HEADING_SEPARATOR)):
        line = heading
    else:
        line = HEADING_SEPARATOR.join(part for part in (title, heading) if part)
    if limit is None:
        return line
    room = limit // 2 - 2
    if room < 1:
        return ""
    return line if len(line) <= room else line[: room - 1] + "…"


def _pack(units: list[str], glue: str, limit: int | None) -> list[str]:
    """Join consecutive units with ``glue`` into pieces of at most ``limit``,
    filling each piece before starting the next; a unit longer than that is a
    piece alone. ``None`` joins them all."""
    if limit is None or len(units) < 2:
        return [glue.join(units)] if units else []
    pieces: list[str] = []
    run = [units[0]]
    length = len(units[0])
    for unit in units[1:]:
        length += len(glue) + len(unit)
        if length > limit:
            pieces.append(glue.join(run))
            run = [unit]
            length = len(unit)
        else:
            run.append(unit)
    pieces.append(glue.join(run))
    return pieces


def _split_texts(texts: list[str], target: int, limit: int) -> list[str]:
    """The texts, each one longer than ``limit`` split into pieces that are
    not, packed towards ``target``."""
    pieces: list[str] = []
    for text in texts:
        if len(text) > limit:
            pieces.extend(_split_lines(text, target, limit))
        else:
            pieces.append(text)
    return pieces


def _split_lines(text: str, target: int, limit: int) -> list[str]:
    """Break at line breaks; blank lines go, and a line still over ``limit``
    is broken into sentences."""
    lines = list(map(str.strip, text.split("\n")))
    if max(map(len, lines)) > limit:
        units: list[str] = []
        for line in lines:
            if len(line) > limit:
                units.extend(_split_sentences(line, target, limit))
            elif line:
                units.append(line)
    else:
        units = list(filter(None, lines))
    return _pack(units, "\n", target)


def _split_sentences(line: str, target: int, limit: int) -> list[str]:
    """Break a stripped line after its sentences; a sentence still over
    ``limit`` is broken between words.

    Sentences are packed back with nothing between them, so text written
    without spaces after its stops gets none. Where the line had whitespace
    before a sentence, the sentence keeps one space, which counts towards the
    target and is dropped when it opens a piece. The pieces of a sentence
    broken between words stay apart; only its first and last can share a
    piece with the sentences around them.
    """
    pieces: list[str] = []
    units: list[str] = []
    start = 0
    for end in _sentence_ends(line):
        sentence = line[start:end]
        start = end
        spaced = sentence[0].isspace()
        if spaced:
            sentence = sentence.lstrip()
        if len(sentence) <= limit:
            units.append(" " + sentence if spaced else sentence)
            continue
        word_pieces = _split_words(sentence, target, limit)
        units.append(" " + word_pieces[0] if spaced else word_pieces[0])
        if len(word_pieces) > 1:
            # Word pieces are full already; packing them again with no glue
            # could only run two of them together, so they go out as they are.
            pieces += _pack(units, "", target)
            pieces += word_pieces[1:-1]
            units = [word_pieces[-1]]
    pieces += _pack(units, "", target)
    return [piece.lstrip(" ") for piece in pieces]


def _sentence_ends(line: str) -> list[int]:
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


def _split_words(sentence: str, target: int, limit: int) -> list[str]:
    """Break a stripped sentence between words, packing them a space apart up
    to ``target``; a word over ``limit`` is cut every ``target`` characters,
    and its last cut may share a piece with the words after it."""
    words = " ".join(sentence.split()) if _unevenly_spaced(sentence) else sentence
    end = len(words)
    pieces: list[str] = []
    start = 0
    while start < end:
        if end - start <= target:
            pieces.append(words[start:])
            break
        gap = words.rfind(" ", start, start + target + 1)
        if gap != -1:
            pieces.append(words[start:gap])
            start = gap + 1
            continue
        gap = words.find(" ", start)
        word_end = end if gap == -1 else gap
        if word_end - start <= limit:
            pieces.append(words[start:word_end])
            start = word_end + 1
            continue
        last_cut = start + (word_end - start - 1) // target * target
        pieces.extend(
            words[cut : cut + target] for cut in range(start, last_cut, target)
        )
        start = last_cut
    return pieces


def _unevenly_spaced(text: str) -> bool:
    """Whether any gap between the words of ``text`` is other than one space."""
    return "  " in text or any(space in text for space in _OTHER_WHITESPACE)
