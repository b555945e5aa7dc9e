"""Properties of the pipeline on random, broken HTML and Markdown.

The HTML strategy nests tags from a realistic set with random attributes,
entities, control characters and stray markup (unclosed tags, lone ``<``,
comment and CDATA openers, stray end tags). What must hold on every page:

- nothing is raised but the documented errors;
- no chunk is longer than ``max_chars``;
- cleaning the cleaned blocks again changes nothing;
- the output is an ordered selection of the page's text: its characters
  (white space and the ``" | "`` cell separator aside) are a subsequence of
  the text nodes of the same lxml parse, in document order. That is weaker
  than "only visible text", so invisible text is checked apart: text in
  hidden boxes, in scripts and in attribute values carries marker words that
  must never come out (save hidden boxes that the safety net shows on a
  page that shows almost nothing else, as it is made to).

A hidden box is preceded by ``-->"'>``, which ends whatever comment, bogus
comment or attribute value stray markup may have left open, so that it stays
an element; raw-text elements that show their markup (``xmp``,
``plaintext``) are not generated.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pagechunk import (
    DecodeError,
    chunk_html,
    chunk_markdown,
    clean_blocks,
    clean_markdown,
    extract,
    parse_html,
)
from pagechunk.explain import explain
from pagechunk.html.decode import decode
from pagechunk.html.tree import load_tree

BASE = "https://www.example.com/news/story"
MARKERS = ("HIDDENMARK", "SCRIPTMARK", "ATTRMARK")
EXAMPLES = int(os.environ.get("PAGECHUNK_FUZZ_EXAMPLES", "100"))
"""Pages per HTML property (three times as many Markdown texts); raise it for
a longer local campaign."""
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
FUZZ_MARKDOWN = settings(FUZZ, max_examples=3 * EXAMPLES)

CONTAINERS = [
    "html", "head", "body", "title", "p", "div", "span", "a", "b", "i", "em",
    "strong", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "dl", "dt",
    "dd", "table", "thead", "tbody", "tr", "td", "th", "caption", "pre", "code",
    "blockquote", "article", "main", "section", "aside", "header", "footer",
    "nav", "figure", "figcaption", "details", "summary", "form", "label",
    "button", "select", "option", "textarea", "noscript", "template", "iframe",
    "svg", "math", "font", "center", "small", "sup", "sub", "time", "q", "cite",
    "abbr", "mark", "del", "ins", "address", "dialog", "menu", "search",
    "custom-element", "x:tag", "P", "DIV", "slot",
]  # fmt: skip
VOIDS = ["br", "hr", "img", "input", "meta", "link", "base", "wbr", "source", "col"]
ROLES = ["main", "article", "navigation", "banner", "contentinfo", "menu", "search",
         "complementary", "dialog", "MAIN", " main extra", ""]  # fmt: skip
STYLES = [
    "display:none", "DISPLAY : NONE !important", "visibility:\thidden",
    "display: block", "color: red", "display:inline;visibility:visible", "",
]  # fmt: skip
URLS = [
    "/", "/a/b", "#top", "", " ", "next.html", "https://other.org/x",
    "//cdn.example.com/y", "mailto:a@b.c", "javascript:alert(1)", " \x01JaVa\tScript:x",
    "data:text/html,x", "vbscript:x", "http://[::1", "http://[::1]:99999/", "?q=1",
    "https://℀/", "https://www.example.com/" + "a" * 3000,
]  # fmt: skip
WORDS = [
    "the", "bridge", "opened", "news", "Home", "About", "Grüße", "日本語", "テキスト",
    "مرحبا", "2024", "|", "·", "¶", "—", "…", ".", "。", "!", "?", "don't",
    "x" * 300, "\u200b", "\ufeff", "😀", "\U0001f468\u200d\U0001f469",
]  # fmt: skip
ENTITIES = ["&amp;", "&lt;", "&gt;", "&nbsp;", "&quot;", "&#0;", "&#x0;", "&#xD800;",
            "&#x110000;", "&#1234567890;", "&bogus;", "&#;", "&", "&amp", "&lt",
            "&#x41;", "&copy", "&NotANamedEntity;"]  # fmt: skip
SPACES = [" ", "  ", "\n", "\t", "\r\n", "\xa0", "\u3000", "\x0c"]
CONTROLS = ["\x00", "\x01", "\x08", "\x0b", "\x1b", "\x1f", "\x7f", "\x85", "\ud800"]
FRAGMENTS = [
    "<", ">", "</", "<!--", "-->", "<![CDATA[", "]]>", "<?", "?>", "<!", "</p>",
    "</div>", "</li>", "</table>", "</body>", "</html>", "<p", "<a href=\"", "<b",
    "'", '"', "<!DOCTYPE html>", "<html>", "<body>", "<td>", "<tr>", "<li>",
    "<h2>", "<p>", "<table>", "<select>", "<svg>", "<math>", "<a href=/x>",
    "<ruby>", "<br/>", "<div/>", "< p>", "<\x00p>", "<p\x00>", "<frameset>",
]  # fmt: skip

tag_names = st.sampled_from(CONTAINERS)
text = st.lists(
    st.one_of(
        st.sampled_from(WORDS),
        st.sampled_from(ENTITIES),
        st.sampled_from(SPACES),
        st.sampled_from(CONTROLS),
        st.text(max_size=8),
    ),
    max_size=12,
).map("".join)


@st.composite
def attributes(draw: st.DrawFn) -> str:
    parts = []
    for _ in range(draw(st.integers(0, 4))):
        name = draw(
            st.sampled_from(
                ["href", "role", "style", "hidden", "aria-hidden", "class", "id",
                 "title", "lang", "rel", "name", "content", "HREF", "data-x", "x\x00",
                 "shadowrootmode", "slot"]
            )
        )  # fmt: skip
        if name.lower() == "href":
            value = draw(st.sampled_from(URLS))
        elif name == "role":
            value = draw(st.sampled_from(ROLES))
        elif name == "style":
            value = draw(st.sampled_from(STYLES))
        elif name == "aria-hidden":
            value = draw(st.sampled_from(["true", " TRUE ", "false", ""]))
        elif name == "hidden":
            value = draw(st.sampled_from(["", "until-found", "hidden"]))
        elif name == "shadowrootmode":
            value = draw(st.sampled_from(["open", "closed", " OPEN", "none"]))
        elif name == "slot":
            value = draw(st.sampled_from(["", "a", "b"]))
        else:
            value = draw(text)
        quote = draw(st.sampled_from(['"', "'", ""]))
        if quote:
            value = value.replace(quote, "")
        else:
            value = "".join(value.split()).replace(">", "") or "v"
        parts.append(f" {name}={quote}{value}{quote}")
    return "".join(parts)


def hidden_box(inner: str, how: str, title: str) -> str:
    """A box a browser never shows, after a prefix that closes any comment
    or attribute value left open before it."""
    reset = "-->\"'>"
    if how == "script":
        return f"{reset}<script>var SCRIPTMARK = '{inner}';</script>"
    if how == "style":
        return f"{reset}<style>/* SCRIPTMARK {inner} */</style>"
    return f"{reset}<div {how} title='ATTRMARK {title}'>HIDDENMARK {inner}</div>"


@st.composite
def hidden_boxes(draw: st.DrawFn) -> str:
    how = draw(
        st.sampled_from(
            ["hidden", 'style="DISPLAY : NONE"', "aria-hidden=true", "script", "style"]
        )
    )
    inner = draw(st.sampled_from(["", "more words", "<b>bold</b> <i>it</i>"]))
    return hidden_box(inner, how, draw(st.sampled_from(["", "x", "y z"])))


def _element(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    @st.composite
    def element(draw: st.DrawFn) -> str:
        name = draw(tag_names)
        inner = "".join(draw(st.lists(children, max_size=5)))
        opening = f"<{name}{draw(attributes())}>"
        closed = draw(st.booleans()) or draw(st.booleans())  # closed 3 times in 4
        return opening + inner + (f"</{name}>" if closed else "")

    return element()


leaves = st.one_of(
    text,
    st.sampled_from(FRAGMENTS),
    st.builds(
        lambda name, attrs: f"<{name}{attrs}>", st.sampled_from(VOIDS), attributes()
    ),
    hidden_boxes(),
)
nodes = st.recursive(leaves, _element, max_leaves=30)
html_pages = st.lists(nodes, max_size=8).map("".join)


def _no_space(value: str) -> str:
    return "".join(value.split()).replace("|", "").replace("¶", "")


def _is_subsequence(part: str, whole: str) -> bool:
    remaining = iter(whole)
    return all(char in remaining for char in part)


def _tree_text(html: str | bytes) -> str:
    return "".join(load_tree(decode(html)).itertext())


@FUZZ
@given(html_pages, st.sampled_from(["str", "utf-8", "utf-16", "cp1252"]))
def test_random_pages_raise_nothing_and_keep_to_their_text(html, form):
    document: str | bytes = html
    if form != "str":
        document = html.encode(form, "surrogatepass" if form == "utf-8" else "replace")
    page = parse_html(document, base_url=BASE)
    reference = _no_space(_tree_text(document))
    block_text = "".join(block.text for block in page.blocks)
    assert _is_subsequence(_no_space(block_text), reference)
    bodies = [block_text]
    for clean in (False, True):
        chunks = chunk_html(document, base_url=BASE, clean=clean, prefix=False)
        body = "".join(chunk.text for chunk in chunks)
        assert _is_subsequence(_no_space(body), reference)
        # The safety net shows the hidden elements of a page that shows
        # almost nothing else, by design (pagechunk.html.net).
        if not clean or "hidden elements shown" not in explain(document).rule:
            bodies.append(body)
    for marker in MARKERS:
        assert not any(marker in body for body in bodies)
        assert not any(marker in link for link in page.links)


@FUZZ
@given(
    html_pages,
    st.integers(1, 400),
    st.one_of(st.none(), st.integers(1, 600)),
    st.booleans(),
)
def test_no_chunk_exceeds_max_chars(html, max_chars, target_chars, prefix):
    chunks = chunk_html(
        html,
        base_url=BASE,
        max_chars=max_chars,
        target_chars=target_chars,
        prefix=prefix,
    )
    assert all(len(chunk.text) <= max_chars for chunk in chunks)
    assert [chunk.position for chunk in chunks] == list(range(len(chunks)))


@FUZZ
@given(html_pages, st.sampled_from([BASE, None, "http://[::1", "example.com"]))
def test_cleaning_cleaned_blocks_changes_nothing(html, site):
    blocks = parse_html(html, base_url=BASE).blocks
    once = clean_blocks(blocks, site=site)
    twice = clean_blocks(once, site=site)
    assert twice == once
    assert [block.links for block in twice] == [block.links for block in once]
    page = extract(html, base_url=BASE)
    assert clean_blocks(page.blocks, site=BASE) == page.blocks


@FUZZ
@given(
    st.one_of(
        st.binary(max_size=2000),
        html_pages.map(lambda html: html.encode("utf-8", "surrogatepass")),
    ),
    st.sampled_from([None, "utf-8", "utf-16", "latin-1", "shift_jis", "utf-7",
                     "base64", "idna", "bogus", "utf-32"]),
)  # fmt: skip
def test_random_bytes_raise_nothing_but_decode_errors_when_strict(data, encoding):
    chunk_html(data, encoding=encoding)
    parse_html(data, encoding=encoding, base_url=BASE)
    try:
        strict = chunk_html(data, encoding=encoding, strict=True)
    except DecodeError:
        return
    assert strict == chunk_html(data, encoding=encoding)


# ---------------------------------------------------------------- Markdown

md_words = st.lists(
    st.one_of(
        st.sampled_from(WORDS),
        st.sampled_from(["[a](/x)", "![img](/i.png)", "[[n](/a)](/b)", "](", "[",
                         "]", "(", ")", "`code`", "*em*", "**b**", "<div>", "&amp;",
                         "<https://x.org>", "[l](<a b> 'title')", "\\"]),
        st.sampled_from(CONTROLS),
        st.text(max_size=6),
    ),
    max_size=10,
).map(" ".join)  # fmt: skip
LINE_MARKS = ["#", "##", "###", "####", "#####", "######", "#######", "- ", "* ",
              "1. ", "> ", "    ", "\t", "| ", "   # "]  # fmt: skip
md_lines = st.one_of(
    md_words,
    st.builds("{} {}".format, st.sampled_from(LINE_MARKS), md_words),
    st.sampled_from(["```", "```python", "~~~", "````", "``` x ```", "", " ", "---",
                     "#", "#hashtag", "   ### ok ###", "| a | b |", "|---|---|"]),
)  # fmt: skip
markdowns = st.builds(
    lambda lines, newline: newline.join(lines),
    st.lists(md_lines, max_size=30),
    st.sampled_from(["\n", "\r\n", "\n\n"]),
)


@FUZZ_MARKDOWN
@given(markdowns, st.integers(1, 400), st.booleans())
def test_random_markdown_chunks_stay_within_max_chars(markdown, max_chars, prefix):
    chunks = chunk_markdown(markdown, title="Title", max_chars=max_chars, prefix=prefix)
    assert all(len(chunk.text) <= max_chars for chunk in chunks)
    bodies = "".join(
        chunk.text for chunk in chunk_markdown(markdown, prefix=False, max_chars=None)
    )
    assert _is_subsequence(_no_space(bodies), _no_space(markdown))


@FUZZ_MARKDOWN
@given(markdowns, st.sampled_from([BASE, "http://[::1]/", "https://℀/x", "ftp://a"]))
def test_random_markdown_cleaning_is_idempotent_and_keeps_to_its_text(markdown, uri):
    once = clean_markdown(markdown, media_type="text/html", source_uri=uri)
    twice = clean_markdown(once, media_type="text/html", source_uri=uri)
    assert twice == once
    assert _is_subsequence(_no_space(once), _no_space(markdown))
    untouched = clean_markdown(markdown, media_type="text/markdown", source_uri=uri)
    assert untouched == markdown
