"""The Markdown reader: blocks, headings, fences, raw text and what disagreed."""

from __future__ import annotations

from collections.abc import Iterable

from hypothesis import given
from hypothesis import strategies as st

from pagechunk import Block, LinkSpan
from pagechunk.markdown import render_markdown
from pagechunk.markdown.read import MarkdownBlock, read_blocks, read_markdown

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


def test_lines_end_at_newline_return_or_both() -> None:
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


def raws(markdown: str) -> list[str]:
    return [block.raw for block in read_blocks(markdown)]


# Each block keeps its text as written, for clean_markdown.


def test_blank_lines_separate_raw_blocks() -> None:
    text = "# Title\n\nOne line  \nand another\n\n\n  \n- item\n"
    assert raws(text) == ["# Title", "One line  \nand another", "- item"]


def test_fenced_code_is_one_raw_block_with_its_blank_lines() -> None:
    text = "Intro\n```python\nx = 1\n\ny = 2\n```\nAfter"
    assert raws(text) == ["Intro", "```python\nx = 1\n\ny = 2\n```", "After"]


def test_fence_closes_only_with_its_own_marker() -> None:
    assert raws("````\n```\ninside\n````\n\nafter") == [
        "````\n```\ninside\n````",
        "after",
    ]


def test_raw_blocks_keep_their_line_breaks() -> None:
    text = "One\r\ntwo  \r\n\r\n# Head\rthree\r\n"
    assert raws(text) == ["One\r\ntwo  ", "# Head", "three"]
    assert [each.block.text for each in read_blocks(text)] == [
        "One\ntwo",
        "Head",
        "three",
    ]


def test_blocks_carry_links_and_what_a_reader_sees() -> None:
    (paragraph,) = read_blocks("See [the guide](/guide) ![logo](/l.png)now.")
    assert paragraph == MarkdownBlock(
        "See [the guide](/guide) ![logo](/l.png)now.",
        Block("See [the guide](/guide) ![logo](/l.png)now."),
        "See the guide now.",
    )
    assert paragraph.block.links == (
        LinkSpan("the guide", "/guide"),
        LinkSpan("", "/l.png"),
    )
    seen = paragraph.seen()
    assert (seen.text, seen.links) == ("See the guide now.", paragraph.block.links)


def test_heading_links_and_visible_text() -> None:
    (heading,) = read_blocks("## [Docs](/docs) ##")
    assert heading.block == Block("[Docs](/docs)", "[Docs](/docs)", "heading", 2)
    assert heading.block.links == (LinkSpan("Docs", "/docs"),)
    assert heading.visible == "Docs"
    assert read_markdown("## [Docs](/docs) ##")[0].links == heading.block.links


def test_code_has_no_links() -> None:
    (code,) = read_blocks("```\n[x](/y)\n```")
    assert (code.block.kind, code.block.links, code.visible) == (
        "code",
        (),
        "```\n[x](/y)\n```",
    )


def test_heading_without_text_is_a_block_for_cleaning_only() -> None:
    assert [each.block for each in read_blocks("# A\n#\ntext")] == [
        Block("A", "A", "heading", 1),
        Block("", "", "heading", 1),
        Block("text", ""),
    ]
    assert read_markdown("# A\n#\ntext") == [
        Block("A", "A", "heading", 1),
        Block("text"),
    ]


# What the chunking reader (read_markdown) and the cleaning reader
# (split_blocks and markdown_blocks) read differently, and what both read
# now, as CommonMark says:
#
# - A backtick fence followed by a backtick on its line: a code block to the
#   end of the text for chunking, a paragraph for cleaning. Paragraph.
# - A fence indented four spaces or a tab: a fence for chunking (opening
#   and closing), none for cleaning. None.
# - A heading line with no blank line before or after it: a heading block
#   for chunking; for cleaning part of a paragraph. A heading.
# - "\t# text": a paragraph for chunking, a heading for cleaning. Paragraph.
# - A one-line heading over 120 readable characters: a heading for
#   chunking, a paragraph for cleaning. A heading.
# - "[# label](url)": a paragraph for chunking, a heading for cleaning,
#   which looked for "#" after reading the links. Paragraph.
# - Line breaks: every Unicode line break for chunking (str.splitlines),
#   only "\n" for cleaning. "\n", "\r\n" and "\r".
# - A fence never closed: ended at its last non-empty line for chunking,
#   ran over the trailing blank lines for cleaning. Its last non-empty line.
# - The heading path: cleaning read none, so a menu's size was counted over
#   the whole page instead of under its heading path. Both read it.
# - Link spans: chunking read none. Both read them.


