"""read_markdown and render_markdown: headings, paragraphs, fences, rendering."""

from __future__ import annotations

from collections.abc import Iterable

from hypothesis import given
from hypothesis import strategies as st

from pagechunk import Block, ParsedPage
from pagechunk.markdown.read import read_markdown, render_markdown

# Headings build the heading path.


def test_headings_build_the_heading_path() -> None:
    markdown = "# Guide\nintro\n## Setup\nsteps\n# Reference\nlast"
    assert read_markdown(markdown) == [
        Block("Guide", "Guide", "heading", 1),
        Block("intro", "Guide"),
        Block("Setup", "Guide › Setup", "heading", 2),
        Block("steps", "Guide › Setup"),
        Block("Reference", "Reference", "heading", 1),
        Block("last", "Reference"),
    ]


def test_skipped_levels_leave_no_gap_in_the_path() -> None:
    assert read_markdown("# A\n### C\ntext")[-1] == Block("text", "A › C")


def test_all_six_levels() -> None:
    markdown = "\n".join("#" * level + f" H{level}" for level in range(1, 7))
    assert read_markdown(markdown)[-1] == Block(
        "H6", "H1 › H2 › H3 › H4 › H5 › H6", "heading", 6
    )


def test_closing_hashes_are_not_text() -> None:
    assert read_markdown("## Title ##")[0].text == "Title"
    assert read_markdown("## Title\t#")[0].text == "Title"
    assert read_markdown("# C#")[0].text == "C#"


def test_lines_that_are_not_headings() -> None:
    for line in ("#hashtag", "####### seven", "    # four spaces", "\t# tab"):
        assert read_markdown(line) == [Block(line.rstrip())]


def test_heading_indented_up_to_three_spaces() -> None:
    assert read_markdown("   ## Setup") == [Block("Setup", "Setup", "heading", 2)]


def test_empty_heading_ends_the_path_without_a_block() -> None:
    assert read_markdown("# A\none\n## B\n##\ntwo\n#\nthree") == [
        Block("A", "A", "heading", 1),
        Block("one", "A"),
        Block("B", "A › B", "heading", 2),
        Block("two", "A"),
        Block("three", ""),
    ]


# Paragraphs: a blank line ends one; a heading or a fence does too.


def test_blank_line_ends_a_paragraph() -> None:
    assert read_markdown("one\ntwo  \n\n \t\nthree\n") == [
        Block("one\ntwo"),
        Block("three"),
    ]


def test_heading_ends_a_paragraph() -> None:
    assert read_markdown("one\n# H\ntwo") == [
        Block("one"),
        Block("H", "H", "heading", 1),
        Block("two", "H"),
    ]


def test_any_line_break_counts() -> None:
    assert read_markdown("a\r\nb\r\n\r\nc\rd") == [Block("a\nb"), Block("c\nd")]


def test_empty_markdown_has_no_blocks() -> None:
    assert read_markdown("") == []
    assert read_markdown("\n \n\t\n") == []


# Fenced code is one block, fences included, and its # lines are code.


def test_backtick_fence_is_one_code_block() -> None:
    markdown = "# A\ntext\n```python\n# not a heading\n\nx = 1\n```\nafter"
    assert read_markdown(markdown) == [
        Block("A", "A", "heading", 1),
        Block("text", "A"),
        Block("```python\n# not a heading\n\nx = 1\n```", "A", "code"),
        Block("after", "A"),
    ]


def test_tilde_fence() -> None:
    assert read_markdown("~~~\n# code\n```\n~~~\n# H") == [
        Block("~~~\n# code\n```\n~~~", "", "code"),
        Block("H", "H", "heading", 1),
    ]


def test_closing_fence_must_be_as_long() -> None:
    markdown = "````\n```\n`````\nafter"
    assert read_markdown(markdown) == [
        Block("````\n```\n`````", "", "code"),
        Block("after"),
    ]


def test_closing_fence_is_only_fence_characters() -> None:
    assert read_markdown("```\n``` x\n  ```  ") == [
        Block("```\n``` x\n  ```  ", "", "code")
    ]


def test_unclosed_fence_runs_to_the_end() -> None:
    assert read_markdown("intro\n```\ncode\n\n# still code\n\n\n") == [
        Block("intro"),
        Block("```\ncode\n\n# still code", "", "code"),
    ]


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


# Properties.

_PLAIN = "abcxyz.,!?'|-> "
_CODE = "abx`~#>- \n\t"
_LINES = "abc`~>-| \t\n\r\x0b\x1c\x85\u2028\u3000"


def _words(texts: Iterable[str]) -> list[str]:
    return [word for text in texts for word in text.split()]


def _plain_text(alphabet: str) -> st.SearchStrategy[str]:
    """One line, stripped, not empty, that no Markdown rule reads."""
    return (
        st.text(alphabet=alphabet, min_size=1, max_size=30).map(str.strip).filter(bool)
    )


_simple_blocks = st.lists(
    st.one_of(
        st.builds(Block, text=_plain_text(_PLAIN)),
        st.builds(
            Block,
            text=_plain_text(_PLAIN),
            kind=st.just("heading"),
            level=st.integers(1, 6),
        ),
        st.builds(
            Block, text=st.text(alphabet=_CODE, max_size=40), kind=st.just("code")
        ),
    ),
    max_size=8,
)


@given(_simple_blocks)
def test_simple_blocks_read_back_as_written(blocks: list[Block]) -> None:
    # Paragraphs and headings come back as they were; code comes back with
    # the fence it was written in, which nothing inside it can close.
    read = read_markdown(render_markdown(blocks))
    assert [(b.kind, b.text, b.level) for b in read] == [
        (b.kind, render_markdown([b]) if b.kind == "code" else b.text, b.level)
        for b in blocks
    ]


_any_blocks = st.lists(
    st.builds(
        Block,
        text=st.text(alphabet=_LINES, max_size=40),
        kind=st.sampled_from(["paragraph", "heading", "item", "row", "code", "quote"]),
        level=st.integers(0, 7),
    ),
    max_size=8,
)


@given(_any_blocks)
def test_every_word_is_read_back_in_order(blocks: list[Block]) -> None:
    # Rendering adds markers ("-", ">", fences) and reading may regroup lines
    # (consecutive items become one paragraph, a stray fence turns the rest
    # into code), but without "#" in the text, which a heading line would
    # lose, no word is dropped or reordered.
    read_words = iter(_words(b.text for b in read_markdown(render_markdown(blocks))))
    assert all(word in read_words for word in _words(b.text for b in blocks))
