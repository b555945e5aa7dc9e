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


# Many inline elements in one block: the text is joined into one piece


def _flattened(html: str):
    """The tree after the prune and flatten steps, as the pipeline runs them."""
    from pagechunk.html.flatten import flatten
    from pagechunk.html.prune import find_regions, prune
    from pagechunk.html.tree import load_tree
    from pagechunk.options import ParseOptions

    options = ParseOptions()
    root = load_tree(html.encode())
    regions = find_regions(root, options)
    prune(root, regions, options)
    flatten(root, regions, options)
    return root


def test_adjacent_inline_elements_leave_one_text_node():
    words = "".join(f"<b>w{n}</b>" for n in range(100))
    root = _flattened(f"<p>{words}</p>")
    (paragraph,) = root.iter("p")
    assert paragraph.xpath("count(text())") == 1
    assert paragraph.text == "".join(f"w{n}" for n in range(100))


def test_joined_runs_keep_the_kept_children_and_their_tails():
    run = "".join(f"<i>{n}</i>" for n in range(40))
    html = f'<p>a{run}<br>b{run}<a href="/x">x{run}</a>c{run}</p>'
    root = _flattened(html)
    (paragraph,) = root.iter("p")
    digits = "".join(str(n) for n in range(40))
    assert paragraph.xpath("count(text())") == 3
    assert paragraph.text == "a" + digits
    assert [child.tag for child in paragraph] == ["br", "a"]
    assert paragraph[0].tail == "b" + digits
    assert paragraph[1].text == "x" + digits
    assert paragraph[1].tail == "c" + digits
    assert parse_html(html).blocks[0].text == f"a{digits}\nb{digits}x{digits}c{digits}"


def test_pruned_children_leave_one_text_node():
    hidden = "".join(f"{n}<span hidden>no</span><script>no</script>" for n in range(40))
    root = _flattened(f"<div>{hidden}</div>")
    (division,) = root.iter("div")
    assert division.xpath("count(text())") == 1
    assert division.text == "".join(str(n) for n in range(40))


def test_joined_run_with_control_characters():
    # lxml stores no control characters: those read as white space become a
    # space, so the words stay apart, and the others are left out.
    run = "".join(f"<b>w\x1f{n}\x01</b>" for n in range(40))
    parsed = parse_html(f"<p>{run}</p>")
    assert parsed.blocks == paragraphs("".join(f"w {n}" for n in range(40)))


def test_pruned_children_of_an_inline_element_leave_one_text_node():
    # The spans go in pruning, the <b> in flattening: the pieces end in <p>.
    hidden = "".join(f"{n}<span hidden>no</span>" for n in range(40))
    root = _flattened(f"<p><b>{hidden}</b></p>")
    (paragraph,) = root.iter("p")
    assert paragraph.xpath("count(text())") == 1
    assert paragraph.text == "".join(str(n) for n in range(40))
