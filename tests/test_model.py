"""The data model: the Markdown layout (render_markdown, markdown_layout), and
the __init__ of its frozen values."""

from __future__ import annotations

import inspect
from dataclasses import MISSING, FrozenInstanceError, fields, replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pagechunk import Block, Chunk, LinkSpan, ParsedPage
from pagechunk.markdown import render_markdown as reexported
from pagechunk.model import ImageSpan, markdown_layout, render_markdown

# render_markdown writes each kind its own way.


def test_render_heading() -> None:
    assert render_markdown([Block("Setup", "Guide › Setup", "heading", 2)]) == (
        "## Setup"
    )


def test_render_paragraph_and_row_as_their_text() -> None:
    assert render_markdown([Block("one\ntwo")]) == "one\ntwo"
    assert render_markdown([Block("a | b", kind="row")]) == "a | b"


def test_render_item_indents_its_continuation_lines() -> None:
    assert render_markdown([Block("one\ntwo", kind="item")]) == "- one\n  two"


def test_render_quote_marks_every_line() -> None:
    assert render_markdown([Block("one\ntwo", kind="quote")]) == "> one\n> two"


def test_render_code_in_a_fence_longer_than_any_backtick_run() -> None:
    assert render_markdown([Block("x = 1", kind="code")]) == "```\nx = 1\n```"
    assert render_markdown([Block("a `b` ``c``", kind="code")]) == (
        "```\na `b` ``c``\n```"
    )
    assert render_markdown([Block("```\nx\n```", kind="code")]) == (
        "````\n```\nx\n```\n````"
    )
    fence = "`" * 13
    assert render_markdown([Block("`" * 12, kind="code")]) == (
        f"{fence}\n{'`' * 12}\n{fence}"
    )


def test_render_joins_items_and_rows_by_one_newline() -> None:
    blocks = [
        Block("a", kind="item"),
        Block("b", kind="item"),
        Block("p"),
        Block("r1", kind="row"),
        Block("r2", kind="row"),
        Block("c", kind="item"),
        Block("q"),
        Block("s"),
    ]
    assert render_markdown(blocks) == "- a\n- b\n\np\n\nr1\nr2\n\n- c\n\nq\n\ns"


def test_render_nothing() -> None:
    assert render_markdown([]) == ""


def test_parsed_page_markdown_renders_its_blocks() -> None:
    page = ParsedPage(
        title="Guide",
        blocks=[Block("Guide", "Guide", "heading", 1), Block("Hello.", "Guide")],
        links=[],
    )
    assert page.markdown == "# Guide\n\nHello."


def test_render_markdown_is_the_markdown_package_one() -> None:
    assert reexported is render_markdown


# markdown_layout says where each block's text stands.


def test_layout_places_each_block_text() -> None:
    blocks = [
        Block("Guide", "Guide", "heading", 2),
        Block("one\ntwo", kind="item"),
        Block("three", kind="item"),
        Block("x = ```", kind="code"),
        Block("said\nso", kind="quote"),
        Block("a | b", kind="row"),
    ]
    layout = markdown_layout(blocks)
    assert layout.markdown == (
        "## Guide\n\n- one\n  two\n- three\n\n````\nx = ```\n````"
        "\n\n> said\n> so\n\na | b"
    )
    assert layout.text_starts == [3, 12, 24, 36, 52, 63]
    assert layout.line_indents == [0, 2, 2, 0, 2, 0]


_kinds = st.sampled_from(["paragraph", "heading", "item", "row", "code", "quote"])


@given(
    st.lists(
        st.builds(
            Block,
            text=st.text(alphabet="ab`\n -", max_size=12),
            kind=_kinds,
            level=st.integers(0, 6),
        ),
        max_size=8,
    )
)
def test_every_text_line_stands_where_the_layout_says(blocks: list[Block]) -> None:
    layout = markdown_layout(blocks)
    assert layout.markdown == render_markdown(blocks)
    for block, start, indent in zip(
        blocks, layout.text_starts, layout.line_indents, strict=True
    ):
        at = start
        for line in block.text.split("\n"):
            assert layout.markdown[at : at + len(line)] == line
            at += len(line) + 1 + indent


# Blocks, spans and chunks are made with an __init__ that sets their slots.


@pytest.mark.parametrize("cls", [Block, Chunk, ImageSpan, LinkSpan])
def test_init_takes_the_fields_with_their_defaults(cls: type) -> None:
    parameters = list(inspect.signature(cls).parameters.values())
    assert [(p.name, p.default) for p in parameters] == [
        (f.name, inspect.Parameter.empty if f.default is MISSING else f.default)
        for f in fields(cls)
    ]


def test_blocks_stay_frozen_and_compare_by_value() -> None:
    block = Block("text", "path", "item", links=(LinkSpan("a", "u"),))
    assert block == Block("text", "path", "item")
    assert hash(block) == hash(Block("text", "path", "item"))
    assert replace(block, text="other").links == block.links
    with pytest.raises(FrozenInstanceError):
        block.text = "other"  # type: ignore[misc]
