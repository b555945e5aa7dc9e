"""Behaviour of parse_html, one group per rule of the text API.

Each case reads a small page from ``tests/pages/`` named for what it shows, or
a one-line snippet when the rule is a single element, and states the exact
result.
"""

from __future__ import annotations

import pytest

from pagechunk import (
    DROP_ROLES,
    DROP_TAGS,
    Block,
    LinkSpan,
    ParsedPage,
    parse_html,
)


def paragraphs(*texts: str, heading: str = "") -> list[Block]:
    return [Block(text, heading) for text in texts]


def heading(text: str, path: str, level: int) -> Block:
    return Block(text, path, "heading", level)


def texts(parsed: ParsedPage) -> list[str]:
    return [block.text for block in parsed.blocks]


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


# Heading paths with content


def test_heading_path_only_from_headings_inside_content(page):
    parsed = parse_html(page("heading_path_only_from_content"))
    assert parsed.blocks == [
        heading("Shipping faster", "Shipping faster", 2),
        Block("We cut build times in half.", "Shipping faster"),
        heading("How", "Shipping faster › How", 3),
        Block("Caching everything.", "Shipping faster › How"),
    ]


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


def test_strip_chars_applies_to_title():
    parsed = parse_html("<title>Intro ¶</title><p>Text</p>")
    assert parsed.title == "Intro"


# Robots


@pytest.mark.parametrize(
    ("name", "noindex", "nofollow"),
    [
        ("robots_noindex", True, False),
        ("robots_nofollow", False, True),
        ("robots_none", True, True),
        ("robots_split_across_tags", True, True),
        ("robots_addressed_to_one_crawler", False, False),
    ],
)
def test_robots_directives(page, name, noindex, nofollow):
    parsed = parse_html(page(name))
    assert (parsed.noindex, parsed.nofollow) == (noindex, nofollow)


def test_robots_names_custom_crawler_token(page):
    parsed = parse_html(page("robots_addressed_to_one_crawler"), robots_names={"mybot"})
    assert (parsed.noindex, parsed.nofollow) == (True, False)


def test_robots_names_match_case_insensitively(page):
    parsed = parse_html(
        page("robots_addressed_to_one_crawler"), robots_names={"robots", "GoogleBot"}
    )
    assert (parsed.noindex, parsed.nofollow) == (False, True)


def test_robots_absent_means_indexable():
    parsed = parse_html("<title>Open</title><p>Text</p>")
    assert (parsed.noindex, parsed.nofollow) == (False, False)


# Links


def test_links_a_and_area_as_written(page):
    parsed = parse_html(page("links_a_and_area"))
    assert parsed.links == [
        "/docs/intro",
        "guide.html",
        "/regions/north",
        "mailto:team@example.com",
        "#faq",
    ]


def test_links_absolute_against_base_url(page):
    parsed = parse_html(
        page("links_a_and_area"), base_url="https://example.com/manual/page.html"
    )
    assert parsed.links == [
        "https://example.com/docs/intro",
        "https://example.com/manual/guide.html",
        "https://example.com/regions/north",
        "mailto:team@example.com",
        "https://example.com/manual/page.html#faq",
    ]


def test_links_absolute_against_base_href(page):
    parsed = parse_html(page("links_base_href"))
    assert parsed.links == [
        "https://cdn.example.org/docs/v2/install.html",
        "https://cdn.example.org/docs/v1/old.html",
        "https://cdn.example.org/root.html",
        "https://other.example.net/x",
    ]


def test_links_absolute_base_href_wins_over_base_url(page):
    parsed = parse_html(page("links_base_href"), base_url="https://example.com/x/")
    assert parsed.links == [
        "https://cdn.example.org/docs/v2/install.html",
        "https://cdn.example.org/docs/v1/old.html",
        "https://cdn.example.org/root.html",
        "https://other.example.net/x",
    ]


def test_links_relative_base_href_resolved_against_base_url(page):
    parsed = parse_html(
        page("links_relative_base_href"), base_url="https://example.com/a/b.html"
    )
    assert parsed.links == [
        "https://example.com/static/pages/one.html",
        "https://example.com/static/two.html",
    ]


def test_links_relative_base_href_without_base_url(page):
    parsed = parse_html(page("links_relative_base_href"))
    assert parsed.links == ["/static/pages/one.html", "/static/two.html"]


def test_links_deduplicated_in_document_order(page):
    parsed = parse_html(page("links_deduplicated_in_document_order"))
    assert parsed.links == ["/b", "/a", "https://example.com/a", "c", "/c"]


def test_links_deduplicated_after_resolving(page):
    parsed = parse_html(
        page("links_deduplicated_in_document_order"), base_url="https://example.com/"
    )
    assert parsed.links == [
        "https://example.com/b",
        "https://example.com/a",
        "https://example.com/c",
    ]


def test_links_in_dropped_regions_reported_except_template(page):
    parsed = parse_html(page("links_in_dropped_regions"))
    assert parsed.links == [
        "/home",
        "/products",
        "/pricing",
        "/story-source",
        "/sitemap",
        "/secret",
        "/no-js",
        "/privacy",
    ]
    assert parsed.blocks == paragraphs("Article with a source.")


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


