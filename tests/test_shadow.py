"""Declarative shadow roots (``pagechunk.html.shadow``): the content of a
``<template shadowrootmode>`` read where a browser shows it, the host's
children in the slots that take them.

The pages are written inline in the shape a server renderer of web
components writes them (the template as the host's first child, the light
children after it). The tests state the exact tree or blocks ``extract``
gives, and that ``parse_html`` (the text API, which drops every
``<template>``) attaches nothing.
"""

from __future__ import annotations

import pytest
from lxml import etree

from pagechunk import extract, parse_html
from pagechunk.html.shadow import attach_shadow_roots

URL = "https://blog.example.net/2025/05/tidal-garden"

STORY = (
    "The tidal garden at the end of the pier floods twice a day, and the "
    "plants that live there have learned to hold their breath for hours."
)
MORE = (
    "Volunteers count the sea lavender each spring; this year they found "
    "more than four hundred stems, twice the number of the last survey."
)


def attached(html: str) -> tuple[int, str]:
    """How many roots were attached in the body of ``html``, and the body's
    markup after it."""
    root = etree.fromstring(html, etree.HTMLParser())
    count = attach_shadow_roots(root)
    body = root.find("body")
    assert body is not None
    inner = (body.text or "") + "".join(
        etree.tostring(child, encoding="unicode") for child in body
    )
    return count, inner


def test_content_of_the_template_replaces_the_host_children():
    count, body = attached(
        '<body><x-card><template shadowrootmode="open"><b>shown</b> text'
        "</template><i>light, not slotted</i></x-card></body>"
    )
    assert count == 1
    assert body == "<x-card><b>shown</b> text</x-card>"


def test_children_go_to_the_slots_named_by_their_slot_attribute():
    count, body = attached(
        '<body><x-post><template shadowrootmode="open">'
        '<h2><slot name="title">Untitled</slot></h2><slot></slot>'
        '<footer><slot name="by">Anonymous</slot></footer></template>'
        '<span slot="title">Low tide</span>first <em>light</em> text'
        '<span slot="nowhere">never shown</span></x-post></body>'
    )
    assert count == 1
    # The title slot takes the span, the default slot the text and the
    # element without a slot attribute; the "by" slot shows its fallback,
    # and a child naming a slot that does not exist is not shown.
    assert body == (
        '<x-post><h2><span slot="title">Low tide</span></h2>first '
        "<em>light</em> text<footer>Anonymous</footer></x-post>"
    )


def test_a_slot_that_takes_nothing_shows_its_own_content():
    _, body = attached(
        '<body><x-note><template shadowrootmode="closed"><p>before '
        "<slot>the <b>fallback</b> words</slot> after</p></template></x-note></body>"
    )
    assert body == "<x-note><p>before the <b>fallback</b> words after</p></x-note>"


def test_nested_shadow_roots_are_attached_outer_first():
    _, body = attached(
        '<body><x-outer><template shadowrootmode="open"><section>'
        '<x-inner><template shadowrootmode="open"><div class="frame"><slot>'
        '</slot></div></template><slot name="lead"></slot></x-inner>'
        '</section></template><p slot="lead">Lead</p></x-outer></body>'
    )
    # The outer slot inside <x-inner> takes the outer host's <p>, which the
    # inner shadow root's default slot then takes.
    assert body == (
        '<x-outer><section><x-inner><div class="frame"><p slot="lead">Lead</p>'
        "</div></x-inner></section></x-outer>"
    )


@pytest.mark.parametrize(
    "html",
    [
        # A host that may not have a shadow root.
        '<body><ul><template shadowrootmode="open"><li>x</li></template></ul></body>',
        # No mode, or a mode that is none.
        "<body><x-a><template><p>x</p></template></x-a></body>",
        '<body><x-a><template shadowrootmode="half"><p>x</p></template></x-a></body>',
    ],
)
def test_templates_that_declare_no_root_are_left_inert(html):
    before = etree.tostring(etree.fromstring(html, etree.HTMLParser()))
    count, _ = attached(html)
    assert count == 0
    root = etree.fromstring(html, etree.HTMLParser())
    attach_shadow_roots(root)
    assert etree.tostring(root) == before


def test_a_host_takes_its_first_shadow_root_only():
    count, body = attached(
        '<body><x-a><template shadowrootmode="open">first</template>'
        '<template shadowrootmode="open">second</template></x-a></body>'
    )
    assert count == 1
    assert body == "<x-a>first</x-a>"


