"""The title step: the ``<title>`` text tidied, else the first heading.

Each case reads a small page from ``tests/pages/`` named for what it shows, or
a one-line snippet when the rule is a single element, and states the exact
result.
"""

from __future__ import annotations

from pagechunk import Block, parse_html
from pagechunk.html.title import page_title

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


def test_page_title_strips_collapses_and_falls_back_to_a_heading():
    blocks = [Block("Intro"), Block("Setup guide", "Setup guide", "heading", 1)]
    assert page_title(" A\n  title¶ ", blocks, "¶") == "A title"
    assert page_title(" ¶ ", blocks, "¶") == "Setup guide"
    assert page_title(" ¶ ", blocks, "") == "¶"
    assert page_title("", [Block("Intro")], "") == ""
