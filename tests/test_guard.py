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
    _in_raw_text,
    _most_attributes,
    _past,
    _RawText,
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


def test_a_long_tag_after_raw_text_is_still_capped():
    # Each script reads as one start tag as long as itself ("<n ..." up to
    # the ">" after it); the check that it is a script skips it whole.
    words = " ".join(["x"] * 3000)
    scripts = "".join(
        f"<{tag}>for(i=0;i<n {words};</{tag}>"
        for tag in ("script", "style", "SCRIPT", "title")
    )
    names = " ".join(f"n{number}" for number in range(5000))
    data = f"{scripts}<p>before</p><div {names}>inside</div>{scripts}".encode()
    capped = cap_attributes(data)
    assert capped.startswith(scripts.encode() + b"<p>before</p><div n0 n1 ")
    assert f" n{MAX_ATTRIBUTES - 1}>inside</div>".encode() in capped
    assert capped.endswith(scripts.encode())


def test_raw_text_read_forward_agrees_with_the_search_back():
    pieces = ["<script>", "</script>", "<STYLE a>", "</style>", "<title>"]
    pieces += ["</TITLE >", "<textarea>", "</x>", "<scripts>", "a", " ", "<p>"]
    draw = random.Random(11)
    for _ in range(3000):
        data = "".join(draw.choices(pieces, k=draw.randint(0, 16))).encode()
        found = _RawText(data)
        # Asked where a start tag opens, as cap_attributes asks.
        starts = [
            i
            for i in range(len(data))
            if data[i : i + 1] == b"<" and data[i + 1 : i + 2].isalpha()
        ]
        for at in sorted(draw.sample(starts, min(len(starts), 6))):
            inside = found.holds(at)
            assert inside == _in_raw_text(data, at, _RawText(data)), (data, at)
            if inside:  # where it ends: the first closing mark after ``at``
                rest = data[at:].lower()
                ends = [rest.find(b"</" + name) for name in (b"script", b"style")]
                ends += [rest.find(b"</" + name) for name in (b"title", b"textarea")]
                first = min((at + end for end in ends if end != -1), default=None)
                assert found.end == (len(data) if first is None else first)


def test_the_attribute_bound_counts_every_separator():
    data = b"<a b c/d='e' f=\"g\"\th\ni\x0cj\rk>"
    assert _most_attributes(data, 0, len(data)) == 1 + sum(
        data.count(mark) for mark in b" \t\n\r\x0c/'\""
    )


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
