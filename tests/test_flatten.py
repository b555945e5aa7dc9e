"""The flatten step: inline markup merged into its block, preformatted text joined up.

Each case reads a small page from ``tests/pages/`` named for what it shows, or
a one-line snippet when the rule is a single element, and states the exact
result.
"""

from __future__ import annotations

import pytest

from pagechunk import Block, parse_html


def paragraphs(*texts: str, heading: str = "") -> list[Block]:
    return [Block(text, heading) for text in texts]


# Inline markup


def test_inline_elements_stay_in_one_block():
    parsed = parse_html("<p>Run <b>the</b>  <code>tool</code>,<i>now</i>.</p>")
    assert parsed.blocks == paragraphs("Run the tool,now.")


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
