"""Streamed server rendering (``pagechunk.html.streamed``): the segments
React's streaming renderer sends after the page, moved into their holes.

Each page is written inline in the shape React writes it: the hole (an empty
``<template id="B:k">`` between a boundary's comments, or ``<template
id="P:k">``), the segment later in ``<div hidden id="S:k">``, and the script
call that places it. The tests state the exact blocks ``extract`` gives, and
that ``parse_html`` (the text API, which drops hidden elements) does not
place anything.
"""

from __future__ import annotations

from lxml import etree

from pagechunk import Block, extract, parse_html
from pagechunk.explain import explain
from pagechunk.html.streamed import has_segments, place_streamed
from pagechunk.html.tree import load_tree

URL = "https://news.example.org/2025/03/harbour-wall-repairs"

INTRO = (
    "The council has approved the repair of the harbour wall after the winter "
    "storms opened a breach near the lifeboat station."
)
BODY = (
    "Work starts in April and should take eleven weeks, during which the "
    "slipway stays closed to boats and the footpath is diverted inland."
)
MORE = (
    "Fishermen asked for the work to wait until the end of the crab season, "
    "but engineers said a second winter could widen the breach."
)

RUNTIME = "$RC=function(b,c){/* move c into b */};$RS=function(a,b){};"


def page(body: str, *, segments: str = "", calls: str = "") -> str:
    script = f"<script>{RUNTIME}{calls}</script>" if calls else ""
    return (
        "<!DOCTYPE html><html><head><title>Harbour wall repairs</title></head>"
        f"<body><header><a href='/'>Home</a></header><main>{body}</main>"
        f"<footer>Contact us</footer>{segments}{script}</body></html>"
    )


def paragraphs(html: str) -> list[str]:
    return [block.text for block in extract(html, base_url=URL).blocks]


def test_boundary_segment_replaces_loading_fallback():
    html = page(
        f"<article><h1>Harbour wall repairs</h1><p>{INTRO}</p>"
        '<!--$?--><template id="B:0"></template>'
        "<p>Loading…</p><div class='skeleton'></div><!--/$-->"
        f"<p>{MORE}</p></article>",
        segments=f'<div hidden id="S:0"><p>{BODY}</p></div>',
        calls='$RC("B:0","S:0")',
    )
    assert extract(html, base_url=URL).blocks == [
        Block("Harbour wall repairs", "Harbour wall repairs", "heading", 1),
        Block(INTRO, "Harbour wall repairs"),
        Block(BODY, "Harbour wall repairs"),
        Block(MORE, "Harbour wall repairs"),
    ]
    # The text API drops hidden elements: the fallback stays, the segment not.
    assert [b.text for b in parse_html(html).blocks] == [
        "Harbour wall repairs",
        INTRO,
        "Loading…",
        MORE,
    ]


def test_segment_placeholder_is_filled():
    html = page(
        f"<article><h1>Harbour wall repairs</h1><p>{INTRO}</p>"
        '<template id="P:1"></template></article>',
        segments=f'<div hidden id="S:1"><p>{BODY}</p><p>{MORE}</p></div>',
        calls='$RS("S:1","P:1")',
    )
    assert paragraphs(html) == ["Harbour wall repairs", INTRO, BODY, MORE]


def test_segment_without_a_hole_stays_hidden():
    html = page(
        f"<article><h1>Harbour wall repairs</h1><p>{INTRO}</p><p>{MORE}</p></article>",
        segments=f'<div hidden id="S:4"><p>{BODY}</p></div>',
    )
    assert paragraphs(html) == ["Harbour wall repairs", INTRO, MORE]


def test_nested_segments_are_placed_inside_each_other():
    # S:1 fills B:0's hole and holds the hole of a boundary (B:2) whose
    # segment comes later still, with a fallback of its own.
    html = page(
        f"<article><h1>Harbour wall repairs</h1><p>{INTRO}</p>"
        '<!--$?--><template id="B:0"></template><p>Loading story…</p><!--/$-->'
        "</article>",
        segments=(
            f'<div hidden id="S:1"><p>{BODY}</p>'
            '<!--$?--><template id="B:2"></template><p>Loading more…</p>'
            "<!--/$--></div>"
            f'<div hidden id="S:3"><p>{MORE}</p></div>'
        ),
        calls='$RC("B:0","S:1");$RC("B:2","S:3")',
    )
    assert paragraphs(html) == ["Harbour wall repairs", INTRO, BODY, MORE]


def test_scripts_say_which_segment_fills_which_hole():
    # React 18 numbers boundaries and segments apart: the calls pair them.
    html = page(
        f"<article><h1>Harbour wall repairs</h1><p>{INTRO}</p>"
        '<!--$?--><template id="B:0"></template><p>Loading…</p><!--/$-->'
        "</article>",
        segments=(
            '<div hidden id="S:0"><p>Sign up for the newsletter</p></div>'
            f'<div hidden id="S:2"><p>{BODY}</p></div>'
        ),
        calls='$RC("B:0","S:2")',
    )
    assert paragraphs(html) == ["Harbour wall repairs", INTRO, BODY]


def test_fallback_ends_at_its_own_closing_comment():
    # A complete boundary inside the fallback has a closing comment of its
    # own; the fallback ends at the second one. What follows stays.
    html = (
        "<html><body><div>before"
        '<!--$?--><template id="B:0"></template>'
        "<p>Loading</p><!--$--><p>inner</p><!--/$-->tail text<!--/$-->"
        "after<p>next</p></div>"
        '<div hidden id="S:0">new <b>bold</b> text</div></body></html>'
    )
    tree = etree.fromstring(html, etree.HTMLParser(remove_comments=False))
    assert place_streamed(tree, html.encode()) == 1
    etree.strip_elements(tree, etree.Comment, with_tail=False)
    assert etree.tostring(tree[0], encoding="unicode") == (
        "<body><div>beforenew <b>bold</b> textafter<p>next</p></div></body>"
    )


