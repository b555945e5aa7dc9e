"""table_header: a table split across chunks repeats its header row."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pagechunk import Block, Chunk, chunk_blocks, chunk_html
from pagechunk.markdown import render_markdown

HEADER = Block("Name | Age", kind="row", header=True)
ROWS = [Block("Ann | 31", kind="row"), Block("Bob | 42", kind="row")]
LAST = Block("Cy | 27", kind="row")
TABLE = [HEADER, *ROWS, LAST]


def texts(chunks: list[Chunk]) -> list[str]:
    return [chunk.text for chunk in chunks]


def bodies(
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
    assert bodies(TABLE, table_header=True) == [
        "Name | Age\n\nAnn | 31",
        "Name | Age\n\nBob | 42",
        "Name | Age\n\nCy | 27",
    ]


def test_header_is_not_repeated_by_default() -> None:
    assert bodies(TABLE) == ["Name | Age\n\nAnn | 31", "Bob | 42\n\nCy | 27"]


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
    assert bodies(blocks, table_header=True)[-2:] == [
        "Name | Age\n\nCy | 27",
        "After the table.",
    ]


def test_rows_without_a_header_row_repeat_nothing() -> None:
    rows = [Block(block.text, kind="row") for block in TABLE]
    assert bodies(rows, table_header=True) == bodies(rows)


def test_each_table_repeats_its_own_header() -> None:
    other = [
        Block("City | Zip", kind="row", header=True),
        Block("Oslo | 1", kind="row"),
    ]
    other += [Block("Rio | 2", kind="row")]
    assert bodies([*TABLE, *other], table_header=True)[2:] == [
        "Name | Age\n\nCy | 27",
        "City | Zip\n\nOslo | 1",
        "City | Zip\n\nRio | 2",
    ]


def test_header_that_does_not_fit_beside_the_row_is_left_out() -> None:
    blocks = [Block("H" * 14, kind="row", header=True), Block("r" * 14, kind="row")]
    blocks.append(Block("s" * 16, kind="row"))
    # 14 + 2 + 16 is over 30.
    assert bodies(blocks, table_header=True) == [
        "H" * 14 + "\n\n" + "r" * 14,
        "s" * 16,
    ]


def test_header_row_that_would_end_a_chunk_opens_the_next_with_its_rows() -> None:
    blocks = [Block("Eight ch"), HEADER, *ROWS]
    # "Eight ch" and the header fit in 20, the first row no more.
    assert bodies(blocks, table_header=True) == [
        "Eight ch",
        "Name | Age\n\nAnn | 31",
        "Name | Age\n\nBob | 42",
    ]
    # The text API's packing, without table_header, is left as it was.
    assert bodies(blocks) == ["Eight ch\n\nName | Age", "Ann | 31\n\nBob | 42"]


def test_header_row_stays_where_it_is_when_it_cannot_fit_beside_its_row() -> None:
    blocks = [Block("Eight ch"), HEADER, Block("r" * 19, kind="row")]
    # 10 + 2 + 19 is over 30: the header cannot go on with its first row.
    assert bodies(blocks, table_header=True) == [
        "Eight ch\n\nName | Age",
        "r" * 19,
    ]


def test_header_row_split_itself_is_not_repeated() -> None:
    blocks = [Block("Name | Age of the person in years", kind="row", header=True)]
    blocks += ROWS
    chunks = bodies(blocks, table_header=True)
    assert chunks == [
        "Name | Age of the",
        "person in years",
        "Ann | 31\n\nBob | 42",
    ]


def test_chunk_with_a_header_gets_no_overlap() -> None:
    assert bodies(TABLE, table_header=True, overlap_chars=10) == bodies(
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
