"""The walk step: block kinds, heading paths, link spans and text tidying.

Each case reads a small page from ``tests/pages/`` named for what it shows, or
a one-line snippet when the rule is a single element, and states the exact
result.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lxml import etree

from pagechunk import Block, LinkSpan, ParsedPage, parse_html
from pagechunk.html.decode import decode
from pagechunk.html.tree import load_tree
from pagechunk.html.walk import _walk_subtree, _words, walk
from pagechunk.options import ParseOptions


def paragraphs(*texts: str, heading: str = "") -> list[Block]:
    return [Block(text, heading) for text in texts]


def heading(text: str, path: str, level: int) -> Block:
    return Block(text, path, "heading", level)


def texts(parsed: ParsedPage) -> list[str]:
    return [block.text for block in parsed.blocks]


# Block kinds


def test_br_is_a_line_break(page):
    parsed = parse_html(page("br_line_breaks"))
    assert parsed.blocks == paragraphs(
        "Acme Corp\n12 Main Street\nSpringfield", "One line only."
    )


def test_pre_code_keeps_whitespace(page):
    parsed = parse_html(page("pre_code_keeps_whitespace"))
    assert parsed.blocks == [
        Block("Define it like this:"),
        Block(
            'def greet(name):\n    if name:\n        return "hi  " + name',
            kind="code",
        ),
        Block("  col1    col2\n  a       b", kind="code"),
    ]


def test_table_rows_as_cells_joined(page):
    parsed = parse_html(page("table_rows_as_cells"))
    assert parsed.blocks == [
        Block("Plan | Price | Seats", kind="row"),
        Block("Basic | $5 | 1", kind="row"),
        Block("Team plan | $20 / month | 10", kind="row"),
    ]


def test_list_and_definition_entries_are_items(page):
    parsed = parse_html(page("list_and_definition_items"))
    items = ["Download", "Unpack the archive", "Fast", "Small"]
    items += ["CPU", "Two cores", "RAM", "4 GB"]
    assert parsed.blocks == [
        Block("Steps:"),
        *(Block(text, kind="item") for text in items),
    ]


def test_blockquote_is_quote(page):
    parsed = parse_html(page("blockquote_as_quote"))
    assert parsed.blocks == [
        Block("She said:"),
        Block("Simplicity is prerequisite for reliability.", kind="quote"),
        Block("And left."),
    ]


# strip_chars


def test_strip_chars_default_removes_pilcrow(page):
    parsed = parse_html(page("strip_chars_permalinks"))
    assert parsed.blocks == [
        heading("Install", "Install", 1),
        Block("Run the installer once.", "Install"),
        heading("Options†", "Install › Options†", 2),
        Block("Flags are optional*.", "Install › Options†"),
    ]


def test_strip_chars_empty_keeps_pilcrow(page):
    parsed = parse_html(page("strip_chars_permalinks"), strip_chars="")
    assert parsed.blocks == [
        heading("Install¶", "Install¶", 1),
        Block("Run the installer¶ once.", "Install¶"),
        heading("Options†¶", "Install¶ › Options†¶", 2),
        Block("Flags are optional*.", "Install¶ › Options†¶"),
    ]


def test_strip_chars_several_characters(page):
    parsed = parse_html(page("strip_chars_permalinks"), strip_chars="†*¶")
    assert parsed.blocks == [
        heading("Install", "Install", 1),
        Block("Run the installer once.", "Install"),
        heading("Options", "Install › Options", 2),
        Block("Flags are optional.", "Install › Options"),
    ]


# Markdown


def test_markdown_of_every_block_kind(page):
    parsed = parse_html(page("every_block_kind"))
    assert parsed.markdown == (
        "# Everything\n"
        "\n"
        "A paragraph with inline formatting.\n"
        "\n"
        "## Lists\n"
        "\n"
        "- First item\n"
        "- Second item\n"
        "\n"
        "## Data\n"
        "\n"
        "Key | Value\n"
        "a | 1\n"
        "\n"
        "```\n"
        'print("hi")\n'
        "# not a heading\n"
        "```\n"
        "\n"
        "> Quoted words.\n"
        "\n"
        "Line one\n"
        "Line two"
    )


# Link spans on blocks


def test_link_spans_label_and_absolute_url(page):
    parsed = parse_html(
        page("link_spans_in_blocks"), base_url="https://example.com/blog/post.html"
    )
    assert [block.links for block in parsed.blocks] == [
        (
            LinkSpan("the getting started guide", "https://example.com/docs/start"),
            LinkSpan("the FAQ", "https://other.example.net/faq"),
        ),
        (),
        (LinkSpan("Pricing", "https://example.com/blog/pricing"),),
        (),  # an anchor without href is no link
    ]


def test_link_spans_block_texts(page):
    parsed = parse_html(page("link_spans_in_blocks"))
    assert parsed.blocks == [
        Block("Read the getting started guide or the FAQ."),
        Block("No links here."),
        Block("Pricing", kind="item"),
        Block("An anchor without href."),
    ]


def test_link_spans_not_part_of_block_equality():
    with_link = Block("Docs", links=(LinkSpan("Docs", "https://example.com/"),))
    assert with_link == Block("Docs")


def test_link_spans_against_base_href(page):
    parsed = parse_html(page("links_base_href"))
    assert parsed.blocks[0].links == (
        LinkSpan("Install", "https://cdn.example.org/docs/v2/install.html"),
        LinkSpan("old docs", "https://cdn.example.org/docs/v1/old.html"),
        LinkSpan("root", "https://cdn.example.org/root.html"),
        LinkSpan("elsewhere", "https://other.example.net/x"),
    )


# Spaces


def test_space_between_links_in_a_heading_is_kept():
    page = parse_html('<h2><a href="/a">Alpha</a> <a href="/b">Beta</a></h2>')
    assert page.blocks == [Block("Alpha Beta", "Alpha Beta", "heading", 2)]


def test_space_between_links_at_line_start_is_kept():
    page = parse_html('<p><a href="/a">Alpha</a>\n<a href="/b">Beta</a></p>')
    assert [block.text for block in page.blocks] == ["Alpha Beta"]
    assert [span.label for span in page.blocks[0].links] == ["Alpha", "Beta"]


# A subtree


def test_walking_a_subtree_leaves_out_the_text_after_it():
    root = load_tree(decode("<div><p>inside</p></div>after"))
    div = root.find(".//div")
    blocks = walk(div, set(), str, ParseOptions(strip_chars=""))
    assert [block.text for block in blocks] == ["inside"]
    assert div.tail == "after"


# Tidying


def test_only_the_space_of_all_white_space_prints() -> None:
    # The walk takes a printable stripped text without two spaces in a row
    # as its words a space apart already, without splitting it.
    others = [chr(code) for code in range(sys.maxunicode + 1) if chr(code).isspace()]
    assert [char for char in others if char.isprintable()] == [" "]


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "a",
        "a b",
        "a  b",
        " a ",
        "\n a b \t",
        "a\nb",
        "a\xa0b",
        "\xa0a\u3000",
        "a\u3000b",
        "a\x1fb",
        "é ü",
        "a\x00b",
    ],
)
def test_words_are_those_of_str_split(text: str) -> None:
    assert _words(text) == " ".join(text.split())


# The pass over the elements


class _Events:
    """A walker that notes the starts and ends the pass gives it."""

    def __init__(self) -> None:
        self.events: list[tuple[str, Any, bool]] = []

    def start(self, element: Any) -> None:
        self.events.append(("start", element, True))

    def end(self, element: Any, role: None, tail: bool = True) -> None:
        self.events.append(("end", element, tail))


_NODES = st.recursive(
    st.sampled_from(["p", "b", "br", "!comment", "?pi"]),
    lambda inner: st.tuples(
        st.sampled_from(["div", "li", "a", "td"]), st.lists(inner, max_size=4)
    ),
    max_leaves=25,
)


def _build(parent: Any, node: Any) -> None:
    if isinstance(node, tuple):
        tag, children = node
        element = etree.SubElement(parent, tag)
        for child in children:
            _build(element, child)
    elif node == "!comment":
        parent.append(etree.Comment("c"))
    elif node == "?pi":
        parent.append(etree.ProcessingInstruction("pi", "x"))
    else:
        etree.SubElement(parent, node)


@given(st.lists(_NODES, max_size=5))
def test_the_pass_gives_the_events_of_iterwalk(nodes: list[Any]) -> None:
    # Every element's start, then those inside it, then its end, in document
    # order, as lxml's iterwalk gives them; comments and processing
    # instructions are not elements, and the root's tail is not read.
    root = etree.Element("body")
    for node in nodes:
        _build(root, node)
    walker = _Events()
    _walk_subtree(root, walker)  # type: ignore[arg-type]
    expected = [
        (event, element, element is not root or event == "start")
        for event, element in etree.iterwalk(root, events=("start", "end"))
    ]
    assert walker.events == expected
