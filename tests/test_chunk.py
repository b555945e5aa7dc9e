"""chunk_blocks and chunk_markdown: prefix, packing, splitting and sizes."""

from __future__ import annotations

import dataclasses
import inspect

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chunk_texts import texts
from pagechunk import (
    HEADING_SEPARATOR,
    MAX_CHARS,
    TARGET_CHARS,
    Block,
    chunk_blocks,
    chunk_markdown,
)
from pagechunk.chunk import chunk_with
from pagechunk.model import chunk_id
from pagechunk.options import ChunkOptions

# Sizes below 1 are refused.


@pytest.mark.parametrize(
    ("target_chars", "max_chars"),
    [(0, MAX_CHARS), (TARGET_CHARS, 0), (-5, None), (None, -1)],
)
def test_size_below_one_is_a_value_error(
    target_chars: int | None, max_chars: int | None
) -> None:
    with pytest.raises(ValueError, match="at least 1"):
        chunk_blocks([Block("text")], target_chars=target_chars, max_chars=max_chars)
    with pytest.raises(ValueError, match="at least 1"):
        chunk_markdown("text", target_chars=target_chars, max_chars=max_chars)


def test_size_is_checked_without_blocks() -> None:
    with pytest.raises(ValueError):
        chunk_blocks([], max_chars=0)


# chunk_with takes the options as one object; chunk_blocks builds it.


def test_chunk_with_takes_the_options_object() -> None:
    blocks = [Block("One two three.", "H"), Block("Four.", "H")]
    options = ChunkOptions(target_chars=12, max_chars=13, prefix=False)
    chunks = chunk_with(blocks, options, title="T", url="u", lang="de")
    assert [dataclasses.astuple(chunk)[:8] for chunk in chunks] == [
        ("One two", "H", 0, "u", "T", "de", 0, 7),
        ("three.", "H", 1, "u", "T", "de", 8, 14),
        ("Four.", "H", 2, "u", "T", "de", 16, 21),
    ]
    assert chunks == chunk_blocks(blocks, target_chars=12, max_chars=13, prefix=False)


def test_chunk_blocks_defaults_are_those_of_chunk_options() -> None:
    defaults = ChunkOptions()
    parameters = inspect.signature(chunk_blocks).parameters
    for name in ("target_chars", "max_chars", "prefix", "overlap_chars"):
        assert parameters[name].default == getattr(defaults, name)
    assert parameters["table_header"].default is defaults.table_header is False


def test_size_that_is_no_whole_number_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="max_chars must be an int"):
        chunk_blocks([Block("text")], max_chars=2.5)  # type: ignore[arg-type]


# Positions count from 0 across headings and splits.


def test_positions_count_from_zero() -> None:
    blocks = [Block("a b c d", "One"), Block("e", "Two"), Block("f g", "Two")]
    chunks = chunk_blocks(blocks, max_chars=3, prefix=False)
    assert [(chunk.text, chunk.position) for chunk in chunks] == [
        ("a b", 0),
        ("c d", 1),
        ("e", 2),
        ("f g", 3),
    ]


# chunk_markdown reads Markdown into blocks first.


def test_chunk_markdown() -> None:
    markdown = "# Guide\n\nIntro.\n\n## Setup\n\nStep one.\n\nStep two.\n"
    chunks = chunk_markdown(markdown, title=" Guide ", url="u", lang="en")
    assert [dataclasses.astuple(chunk)[:8] for chunk in chunks] == [
        ("Guide\n\nIntro.", "Guide", 0, "u", "Guide", "en", 9, 15),
        (
            "Guide › Setup\n\nStep one.\n\nStep two.",
            "Guide › Setup",
            1,
            "u",
            "Guide",
            "en",
            27,
            47,
        ),
    ]


def test_chunk_markdown_reads_an_inline_code_line_as_a_paragraph() -> None:
    # A backtick run with another backtick after it on its line opens inline
    # code, not a fence: the heading and the body after it are read.
    chunks = chunk_markdown("```inline``` code\n\n# Title\n\nBody", url="u")
    assert [dataclasses.astuple(chunk)[:8] for chunk in chunks] == [
        ("```inline``` code", "", 0, "u", "", "", 0, 17),
        ("Title\n\nBody", "Title", 1, "u", "", "", 28, 32),
    ]


def test_chunk_markdown_passes_the_options_on() -> None:
    markdown = "# H\n\none two three"
    assert texts(chunk_markdown(markdown, max_chars=8, prefix=False)) == [
        "one two",
        "three",
    ]


# Properties.

_SPACED_TEXT = "abcxyz.!?”) \t\n\u3000"


