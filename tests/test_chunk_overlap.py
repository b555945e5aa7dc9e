"""overlap_chars: chunks that open with the end of the chunk before them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pagechunk import Block, Chunk, chunk_blocks, chunk_markdown
from pagechunk.markdown import render_markdown

FIRST = Block("Alpha one. Beta two is here.")
SECOND = Block("Gamma three closes it.")


def texts(chunks: list[Chunk]) -> list[str]:
    return [chunk.text for chunk in chunks]


def overlapping(
    blocks: list[Block], overlap: int, *, target_chars: int, max_chars: int
) -> list[str]:
    chunks = chunk_blocks(
        blocks,
        prefix=False,
        overlap_chars=overlap,
        target_chars=target_chars,
        max_chars=max_chars,
    )
    return texts(chunks)


def test_overlap_starts_at_a_sentence_in_the_window() -> None:
    # The last 25 characters of the first body are "ha one. Beta two is here."
    assert overlapping([FIRST, SECOND], 25, target_chars=35, max_chars=60) == [
        "Alpha one. Beta two is here.",
        "Beta two is here.\n\nGamma three closes it.",
    ]


def test_overlap_without_a_sentence_start_begins_at_a_word() -> None:
    # The last 10 characters are "o is here.": no sentence starts there.
    assert overlapping([FIRST, SECOND], 10, target_chars=35, max_chars=60) == [
        "Alpha one. Beta two is here.",
        "is here.\n\nGamma three closes it.",
    ]


def test_window_starting_at_a_sentence_takes_it_whole() -> None:
    assert overlapping([FIRST, SECOND], 17, target_chars=35, max_chars=60)[1] == (
        "Beta two is here.\n\nGamma three closes it."
    )


def test_overlap_shrinks_to_stay_within_max() -> None:
    # 38 - 22 - 2 leaves room for 14 characters of the 25 asked for.
    assert overlapping([FIRST, SECOND], 25, target_chars=35, max_chars=38)[1] == (
        "two is here.\n\nGamma three closes it."
    )


def test_no_room_means_no_overlap() -> None:
    assert overlapping([FIRST, SECOND], 25, target_chars=35, max_chars=28) == [
        "Alpha one. Beta two is here.",
        "Gamma three closes it.",
    ]


def test_short_previous_body_is_taken_whole() -> None:
    blocks = [Block("Short."), Block("Next one.")]
    assert overlapping(blocks, 50, target_chars=8, max_chars=30) == [
        "Short.",
        "Short.\n\nNext one.",
    ]


def test_no_word_start_in_the_window_means_no_overlap() -> None:
    blocks = [Block("x" * 20), Block("y")]
    assert overlapping(blocks, 5, target_chars=5, max_chars=40) == ["x" * 20, "y"]


def test_pieces_of_one_sentence_overlap_a_space_apart() -> None:
    block = Block("aaa bbb ccc ddd eee fff")
    assert overlapping([block], 3, target_chars=7, max_chars=15) == [
        "aaa bbb",
        "bbb ccc ddd",
        "ddd eee fff",
    ]


def test_lines_of_one_block_overlap_a_line_apart() -> None:
    block = Block("First line here.\nSecond line.\nThird line now.")
    assert overlapping([block], 12, target_chars=16, max_chars=30) == [
        "First line here.",
        "line here.\nSecond line.",
        "Second line.\nThird line now.",
    ]


def test_overlap_stays_inside_a_heading_section() -> None:
    markdown = "# One\n\nFirst part. Second.\n\n# Two\n\nThird part."
    chunks = chunk_markdown(markdown, overlap_chars=20)
    assert texts(chunks) == ["One\n\nFirst part. Second.", "Two\n\nThird part."]


def test_overlap_goes_after_the_prefix() -> None:
    blocks = [Block("Alpha one. Beta two.", "H"), Block("Gamma three.", "H")]
    chunks = chunk_blocks(
        blocks, title="T", target_chars=25, max_chars=60, overlap_chars=10
    )
    assert texts(chunks) == [
        "T › H\n\nAlpha one. Beta two.",
        "T › H\n\nBeta two.\n\nGamma three.",
    ]


def test_offsets_leave_the_overlap_out() -> None:
    chunks = chunk_blocks(
        [FIRST, SECOND], prefix=False, target_chars=35, overlap_chars=25
    )
    markdown = render_markdown([FIRST, SECOND])
    assert [markdown[chunk.start : chunk.end] for chunk in chunks] == [
        FIRST.text,
        SECOND.text,
    ]


def test_negative_overlap_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="overlap_chars must be at least 0"):
        chunk_blocks([Block("x")], overlap_chars=-1)


def prose() -> st.SearchStrategy[str]:
    words = st.sampled_from(["a", "bb", "word", "Stop.", "end!", "x" * 12, "。"])
    gaps = st.sampled_from([" ", " ", "  ", "\n"])
    return st.lists(st.tuples(words, gaps), max_size=25).map(
        lambda pairs: "".join(word + gap for word, gap in pairs)
    )


@settings(max_examples=300, deadline=None)
@given(
    texts=st.lists(prose(), max_size=5),
    split=st.integers(0, 5),
    target=st.none() | st.integers(1, 60),
    limit=st.none() | st.integers(1, 80),
    overlap=st.integers(0, 40),
)
def test_overlap_only_adds_the_previous_end_within_max(
    texts: list[str], split: int, target: int | None, limit: int | None, overlap: int
) -> None:
    blocks = [Block(text, "A" if i < split else "B") for i, text in enumerate(texts)]
    plain = chunk_blocks(blocks, target_chars=target, max_chars=limit, prefix=False)
    chunks = chunk_blocks(
        blocks,
        target_chars=target,
        max_chars=limit,
        prefix=False,
        overlap_chars=overlap,
    )
    assert len(chunks) == len(plain)
    for index, (chunk, alone) in enumerate(zip(chunks, plain, strict=True)):
        assert chunk == alone or chunk.text.endswith(alone.text)
        assert (chunk.start, chunk.end) == (alone.start, alone.end)
        assert limit is None or len(chunk.text) <= limit
        added = chunk.text[: len(chunk.text) - len(alone.text)].rstrip()
        if added:
            previous = chunks[index - 1]
            assert index > 0 and previous.heading == chunk.heading
            assert len(added) <= overlap
            assert previous.text.endswith(added)


@settings(max_examples=100, deadline=None)
@given(
    texts=st.lists(prose(), max_size=4),
    limit=st.integers(1, 60),
    overlap=st.integers(0, 40),
)
def test_overlap_with_a_prefix_stays_within_max(
    texts: list[str], limit: int, overlap: int
) -> None:
    blocks = [Block(text, "Heading") for text in texts]
    chunks = chunk_blocks(blocks, title="Title", max_chars=limit, overlap_chars=overlap)
    assert all(len(chunk.text) <= limit for chunk in chunks)