def test_inline_code_line_is_a_paragraph_not_a_fence() -> None:
    markdown = "```inline``` code\n\n# Title\n\nBody"
    assert read_markdown(markdown) == [
        Block("```inline``` code"),
        Block("Title", "Title", "heading", 1),
        Block("Body", "Title"),
    ]
    assert raws(markdown) == ["```inline``` code", "# Title", "Body"]


def test_inline_code_inside_a_paragraph_does_not_open_a_fence() -> None:
    assert read_markdown("text\n```x``` y\n# H") == [
        Block("text\n```x``` y"),
        Block("H", "H", "heading", 1),
    ]


def test_tilde_fence_may_hold_backticks_in_its_info() -> None:
    assert read_markdown("~~~ `lang`\n# code\n~~~") == [
        Block("~~~ `lang`\n# code\n~~~", kind="code")
    ]


def test_fence_indented_four_spaces_or_a_tab_is_no_fence() -> None:
    for indent in ("    ", "\t"):
        assert read_markdown(f"{indent}```\n# H\n{indent}```") == [
            Block(f"{indent}```"),
            Block("H", "H", "heading", 1),
            Block(f"{indent}```", "H"),
        ]
    assert read_markdown("   ```\n# code\n   ```\nafter") == [
        Block("   ```\n# code\n   ```", kind="code"),
        Block("after"),
    ]


def test_fence_indented_four_spaces_does_not_close() -> None:
    assert raws("```\ncode\n    ```\n# still code\n```\nafter") == [
        "```\ncode\n    ```\n# still code\n```",
        "after",
    ]


def test_heading_lines_are_blocks_without_blank_lines_around_them() -> None:
    markdown = "intro\n## Setup\nsteps\nmore steps"
    assert raws(markdown) == ["intro", "## Setup", "steps\nmore steps"]
    assert [each.block.kind for each in read_blocks(markdown)] == [
        "paragraph",
        "heading",
        "paragraph",
    ]


def test_tab_before_the_marks_is_no_heading() -> None:
    (block,) = read_blocks("\t# tab")
    assert block.block == Block("\t# tab")


def test_long_heading_is_a_heading() -> None:
    line = "# " + "word " * 31
    (block,) = read_blocks(line)
    assert (block.block.kind, block.block.level) == ("heading", 1)
    assert block.visible == ("word " * 31).strip()


def test_link_label_starting_with_a_hash_is_no_heading() -> None:
    (block,) = read_blocks("[# not a heading](/x)")
    assert (block.block.kind, block.visible) == ("paragraph", "# not a heading")


def test_only_newline_and_return_end_lines() -> None:
    assert read_markdown("a\x85b\u2028c\x0bd") == [Block("a\x85b\u2028c\x0bd")]
    assert read_markdown("```\n\x85# code\u2028\n```") == [
        Block("```\n\x85# code\u2028\n```", kind="code")
    ]


def test_unclosed_fence_ends_at_its_last_line_that_is_not_empty() -> None:
    text = "Intro\n\n~~~~\ncode\n\n# not a heading\n~~~\n\n\n"
    assert raws(text) == ["Intro", "~~~~\ncode\n\n# not a heading\n~~~"]
    assert read_markdown(text)[-1].text == "~~~~\ncode\n\n# not a heading\n~~~"


def test_cleaning_reads_the_heading_path() -> None:
    blocks = [each.seen() for each in read_blocks("# A\n\n[x](/x)\n\n## B\n\n[y](/y)")]
    assert [(block.text, block.heading) for block in blocks] == [
        ("A", "A"),
        ("x", "A"),
        ("B", "A › B"),
        ("y", "A › B"),
    ]


def test_fences_that_open_and_close_on_alternate_lines_pair_up() -> None:
    # The shape the scaling guard in benchmarks/test_scaling.py times at
    # 20,000 repeats: a "~~~" opens a fence that the next "~~~" closes, and
    # a one-line "```x```" is text, not a fence.
    lines = "\n".join(["```x```", "# h", "text", "~~~"] * 3)
    blocks = [each.seen() for each in read_blocks(lines)]
    assert [(block.text, block.kind) for block in blocks] == [
        ("```x```", "paragraph"),
        ("h", "heading"),
        ("text", "paragraph"),
        ("~~~\n```x```\n# h\ntext\n~~~", "code"),
        ("```x```", "paragraph"),
        ("h", "heading"),
        ("text", "paragraph"),
        ("~~~", "code"),
    ]


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
