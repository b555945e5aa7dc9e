"""Packing blocks into chunks of a bounded size, as the text API does it.

Blocks under one heading path are packed towards ``target_chars``. A block too
big for ``max_chars`` is broken at line breaks first, then at sentence ends,
then between words, and only a word longer than the limit is cut.

The steps, one module each, in the order they run:

- :mod:`~pagechunk.chunk.sections`: blocks to heading sections of
  :class:`~pagechunk.chunk.units.Unit` objects placed in the blocks'
  Markdown, short sections joined when ``join_under`` asks (``chunk_html``
  does), and each section's prefix;
- :mod:`~pagechunk.chunk.split`: a unit too big for a chunk to lines,
  sentences (:mod:`~pagechunk.chunk.sentences`) and words;
- :mod:`~pagechunk.chunk.pack`: units to chunks, with overlap and repeated
  table headers.

With ``body="markdown"``, :mod:`~pagechunk.chunk.markdown_body` first
rewrites the blocks as the Markdown the bodies show.

Sizes are characters unless a ``length`` function is given, such as a
tokenizer's (:func:`pagechunk.tokens.tokenizer_length`). Such a function is
called once for each block, line, sentence and piece it measures, plus once to
check each chunk as a whole: token counts do not add up exactly, so a chunk
that measures over ``max_chars`` is split again.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import replace
from typing import Any, TypeVar

from pagechunk.checks import check_blocks, check_callable, check_text
from pagechunk.chunk.markdown_body import MarkdownBody
from pagechunk.chunk.pack import Packer
from pagechunk.chunk.sections import (
    HeadingSection,
    heading_prefix,
    joined,
    sections,
)
from pagechunk.chunk.units import ChunkSource, Meter
from pagechunk.markdown.read import read_markdown
from pagechunk.model import Block, Chunk
from pagechunk.options import ChunkOptions

__all__ = ["chunk_blocks", "chunk_markdown", "chunk_with"]

_DEFAULT = ChunkOptions()

_T = TypeVar("_T")


def chunk_blocks(
    blocks: Iterable[Block],
    *,
    title: str = "",
    target_chars: int | None = _DEFAULT.target_chars,
    max_chars: int | None = _DEFAULT.max_chars,
    prefix: bool = _DEFAULT.prefix,
    length: Callable[[str], int] | None = _DEFAULT.length,
    overlap_chars: int = _DEFAULT.overlap_chars,
    table_header: bool = _DEFAULT.table_header,
    url: str = "",
    lang: str = "",
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
        length: Measures every size here (such as tokens) instead of ``len``;
            no chunk, prefix included, measures over ``max_chars`` with it.
        overlap_chars: Each chunk after the first of a heading section opens
            its body (after the prefix) with at most this much of the end of
            the previous chunk's body, from a sentence start, else a word
            start, and only as much as ``max_chars`` leaves room for.
        table_header: Each chunk that goes on with a table's rows opens its
            body with the table's header row (a :class:`Block` whose
            ``header`` is True); a chunk that does gets no overlap.
        url: The document's address, for every chunk's ``url``.
        lang: The document's language, for every chunk's ``lang``.

    Returns:
        The chunks, with ``position`` counting from 0 and ``start``/``end``
        the span of each chunk's own body in ``render_markdown(blocks)``.

    Raises:
        ValueError: If a size is below 1, ``overlap_chars`` below 0, or
            ``length`` returns anything but an int of at least 0.
        TypeError: If a size or ``overlap_chars`` is not a whole number,
            ``blocks`` holds anything but :class:`Block` objects, ``title``,
            ``url`` or ``lang`` is not text, or ``length`` is no function.
    """
    blocks = check_blocks(blocks)
    options = ChunkOptions(
        target_chars=target_chars,
        max_chars=max_chars,
        prefix=prefix,
        length=length,
        overlap_chars=overlap_chars,
        table_header=table_header,
    )
    return chunk_with(blocks, options, title=title, url=url, lang=lang)