def _block_lists(alphabet: str) -> st.SearchStrategy[list[Block]]:
    block = st.builds(
        Block,
        text=st.text(alphabet=alphabet, max_size=60),
        heading=st.sampled_from(["", "A", "A › B", "C"]),
        kind=st.sampled_from(["paragraph", "heading", "item", "code"]),
    )
    return st.lists(block, max_size=10)


_blocks = _block_lists(_SPACED_TEXT + "。")
_spaced_blocks = _block_lists(_SPACED_TEXT)
_targets = st.none() | st.integers(1, 80)


def _body_blocks(blocks: list[Block]) -> list[Block]:
    return [b for b in blocks if b.kind != "heading" and b.text.strip()]


@given(_blocks, st.text(alphabet="Tt ›", max_size=10), _targets, st.integers(1, 60))
def test_no_chunk_is_longer_than_max(
    blocks: list[Block], title: str, target_chars: int | None, max_chars: int
) -> None:
    chunks = chunk_blocks(
        blocks, title=title, target_chars=target_chars, max_chars=max_chars
    )
    assert all(len(chunk.text) <= max_chars for chunk in chunks)


@given(_blocks, _targets, st.none() | st.integers(1, 60))
def test_bodies_keep_every_character_in_order(
    blocks: list[Block], target_chars: int | None, max_chars: int | None
) -> None:
    # Splitting only moves whitespace; cutting a word keeps its letters.
    chunks = chunk_blocks(
        blocks, target_chars=target_chars, max_chars=max_chars, prefix=False
    )
    kept = "".join("".join(chunk.text.split()) for chunk in chunks)
    given_text = "".join("".join(b.text.split()) for b in blocks if b.kind != "heading")
    assert kept == given_text


@given(_spaced_blocks, _targets, st.integers(1, 60))
def test_words_fitting_max_are_kept_in_order(
    blocks: list[Block], target_chars: int | None, max_chars: int
) -> None:
    # A CJK stop ends a sentence inside a word, so the texts here have none.
    words = [word for b in _body_blocks(blocks) for word in b.text.split()]
    max_chars = max([max_chars, *map(len, words)])
    chunks = chunk_blocks(
        blocks, target_chars=target_chars, max_chars=max_chars, prefix=False
    )
    assert [word for chunk in chunks for word in chunk.text.split()] == words


@given(_blocks, st.from_regex(r"[A-Za-z]{1,8}", fullmatch=True), st.integers(6, 60))
def test_prefixed_chunks_hold_the_same_text(
    blocks: list[Block], title: str, max_chars: int
) -> None:
    # With a title and room for one character, every chunk has a prefix line:
    # the title and path, or as much as fits before an ellipsis.
    chunks = chunk_blocks(blocks, title=title, max_chars=max_chars)
    for chunk in chunks:
        head = chunk.text.split("\n\n", 1)[0]
        line = HEADING_SEPARATOR.join(part for part in (title, chunk.heading) if part)
        if (chunk.heading + HEADING_SEPARATOR).startswith(title + HEADING_SEPARATOR):
            line = chunk.heading
        assert len(head) <= max_chars // 2 - 2
        assert head == line or (head.endswith("…") and line.startswith(head[:-1]))
    kept = "".join("".join(c.text.split("\n\n", 1)[1].split()) for c in chunks)
    assert kept == "".join("".join(b.text.split()) for b in _body_blocks(blocks))


@given(_blocks, _targets, st.none() | st.integers(1, 60), st.booleans())
def test_positions_and_headings_follow_the_blocks(
    blocks: list[Block], target_chars: int | None, max_chars: int | None, prefix: bool
) -> None:
    chunks = chunk_blocks(
        blocks, target_chars=target_chars, max_chars=max_chars, prefix=prefix
    )
    assert [chunk.position for chunk in chunks] == list(range(len(chunks)))
    assert _runs([c.heading for c in chunks]) == _runs(
        [b.heading for b in _body_blocks(blocks)]
    )


def _runs(headings: list[str]) -> list[str]:
    return [h for i, h in enumerate(headings) if i == 0 or headings[i - 1] != h]


# drop_repeats: a chunk whose body an earlier chunk has is left out.


def test_repeated_bodies_go_and_bodies_of_one_length_stay() -> None:
    options = ChunkOptions(drop_repeats=True, target_chars=20, max_chars=40)
    blocks = [
        Block("Same body.", "A"),
        Block("Else body.", "B"),  # as long as the first, but other text
        Block("Same body.", "C"),  # the first's body under another prefix
        Block("Longer body here.", "D"),
        Block("Else body.", "E"),
    ]
    chunks = chunk_with(blocks, options, title="T", document="doc")
    assert [(c.text, c.position) for c in chunks] == [
        ("T › A\n\nSame body.", 0),
        ("T › B\n\nElse body.", 1),
        ("T › D\n\nLonger body here.", 2),
    ]
    assert chunks[2].id == chunk_id("doc", 2, chunks[2].text)