def test_without_its_comments_a_short_element_after_the_hole_is_the_fallback():
    # A page stripped of its comments: the element right after the hole
    # goes when it reads as a fallback (little text, a skeleton), and
    # stays when it holds text of its own (a boundary with no fallback).
    html = (
        '<html><body><div><template id="B:0"></template><div>Loading...</div>'
        '<template id="B:1"></template><div class="skeleton"><span></span></div>'
        f'<template id="B:2"></template><p>{MORE}</p></div>'
        '<div hidden id="S:0"><p>One</p></div><div hidden id="S:1"><p>Two</p></div>'
        '<div hidden id="S:2"><p>Three</p></div></body></html>'
    )
    tree = etree.fromstring(html, etree.HTMLParser())
    assert place_streamed(tree, html.encode()) == 3
    assert etree.tostring(tree[0], encoding="unicode") == (
        f"<body><div><p>One</p><p>Two</p><p>Three</p><p>{MORE}</p></div></body>"
    )


def test_only_pages_with_segments_are_read_with_comments():
    assert has_segments(b'<div hidden id="S:0">x</div>')
    assert not has_segments(b"<div hidden>x</div><!--$?-->")
    tree = load_tree(
        b'<p>a<!--$?--><template id="B:0"></template>b<!--/$-->c</p>'
        b'<div hidden id="S:0">x</div>',
        streamed=True,
    )
    assert etree.tostring(tree, encoding="unicode") == (
        "<html><body><p>axc</p></body></html>"
    )
    # Not asked for (the text API): the tree as it was parsed.
    tree = load_tree(
        b'<p>a<!--$?--><template id="B:0"></template>b<!--/$-->c</p>'
        b'<div hidden id="S:0">x</div>',
    )
    assert etree.tostring(tree, encoding="unicode") == (
        '<html><body><p>a<template id="B:0"/>bc</p>'
        '<div hidden="" id="S:0">x</div></body></html>'
    )


def test_segment_inside_its_own_fallback_is_placed_once():
    html = (
        '<html><body><div>a<template id="B:0"></template>b'
        '<div hidden id="S:0"><p>Story</p></div>c<!--/$-->d</div></body></html>'
    )
    tree = etree.fromstring(html, etree.HTMLParser(remove_comments=False))
    assert place_streamed(tree, html.encode()) == 1
    assert etree.tostring(tree[0], encoding="unicode") == (
        "<body><div>a<p>Story</p>d</div></body>"
    )


def test_holes_in_removed_fallbacks_or_in_their_own_segment_are_left():
    # B:1 lies in B:0's fallback, gone once S:0 is placed: S:1 stays hidden.
    # S:2 holds the hole of S:3 and S:3 that of S:2: S:2 fills B:2 inside
    # S:3, and S:3's hole is then inside S:3 itself: S:3 stays hidden.
    html = (
        '<html><body><div>a<!--$?--><template id="B:0"></template>'
        '<!--$?--><template id="B:1"></template><p>wait</p><!--/$--><!--/$-->'
        "b</div>"
        '<div hidden id="S:0"><p>zero</p></div>'
        '<div hidden id="S:1"><p>one</p></div>'
        '<div hidden id="S:2"><p>two</p><template id="P:3"></template></div>'
        '<div hidden id="S:3"><p>three</p><template id="P:2"></template></div>'
        "</body></html>"
    )
    tree = etree.fromstring(html, etree.HTMLParser(remove_comments=False))
    assert place_streamed(tree, html.encode()) == 2
    etree.strip_elements(tree, etree.Comment, with_tail=False)
    assert etree.tostring(tree[0], encoding="unicode") == (
        "<body><div>a<p>zero</p>b</div>"
        '<div hidden="" id="S:1"><p>one</p></div>'
        '<div hidden="" id="S:3"><p>three</p><p>two</p>'
        '<template id="P:3"/></div></body>'
    )


def test_explain_reads_the_whole_page_with_its_segments_placed():
    html = page(
        f"<article><h1>Harbour wall repairs</h1><p>{INTRO}</p>"
        '<!--$?--><template id="B:0"></template><p>Loading…</p><!--/$-->'
        f"<p>{MORE}</p></article>",
        segments=f'<div hidden id="S:0"><p>{BODY}</p></div>',
        calls='$RC("B:0","S:0")',
    )
    fates = explain(html, base_url=URL).blocks
    assert [(fate.block.text, fate.kept) for fate in fates] == [
        ("Harbour wall repairs", True),
        (INTRO, True),
        (BODY, True),
        (MORE, True),
    ]


def test_control_characters_around_a_segment_do_not_crash():
    # libxml2 keeps control characters in text and lxml refuses to set
    # them: text moved with a segment, or kept where it stood, goes without
    # them, as the tree step's other moves do.
    html = (
        '<html><body><main><h1>Title</h1><!--$?--><template id="B:0"></template>'
        "<p>Loading</p><!--/$-->\x03after</main>"
        '<div hidden id="S:0">\x01lead<p>The streamed paragraph.</p></div>'
        '\x02tail<script>$RC("B:0","S:0")</script></body></html>'
    )
    blocks = [block.text for block in extract(html).blocks]
    assert "The streamed paragraph." in blocks
    assert "Loading" not in blocks