def chunk_with(
    blocks: Iterable[Block],
    options: ChunkOptions,
    *,
    title: str = "",
    url: str = "",
    lang: str = "",
    page_type: str = "",
    confidence: float = 0.0,
    document: str = "",
    metadata: Mapping[str, Any] | None = None,
) -> list[Chunk]:
    """:func:`chunk_blocks` with its options as one object, as the pipeline
    holds them; ``title``, ``url``, ``lang``, ``page_type`` and
    ``confidence`` are the document's. With ``options.body == "markdown"``
    the bodies are Markdown (:mod:`~pagechunk.chunk.markdown_body`);
    ``max_chars`` holds the same. A ``document`` identity gives every chunk
    its :attr:`~pagechunk.Chunk.id` (:func:`~pagechunk.model.chunk_id`),
    and ``metadata`` sets the chunks' page-metadata fields by name.

    Raises:
        ValueError: ``options.length`` returns anything but an int of at
            least 0.
        TypeError: ``title``, ``url`` or ``lang`` is not text, or
            ``options.length`` is no function.
    """
    for name, value in (("title", title), ("url", url), ("lang", lang)):
        check_text(name, value)
    check_callable("length", options.length)
    target, limit = _sizes(options.target_chars, options.max_chars)
    meter = Meter(options.length)
    source = ChunkSource(
        url, title.strip(), lang, page_type, confidence, document, metadata or {}
    )
    markdown = options.body == "markdown"
    packer = Packer(
        meter, limit, options.overlap_chars, options.table_header, source, markdown
    )
    prefixes: dict[str, str] = {}

    def prefix_of(heading: str) -> str:
        prefix = prefixes.get(heading)
        if prefix is None:
            prefix = prefixes[heading] = (
                heading_prefix(source.title, heading, limit, meter, options.title_once)
                if options.prefix
                else ""
            )
        return prefix

    blocks = list(blocks)
    body = None
    if markdown:
        body = MarkdownBody(
            blocks, lambda heading: packer.body_limit(prefix_of(heading)), meter
        )
        blocks = body.blocks
    found = sections(blocks, meter, markdown, heads=bool(options.join_under))
    if options.join_under:
        if options.drop_repeats:
            # A repeated section goes before the joins, which would hide it.
            found = _first_of_each(found)

        def room(heading: str) -> int | None:
            if target is None:
                return None
            return target - packer.overhead(prefix_of(heading))

        found = joined(found, options.join_under, room, meter)
    for section in found:
        heading = section.heading
        packer.section(heading, prefix_of(heading), section.units, target)
    chunks = body.remap(packer.chunks) if body is not None else packer.chunks
    if options.drop_repeats:
        return _without_repeats(chunks, prefixes, source)
    return chunks


def _first_of_each(found: list[HeadingSection]) -> list[HeadingSection]:
    """The sections whose body (their units' texts) no earlier one has."""
    return _firsts(found, lambda section: tuple([unit.text for unit in section.units]))


def _without_repeats(
    chunks: list[Chunk], prefixes: dict[str, str], source: ChunkSource
) -> list[Chunk]:
    """The chunks whose body repeats no earlier chunk's, numbered (and their
    ids made) again."""

    def body_of(chunk: Chunk) -> str:
        prefix = prefixes[chunk.heading]
        return chunk.text[len(prefix) + 2 :] if prefix else chunk.text

    kept: list[Chunk] = []
    for chunk in _firsts(chunks, body_of):
        position = len(kept)
        if chunk.position != position:
            chunk = replace(
                chunk, position=position, id=source.chunk_id(position, chunk.text)
            )
        kept.append(chunk)
    return kept


def _firsts(items: list[_T], body: Callable[[_T], Hashable]) -> list[_T]:
    """The items whose ``body`` no earlier item's equals, in order.

    Bodies are remembered by their hash, with the first kept item that has
    it, not as copies: a copy of every body would double the text held
    while the chunks are made. The rare kept items whose hash an earlier
    kept one had are compared one by one."""
    seen: dict[int, _T] = {}
    clashes: list[_T] = []
    kept: list[_T] = []
    for item in items:
        value = body(item)
        first = seen.setdefault(hash(value), item)
        if first is not item:
            if body(first) == value or any(body(c) == value for c in clashes):
                continue
            clashes.append(item)
        kept.append(item)
    return kept


def chunk_markdown(
    markdown: str,
    *,
    title: str = "",
    target_chars: int | None = _DEFAULT.target_chars,
    max_chars: int | None = _DEFAULT.max_chars,
    prefix: bool = _DEFAULT.prefix,
    length: Callable[[str], int] | None = _DEFAULT.length,
    overlap_chars: int = _DEFAULT.overlap_chars,
    table_header: bool = _DEFAULT.table_header,
    url: str = "",
    lang: str = "",
) -> list[Chunk]:
    """Read Markdown with :func:`~pagechunk.markdown.read_markdown` and chunk it
    with :func:`chunk_blocks`, whose keyword arguments it takes.

    ``#`` to ``######`` headings make the heading path, a blank line ends a
    paragraph, and a code block fenced with three backticks or with ``~~~`` is one
    block, whose ``#`` lines are not headings. ``start`` and ``end`` count in
    the blocks' Markdown as :func:`~pagechunk.markdown.render_markdown`
    writes it, not in ``markdown``. Raises ``TypeError`` when ``markdown`` is
    not text, and otherwise as :func:`chunk_blocks` does.
    """
    check_text("markdown", markdown)
    options = ChunkOptions(
        target_chars=target_chars,
        max_chars=max_chars,
        prefix=prefix,
        length=length,
        overlap_chars=overlap_chars,
        table_header=table_header,
    )
    return chunk_with(read_markdown(markdown), options, title=title, url=url, lang=lang)


def _sizes(
    target_chars: int | None, max_chars: int | None
) -> tuple[int | None, int | None]:
    """The target and limit to work with, the target no more than the limit."""
    if max_chars is None:
        return target_chars, None
    if target_chars is None or target_chars > max_chars:
        return max_chars, max_chars
    return target_chars, max_chars
