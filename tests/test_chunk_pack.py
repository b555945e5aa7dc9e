"""Packing units into chunks: towards the target, with an overlap, and with a
table's header row repeated."""

from __future__ import annotations

from dataclasses import fields

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chunk_texts import bodies, texts
from pagechunk import (
    Block,
    chunk_blocks,
    chunk_html,
    chunk_markdown,
)
from pagechunk.chunk import chunk_with
from pagechunk.markdown import render_markdown
from pagechunk.model import Chunk, chunk_id
from pagechunk.options import ChunkOptions

FIRST = Block("Alpha one. Beta two is here.")
SECOND = Block("Gamma three closes it.")

HEADER = Block("Name | Age", kind="row", header=True)
ROWS = [Block("Ann | 31", kind="row"), Block("Bob | 42", kind="row")]
LAST = Block("Cy | 27", kind="row")
TABLE = [HEADER, *ROWS, LAST]


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


# Packing: blocks under one heading share a chunk up to target_chars.


def test_blocks_pack_up_to_the_target() -> None:
    blocks = [Block("one"), Block("two"), Block("three")]
    assert bodies(blocks, target_chars=10) == ["one\n\ntwo", "three"]
    assert bodies(blocks, target_chars=15) == ["one\n\ntwo\n\nthree"]


def test_prefix_counts_towards_the_target() -> None:
    blocks = [Block("one"), Block("two"), Block("three")]
    chunks = chunk_blocks(blocks, title="T", target_chars=15)
    assert texts(chunks) == ["T\n\none\n\ntwo", "T\n\nthree"]


def test_target_above_max_is_lowered_to_it() -> None:
    blocks = [Block("one"), Block("two"), Block("three")]
    assert bodies(blocks, target_chars=100, max_chars=10) == ["one\n\ntwo", "three"]


# None sizes.


def test_no_target_packs_up_to_max() -> None:
    blocks = [Block("a" * 10), Block("b" * 10), Block("c" * 10)]
    assert bodies(blocks, target_chars=None, max_chars=30) == [
        "a" * 10 + "\n\n" + "b" * 10,
        "c" * 10,
    ]


def test_no_max_never_splits_a_block() -> None:
    long = "word " * 1000
    assert bodies([Block(long)], max_chars=None) == [long.strip()]


def test_no_max_still_packs_to_the_target() -> None:
    blocks = [Block("one"), Block("two"), Block("three")]
    assert bodies(blocks, target_chars=10, max_chars=None) == ["one\n\ntwo", "three"]


def test_no_sizes_keep_each_heading_section_whole() -> None:
    blocks = [Block("one"), Block("two " * 800), Block("three"), Block("x", "H")]
    assert bodies(blocks, target_chars=None, max_chars=None) == [
        "one\n\n" + ("two " * 800).strip() + "\n\nthree",
        "x",
    ]


# table_header: a table split across chunks repeats its header row.


def table_bodies(
    blocks: list[Block], *, table_header: bool = False, overlap_chars: int = 0
) -> list[str]:
    chunks = chunk_blocks(
        blocks,
        prefix=False,
        target_chars=20,
        max_chars=30,
        table_header=table_header,
        overlap_chars=overlap_chars,
    )
    return texts(chunks)


def test_every_later_chunk_of_a_table_opens_with_its_header() -> None:
    assert table_bodies(TABLE, table_header=True) == [
        "Name | Age\n\nAnn | 31",
        "Name | Age\n\nBob | 42",
        "Name | Age\n\nCy | 27",
    ]


def test_header_is_not_repeated_by_default() -> None:
    assert table_bodies(TABLE) == ["Name | Age\n\nAnn | 31", "Bob | 42\n\nCy | 27"]


def test_header_goes_after_the_prefix_and_counts_towards_max() -> None:
    blocks = [Block(block.text, "Staff", "row", header=block.header) for block in TABLE]
    chunks = chunk_blocks(
        blocks, title="T", target_chars=31, max_chars=31, table_header=True
    )
    assert texts(chunks) == [
        "T › Staff\n\nName | Age\n\nAnn | 31",
        "T › Staff\n\nName | Age\n\nBob | 42",
        "T › Staff\n\nName | Age\n\nCy | 27",
    ]


def test_chunk_after_the_table_gets_no_header() -> None:
    blocks = [*TABLE, Block("After the table.")]
    assert table_bodies(blocks, table_header=True)[-2:] == [
        "Name | Age\n\nCy | 27",
        "After the table.",
    ]


def test_rows_without_a_header_row_repeat_nothing() -> None:
    rows = [Block(block.text, kind="row") for block in TABLE]
    assert table_bodies(rows, table_header=True) == table_bodies(rows)


def test_each_table_repeats_its_own_header() -> None:
    other = [
        Block("City | Zip", kind="row", header=True),
        Block("Oslo | 1", kind="row"),
    ]
    other += [Block("Rio | 2", kind="row")]
    assert table_bodies([*TABLE, *other], table_header=True)[2:] == [
        "Name | Age\n\nCy | 27",
        "City | Zip\n\nOslo | 1",
        "City | Zip\n\nRio | 2",
    ]


def test_header_that_does_not_fit_beside_the_row_is_left_out() -> None:
    blocks = [Block("H" * 14, kind="row", header=True), Block("r" * 14, kind="row")]
    blocks.append(Block("s" * 16, kind="row"))
    # 14 + 2 + 16 is over 30.
    assert table_bodies(blocks, table_header=True) == [
        "H" * 14 + "\n\n" + "r" * 14,
        "s" * 16,
    ]


