"""Blocks to heading sections: the prefix, the heading paths, and where each
chunk's body stands in the blocks' Markdown (start and end)."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from chunk_texts import texts
from pagechunk import (
    MAX_CHARS,
    TARGET_CHARS,
    Block,
    Chunk,
    ChunkOptions,
    chunk_blocks,
    chunk_html,
    chunk_markdown,
    extract,
)
from pagechunk.chunk import chunk_with
from pagechunk.markdown import read_markdown, render_markdown


def fields(chunks: list[Chunk]) -> list[tuple[object, ...]]:
    """Every field of each chunk, those equality leaves out included."""
    return [dataclasses.astuple(chunk)[:8] for chunk in chunks]


def spans(
    blocks: list[Block],
    *,
    target_chars: int | None = TARGET_CHARS,
    max_chars: int | None = MAX_CHARS,
) -> list[str]:
    """What each chunk's span shows of the blocks' Markdown."""
    markdown = render_markdown(blocks)
    chunks = chunk_blocks(
        blocks, prefix=False, target_chars=target_chars, max_chars=max_chars
    )
    return [markdown[chunk.start : chunk.end] for chunk in chunks]


def test_document_fields_fill_every_chunk() -> None:
    chunks = chunk_blocks(
        [Block("One.", "A"), Block("Two.", "B")],
        title=" Guide \n",
        url="https://example.org/guide",
        lang="en",
    )
    assert [(c.url, c.title, c.lang) for c in chunks] == [
        ("https://example.org/guide", "Guide", "en")
    ] * 2


def test_new_fields_leave_equality_alone() -> None:
    chunk = chunk_blocks([Block("Body.")], url="u", lang="de")[0]
    assert chunk == Chunk("Body.", "", 0)
    assert (chunk.start, chunk.end) == (0, 5)


def test_paragraph_spans_are_the_bodies() -> None:
    blocks = [
        Block("Intro", "Intro", "heading", 1),
        Block("First paragraph here.", "Intro"),
        Block("Second one. It has two sentences.", "Intro"),
    ]
    assert spans(blocks, target_chars=25, max_chars=25) == [
        "First paragraph here.",
        "Second one.",
        "It has two sentences.",
    ]
    chunks = chunk_blocks(blocks, prefix=False, target_chars=25, max_chars=25)
    assert [(c.start, c.end) for c in chunks] == [(9, 30), (32, 43), (44, 65)]


def test_items_span_from_the_first_text_to_the_last() -> None:
    blocks = [Block("first item", kind="item"), Block("second\nline", kind="item")]
    assert render_markdown(blocks) == "- first item\n- second\n  line"
    chunks = chunk_blocks(blocks, prefix=False)
    assert (chunks[0].start, chunks[0].end) == (2, 28)


def test_code_spans_leave_the_fences_out() -> None:
    assert spans([Block("x = 1\ny = 2", kind="code")]) == ["x = 1\ny = 2"]


def test_quote_lines_map_past_their_markers() -> None:
    blocks = [Block("Line one.\nLine two.", kind="quote")]
    assert render_markdown(blocks) == "> Line one.\n> Line two."
    chunks = chunk_blocks(blocks, prefix=False, max_chars=12)
    assert [(c.text, c.start, c.end) for c in chunks] == [
        ("Line one.", 2, 11),
        ("Line two.", 14, 23),
    ]


def test_pieces_rejoined_by_one_space_span_the_original_spacing() -> None:
    blocks = [Block("aaa   bbb ccc\tddd")]
    chunks = chunk_blocks(blocks, prefix=False, max_chars=7)
    assert [chunk.text for chunk in chunks] == ["aaa bbb", "ccc ddd"]
    assert spans(blocks, max_chars=7) == ["aaa   bbb", "ccc\tddd"]


def test_cut_words_span_their_cuts() -> None:
    assert spans([Block("abcdefgh ij")], target_chars=3, max_chars=3) == [
        "abc",
        "def",
        "gh",
        "ij",
    ]


def test_stripped_edges_are_not_in_the_span() -> None:
    assert spans([Block("  padded  "), Block("\n next")]) == ["padded  \n\n\n next"]
    chunks = chunk_blocks([Block("  padded  "), Block("\n next")], prefix=False)
    assert (chunks[0].start, chunks[0].end) == (2, 18)


def test_chunk_markdown_counts_in_the_rendered_blocks() -> None:
    source = "# Title\n\nSome   text here.\n\n```\ncode\n```"
    chunks = chunk_markdown(source)
    markdown = render_markdown(read_markdown(source))
    assert [markdown[c.start : c.end] for c in chunks] == [
        "Some   text here.\n\n````\n```\ncode\n```"
    ]


PAGE = (
    "<html lang='en-GB'><head><title>Notes</title></head><body><main>"
    "<h1>Notes</h1><p>A first paragraph of text.</p><ul><li>one point</li>"
    "<li>another point</li></ul><h2>More</h2><blockquote>Quoted words.</blockquote>"
    "</main></body></html>"
)


def test_chunk_html_spans_index_the_page_markdown() -> None:
    page = extract(PAGE)
    chunks = chunk_html(PAGE, base_url="https://example.org/notes")
    # Short sections join: the span runs over the heading between them.
    assert [page.markdown[c.start : c.end] for c in chunks] == [
        "A first paragraph of text.\n\n- one point\n- another point"
        "\n\n## More\n\n> Quoted words."
    ]
    apart = chunk_html(PAGE, join_under=None)
    assert [page.markdown[c.start : c.end] for c in apart] == [
        "A first paragraph of text.\n\n- one point\n- another point",
        "Quoted words.",
    ]
    assert {(c.url, c.title, c.lang) for c in chunks} == {
        ("https://example.org/notes", "Notes", "en-GB")
    }


MARKERS = {"-", ">"}


def words(text: str) -> list[str]:
    """The words of a text, without Markdown's item and quote markers and
    code fences."""
    return [word for word in text.split() if word not in MARKERS and word.strip("`")]


def shown_words(markdown: str) -> list[str]:
    """The words of a slice of rendered Markdown, without its heading lines:
    a heading repeated between two blocks of one heading path stands inside
    the span of a chunk that holds both."""
    lines = markdown.split("\n")
    return words("\n".join(line for line in lines if not line.startswith("#")))


@st.composite
def documents(draw: st.DrawFn) -> list[Block]:
    pieces = st.sampled_from(["a", "bb", "Word.", "end!", "x" * 15, "-", "é", "。"])
    gaps = st.sampled_from([" ", " ", "  ", "\n", "\t"])
    text = st.lists(st.tuples(pieces, gaps), max_size=20).map(
        lambda pairs: "".join(word + gap for word, gap in pairs)
    )
    blocks: list[Block] = []
    path = ""
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.sampled_from(["paragraph", "item", "row", "code", "quote", "h"]))
        if kind == "h":
            path = draw(st.sampled_from(["One", "Two"]))
            blocks.append(Block(path, path, "heading", 1))
        else:
            blocks.append(Block(draw(text), path, kind))
    return blocks


@settings(max_examples=300, deadline=None)
@given(
    blocks=documents(),
    target=st.none() | st.integers(1, 50),
    limit=st.none() | st.integers(1, 60),
)
def test_every_span_holds_its_body_words_in_order(
    blocks: list[Block], target: int | None, limit: int | None
) -> None:
    markdown = render_markdown(blocks)
    chunks = chunk_blocks(blocks, prefix=False, target_chars=target, max_chars=limit)
    for chunk in chunks:
        body = words(chunk.text)
        shown = shown_words(markdown[chunk.start : chunk.end])
        assert body[:1] == shown[:1] and body[-1:] == shown[-1:]
        remaining = iter(shown)
        assert all(word in remaining for word in body)
    starts = [chunk.start for chunk in chunks]
    assert starts == sorted(starts)


@settings(max_examples=200, deadline=None)
@given(
    sentences=st.lists(
        st.sampled_from(["One.", "Two words.", "A longer sentence here!", "x" * 20]),
        max_size=12,
    ),
    breaks=st.lists(st.booleans(), min_size=12, max_size=12),
    target=st.none() | st.integers(1, 60),
    limit=st.none() | st.integers(1, 60),
)
def test_paragraph_spans_hold_their_bodies(
    sentences: list[str], breaks: list[bool], target: int | None, limit: int | None
) -> None:
    blocks: list[Block] = []
    current: list[str] = []
    for sentence, new_block in zip(sentences, breaks, strict=False):
        if new_block and current:
            blocks.append(Block(" ".join(current)))
            current = []
        current.append(sentence)
    if current:
        blocks.append(Block(" ".join(current)))
    markdown = render_markdown(blocks)
    chunks = chunk_blocks(blocks, prefix=False, target_chars=target, max_chars=limit)
    for chunk in chunks:
        shown = markdown[chunk.start : chunk.end]
        # Pieces of a split paragraph may be rejoined by a line break.
        assert shown.split() == chunk.text.split()
        if limit is None:
            assert shown == chunk.text


# The prefix: title and heading path, then a blank line.


def test_prefix_is_title_and_heading_path() -> None:
    chunks = chunk_blocks([Block("Body.", "Setup › Linux")], title="Guide")
    assert chunks == [Chunk("Guide › Setup › Linux\n\nBody.", "Setup › Linux", 0)]


def test_prefix_from_title_alone_is_stripped() -> None:
    assert texts(chunk_blocks([Block("Body.")], title="  Guide \n")) == [
        "Guide\n\nBody."
    ]


def test_no_title_and_no_heading_means_no_prefix() -> None:
    assert chunk_blocks([Block("Body.")]) == [Chunk("Body.", "", 0)]


def test_prefix_off_keeps_the_heading_field() -> None:
    chunks = chunk_blocks([Block("Body.", "Setup")], title="Guide", prefix=False)
    assert chunks == [Chunk("Body.", "Setup", 0)]


# A heading path that begins with the title does not repeat it.


def test_path_starting_with_title_is_not_repeated() -> None:
    chunks = chunk_blocks([Block("Body.", "Guide › Setup")], title="Guide")
    assert texts(chunks) == ["Guide › Setup\n\nBody."]


def test_path_equal_to_title_is_not_repeated() -> None:
    assert texts(chunk_blocks([Block("Body.", "Guide")], title="Guide")) == [
        "Guide\n\nBody."
    ]


def test_path_sharing_only_letters_with_title_is_kept_whole() -> None:
    chunks = chunk_blocks([Block("Body.", "Guidebook › Setup")], title="Guide")
    assert texts(chunks) == ["Guide › Guidebook › Setup\n\nBody."]


# The prefix takes at most half of max_chars, blank line included.


def test_long_prefix_is_cut_with_an_ellipsis() -> None:
    # 20 // 2 - 2 = 8 characters for the prefix line.
    chunks = chunk_blocks([Block("Short.", "Chapter")], title="Handbook", max_chars=20)
    assert texts(chunks) == ["Handboo…\n\nShort."]


def test_prefix_of_one_character_is_the_ellipsis() -> None:
    chunks = chunk_blocks([Block("abc", "H")], title="T", max_chars=6)
    assert texts(chunks) == ["…\n\nabc"]


def test_no_prefix_when_no_character_fits() -> None:
    chunks = chunk_blocks([Block("abc", "H")], title="T", max_chars=5)
    assert chunks == [Chunk("abc", "H", 0)]


def test_prefix_that_fits_is_whole() -> None:
    chunks = chunk_blocks([Block("x", "Chapter")], title="Handbook", max_chars=44)
    assert texts(chunks) == ["Handbook › Chapter\n\nx"]


# A new heading path starts a new chunk; headings and empty blocks add no text.


def test_new_heading_path_starts_a_new_chunk() -> None:
    blocks = [Block("a", "One"), Block("b", "Two"), Block("c", "One")]
    assert fields(chunk_blocks(blocks, lang="en")) == [
        ("One\n\na", "One", 0, "", "", "en", 0, 1),
        ("Two\n\nb", "Two", 1, "", "", "en", 3, 4),
        ("One\n\nc", "One", 2, "", "", "en", 6, 7),
    ]


def test_heading_and_empty_blocks_add_no_text() -> None:
    blocks = [
        Block("One", "One", "heading", 1),
        Block("  \n "),
        Block(" text ", "One"),
        Block("Two", "One › Two", "heading", 2),
    ]
    # The Markdown: "# One\n\n  \n \n\n text \n\n## Two".
    assert fields(chunk_blocks(blocks, url="u")) == [
        ("One\n\ntext", "One", 0, "u", "", "", 14, 18)
    ]


def test_no_blocks_no_chunks() -> None:
    assert chunk_blocks([]) == []
    assert chunk_blocks([Block("Title", "Title", "heading", 1)]) == []


def test_title_once_names_a_title_holding_the_first_heading_once() -> None:
    # The longer name stands for both: here the title.
    blocks = [
        Block("Rotating logs", "Rotating logs", "heading", 1),
        Block("Body text.", "Rotating logs › Why"),
    ]
    title = "Rotating logs | Field Notes"
    once = chunk_with(blocks, ChunkOptions(title_once=True), title=title)
    assert [c.text for c in once] == ["Rotating logs | Field Notes › Why\n\nBody text."]
    repeated = chunk_blocks(blocks, title=title)
    assert [c.text for c in repeated] == [
        "Rotating logs | Field Notes › Rotating logs › Why\n\nBody text."
    ]


def test_title_once_keeps_a_title_that_names_something_else() -> None:
    blocks = [Block("Body text.", "Logs › Why")]
    once = ChunkOptions(title_once=True)
    chunks = chunk_with(blocks, once, title="Log rotation guide")
    assert [c.text for c in chunks] == ["Log rotation guide › Logs › Why\n\nBody text."]


def test_chunk_html_names_the_title_once_by_default() -> None:
    html = (
        "<title>Tides explained | Sea Notes</title><article><h1>Tides explained</h1>"
        "<p>The Moon pulls the water facing it, and the sea rises there.</p></article>"
    )
    assert [c.text for c in chunk_html(html)] == [
        "Tides explained | Sea Notes\n\n"
        "The Moon pulls the water facing it, and the sea rises there."
    ]


def test_title_once_keeps_a_heading_that_says_more_than_the_title() -> None:
    blocks = [Block("Body text.", "Rotating logs without losing lines › Why")]
    once = ChunkOptions(title_once=True)
    chunks = chunk_with(blocks, once, title="Rotating logs")
    assert [c.text for c in chunks] == [
        "Rotating logs without losing lines › Why\n\nBody text."
    ]


def test_title_once_reads_words_not_spacing_or_punctuation() -> None:
    blocks = [Block("Body text.", "acme / rocket › Rocket")]
    once = ChunkOptions(title_once=True)
    chunks = chunk_with(blocks, once, title="acme/rocket: Launch from a laptop")
    assert [c.text for c in chunks] == [
        "acme/rocket: Launch from a laptop › Rocket\n\nBody text."
    ]
