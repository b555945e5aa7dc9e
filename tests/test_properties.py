"""Properties that cross parse_html and the chunkers, on generated pages.

A generated page is a title and a run of headings, paragraphs and lists made
of random lowercase words, with random whitespace between the words, optional
menus around the content and an optional ``<article>`` around it.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from hypothesis import given, settings
from hypothesis import strategies as st

from pagechunk import (
    HEADING_SEPARATOR,
    Block,
    chunk_blocks,
    chunk_markdown,
    parse_html,
)

MARKDOWN_MARKERS = frozenset({"-", ">"})

words = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=10)
gaps = st.sampled_from([" ", "  ", "\n", " \n\t"])


@dataclass(frozen=True)
class Element:
    tag: str
    texts: tuple[tuple[str, ...], ...]
    gap: str


@st.composite
def phrases(draw, max_words: int = 40) -> tuple[str, ...]:
    return tuple(draw(st.lists(words, min_size=1, max_size=max_words)))


@st.composite
def elements(draw) -> Element:
    tag = draw(st.sampled_from(["p", "p", "h1", "h2", "h3", "h4", "ul", "ol"]))
    gap = draw(gaps)
    if tag in ("ul", "ol"):
        items = draw(st.lists(phrases(12), min_size=1, max_size=4))
        return Element(tag, tuple(items), gap)
    return Element(tag, (draw(phrases(6 if tag[0] == "h" else 40)),), gap)


@dataclass(frozen=True)
class Page:
    title: tuple[str, ...]
    body: tuple[Element, ...]
    in_article: bool
    with_menu: bool

    @property
    def html(self) -> str:
        parts = ["<!DOCTYPE html><html><head><title>"]
        parts += [" ".join(self.title), "</title></head><body>"]
        if self.with_menu:
            parts.append('<nav><a href="/">home</a> <a href="/x">menu</a></nav>')
        if self.in_article:
            parts.append("<article>")
        for element in self.body:
            parts.append(render(element))
        if self.in_article:
            parts.append("</article>")
        if self.with_menu:
            parts.append("<footer><p>footer words</p></footer>")
        parts.append("</body></html>")
        return "".join(parts)

    @property
    def blocks(self) -> list[Block]:
        """The blocks parse_html must read from this page."""
        path: dict[int, str] = {}
        blocks = []
        for element in self.body:
            texts = [" ".join(text) for text in element.texts]
            if element.tag[0] == "h":
                level = int(element.tag[1])
                for deeper in [known for known in path if known >= level]:
                    del path[deeper]
                path[level] = texts[0]
                heading = HEADING_SEPARATOR.join(path[k] for k in sorted(path))
                blocks.append(Block(texts[0], heading, "heading", level))
                continue
            heading = HEADING_SEPARATOR.join(path[k] for k in sorted(path))
            kind = "paragraph" if element.tag == "p" else "item"
            blocks += [Block(text, heading, kind) for text in texts]
        return blocks


def render(element: Element) -> str:
    texts = [element.gap.join(text) for text in element.texts]
    if element.tag in ("ul", "ol"):
        items = "".join(f"<li>{text}</li>" for text in texts)
        return f"<{element.tag}>{items}</{element.tag}>"
    return f"<{element.tag}>{texts[0]}</{element.tag}>"


pages = st.builds(
    Page,
    title=phrases(5),
    body=st.lists(elements(), min_size=1, max_size=12).map(tuple),
    in_article=st.booleans(),
    with_menu=st.booleans(),
)


def body_words(blocks: list[Block]) -> list[str]:
    return [
        word
        for block in blocks
        if block.kind != "heading"
        for word in block.text.split()
    ]


def chunk_words(chunks) -> list[str]:
    return [word for chunk in chunks for word in chunk.text.split()]


@settings(deadline=None, max_examples=150)
@given(pages)
def test_generated_page_parses_to_its_blocks(page):
    parsed = parse_html(page.html)
    assert parsed.title == " ".join(page.title)
    assert parsed.blocks == page.blocks
    assert parsed.links == (["/", "/x"] if page.with_menu else [])


@settings(deadline=None, max_examples=150)
@given(pages, st.integers(min_value=8, max_value=400), st.booleans())
def test_no_chunk_exceeds_max_chars(page, max_chars, prefix):
    parsed = parse_html(page.html)
    chunks = chunk_blocks(
        parsed.blocks, title=parsed.title, max_chars=max_chars, prefix=prefix
    )
    assert [chunk for chunk in chunks if len(chunk.text) > max_chars] == []


@settings(deadline=None, max_examples=150)
@given(pages, st.integers(min_value=10, max_value=400))
def test_chunk_bodies_keep_block_words_in_order(page, max_chars):
    # Words are at most 10 letters, so no word is ever cut.
    parsed = parse_html(page.html)
    chunks = chunk_blocks(parsed.blocks, max_chars=max_chars, prefix=False)
    assert chunk_words(chunks) == body_words(parsed.blocks)


@settings(deadline=None, max_examples=150)
@given(pages, st.integers(min_value=8, max_value=400))
def test_chunk_positions_count_from_zero(page, max_chars):
    parsed = parse_html(page.html)
    chunks = chunk_blocks(parsed.blocks, title=parsed.title, max_chars=max_chars)
    assert bool(chunks) == bool(body_words(parsed.blocks))
    assert [chunk.position for chunk in chunks] == list(range(len(chunks)))


@settings(deadline=None, max_examples=150)
@given(pages)
def test_chunk_markdown_of_page_keeps_every_block(page):
    parsed = parse_html(page.html)
    chunks = chunk_markdown(
        parsed.markdown, target_chars=None, max_chars=None, prefix=False
    )
    sections = [
        (path, [block for block in group])
        for path, group in groupby(
            (block for block in parsed.blocks if block.kind != "heading"),
            key=lambda block: block.heading,
        )
    ]
    assert [chunk.heading for chunk in chunks] == [path for path, _ in sections]
    for chunk, (_, blocks) in zip(chunks, sections, strict=True):
        kept = [word for word in chunk.text.split() if word not in MARKDOWN_MARKERS]
        assert kept == body_words(blocks)
