"""Token sizing: chunk_blocks, chunk_markdown and chunk_html with length=.

tokenizer_length is tested in test_tokens.py, --tokenizer in test_cli_args.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chunk_texts import texts
from pagechunk import Block, chunk_blocks, chunk_html, chunk_markdown


def words(text: str) -> int:
    """A length that counts words: glue and spaces cost nothing."""
    return len(text.split())


# Sizes in the length function's unit.


def test_blocks_pack_by_the_length_function() -> None:
    blocks = [Block("one two three"), Block("four five"), Block("six seven eight")]
    chunks = chunk_blocks(
        blocks, target_chars=5, max_chars=6, prefix=False, length=words
    )
    assert texts(chunks) == ["one two three\n\nfour five", "six seven eight"]


def test_long_sentence_splits_between_words_by_length() -> None:
    chunks = chunk_blocks(
        [Block("a b c d e f g h i j")],
        target_chars=3,
        max_chars=4,
        prefix=False,
        length=words,
    )
    assert texts(chunks) == ["a b c", "d e f", "g h i", "j"]


def test_prefix_counts_in_the_length_function() -> None:
    # The prefix "T › H" is three words, the blank line none: the body has 5.
    chunks = chunk_blocks(
        [Block("a b c d e f g", "H")], title="T", max_chars=8, length=words
    )
    assert texts(chunks) == ["T › H\n\na b c d e", "T › H\n\nf g"]


def test_prefix_over_half_the_limit_is_cut_by_length() -> None:
    chunks = chunk_blocks(
        [Block("x", "one two three four five six")], max_chars=8, length=words
    )
    assert [words(chunk.text.split("\n\n")[0]) for chunk in chunks] == [4]
    assert chunks[0].text.split("\n\n")[0].endswith("…")


def super_additive(text: str) -> int:
    """Words, plus one for every ten characters: joined texts measure more
    than their parts."""
    return len(text.split()) + len(text) // 10


def test_chunk_measuring_over_the_limit_when_joined_is_split_again() -> None:
    blocks = [Block("a" * 9), Block("b" * 9), Block("c" * 9)]
    # Each block measures 1 and the glue 0, so all three seem to fit in 3;
    # joined they measure 3 + 3.
    chunks = chunk_blocks(blocks, max_chars=3, prefix=False, length=super_additive)
    assert texts(chunks) == ["a" * 9, "b" * 9, "c" * 9]


def test_len_as_length_is_the_default() -> None:
    blocks = [Block("Alpha beta. Gamma delta epsilon.", "H"), Block("Zeta.", "H")]
    for target, limit in ((10, 20), (5, 12), (None, None)):
        assert chunk_blocks(
            blocks, title="T", target_chars=target, max_chars=limit, length=len
        ) == chunk_blocks(blocks, title="T", target_chars=target, max_chars=limit)


def test_length_reaches_chunk_markdown_and_chunk_html() -> None:
    markdown = "# H\n\none two three four\n\nfive six"
    chunks = chunk_markdown(markdown, max_chars=5, target_chars=5, length=words)
    assert texts(chunks) == ["H\n\none two three four", "H\n\nfive six"]
    html = "<title>T</title><p>one two three four</p><p>five six</p>"
    chunks = chunk_html(html, max_chars=5, target_chars=5, length=words)
    assert texts(chunks) == ["T\n\none two three four", "T\n\nfive six"]


@pytest.mark.parametrize("result", [-1, 1.5, "3", None])
def test_length_returning_no_count_is_a_value_error(result: Any) -> None:
    with pytest.raises(ValueError, match="length must return an int"):
        chunk_blocks([Block("text")], length=lambda text: result)


def test_single_character_over_the_limit_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="max_chars=1 is too small"):
        chunk_blocks(
            [Block("ab")], max_chars=1, prefix=False, length=lambda t: 2 * len(t)
        )


def sized_texts() -> st.SearchStrategy[str]:
    words = st.sampled_from(["a", "bb", "ccc", "Sentence.", "end!", "x" * 25, "é"])
    gaps = st.sampled_from([" ", "  ", "\n", ". "])
    return st.lists(st.tuples(words, gaps), max_size=30).map(
        lambda pairs: "".join(word + gap for word, gap in pairs)
    )


LENGTHS: list[Callable[[str], int]] = [
    words,
    super_additive,
    lambda text: (len(text.encode()) + 3) // 4,
    lambda text: len(text.split()) + sum(text.count(stop) for stop in ".!\n"),
]


@settings(max_examples=200, deadline=None)
@given(
    texts=st.lists(sized_texts(), max_size=5),
    headings=st.lists(st.sampled_from(["", "H", "H › Sub"]), min_size=5, max_size=5),
    rows=st.lists(st.sampled_from([None, False, True]), min_size=5, max_size=5),
    table_header=st.booleans(),
    length=st.sampled_from(LENGTHS),
    target=st.none() | st.integers(1, 40),
    limit=st.integers(4, 40),
    overlap=st.integers(0, 10),
    title=st.sampled_from(["", "Title", "A much longer title of many words"]),
)
def test_no_chunk_measures_over_max(
    texts: list[str],
    headings: list[str],
    rows: list[bool | None],
    table_header: bool,
    length: Callable[[str], int],
    target: int | None,
    limit: int,
    overlap: int,
    title: str,
) -> None:
    # A row is a table row, its flag whether it is a header row.
    blocks = [
        Block(text, heading, "paragraph" if row is None else "row", header=bool(row))
        for text, heading, row in zip(texts, headings, rows, strict=False)
    ]
    chunks = chunk_blocks(
        blocks,
        title=title,
        target_chars=target,
        max_chars=limit,
        length=length,
        overlap_chars=overlap,
        table_header=table_header,
    )
    assert all(length(chunk.text) <= limit for chunk in chunks)
    assert [chunk.position for chunk in chunks] == list(range(len(chunks)))
    bodies = chunk_blocks(
        blocks, target_chars=target, max_chars=limit, prefix=False, length=length
    )
    assert "".join("".join(chunk.text.split()) for chunk in bodies) == "".join(
        "".join(block.text.split()) for block in blocks
    )
