"""Markdown chunk bodies: ``body="markdown"`` in chunk_html and the options."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chunk_texts import texts
from pagechunk import Block, Chunk, chunk_html, extract
from pagechunk.chunk import chunk_with
from pagechunk.chunk.markdown_body import inline_markdown
from pagechunk.markdown.read import read_markdown
from pagechunk.model import CODE, ROW, LinkSpan
from pagechunk.options import ChunkOptions, Options

PAGE = """<html><head><title>T</title></head><body><main>
<h1>Doc</h1>
<p>See <a href="https://x.org/a">the docs</a> now.</p>
<pre><code class="language-python">def f():
    return 1</code></pre>
<table><thead><tr><th>A</th><th>B</th></tr></thead>
<tr><td>1</td><td>2</td></tr><tr><td>3</td><td>4|5</td></tr></table>
<ul><li>one</li><li>two</li></ul><blockquote>q</blockquote>
</main></body></html>"""


def test_markdown_body_writes_links_fences_tables_items_and_quotes() -> None:
    assert texts(chunk_html(PAGE, body="markdown")) == [
        "T › Doc\n\n"
        "See [the docs](https://x.org/a) now.\n\n"
        "```python\ndef f():\n    return 1\n```\n\n"
        "| A | B |\n| --- | --- |\n| 1 | 2 |\n| 3 | 4\\|5 |\n\n"
        "- one\n\n- two\n\n> q"
    ]


def test_text_body_stays_the_default() -> None:
    assert texts(chunk_html(PAGE)) == [
        "T › Doc\n\nSee the docs now.\n\ndef f():\n    return 1\n\n"
        "A | B\n\n1 | 2\n\n3 | 4|5\n\none\n\ntwo\n\nq"
    ]
    assert ChunkOptions().body == Options().chunk.body == "text"


def test_markdown_body_spans_count_in_the_page_markdown() -> None:
    markdown = extract(PAGE).markdown
    (chunk,) = chunk_html(PAGE, body="markdown")
    assert markdown[chunk.start : chunk.end] == markdown[len("# Doc\n\n") :]


def test_code_language_comes_from_the_page() -> None:
    page = extract(
        '<main><div class="highlight-rust"><pre>fn main() {}</pre></div>'
        '<pre class="lang-js">a()</pre><pre>plain</pre></main>'
    )
    assert [(b.text, b.language) for b in page.blocks] == [
        ("fn main() {}", "rust"),
        ("a()", "js"),
        ("plain", ""),
    ]


def test_a_code_language_with_a_control_character_names_none() -> None:
    # libxml2 keeps the control character in the class; lxml would refuse it
    # as an attribute value, so the name is not read as a language.
    page = extract('<main><pre class="lang-js\x01">a()</pre></main>')
    assert [(b.text, b.language) for b in page.blocks] == [("a()", "")]


def test_split_code_is_closed_and_reopened() -> None:
    code = "\n".join(f"line_{n} = {n}" for n in range(6))
    blocks = [Block(code, kind=CODE, language="py")]
    chunks = chunk_blocks_markdown(blocks, max_chars=40)
    assert texts(chunks) == [
        "```py\nline_0 = 0\nline_1 = 1\n```",
        "```py\nline_2 = 2\nline_3 = 3\n```",
        "```py\nline_4 = 4\nline_5 = 5\n```",
    ]
    assert [(c.start, c.end) for c in chunks] == [(4, 25), (26, 47), (48, 69)]


def test_split_table_repeats_its_markdown_header() -> None:
    rows = [Block("Name | Size", kind=ROW, header=True)]
    rows += [Block(f"item{n} | {n}", kind=ROW) for n in range(4)]
    assert texts(chunk_blocks_markdown(rows, max_chars=60)) == [
        "| Name | Size |\n| --- | --- |\n| item0 | 0 |\n| item1 | 1 |",
        "| Name | Size |\n| --- | --- |\n| item2 | 2 |\n| item3 | 3 |",
    ]


def test_table_without_header_gets_an_empty_one() -> None:
    rows = [Block("a | b", kind=ROW), Block("c | d | e", kind=ROW)]
    assert texts(chunk_blocks_markdown(rows, max_chars=None)) == [
        "|  |  |  |\n| --- | --- | --- |\n| a | b |\n| c | d | e |"
    ]


def test_inline_markdown_writes_links_in_order() -> None:
    links = (
        LinkSpan("docs", "https://x/1"),
        LinkSpan("docs", "https://x/(2)"),
        LinkSpan("gone", ""),
        LinkSpan("[b]", "https://x/3"),
    )
    assert inline_markdown("docs or docs, gone [b]", links) == (
        "[docs](https://x/1) or [docs](<https://x/(2)>), gone [\\[b\\]](https://x/3)"
    )


def test_prose_cannot_open_a_fence() -> None:
    blocks = [Block("```not code\nreally")]
    assert texts(chunk_blocks_markdown(blocks, max_chars=None)) == [
        "\\`\\`\\`not code\nreally"
    ]


def test_unknown_body_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="body must be"):
        chunk_html(PAGE, body="html")


def chunk_blocks_markdown(blocks: list[Block], *, max_chars: int | None) -> list[Chunk]:
    options = ChunkOptions(
        target_chars=max_chars,
        max_chars=max_chars,
        prefix=False,
        body="markdown",
        table_header=True,
    )
    return chunk_with(blocks, options)


_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")


def fences_balance(text: str) -> bool:
    """Whether every fence opened in ``text`` is closed in it, as CommonMark
    reads fences: a closing fence is the opening's character, at least as
    many, and nothing after it."""
    open_fence = ""
    for line in text.split("\n"):
        match = _FENCE.match(line)
        if match is None:
            continue
        fence, rest = match.groups()
        if not open_fence:
            if not (fence[0] == "`" and "`" in rest):
                open_fence = fence
        elif (
            fence[0] == open_fence[0]
            and len(fence) >= len(open_fence)
            and not rest.strip()
        ):
            open_fence = ""
    return not open_fence


_words = st.text(alphabet="ab `~|\n", min_size=1, max_size=40)
_blocks = st.lists(
    st.one_of(
        st.builds(lambda t: f"<p>{t}</p>", _words),
        st.builds(lambda t: f'<pre class="language-x">{t}</pre>', _words),
        st.builds(lambda t: f"<li>{t}</li>", _words),
        st.builds(
            lambda cells: (
                "<table><tr><th>h</th><th>k</th></tr>"
                + "".join(f"<tr><td>{c}</td><td>{c}</td></tr>" for c in cells)
                + "</table>"
            ),
            st.lists(_words, min_size=1, max_size=6),
        ),
        st.builds(lambda t: f"<h2>{t}</h2>", _words),
    ),
    min_size=1,
    max_size=8,
)


@settings(max_examples=200, deadline=None)
@given(_blocks, st.integers(min_value=8, max_value=200), st.integers(0, 40))
def test_markdown_bodies_fit_and_balance(
    parts: list[str], max_chars: int, overlap: int
) -> None:
    html = "<title>Page</title><main>" + "".join(parts) + "</main>"
    for chunk in chunk_html(
        html, body="markdown", max_chars=max_chars, overlap_chars=overlap
    ):
        assert len(chunk.text) <= max_chars
        assert fences_balance(chunk.text), chunk.text


def test_images_show_their_alt_text() -> None:
    html = (
        '<main><p><img src="/a.png" alt="A chart">Sales rose '
        '<img src="up.png" alt="up arrow"> fast.</p>'
        '<p><img alt="Lone [1]" src="l (1).png"></p><p>Next</p>'
        '<p><img src="no-alt.png">Plain</p></main>'
    )
    chunks = chunk_html(html, base_url="https://e.org/p/", body="markdown")
    assert texts(chunks) == [
        "![A chart](https://e.org/a.png) Sales rose fast. "
        "![up arrow](https://e.org/p/up.png)\n\n"
        "![Lone \\[1\\]](<https://e.org/p/l (1).png>) Next\n\nPlain"
    ]
    assert texts(chunk_html(html)) == ["Sales rose fast.\n\nNext\n\nPlain"]


def test_markdown_input_keeps_its_fences_and_links_once() -> None:
    markdown = "# T\n\n```python\nx = 1\n```\n\nSee [a](https://a.example/) and a."
    blocks = read_markdown(markdown)
    assert texts(chunk_blocks_markdown(blocks, max_chars=None)) == [
        "```python\nx = 1\n```\n\nSee [a](https://a.example/) and a."
    ]
