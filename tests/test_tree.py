"""The tree step: the one lxml parse, and pages it finds little or nothing in.

Each case reads a small page from ``tests/pages/`` named for what it shows, or
a one-line snippet when the rule is a single element, and states the exact
result.
"""

from __future__ import annotations

import pytest

from pagechunk import Block, ParsedPage, parse_html
from pagechunk.html.tree import load_tree


def heading(text: str, path: str, level: int) -> Block:
    return Block(text, path, "heading", level)


# Pages without elements


@pytest.mark.parametrize(
    "html", ["", b"", "   \n\t  ", b" \r\n", "<!-- nothing -->"], ids=repr
)
def test_nothing_to_read_gives_empty_page(html):
    assert parse_html(html) == ParsedPage("", [], [])


def test_lone_comment_page(page):
    assert parse_html(page("lone_comment")) == ParsedPage("", [], [])


def test_fragment_without_html_element(page):
    parsed = parse_html(page("fragment_without_html"))
    assert parsed == ParsedPage(
        "Setup",
        [heading("Setup", "Setup", 2), Block("Run the installer.", "Setup")],
        [],
    )


# Deep nesting


def test_nesting_deeper_than_libxml2_allows_keeps_all_text():
    depth = 5000
    html = (
        "<p>before</p>" + "<div>" * depth + "deep" + "</div>" * depth + "<p>after</p>"
    )
    assert [block.text for block in parse_html(html).blocks] == [
        "before",
        "deep",
        "after",
    ]


def test_a_document_without_elements_is_an_empty_html_element():
    for data in (None, b"", b" \n", b"<!-- only a comment -->"):
        root = load_tree(data)
        assert (root.tag, len(root), root.text) == ("html", 0, None)


# A DOCTYPE with an internal subset


@pytest.mark.parametrize(
    "doctype",
    [
        '<!DOCTYPE html [ <!ENTITY e "x"> ]>',
        "<!doctype html [\n<!ELEMENT p ANY>\n<!ATTLIST p id ID #IMPLIED>\n] >\n",
        '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0//EN" "x.dtd" [<!ENTITY a "b">]>',
    ],
    ids=["entity", "lines", "public"],
)
def test_doctype_internal_subset_leaves_no_text(doctype):
    parsed = parse_html(f"{doctype}<title>T</title><p>Body ]> text</p>")
    assert parsed.title == "T"
    assert parsed.blocks == [Block("Body ]> text")]


def test_brackets_after_a_plain_doctype_stay_text():
    parsed = parse_html("<!DOCTYPE html><p>[1]> and ]></p>")
    assert parsed.blocks == [Block("[1]> and ]>")]
