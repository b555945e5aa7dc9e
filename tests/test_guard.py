"""The hostile-input caps of ``pagechunk.html.guard``: long start tags and
deep nesting reshaped before the parse, their text kept."""

from __future__ import annotations

import random
from itertools import islice

import pytest

from pagechunk import parse_html
from pagechunk.html.guard import (
    _ATTRIBUTE,
    MAX_ATTRIBUTES,
    _past,
    cap_attributes,
    cap_nesting,
)


def texts(html: str | bytes) -> list[str]:
    """The block texts ``parse_html`` reads from a page."""
    return [block.text for block in parse_html(html).blocks]


@pytest.mark.parametrize(
    "attribute",
    [
        "a{}=v",
        "a{}",
        'a{}=">"',
        'a{}="<"',
        "a{}=<b",
        'a{}=""',
        "/a{}",
    ],
)
def test_many_attributes_in_any_form_are_capped(attribute):
    names = " ".join(attribute.format(number) for number in range(20_000))
    html = f"<p>before</p><div {names}>inside</div><p>after</p>"
    capped = cap_attributes(html.encode())
    assert len(capped) < len(html) // 10
    assert texts(html) == ["before", "inside", "after"]


def test_capping_keeps_the_first_attributes_and_what_follows():
    names = " ".join(f"n{number}='{number}'" for number in range(5000))
    data = f"<div hidden {names}>gone</div><p>kept</p>".encode()
    capped = cap_attributes(data)
    assert capped.startswith(b"<div hidden n0='0' n1='1'")
    assert f"n{MAX_ATTRIBUTES - 2}=".encode() in capped
    assert f"n{MAX_ATTRIBUTES - 1}=".encode() not in capped
    assert capped.endswith(b">gone</div><p>kept</p>")
    assert texts(data) == ["kept"]


def test_capping_leaves_scripts_and_ordinary_pages_alone():
    # Minified JavaScript holds "x<y" followed by thousands of words.
    script = "for(i=0;i<vendors.length " + " ".join(["x"] * 3000) + ";"
    data = f"<script>{script}</script><p>{'word ' * 3000}</p>".encode()
    assert cap_attributes(data) is data
    text = f"<article><p>{'A long paragraph. ' * 2000}</p></article>".encode()
    assert cap_attributes(text) is text


def test_one_match_counts_attributes_as_their_search_finds_them():
    pieces = [" ", "\t", "\n", "\f", "\v", "/", ">", "=", '"', "'", "a", "<"]
    pieces += ["x=1", 'k="v v"', "k='a>b'", "k = v"]
    draw = random.Random(7)
    for _ in range(20_000):
        data = "".join(draw.choices(pieces, k=draw.randint(0, 24))).encode()
        start = draw.randint(0, len(data))
        end = draw.randint(start, len(data))
        limit = draw.randint(0, 5)
        found = islice(_ATTRIBUTE.finditer(data, start, end), limit + 1)
        past = len(list(found)) > limit
        assert (_past(limit).match(data, start, end) is not None) == past, data


def test_nesting_is_capped_and_the_text_kept():
    data = b"<div><div><br><div>x<div>y</div></div></div></div><p>z</p>"
    assert cap_nesting(data, limit=2) == b"<div><div><br>xy</div></div><p>z</p>"
    assert cap_nesting(data, limit=4) == data