@pytest.mark.parametrize(
    ("inner", "text"),
    [
        # Highlighted tokens: the spans go, their text and spacing stay.
        (
            '<code><span class="k">def</span> <span class="n">f</span>'
            '<span class="p">():</span>\n    <b>pass</b></code>',
            "def f():\n    pass",
        ),
        # A comment between tokens shows nothing and splits nothing.
        ("<span>a</span><!-- note --><span>b</span>\n  c", "ab\n  c"),
        # A line break inside is read as one.
        ("<span>one</span><br><span>two</span>", "one\ntwo"),
        # An image and an empty element hold no text.
        ('x = <img alt="pic" src="p.png"><i></i>1', "x = 1"),
        # Control characters in the tokens are left out, not an error.
        ("<span>a\x01b</span><span>\x0bc</span>", "abc"),
    ],
)
def test_pre_text_through_inline_markup(inner, text):
    parsed = parse_html(f"<pre>{inner}</pre><p>after</p>")
    assert parsed.blocks == [Block(text, kind="code"), Block("after")]


def test_pre_with_a_link_keeps_the_link_span():
    parsed = parse_html(
        '<pre><span>see</span> <a href="https://example.org/x">x</a> now</pre>'
    )
    assert parsed.blocks == [Block("see x now", kind="code")]
    assert [(link.label, link.url) for link in parsed.blocks[0].links] == [
        ("x", "https://example.org/x")
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


def test_inline_elements_stay_in_one_block():
    parsed = parse_html("<p>Run <b>the</b>  <code>tool</code>,<i>now</i>.</p>")
    assert parsed.blocks == paragraphs("Run the tool,now.")


# Heading levels and paths


def test_heading_levels_and_paths(page):
    parsed = parse_html(page("heading_levels_and_paths"))
    assert parsed.blocks == [
        heading("Guide", "Guide", 1),
        Block("Intro.", "Guide"),
        heading("Install", "Guide › Install", 2),
        Block("Get it.", "Guide › Install"),
        heading("Linux", "Guide › Install › Linux", 3),
        Block("Use apt.", "Guide › Install › Linux"),
        heading("macOS", "Guide › Install › macOS", 3),
        Block("Use brew.", "Guide › Install › macOS"),
        heading("Usage", "Guide › Usage", 2),
        Block("Run it.", "Guide › Usage"),
        heading("Flags", "Guide › Usage › Flags", 4),
        Block("Pass flags.", "Guide › Usage › Flags"),
        heading("Examples", "Guide › Usage › Examples", 3),
        Block("See below.", "Guide › Usage › Examples"),
        heading("Appendix", "Appendix", 1),
        Block("Extra.", "Appendix"),
    ]


def test_heading_text_before_first_heading_has_empty_path(page):
    parsed = parse_html(page("title_falls_back_to_first_heading"))
    assert parsed.blocks == [
        Block("Opening words before any heading."),
        heading("Release notes for 2.0", "Release notes for 2.0", 2),
        Block("Everything that changed.", "Release notes for 2.0"),
        heading("Upgrading", "Upgrading", 2),
        Block("How to move from 1.x.", "Upgrading"),
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


# Input edge cases


def test_bytes_utf8_without_meta(page_bytes):
    parsed = parse_html(page_bytes("bytes_utf8_no_meta"))
    assert parsed.title == "Café"
    assert texts(parsed) == ["Naïve – “quoted” 日本"]


def test_bytes_meta_charset_latin1(page_bytes):
    parsed = parse_html(page_bytes("bytes_meta_charset_latin1"))
    assert parsed.title == "Crème brûlée"
    assert texts(parsed) == ["Voilà, déjà vu."]


def test_bytes_utf8_bom_overrides_meta(page_bytes):
    parsed = parse_html(page_bytes("bytes_utf8_bom_overrides_meta"))
    assert parsed.title == "Größe"
    assert texts(parsed) == ["Über 9000 – ja."]


def test_bytes_utf16_bom(page_bytes):
    parsed = parse_html(page_bytes("bytes_utf16_bom"))
    assert parsed.title == "Ελληνικά"
    assert texts(parsed) == ["Καλημέρα κόσμε."]


def test_bytes_encoding_argument_overrides_meta(page_bytes):
    raw = page_bytes("bytes_declared_encoding_overrides_meta")
    parsed = parse_html(raw, encoding="windows-1252")
    assert parsed.title == "Price €5"
    assert texts(parsed) == ["It’s “cheap” – €5."]


def test_str_with_meta_charset_is_not_decoded_again():
    parsed = parse_html('<meta charset="iso-8859-1"><p>Café – ok</p>')
    assert texts(parsed) == ["Café – ok"]


def test_str_with_xml_declaration(page):
    parsed = parse_html(page("xml_declaration_prefix"))
    assert parsed == ParsedPage("XHTML page", [Block("Served as XHTML.")], [])


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


def test_all_boilerplate_page_has_no_blocks(page):
    parsed = parse_html(page("all_boilerplate"))
    assert parsed == ParsedPage("Acme", [], ["/", "/about", "/terms"])


def test_space_between_links_in_a_heading_is_kept():
    page = parse_html('<h2><a href="/a">Alpha</a> <a href="/b">Beta</a></h2>')
    assert page.blocks == [Block("Alpha Beta", "Alpha Beta", "heading", 2)]


def test_space_between_links_at_line_start_is_kept():
    page = parse_html('<p><a href="/a">Alpha</a>\n<a href="/b">Beta</a></p>')
    assert [block.text for block in page.blocks] == ["Alpha Beta"]
    assert [span.label for span in page.blocks[0].links] == ["Alpha", "Beta"]


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


def test_walking_a_subtree_leaves_out_the_text_after_it():
    from pagechunk.html.load import load_tree
    from pagechunk.html.walk import walk

    root = load_tree("<div><p>inside</p></div>after")
    div = root.find(".//div")
    blocks = walk(div, content=set(), strip_chars="", resolve=str)
    assert [block.text for block in blocks] == ["inside"]
    assert div.tail == "after"
