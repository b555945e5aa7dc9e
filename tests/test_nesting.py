"""Misnested pages read as a browser nests them (``pagechunk.html.nesting``).

libxml2 ignores an end tag such as ``</li>`` or ``</header>`` while a
``<div>`` opened inside its element is still open, so the rest of the page
nests inside a menu or header and is pruned with it. Each shape below is a
hand-written page: first the blocks ``parse_html`` reads from it, then, for
the tree itself, the body a browser builds (HTML Standard tree
construction). Whitespace between tags is left out so that trees compare as
strings.
"""

from __future__ import annotations

import pytest
from lxml import etree

from pagechunk import parse_html
from pagechunk.html.nesting import ignored_end_tags, reparse_closing
from pagechunk.html.tree import PARSER_OPTIONS, load_tree
from pagechunk.model import HEADING, ITEM, PARAGRAPH


def blocks(html: str) -> list[tuple[str, str, str]]:
    """Each block ``parse_html`` reads: its kind, text and heading path."""
    return [(b.kind, b.text, b.heading) for b in parse_html(html).blocks]


def _inner(root: etree._Element) -> str:
    found = root.find("body")
    assert found is not None
    return (found.text or "") + "".join(
        etree.tostring(child, encoding="unicode") for child in found
    )


def body(html: str) -> str:
    """The repaired tree's ``<body>`` content, serialized."""
    return _inner(load_tree(html.encode()))


def plain_body(html: str) -> str:
    """The same for libxml2 alone, without the repair."""
    return _inner(etree.fromstring(html.encode(), etree.HTMLParser(**PARSER_OPTIONS)))


# --- The shapes that lost the article ------------------------------------

UNCLOSED_DIV_IN_LIST_ITEM = (
    '<nav><ul><li><a href="/p">Products</a><div class="dropdown">'
    '<a href="/p/a">Alpha</a></li><li><a href="/about">About</a></li></ul></nav>'
    "<main><h1>Title</h1><p>Body text.</p></main>"
)

NESTED_DROPDOWNS = (
    "<header><nav><ul><li>Shop<div class=dropdown><ul>"
    "<li>Men<div class=dropdown><a>Shirts</a></li><li>Women</li></ul></li>"
    "<li>Blog</li></ul></nav></header><main><h1>Guide</h1><p>Article.</p></main>"
)

HEADER_SWALLOWS_BODY = (
    '<header><div class="logo"><a href="/">Site</a></header>'
    "<article><h1>Headline</h1><p>Story.</p></article><footer>Footer</footer>"
)

# libxml2 keeps the div in the paragraph and ignores </p>, and with it
# </article>: the footer then sits in the article, where chrome is kept.
PARAGRAPH_HOLDING_DIV = (
    "<article><p>Lead <span class=x><div class=note>Note</p><p>More.</p>"
    "</article><footer><p>Copyright</p></footer>"
)

AFTER_END_OF_HTML = (
    "<html><head><title>T</title></head><body><p>One.</p></body></html>"
    '<div class="late"><p>Two.</p></div>tail'
)


def test_unclosed_div_in_a_list_item_keeps_the_article():
    assert "<main>" not in plain_body(UNCLOSED_DIV_IN_LIST_ITEM).split("</nav>")[-1]
    assert blocks(UNCLOSED_DIV_IN_LIST_ITEM) == [
        (HEADING, "Title", "Title"),
        (PARAGRAPH, "Body text.", "Title"),
    ]
    assert body(UNCLOSED_DIV_IN_LIST_ITEM) == (
        '<nav><ul><li><a href="/p">Products</a><div class="dropdown">'
        '<a href="/p/a">Alpha</a></div></li><li><a href="/about">About</a></li>'
        "</ul></nav><main><h1>Title</h1><p>Body text.</p></main>"
    )


