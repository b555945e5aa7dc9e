"""The prune step: content elements, chrome, drop tags and roles, hidden elements.

Each case reads a small page from ``tests/pages/`` named for what it shows, or
a one-line snippet when the rule is a single element, and states the exact
result.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lxml import etree

from pagechunk import DROP_ROLES, DROP_TAGS, Block, ParsedPage, chunk_html, parse_html
from pagechunk.html.nesting import remove_keeping_tail
from pagechunk.html.prune import (
    _declares_hiding,
    _style_hides,
    find_regions,
    prune,
    role_attributes,
)
from pagechunk.options import ParseOptions


def paragraphs(*texts: str, heading: str = "") -> list[Block]:
    return [Block(text, heading) for text in texts]


def heading(text: str, path: str, level: int) -> Block:
    return Block(text, path, "heading", level)


# Content elements


def test_content_element_keeps_only_article(page):
    parsed = parse_html(page("content_element_keeps_only_article"))
    assert parsed.blocks == [
        heading("Bridge reopens", "Bridge reopens", 1),
        *paragraphs(
            "The old bridge reopened on Monday.",
            "Traffic is expected to ease.",
            heading="Bridge reopens",
        ),
    ]


def test_content_role_main_counts_as_main(page):
    parsed = parse_html(page("content_role_main"))
    assert parsed.blocks == [
        heading("Configuration", "Configuration", 1),
        Block("Settings live in one file.", "Configuration"),
    ]


def test_content_elements_several_kept_in_order(page):
    parsed = parse_html(page("content_elements_several_kept_in_order"))
    assert parsed.blocks == [
        heading("First post", "First post", 2),
        Block("Body of the first post.", "First post"),
        heading("Second post", "Second post", 2),
        Block("Body of the second post.", "Second post"),
    ]


def test_content_tags_argument_replaces_default(page):
    parsed = parse_html(
        page("content_elements_several_kept_in_order"), content_tags={"section"}
    )
    assert parsed.blocks == [
        Block("Site tagline"),
        heading("First post", "First post", 2),
        Block("Body of the first post.", "First post"),
        Block("Advertisement", "First post"),
        heading("Second post", "Second post", 2),
        Block("Body of the second post.", "Second post"),
    ]


def test_content_role_article_counts_as_article():
    html = '<p>Outside</p><div role="Article"><p>Inside</p></div><p>After</p>'
    assert parse_html(html).blocks == [Block("Inside")]


# Chrome tags


def test_chrome_outside_content_dropped(page):
    parsed = parse_html(page("chrome_outside_content_dropped"))
    assert parsed.blocks == [Block("The only real paragraph.")]


def test_chrome_inside_article_kept(page):
    parsed = parse_html(page("chrome_inside_article_kept"))
    assert parsed.blocks == [
        heading("Storm passes", "Storm passes", 1),
        *paragraphs(
            "By Ana Ruiz",
            "The storm moved east overnight.",
            "Fact: winds reached 90 km/h.",
            "Filed under Weather",
            heading="Storm passes",
        ),
    ]


def test_chrome_tags_empty_keeps_header_footer_aside(page):
    parsed = parse_html(page("chrome_outside_content_dropped"), chrome_tags=())
    assert parsed.blocks == paragraphs(
        "Logo and tagline",
        "Related links",
        "The only real paragraph.",
        "Copyright 2024",
    )


# Drop tags


DROPPED_ELEMENTS = {
    "button": "<button>Dropped text</button>",
    "canvas": "<canvas>Dropped text</canvas>",
    "dialog": "<dialog open><p>Dropped text</p></dialog>",
    "iframe": "<iframe>Dropped text</iframe>",
    "nav": "<nav><p>Dropped text</p></nav>",
    "noscript": "<noscript><p>Dropped text</p></noscript>",
    "object": "<object data='movie.swf'><p>Dropped text</p></object>",
    "script": "<script>var text = 'Dropped text';</script>",
    "select": "<select><option>Dropped text</option></select>",
    "style": "<style>.x::after { content: 'Dropped text' }</style>",
    "svg": "<svg><text>Dropped text</text></svg>",
    "template": "<template><p>Dropped text</p></template>",
    "textarea": "<textarea>Dropped text</textarea>",
}


def test_drop_tag_cases_cover_every_default():
    assert set(DROPPED_ELEMENTS) == DROP_TAGS


@pytest.mark.parametrize("tag", sorted(DROPPED_ELEMENTS))
def test_drop_tag_text_dropped(tag):
    parsed = parse_html(f"<p>Before</p>{DROPPED_ELEMENTS[tag]}<p>After</p>")
    assert parsed.blocks == paragraphs("Before", "After")


def test_drop_tags_each_one_on_one_page(page):
    parsed = parse_html(page("drop_tags_each_one"))
    assert parsed.blocks == paragraphs(
        "Kept one", "Kept two", "Kept three", "Kept four"
    )


def test_drop_tags_argument_without_nav_keeps_nav():
    html = "<p>Before</p><nav><p>Menu</p></nav><p>After</p>"
    parsed = parse_html(html, drop_tags=DROP_TAGS - {"nav"})
    assert parsed.blocks == paragraphs("Before", "Menu", "After")


def test_drop_tags_argument_adds_figure():
    html = "<p>Before</p><figure><figcaption>Fig 1</figcaption></figure><p>After</p>"
    parsed = parse_html(html, drop_tags=DROP_TAGS | {"figure"})
    assert parsed.blocks == paragraphs("Before", "After")


# Drop roles


@pytest.mark.parametrize("role", sorted(DROP_ROLES))
def test_drop_role_text_dropped(role):
    html = f'<p>Before</p><div role="{role}"><p>Dropped text</p></div><p>After</p>'
    assert parse_html(html).blocks == paragraphs("Before", "After")


def test_drop_roles_first_token_case_insensitive(page):
    parsed = parse_html(page("drop_roles_first_token"))
    assert parsed.blocks == paragraphs(
        "Kept one", "Kept two", "Kept note before contentinfo", "Kept three"
    )


def test_drop_roles_argument_replaces_default():
    html = '<div role="note"><p>Aside note</p></div><div role="navigation">Menu</div>'
    parsed = parse_html(html, drop_roles={"note"})
    assert parsed.blocks == paragraphs("Menu")


# Hidden elements


def test_hidden_elements_dropped(page):
    parsed = parse_html(page("hidden_elements"))
    assert parsed.blocks == paragraphs(
        "Visible one",
        "Found on search",
        "Not hidden from assistive tech",
        "Shown as block",
        "Shown as visible",
        "Visible two",
    )


@pytest.mark.parametrize(
    "attributes",
    [
        "hidden",
        'hidden=""',
        'aria-hidden="true"',
        'style="display:none"',
        'style="  Display :  NONE "',
        'style="color: red; visibility : hidden;"',
        'style="VISIBILITY:HIDDEN"',
        # Read as CSS reads it: comments, escapes, white space, the last wins.
        'style="display:/**/none"',
        'style="display/* a; b */: none"',
        'style="di\\73play:none"',
        'style="di\\73 play:none"',
        'style="display:\\6e one"',
        'style="\\64 isplay:n\\one"',
        'style="display:\tnone\n!important"',
        'style="visibility: collapse"',
        'style="display: block; display: none"',
        'style="color: red; display: none /* unclosed"',
        'style="display: none !important; display: block"',
        'style="display: none ! IMPORTANT; display: block !important x"',
        'style="content-visibility: hidden"',
    ],
)
def test_hidden_attribute_or_style_drops(attributes):
    html = f"<p>Before</p><div {attributes}><p>Unseen</p></div><p>After</p>"
    assert parse_html(html).blocks == paragraphs("Before", "After")


@pytest.mark.parametrize(
    "attributes",
    [
        'hidden="until-found"',
        'aria-hidden="false"',
        'style="display: block"',
        'style="visibility: visible"',
        'style="display: none; display: block"',
        'style="/* display: none */ color: red"',
        'style="--display: none"',
        'style="display: none-ish"',
        'style="display\\:none"',
        'style="display: none\\9"',
        'style="display: none !bogus"',
        'style="display: block !important; display: none"',
        'style="dis play: none"',
    ],
)
def test_rendered_attribute_or_style_kept(attributes):
    html = f"<p>Before</p><div {attributes}><p>Seen</p></div><p>After</p>"
    assert parse_html(html).blocks == paragraphs("Before", "Seen", "After")


def test_drop_hidden_false_keeps_hidden_elements(page):
    parsed = parse_html(page("hidden_elements"), drop_hidden=False)
    assert parsed.blocks == paragraphs(
        "Visible one",
        "Hidden by attribute",
        "Hidden by attribute value",
        "Found on search",
        "Hidden from assistive tech",
        "Not hidden from assistive tech",
        "Hidden by display",
        "Hidden by visibility",
        "Shown as block",
        "Shown as visible",
        "Visible two",
    )


# Nothing left


def test_all_boilerplate_page_has_no_blocks(page):
    parsed = parse_html(page("all_boilerplate"))
    assert parsed == ParsedPage("Acme", [], ["/", "/about", "/terms"])


@pytest.mark.parametrize("tag", ["noembed", "noframes"])
def test_noembed_and_noframes_dropped(tag):
    inside = "<p>Fallback</p><script>x()</script>"
    html = f"<p>Before</p><{tag}>{inside}</{tag}><p>After</p>"
    assert parse_html(html).blocks == paragraphs("Before", "After")
    kept = parse_html(html, drop_hidden=False).blocks
    assert [block.text for block in kept][0::2] == ["Before", "After"]


_STYLE_PIECES = st.sampled_from(
    [
        "display",
        "Visibility",
        "content-visibility",
        "dis",
        "play",
        ":",
        ";",
        " ",
        "none",
        "NONE",
        "hidden",
        "collapse",
        "block",
        "!important",
        "/*",
        "*/",
        "\\",
        "6e",
        "73 ",
        "-",
        "x",
    ]
)


@given(st.lists(_STYLE_PIECES, max_size=12).map("".join))
def test_quick_style_answers_agree_with_reading_every_declaration(style):
    # The quick answers skip a style that names no hiding property or value;
    # they must never differ from reading the style declaration by declaration.
    assert _style_hides(style) == _declares_hiding(style)


def test_roles_read_before_an_element_went_pass_it_over():
    # extract reads the role attributes once, before it takes out unseen
    # text: a content role of an element gone since is no content element.
    root = etree.fromstring(
        "<html><body><div role='status'><p role='main'>Saved.</p></div>"
        "<div role='main'><p>Body.</p></div></body></html>",
        etree.HTMLParser(),
    )
    roles = role_attributes(root)
    gone, kept = (role.getparent() for role in roles[::2])
    remove_keeping_tail(gone)
    regions = find_regions(root, ParseOptions(), roles)
    assert regions.content == {kept}
    assert [role.getparent() for role in regions.marking] == [kept]
    assert regions.content == find_regions(root, ParseOptions()).content


def test_content_elements_pruned_with_what_held_them_are_let_go():
    # A <main> inside a <noscript>, and a role=main inside a hidden box: the
    # walk never meets them once pruned, so no step after prune may choose
    # them, and the hidden text inside them is never read.
    root = etree.fromstring(
        "<html><body><noscript><main><p>Enable scripts.</p></main></noscript>"
        "<div hidden><span role='main'>-->HIDDENMARK more words</span></div>"
        "<article><p>Body.</p></article></body></html>",
        etree.HTMLParser(),
    )
    regions = find_regions(root, ParseOptions())
    assert len(regions.content) == 3
    prune(root, regions, ParseOptions())
    assert [e.tag for e in regions.content] == ["article"]


def test_hidden_text_in_a_content_element_inside_noscript_is_never_chunked():
    # Found by the fuzz campaign (as it drew it): the focus step chose the
    # content element that prune had taken out with its <noscript>, and read
    # it unpruned, hidden box and all.
    html = (
        "<td>-->\"'><div hidden title='ATTRMARK '>HIDDENMARK </div><noscript>"
        "<span role=\"main\">-->\"'><div hidden title='ATTRMARK '>HIDDENMARK"
        " more words</div></noscript>thethethethethethethe"
    )
    for clean in (False, True):
        chunks = chunk_html(html, clean=clean, prefix=False)
        assert [chunk.text for chunk in chunks] == ["-->\"'>thethethethethethethe"]