def test_header_row_that_would_end_a_chunk_opens_the_next_with_its_rows() -> None:
    blocks = [Block("Eight ch"), HEADER, *ROWS]
    # "Eight ch" and the header fit in 20, the first row no more.
    assert table_bodies(blocks, table_header=True) == [
        "Eight ch",
        "Name | Age\n\nAnn | 31",
        "Name | Age\n\nBob | 42",
    ]
    # The text API's packing, without table_header, is left as it was.
    assert table_bodies(blocks) == ["Eight ch\n\nName | Age", "Ann | 31\n\nBob | 42"]


def test_header_row_stays_where_it_is_when_it_cannot_fit_beside_its_row() -> None:
    blocks = [Block("Eight ch"), HEADER, Block("r" * 19, kind="row")]
    # 10 + 2 + 19 is over 30: the header cannot go on with its first row.
    assert table_bodies(blocks, table_header=True) == [
        "Eight ch\n\nName | Age",
        "r" * 19,
    ]


def test_header_row_split_itself_is_not_repeated() -> None:
    blocks = [Block("Name | Age of the person in years", kind="row", header=True)]
    blocks += ROWS
    chunks = table_bodies(blocks, table_header=True)
    assert chunks == [
        "Name | Age of the",
        "person in years",
        "Ann | 31\n\nBob | 42",
    ]


def test_chunk_with_a_header_gets_no_overlap() -> None:
    assert table_bodies(TABLE, table_header=True, overlap_chars=10) == table_bodies(
        TABLE, table_header=True
    )


def test_offsets_leave_the_repeated_header_out() -> None:
    chunks = chunk_blocks(
        TABLE, prefix=False, target_chars=20, max_chars=30, table_header=True
    )
    markdown = render_markdown(TABLE)
    assert [markdown[chunk.start : chunk.end] for chunk in chunks] == [
        "Name | Age\nAnn | 31",
        "Bob | 42",
        "Cy | 27",
    ]


PAGE = (
    "<html><head><title>Prices</title></head><body><main><h1>Plans</h1>"
    "<table><thead><tr><th>Plan</th><th>Price</th></tr></thead><tbody>"
    "<tr><td>Basic</td><td>10 USD</td></tr><tr><td>Team</td><td>20 USD</td></tr>"
    "<tr><td>Enterprise</td><td>90 USD</td></tr></tbody></table></main></body></html>"
)


def test_chunk_html_repeats_headers_by_default() -> None:
    assert texts(chunk_html(PAGE, target_chars=52, max_chars=60)) == [
        "Prices › Plans\n\nPlan | Price\n\nBasic | 10 USD",
        "Prices › Plans\n\nPlan | Price\n\nTeam | 20 USD",
        "Prices › Plans\n\nPlan | Price\n\nEnterprise | 90 USD",
    ]
    assert texts(
        chunk_html(PAGE, target_chars=52, max_chars=60, table_header=False)
    ) == [
        "Prices › Plans\n\nPlan | Price\n\nBasic | 10 USD",
        "Prices › Plans\n\nTeam | 20 USD\n\nEnterprise | 90 USD",
    ]


row_texts = st.lists(
    st.text(st.sampled_from("ab |xy.\n"), min_size=1, max_size=30), max_size=8
)


@settings(max_examples=200, deadline=None)
@given(
    texts=row_texts,
    headers=st.lists(st.booleans(), min_size=8, max_size=8),
    target=st.none() | st.integers(1, 40),
    limit=st.none() | st.integers(1, 50),
    title=st.sampled_from(["", "T"]),
)
def test_table_header_keeps_within_max_and_off_changes_nothing(
    texts: list[str],
    headers: list[bool],
    target: int | None,
    limit: int | None,
    title: str,
) -> None:
    blocks = [
        Block(text, kind="row", header=header)
        for text, header in zip(texts, headers, strict=False)
    ]
    plain = chunk_blocks(blocks, title=title, target_chars=target, max_chars=limit)
    assert plain == chunk_blocks(
        blocks, title=title, target_chars=target, max_chars=limit, table_header=False
    )
    repeated = chunk_blocks(
        blocks, title=title, target_chars=target, max_chars=limit, table_header=True
    )
    assert limit is None or all(len(chunk.text) <= limit for chunk in repeated)
    spans = [(chunk.start, chunk.end) for chunk in repeated]
    assert all(
        end <= start for (_, end), (start, _) in zip(spans, spans[1:], strict=False)
    )


def test_chunks_made_by_position_carry_every_field_by_name() -> None:
    # Each field of a packed chunk lands where its name says, the page's
    # metadata among them.
    metadata = {"author": "Ann", "tags": ("logs",), "license": "CC-BY"}
    options = ChunkOptions(prefix=True)
    [chunk] = chunk_with(
        [Block("Body.", "Setup")],
        options,
        title="Guide",
        url="https://example.com/a",
        lang="en",
        page_type="article",
        confidence=0.5,
        document="https://example.com/a",
        metadata=metadata,
    )
    expected = Chunk(
        "Guide › Setup\n\nBody.",
        "Setup",
        0,
        url="https://example.com/a",
        title="Guide",
        lang="en",
        start=0,
        end=5,
        page_type="article",
        confidence=0.5,
        id=chunk_id("https://example.com/a", 0, "Guide › Setup\n\nBody."),
        **metadata,
    )
    assert [getattr(chunk, each.name) for each in fields(Chunk)] == [
        getattr(expected, each.name) for each in fields(Chunk)
    ]


def test_metadata_naming_no_page_field_is_rejected_as_by_keyword() -> None:
    with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
        chunk_with([Block("Body.")], ChunkOptions(), metadata={"colour": "red"})
