"""Splitting a block too big for a chunk: at line breaks, between words, cuts."""

from __future__ import annotations

from chunk_texts import bodies
from pagechunk import Block

# Splitting an oversized block: line breaks first.


def test_split_at_line_breaks() -> None:
    block = Block("first line\nsecond line\nthird")
    assert bodies([block], max_chars=25) == ["first line\nsecond line", "third"]


def test_split_lines_drop_blank_lines_and_edge_spaces() -> None:
    block = Block("alpha  \n\n   \n  beta gamma delta")
    assert bodies([block], max_chars=12) == ["alpha", "beta gamma", "delta"]


def test_block_that_fits_keeps_its_blank_lines() -> None:
    assert bodies([Block("a\n\nb")], max_chars=4) == ["a\n\nb"]


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
