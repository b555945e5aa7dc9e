"""chunk_blocks and chunk_markdown: prefix, packing, splitting and sizes."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pagechunk import (
    HEADING_SEPARATOR,
    MAX_CHARS,
    TARGET_CHARS,
    Block,
    Chunk,
    chunk_blocks,
    chunk_markdown,
)


def texts(chunks: list[Chunk]) -> list[str]:
    return [chunk.text for chunk in chunks]


def bodies(
    blocks: list[Block],
    *,
    target_chars: int | None = TARGET_CHARS,
    max_chars: int | None = MAX_CHARS,
) -> list[str]:
    """The chunk texts when no prefix is asked for."""
    chunks = chunk_blocks(
        blocks, target_chars=target_chars, max_chars=max_chars, prefix=False
    )
    return texts(chunks)


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


# A new heading path starts a new chunk; headings and empty blocks add no text.


def test_new_heading_path_starts_a_new_chunk() -> None:
    blocks = [Block("a", "One"), Block("b", "Two"), Block("c", "One")]
    assert chunk_blocks(blocks) == [
        Chunk("One\n\na", "One", 0),
        Chunk("Two\n\nb", "Two", 1),
        Chunk("One\n\nc", "One", 2),
    ]


def test_heading_and_empty_blocks_add_no_text() -> None:
    blocks = [
        Block("One", "One", "heading", 1),
        Block("  \n "),
        Block(" text ", "One"),
        Block("Two", "One › Two", "heading", 2),
    ]
    assert chunk_blocks(blocks) == [Chunk("One\n\ntext", "One", 0)]


def test_no_blocks_no_chunks() -> None:
    assert chunk_blocks([]) == []
    assert chunk_blocks([Block("Title", "Title", "heading", 1)]) == []


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


# Splitting an oversized block: line breaks first.


def test_split_at_line_breaks() -> None:
    block = Block("first line\nsecond line\nthird")
    assert bodies([block], max_chars=25) == ["first line\nsecond line", "third"]


def test_split_lines_drop_blank_lines_and_edge_spaces() -> None:
    block = Block("alpha  \n\n   \n  beta gamma delta")
    assert bodies([block], max_chars=12) == ["alpha", "beta gamma", "delta"]


def test_block_that_fits_keeps_its_blank_lines() -> None:
    assert bodies([Block("a\n\nb")], max_chars=4) == ["a\n\nb"]


# Then sentence ends.


def test_split_at_sentence_ends() -> None:
    block = Block("One two. Three four! Five six?")
    # The space before "Three" counts: 8 + 12 = 20 fits exactly.
    assert bodies([block], max_chars=20) == ["One two. Three four!", "Five six?"]
    assert bodies([block], max_chars=19) == ["One two.", "Three four!", "Five six?"]


def test_sentence_ends_after_closing_quotes() -> None:
    block = Block('He said "Stop." Then left.')
    assert bodies([block], max_chars=16) == ['He said "Stop."', "Then left."]


def test_stop_without_whitespace_after_is_no_sentence_end() -> None:
    block = Block("Pi is 3.14 today. Yes it is.")
    assert bodies([block], max_chars=20) == ["Pi is 3.14 today.", "Yes it is."]


def test_ellipsis_and_danda_end_sentences() -> None:
    block = Block("Wait… Go on। Fine.")
    assert bodies([block], max_chars=8) == ["Wait…", "Go on।", "Fine."]


def test_whitespace_between_sentences_becomes_one_space() -> None:
    block = Block("Aaa.\t\u3000Bbb. Ccccccc.")
    assert bodies([block], max_chars=10, target_chars=9) == ["Aaa. Bbb.", "Ccccccc."]


# CJK stops end a sentence with no space after them.


def test_cjk_sentences_split_without_spaces() -> None:
    block = Block("今天下雨。我们在家。明天出去！")
    assert bodies([block], max_chars=12) == ["今天下雨。我们在家。", "明天出去！"]


def test_cjk_stop_then_closing_bracket() -> None:
    block = Block("他说「好。」然后走了。再见。")
    assert bodies([block], max_chars=8) == ["他说「好。」", "然后走了。再见。"]


# Then between words.


def test_split_between_words() -> None:
    block = Block("alpha beta gamma delta")
    assert bodies([block], max_chars=12) == ["alpha beta", "gamma delta"]


def test_words_pack_to_the_target_not_the_max() -> None:
    block = Block("alpha beta gamma delta")
    assert bodies([block], target_chars=5, max_chars=12) == [
        "alpha",
        "beta",
        "gamma",
        "delta",
    ]


def test_words_are_rejoined_by_one_space() -> None:
    block = Block("alpha\tbeta\u3000gamma\xa0 delta")
    assert bodies([block], max_chars=12) == ["alpha beta", "gamma delta"]


def test_long_sentence_split_into_words_among_short_ones() -> None:
    block = Block("Hi. one two three four five six. Bye.")
    # The long sentence's first piece joins the sentence before it.
    assert bodies([block], max_chars=17) == [
        "Hi. one two three",
        "four five six.",
        "Bye.",
    ]


# And a single over-long word is cut.


def test_over_long_word_is_cut_at_the_target() -> None:
    word = "abcdefghijklmnopqrstuvwxyz"
    assert bodies([Block(word)], max_chars=10) == [
        "abcdefghij",
        "klmnopqrst",
        "uvwxyz",
    ]
    assert bodies([Block(word)], target_chars=8, max_chars=10) == [
        "abcdefgh",
        "ijklmnop",
        "qrstuvwx",
        "yz",
    ]


def test_last_cut_of_a_word_shares_a_piece_with_the_next() -> None:
    block = Block("abcdefghijklmnopqrstuvw xy")
    assert bodies([block], max_chars=10) == ["abcdefghij", "klmnopqrst", "uvw xy"]


def test_word_pieces_of_a_sentence_never_run_together() -> None:
    # "Hello there" + "world." would fit 17 with no space between them; the
    # kavalai reference joins them so, into "Hello thereworld.".
    block = Block("Hello there world. Ok.")
    assert bodies([block], max_chars=17) == ["Hello there", "world. Ok."]
    assert bodies([Block("a aa aa aaa")], max_chars=10) == ["a aa aa", "aaa"]


def test_max_of_one_character() -> None:
    assert bodies([Block("ab c")], max_chars=1) == ["a", "b", "c"]


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
    assert chunk_markdown(markdown, title="Guide") == [
        Chunk("Guide\n\nIntro.", "Guide", 0),
        Chunk("Guide › Setup\n\nStep one.\n\nStep two.", "Guide › Setup", 1),
    ]


def test_chunk_markdown_reads_an_inline_code_line_as_a_paragraph() -> None:
    # A backtick run with another backtick after it on its line opens inline
    # code, not a fence: the heading and the body after it are read.
    chunks = chunk_markdown("```inline``` code\n\n# Title\n\nBody", url="u")
    assert [dataclasses.astuple(chunk) for chunk in chunks] == [
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
