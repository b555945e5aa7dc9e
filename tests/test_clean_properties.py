"""Properties of cleaning on generated pages: whole blocks, idempotence, prose."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pagechunk import Block, LinkSpan, clean_blocks, clean_markdown
from pagechunk.clean import _page
from pagechunk.clean.measure import readable_chars
from pagechunk.clean.rules import RULES, judge, page_rules
from pagechunk.clean.site import LinkSites
from pagechunk.options import CleanOptions

SITE = "https://www.example.com/page"

URLS = st.sampled_from(
    ["/", "/about", "#top", "", "https://example.com/x", "https://docs.example.com/y"]
    + ["https://elsewhere.org/z", "mailto:a@example.com", "other.html"]
)
WORDS = st.sampled_from(
    [
        "Home",
        "About",
        "news",
        "the",
        "bridge",
        "opened",
        "日本語",
        "Über",
        "2024",
        "·",
        "|",
        "comments",  # a label when it stands alone under a heading in the tail
        "Sign up",  # makes a note of a short block in the tail
    ]
)
HEADINGS = st.sampled_from(
    [
        "Footer",
        "Navigation",
        "Related posts",
        "Story",
        "Notes",
        "Main menu",
        "Share this",
    ]
)


def _text(words: list[str]) -> str:
    return " ".join(words)


@st.composite
def link_blocks(draw: st.DrawFn) -> Block:
    labels = draw(st.lists(st.lists(WORDS, max_size=4).map(_text), max_size=5))
    extra = draw(st.lists(WORDS, max_size=12).map(_text))
    links = tuple(LinkSpan(label, draw(URLS)) for label in labels)
    kind = draw(st.sampled_from(["paragraph", "item", "row", "quote"]))
    return Block(" ".join([*labels, extra]), kind=kind, links=links)


@st.composite
def heading_blocks(draw: st.DrawFn) -> Block:
    text = draw(HEADINGS)
    return Block(text, heading=text, kind="heading", level=draw(st.integers(1, 4)))


PROSE = st.lists(WORDS, min_size=1, max_size=40).map(_text).map(Block)
LONG_PROSE = st.integers(30, 80).map(lambda n: Block("bridge " * n))
CODE = st.just(Block("x = 1", kind="code"))
ANY_BLOCK = st.one_of(link_blocks(), heading_blocks(), PROSE, LONG_PROSE, CODE)


@st.composite
def pages(draw: st.DrawFn) -> list[Block]:
    # Drawing from a small pool of shared blocks makes repeats likely.
    pool = draw(st.lists(ANY_BLOCK, min_size=1, max_size=8))
    picks = draw(st.lists(st.integers(0, len(pool) - 1), max_size=30))
    fresh = draw(st.lists(ANY_BLOCK, max_size=10))
    blocks = [pool[pick] for pick in picks] + fresh
    order = draw(st.permutations(range(len(blocks))))
    return [
        Block(b.text, b.heading, b.kind, b.level, b.links)
        for b in map(blocks.__getitem__, order)
    ]


SITES = st.sampled_from([SITE, "example.com", None])


@settings(max_examples=300, deadline=None)
@given(pages(), SITES)
def test_only_whole_blocks_are_removed_in_order(
    blocks: list[Block], site: str | None
) -> None:
    kept = clean_blocks(blocks, site=site)
    position = {id(block): index for index, block in enumerate(blocks)}
    indices = [position[id(block)] for block in kept]
    assert indices == sorted(set(indices))


@settings(max_examples=300, deadline=None)
@given(pages(), SITES)
def test_the_rules_a_page_can_meet_judge_as_all_rules_do(
    blocks: list[Block], site: str | None
) -> None:
    page = _page(blocks, CleanOptions(), LinkSites(site))
    rules = page_rules(page)
    assert set(rules) <= set(RULES)
    for index in range(len(blocks)):
        assert judge(page, index, rules) == judge(page, index, RULES)


@settings(max_examples=300, deadline=None)
@given(pages(), SITES)
def test_cleaning_is_idempotent(blocks: list[Block], site: str | None) -> None:
    once = clean_blocks(blocks, site=site)
    twice = clean_blocks(once, site=site)
    assert [id(block) for block in twice] == [id(block) for block in once]


@settings(max_examples=300, deadline=None)
@given(pages(), SITES)
def test_blocks_with_300_readable_characters_stay(
    blocks: list[Block], site: str | None
) -> None:
    kept = {id(block) for block in clean_blocks(blocks, site=site)}
    for block in blocks:
        if readable_chars(block.text) >= 300:
            assert id(block) in kept


MARKDOWN_PIECES = st.sampled_from(
    [
        "[Home](/) [About](/about)",
        "- [One](/1)\n- [Two](/2)\n- [Three](https://elsewhere.org/3)",
        "## Navigation",
        "# Story",
        "### Footer",
        "Short line.",
        "A sentence long enough to read like content.",
        "Reporting by A. Writer; editing by B. Editor.",
        "comments",
        "bridge " * 40,
        "```\ncode\n\nmore\n```",
        "```\nunclosed",
        "[![b](https://img.example/b.svg)](https://ci.example/)",
        "![figure](/f.png)",
        "| [a](/a) | [b](/b) | c |",
        "\r",
    ]
)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(MARKDOWN_PIECES, max_size=20), st.sampled_from(["\n\n", "\n\n\n", "\n"])
)
def test_markdown_cleaning_is_idempotent(pieces: list[str], separator: str) -> None:
    text = separator.join(pieces)
    once = clean_markdown(text, media_type="text/html", source_uri=SITE)
    assert clean_markdown(once, media_type="text/html", source_uri=SITE) == once
