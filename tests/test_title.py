"""The title step: the ``<title>`` text tidied, else the first heading.

Each case reads a small page from ``tests/pages/`` named for what it shows, or
a one-line snippet when the rule is a single element, and states the exact
result.
"""

from __future__ import annotations

from pagechunk import (
    Block,
    parse_html,
)


def heading(text: str, path: str, level: int) -> Block:
    return Block(text, path, "heading", level)


# Title


def test_title_whitespace_is_collapsed(page):
    parsed = parse_html(page("title_collapsed_whitespace"))
    assert parsed.title == "Acme Widgets for Everyone"


def test_title_falls_back_to_first_heading(page):
    parsed = parse_html(page("title_falls_back_to_first_heading"))
    assert parsed.title == "Release notes for 2.0"


def test_title_inside_dropped_svg_is_ignored(page):
    parsed = parse_html(page("title_inside_svg_ignored"))
    assert parsed.title == "Quarterly report"


def test_title_empty_without_title_or_heading():
    assert parse_html("<p>Just text.</p>").title == ""


def test_strip_chars_applies_to_title():
    parsed = parse_html("<title>Intro ¶</title><p>Text</p>")
    assert parsed.title == "Intro"
