"""Sentence ends: where a line is split, and where an overlap may start."""

from __future__ import annotations

import pytest

from chunk_texts import bodies
from pagechunk import Block
from pagechunk.chunk.sentences import ends_a_sentence, last_words, sentence_ends

# Splitting a line at its sentence ends.


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


# The functions alone.


def test_sentence_ends_lie_after_the_stop_run() -> None:
    line = 'One. "Two!" Three?! four 3.14 five'
    assert sentence_ends(line) == [4, 11, 19, len(line)]
    assert sentence_ends("今天。明天") == [3, 5]


def test_sentence_ends_of_a_line_of_stops_alone() -> None:
    assert sentence_ends("." * 100) == [100]


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("Done.", True),
        ('He said "stop."  \n', True),
        ("(So it goes.)", True),
        ("完了。」", True),
        ("3.14x", False),
        ("no stop", False),
        ("", False),
        ("  ", False),
    ],
)
def test_ends_a_sentence(text: str, ended: bool) -> None:
    assert ends_a_sentence(text) is ended


def test_last_words_start_at_a_sentence_or_a_word() -> None:
    text = "First one. Second sentence here."
    assert last_words(text, 100) == text
    assert last_words(text, 24) == "Second sentence here."
    assert last_words(text, 12) == "here."
    assert last_words(text, 3) == ""
    assert last_words("one\ntwo three", 11) == "two three"