def test_the_drafts_attribute_and_upper_case_mode_are_read():
    _, body = attached(
        '<body><div><template shadowroot="OPEN"><p>shown</p></template>'
        "<p>hidden</p></div></body>"
    )
    assert body == "<div><p>shown</p></div>"


def test_control_characters_in_slotted_text_do_not_crash():
    page = extract(
        b'<body><x-a><template shadowrootmode="open"><p><slot></slot></p>'
        b"</template>one\x0btwo</x-a></body>"
    )
    assert [block.text for block in page.blocks] == ["one two"]


def test_links_are_those_the_browser_shows():
    html = (
        '<body><x-nav><template shadowrootmode="open"><a href="/shown">Shown</a>'
        '</template><a href="/hidden">Hidden</a></x-nav>'
        "<template><a href='/inert'>Inert</a></template>"
        f"<main><p>{STORY}</p></main></body>"
    )
    assert extract(html, base_url=URL).links == ["https://blog.example.net/shown"]


COMPONENT_PAGE = f"""<!DOCTYPE html>
<html><head><title>The tidal garden | Pier Notes</title></head>
<body>
<site-header><template shadowrootmode="open"><header><nav>
<a href="/">Home</a> <a href="/archive">Archive</a></nav></header></template>
</site-header>
<blog-post><template shadowrootmode="open">
<style>:host {{ display: block }}</style>
<article><h1><slot name="title"></slot></h1>
<div class="meta"><slot name="date"></slot></div>
<div class="body"><slot></slot></div></article>
</template>
<span slot="title">The tidal garden</span>
<time slot="date" datetime="2025-05-02">2 May 2025</time>
<p>{STORY}</p>
<p>{MORE}</p>
</blog-post>
<site-footer><template shadowrootmode="open"><footer>
<p>Copyright Pier Notes</p></footer></template></site-footer>
</body></html>"""


def test_extract_reads_a_page_of_components_as_a_browser_shows_it():
    page = extract(COMPONENT_PAGE, base_url=URL)
    assert [(block.kind, block.text) for block in page.blocks] == [
        ("heading", "The tidal garden"),
        ("paragraph", STORY),
        ("paragraph", MORE),
    ]
    assert page.blocks[1].heading == "The tidal garden"


def test_parse_html_attaches_no_shadow_root():
    # The text API drops every <template>: the light children stand as the
    # page holds them.
    texts = [block.text for block in parse_html(COMPONENT_PAGE).blocks]
    assert "The tidal garden 2 May 2025" in texts[0]
    assert STORY in texts


KILN_URL = "https://emberlane.example/journal/why-our-kiln-cracked"


def test_lit_rendered_blog_post_keeps_its_heading_and_code_without_chrome(page):
    # Lit's SSR output: both attributes on every template, lit-part
    # comments, a header, share bar and footer that are components too, the
    # title, author and date slotted into the post's layout, and a code
    # component whose shadow tree wraps its slot in <pre><code>.
    post = extract(page("typed_article_lit_components"), base_url=KILN_URL)
    title = "Why our kiln cracked, and what we changed"
    assert post.page_type == "article"
    assert [(block.kind, block.text) for block in post.blocks] == [
        ("heading", title),
        (
            "paragraph",
            "Two weeks before the spring sale, the lid of our big electric kiln"
            " split along a hairline we had been watching for a year. Nothing"
            " inside was lost, but the firing schedule for the whole month went"
            " with it.",
        ),
        ("heading", "What we found"),
        (
            "paragraph",
            "The crack ran from the peephole to the rim. The repair technician"
            " showed us that we had been venting the kiln by propping the lid"
            " open at the top of the firing, and the cold air rushing in was"
            " shocking the brick each time.",
        ),
        (
            "code",
            "segment 1: 100C/hr to 600C\nsegment 2: 150C/hr to 1220C, hold 10"
            " min\nsegment 3: natural cooling, lid closed",
        ),
        ("heading", "What we changed"),
        (
            "paragraph",
            "We fitted a downdraft vent, so the lid stays closed from start to"
            " finish, and we now let the kiln cool below 150 degrees before"
            " anyone touches it. The new schedule is printed on the wall beside"
            " the controller.",
        ),
    ]
    assert post.blocks[-1].heading == f"{title} › What we changed"