def test_nested_dropdown_menus_no_longer_swallow_main():
    """``</li>``, ``</ul>``, ``</nav>`` and ``</header>`` are each ignored by
    libxml2, two dropdowns deep, and ``<main>`` lands in the header."""
    plain = etree.fromstring(NESTED_DROPDOWNS.encode(), etree.HTMLParser())
    main = plain.find(".//main")
    assert main is not None
    assert any(a.tag == "header" for a in main.iterancestors())
    assert blocks(NESTED_DROPDOWNS) == [
        (HEADING, "Guide", "Guide"),
        (PARAGRAPH, "Article.", "Guide"),
    ]
    assert body(NESTED_DROPDOWNS) == (
        '<header><nav><ul><li>Shop<div class="dropdown"><ul>'
        '<li>Men<div class="dropdown"><a>Shirts</a></div></li><li>Women</li></ul>'
        "</div></li><li>Blog</li></ul></nav></header>"
        "<main><h1>Guide</h1><p>Article.</p></main>"
    )


def test_a_header_no_longer_swallows_the_body():
    assert blocks(HEADER_SWALLOWS_BODY) == [
        (HEADING, "Headline", "Headline"),
        (PARAGRAPH, "Story.", "Headline"),
    ]
    assert body(HEADER_SWALLOWS_BODY) == (
        '<header><div class="logo"><a href="/">Site</a></div></header>'
        "<article><h1>Headline</h1><p>Story.</p></article><footer>Footer</footer>"
    )


def test_a_paragraph_holding_a_div_closes_at_its_end_tag():
    """A browser closes the ``<p>`` at ``<div>`` already (a start tag libxml2
    does not log); the repair closes it at the ``</p>`` libxml2 ignored, so
    the texts and their order are a browser's, and the footer stays out of
    the article."""
    assert "<footer>" in plain_body(PARAGRAPH_HOLDING_DIV).split("</article>")[0]
    assert blocks(PARAGRAPH_HOLDING_DIV) == [
        (PARAGRAPH, "Lead", ""),
        (PARAGRAPH, "Note", ""),
        (PARAGRAPH, "More.", ""),
    ]
    paragraphs = load_tree(PARAGRAPH_HOLDING_DIV.encode()).findall(".//p")
    texts = [p.xpath("string()") for p in paragraphs]
    assert texts == ["Lead Note", "More.", "Copyright"]
    assert all(p.find(".//p") is None for p in paragraphs)


def test_content_after_the_end_of_html_joins_the_body():
    """libxml2 makes it a second root element, never walked."""
    assert blocks(AFTER_END_OF_HTML) == [
        (PARAGRAPH, "One.", ""),
        (PARAGRAPH, "Two.", ""),
        (PARAGRAPH, "tail", ""),
    ]
    assert body(AFTER_END_OF_HTML) == (
        '<p>One.</p><div class="late"><p>Two.</p></div>tail'
    )


def test_a_second_document_after_the_first_joins_the_body():
    """A browser ignores the second ``<html>``, ``<head>`` and ``<body>`` tags."""
    page = (
        "<html><body><p>One.</p></body></html>"
        "<html><head><title>X</title></head><body><p>Two.</p></body></html>"
    )
    assert body(page) == "<p>One.</p><title>X</title><p>Two.</p>"


@pytest.mark.parametrize(
    ("page", "browser"),
    [
        pytest.param(
            '<aside class="popup"><div class="inner">Subscribe</aside>'
            "<div id=wrapper><p>Story.</p></div>",
            '<aside class="popup"><div class="inner">Subscribe</div></aside>'
            '<div id="wrapper"><p>Story.</p></div>',
            id="aside-popup",
        ),
        pytest.param(
            '<header><button class="menu"><div class="icon">Menu</button>'
            '<nav><a href="/">Home</a></nav></header><main><p>Recipe.</p></main>',
            '<header><button class="menu"><div class="icon">Menu</div></button>'
            '<nav><a href="/">Home</a></nav></header><main><p>Recipe.</p></main>',
            id="menu-button",
        ),
        pytest.param(
            # (A browser keeps a template's children in a fragment of their
            # own; lxml keeps them as children, which are dropped all the same.)
            "<header><ul><li><details><summary>Shop</summary><template>"
            '<div class="panel">Panel</template></details></li></ul></header>'
            "<main><p>Text.</p></main>",
            "<header><ul><li><details><summary>Shop</summary><template>"
            '<div class="panel">Panel</div></template></details></li></ul></header>'
            "<main><p>Text.</p></main>",
            id="template-menu-item",
        ),
        pytest.param(
            "<h2><div>Title</h2><p>Para</p>",
            "<h2><div>Title</div></h2><p>Para</p>",
            id="heading-holding-div",
        ),
    ],
)
def test_other_shapes_nest_as_a_browser_nests_them(page, browser):
    assert body(page) == browser


