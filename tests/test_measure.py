"""The cleaner's measures against their definitions, on arbitrary text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pagechunk import Block, LinkSpan
from pagechunk.clean.measure import measure, readable_chars

# Any character, lone surrogates included, with extra weight on ASCII, on the
# marks the counter removes before testing, and on the replacement character.
CHARACTERS = st.one_of(
    st.characters(),
    st.characters(codec="ascii"),
    st.characters(categories=["Cs"]),
    st.sampled_from(list("\u2019\u201c\u2014\xa0\u3002\uff0c\ufffd\ud800\udc00")),
)
TEXTS = st.text(CHARACTERS, max_size=80)


@settings(max_examples=500)
@given(TEXTS)
def test_readable_chars_is_isalnum_per_character(text: str) -> None:
    assert readable_chars(text) == sum(map(str.isalnum, text))


@given(st.lists(TEXTS.map(lambda text: text * 3), max_size=4))
def test_readable_chars_on_long_text_beyond_ascii(parts: list[str]) -> None:
    text = "\u65e5\u672c\u8a9e\u3002".join(parts)
    assert readable_chars(text) == sum(map(str.isalnum, text))


@st.composite
def blocks(draw: st.DrawFn) -> Block:
    labels = draw(st.lists(TEXTS, max_size=3))
    links = tuple(LinkSpan(label, "/x") for label in labels)
    return Block(" ".join([*labels, draw(TEXTS)]), links=links)


@given(st.lists(blocks(), max_size=6))
def test_measure_reads_each_block(page: list[Block]) -> None:
    facts = measure(page)
    for index, block in enumerate(page):
        readable = sum(map(str.isalnum, block.text))
        labels = " ".join(link.label for link in block.links)
        linked = min(readable, sum(map(str.isalnum, labels))) if block.links else 0
        assert facts.readable[index] == readable
        assert facts.link_readable[index] == linked
        assert facts.links[index] == len(block.links)
        assert facts.link_share[index] == (linked / readable if readable else 1.0)
        assert facts.own_readable(index) == readable - linked


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", 0),
        ("Hello, world!", 10),
        ("It’s “quoted” — twice…", 14),
        ("日本語の文章です。「テスト」", 11),
        ("naïve café, 2024", 13),
        ("\u00a9 \u2022 \u00b7 \u2014", 0),
        ("snow\u2603man \ud800", 7),  # a lone surrogate is not readable
    ],
)
def test_readable_chars_counts_letters_and_digits(text: str, expected: int) -> None:
    assert readable_chars(text) == expected
    assert readable_chars(text) == sum(map(str.isalnum, text))