def test_an_inline_element_open_at_the_ignored_end_tag():
    """libxml2 names the ``<b>`` in its message, as it does when an end tag
    closes a ``<b>`` on its way; the probe tells the two apart. (A browser
    also reopens the ``<b>`` in later text: only inline markup differs.)"""
    page = (
        '<ul><li><div class="dd"><b>Shop</li><li>Next</li></ul>'
        "<nav><div>x</nav><main>m</main>"
    )
    root = load_tree(page.encode())
    etree.strip_tags(root, "b")
    assert _inner(root) == (
        '<ul><li><div class="dd">Shop</div></li><li>Next</li></ul>'
        "<nav><div>x</div></nav><main>m</main>"
    )


def test_the_blocks_of_a_list_are_unchanged_by_the_repair():
    page = "<ul><li>One<div>x</li><li>Two</li></ul><p>After.</p>"
    assert blocks(page) == [
        (ITEM, "One", ""),
        (PARAGRAPH, "x", ""),
        (ITEM, "Two", ""),
        (PARAGRAPH, "After.", ""),
    ]


# --- Where a browser leaves the elements open too: no change --------------


@pytest.mark.parametrize(
    "page",
    [
        # </form> takes only the form off the stack: the div stays open.
        "<form><div>x</form><p>y</p>",
        # The list item is out of scope: a table cell stands between.
        "<ul><li><table><tr><td><div>x</li>y</td></tr></table></li></ul>",
        # "Any other end tag" stops at a special element such as <div>.
        "<my-menu><div>x</my-menu><p>y</p>",
        "<span><div>x</span><p>y</p>",
        # A formatting element: the adoption agency keeps the div open.
        '<a href="/"><div>x</a><p>y</p>',
        # Well nested, or an end tag with nothing to close.
        "<ul><li><div>x</div></li></ul><p>y</p></p>",
    ],
)
def test_unchanged_where_a_browser_agrees(page):
    assert body(page) == plain_body(page)


def test_end_tags_in_scripts_and_attributes_are_not_acted_on():
    page = (
        '<ul><li><div title="</li>">a<script>s = "</li>";</script></li>'
        "<li>b</li></ul><main>m</main>"
    )
    assert body(page) == (
        '<ul><li><div title="&lt;/li&gt;">a<script>s = "&lt;/li&gt;";</script>'
        "</div></li><li>b</li></ul><main>m</main>"
    )  # (serialized as XML, so the script's "<" is escaped)


def test_no_probe_is_left_behind():
    page = "<form><ul><li><table><tr><td><div>x</li>after</td></tr></table></ul></form>"
    root = reparse_closing(page.encode(), frozenset({("li", 1)}), PARSER_OPTIONS)
    assert root is not None
    assert not root.xpath("//*[starts-with(name(), 'pagechunk')]")
    assert "after" in root.xpath("string()")


def test_a_well_nested_page_is_parsed_once():
    parser = etree.HTMLParser(**PARSER_OPTIONS)
    etree.fromstring(b"<ul><li><div>x</div></li></ul><p>One</p><p>Two", parser)
    assert not ignored_end_tags(parser.error_log)


def test_a_well_nested_page_reads_the_same_blocks():
    page = (
        "<header><nav><ul><li><a href='/'>Home</a></li></ul></nav></header>"
        "<main><h1>Title</h1><p>Body.</p></main><footer>Foot</footer>"
    )
    assert blocks(page) == [(HEADING, "Title", "Title"), (PARAGRAPH, "Body.", "Title")]


def test_control_characters_after_the_end_of_html_are_no_error():
    """lxml sets no text holding control characters, which libxml2 keeps."""
    assert blocks("<html><body><p>One.</p></body></html>\x01Two") == [
        (PARAGRAPH, "One.", ""),
        (PARAGRAPH, "Two", ""),
    ]
