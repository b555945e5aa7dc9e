"""Site memory: what a crawled site repeats across its pages goes, its articles stay."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pagechunk import Block, LinkSpan, SiteMemory, clean_blocks, clean_markdown, extract
from pagechunk.clean.memory import block_signature, page_signatures
from test_clean_properties import SITES, pages

HOST = "https://acme.example"

HEADER = (
    '<div class="top">Acme Garden Supply: free delivery on every seed order over '
    'forty pounds. <a href="/shop">Shop</a> or <a href="/blog">read the blog</a>.'
    "</div>"
)
BANNER = (
    '<div class="strip">We use cookies to remember your basket. '
    '<a href="/privacy">Read our privacy policy</a> or '
    '<a href="/cookies">change settings</a>.</div>'
)
FOOTER = (
    '<div class="bottom">Acme Garden Supply, 12 Mill Lane, Leeds. '
    '<a href="/contact">Contact us</a> or <a href="/about">about the shop</a>.</div>'
)
CHROME = (
    "Acme Garden Supply: free delivery on every seed order over forty pounds. "
    "Shop or read the blog.",
    "We use cookies to remember your basket. Read our privacy policy or "
    "change settings.",
    "Acme Garden Supply, 12 Mill Lane, Leeds. Contact us or about the shop.",
)
SHARED_ASIDE = '<p>Planting tip: <a href="/tips">see all tips</a>.</p>'
"""A short link paragraph that every page puts between its article's paragraphs."""


def paragraph(number: int, part: int) -> str:
    return (
        f"Tomato {number}, part {part}: this variety grows best in warm soil with "
        "steady watering, and gardeners who plant it early in spring usually "
        "harvest plenty of fruit by the middle of summer, long before the first "
        "frost arrives in the valley and the nights turn cold."
    )


def site_page(number: int, *, aside: bool = False, host: str = HOST) -> str:
    """One page of the generated site: shared chrome around its own article."""
    first, second = paragraph(number, 1), paragraph(number, 2)
    middle = SHARED_ASIDE if aside else ""
    return (
        f"<html><head><title>Tomato {number}</title>"
        f'<link rel="canonical" href="{host}/tomato/{number}"></head><body>'
        f"{HEADER}{BANNER}<h1>Growing tomato {number}</h1>"
        f"<p>{first}</p>{middle}<p>{second}</p>{FOOTER}</body></html>"
    )


def article_texts(number: int) -> list[str]:
    return [f"Growing tomato {number}", paragraph(number, 1), paragraph(number, 2)]


def texts(html: str, memory: SiteMemory | None = None, **options: object) -> list[str]:
    page = extract(html, memory=memory, **options)  # type: ignore[arg-type]
    return [block.text for block in page.blocks]


def test_single_page_rules_keep_the_generated_chrome() -> None:
    for number in range(1, 21):
        assert texts(site_page(number)) == [
            *CHROME[:2],
            *article_texts(number),
            CHROME[2],
        ]


def test_a_crawl_learns_the_chrome_and_keeps_each_article_whole() -> None:
    memory = SiteMemory()
    for number in range(1, 21):
        kept = texts(site_page(number), memory)
        if number < 3:  # seen on fewer than min_site_pages pages so far
            assert kept == [*CHROME[:2], *article_texts(number), CHROME[2]]
        else:
            assert kept == article_texts(number)


def test_a_frozen_memory_of_the_whole_crawl_cleans_every_page() -> None:
    memory = SiteMemory()
    for number in range(1, 21):
        extract(site_page(number), memory=memory)
    frozen = memory.frozen()
    for number in range(1, 21):
        assert texts(site_page(number), frozen) == article_texts(number)
    assert frozen == memory  # reading observes nothing


def test_without_memory_the_chrome_stays_on_every_page() -> None:
    for number in range(1, 21):
        assert texts(site_page(number), None)[:2] == list(CHROME[:2])


@pytest.mark.parametrize("threshold", [1, 2, 5])
def test_min_site_pages_is_the_exact_threshold(threshold: int) -> None:
    memory = SiteMemory()
    blocks = [extract(site_page(number)).blocks for number in range(1, 8)]
    for number, page in enumerate(blocks, start=1):
        kept = clean_blocks(page, site=HOST, memory=memory, min_site_pages=threshold)
        dropped = CHROME[0] not in [block.text for block in kept]
        assert dropped is (number >= threshold)


def test_min_site_pages_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="min_site_pages"):
        clean_blocks([Block("x")], site=HOST, memory=SiteMemory(), min_site_pages=0)


def test_a_repeated_block_inside_the_article_span_stays() -> None:
    memory = SiteMemory()
    for number in range(1, 11):
        blocks = extract(site_page(number, aside=True), memory=memory).blocks
    assert [block.text for block in blocks] == [
        article_texts(10)[0],
        paragraph(10, 1),
        "Planting tip: see all tips.",
        paragraph(10, 2),
    ]
    assert memory.seen(HOST, blocks[2]) == 10


def test_hosts_do_not_share_counts() -> None:
    memory = SiteMemory()
    other = "https://tomatoes.example.org"
    for number in range(1, 5):
        kept = texts(site_page(number, host=HOST if number % 2 else other), memory)
        assert CHROME[1] in kept  # two pages of each site, under three
    assert memory.sites() == ["acme.example", "example.org"]
    kept = texts(site_page(5), memory)
    assert kept == article_texts(5)


def test_subdomains_of_one_site_share_counts() -> None:
    memory = SiteMemory()
    hosts = ["https://www.acme.example", "https://shop.acme.example", HOST]
    for number, host in enumerate(hosts, start=1):
        kept = texts(site_page(number, host=host), memory)
    assert kept == article_texts(3)


def test_a_page_counts_once_per_signature() -> None:
    memory = SiteMemory()
    menu = Block("Home", kind="item", links=(LinkSpan("Home", f"{HOST}/"),))
    memory.observe(HOST, [menu, menu, menu])
    assert memory.seen(HOST, menu) == 1
    memory.observe(f"{HOST}/other", [menu])
    assert memory.seen(HOST, menu) == 2


def test_counts_are_a_read_only_view_of_one_site() -> None:
    memory = SiteMemory()
    menu = Block("Home", kind="item", links=(LinkSpan("Home", f"{HOST}/"),))
    signature = block_signature(menu)
    assert signature is not None
    counts = memory.counts(HOST)
    assert dict(counts) == {}
    memory.observe(HOST, [menu])
    counts = memory.counts("www.acme.example")
    assert dict(counts) == {signature: 1}
    memory.observe(HOST, [menu])
    assert counts[signature] == 2 == memory.count(HOST, signature)
    with pytest.raises(TypeError):
        counts[signature] = 5  # type: ignore[index]


def test_signatures_tell_link_destinations_and_kinds_apart() -> None:
    link = (LinkSpan("Home", "https://acme.example/"),)
    elsewhere = (LinkSpan("Home", "https://acme.example/en/"),)
    signatures = {
        block_signature(Block("Home", links=link)),
        block_signature(Block("Home", kind="item", links=link)),
        block_signature(Block("Home", links=elsewhere)),
        block_signature(Block("  HOME ", links=link)),
    }
    assert len(signatures) == 3
    assert block_signature(Block("Home", kind="heading", level=2)) is None
    assert block_signature(Block("x = 1", kind="code")) is None
    assert block_signature(Block("word " * 60)) is None  # long prose without links
    assert block_signature(Block("short line")) is not None


def test_each_site_keeps_at_most_max_signatures_forgetting_the_oldest() -> None:
    memory = SiteMemory(max_signatures=2)
    old, middle, new = (Block(name) for name in ("old", "middle", "new"))
    memory.observe(HOST, [old, middle])
    memory.observe(HOST, [old])  # old is now seen more recently than middle
    memory.observe(HOST, [new])
    assert (memory.seen(HOST, old), memory.seen(HOST, middle)) == (2, 0)
    assert memory.seen(HOST, new) == 1
    assert len(memory) == 2


def test_max_sites_forgets_the_site_seen_longest_ago() -> None:
    memory = SiteMemory(max_sites=2)
    for site in ("https://a.example", "https://b.example", "https://a.example/x"):
        memory.observe(site, [Block("line")])
    memory.observe("https://c.example", [Block("line")])
    assert memory.sites() == ["a.example", "c.example"]


def test_pages_without_a_site_are_neither_counted_nor_judged() -> None:
    memory = SiteMemory()
    for _ in range(5):
        memory.observe(None, [Block("line")])
    assert len(memory) == 0 and memory.sites() == []


def test_a_frozen_memory_refuses_to_observe() -> None:
    frozen = SiteMemory().frozen()
    with pytest.raises(TypeError, match="frozen"):
        frozen.observe(HOST, [Block("line")])
    with pytest.raises(TypeError, match="frozen"):
        frozen.update(SiteMemory())


def test_bounds_below_one_are_refused() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        SiteMemory(max_signatures=0)
    with pytest.raises(ValueError, match="at least 1"):
        SiteMemory(max_sites=0)


def test_json_keeps_counts_order_and_bounds() -> None:
    memory = SiteMemory(max_signatures=3, max_sites=4)
    memory.observe(HOST, [Block("a"), Block("b")])
    memory.observe("https://other.example", [Block("c")])
    memory.observe(HOST, [Block("a")])
    copy = SiteMemory.from_json(memory.to_json())
    assert copy == memory
    assert (copy.max_signatures, copy.max_sites) == (3, 4)
    assert copy.sites() == ["other.example", "acme.example"]
    assert copy.seen(HOST, Block("a")) == 2


@pytest.mark.parametrize("text", ["", "[]", '{"format": 9}', '{"format": 1}'])
def test_json_that_is_not_a_memory_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="not a SiteMemory"):
        SiteMemory.from_json(text)


def test_update_adds_counts_as_if_observed_in_order() -> None:
    pages_seen = [[Block("a"), Block("b")], [Block("b")], [Block("c"), Block("a")]]
    one = SiteMemory()
    merged = SiteMemory()
    for blocks in pages_seen:
        one.observe(HOST, blocks)
        page = SiteMemory()
        page.observe(HOST, blocks)
        merged.update(page)
    assert merged == one


def test_markdown_cleaning_takes_a_memory() -> None:
    markdown = (
        "Free seeds this week: [shop now](/shop).\n\n# Beans\n\n"
        + "Soak the beans overnight and cook them slowly in plenty of water. " * 4
        + "\n"
    )
    memory = SiteMemory()
    outputs = [
        clean_markdown(
            markdown,
            media_type="text/html",
            source_uri=f"{HOST}/{n}",
            memory=memory,
            min_site_pages=2,
        )
        for n in range(2)
    ]
    assert outputs[0] == markdown
    assert outputs[1] == markdown.split("\n\n", 1)[1]


def test_page_signatures_are_distinct_in_order() -> None:
    blocks = [Block("b"), Block("a"), Block("b"), Block("Title", kind="heading")]
    assert page_signatures(blocks) == [
        block_signature(Block("b")),
        block_signature(Block("a")),
    ]


@settings(max_examples=200, deadline=None)
@given(st.lists(pages(), min_size=1, max_size=4), SITES, st.integers(1, 3))
def test_memory_only_ever_removes_more_blocks(
    crawl: list[list[Block]], site: str | None, threshold: int
) -> None:
    memory = SiteMemory()
    for blocks in crawl:
        alone = {id(block) for block in clean_blocks(blocks, site=site)}
        remembered = clean_blocks(
            blocks, site=site, memory=memory, min_site_pages=threshold
        )
        assert {id(block) for block in remembered} <= alone
        position = {id(block): index for index, block in enumerate(blocks)}
        indices = [position[id(block)] for block in remembered]
        assert indices == sorted(indices)


@settings(max_examples=200, deadline=None)
@given(pages(), SITES)
def test_a_memory_under_the_threshold_changes_nothing(
    blocks: list[Block], site: str | None
) -> None:
    kept = clean_blocks(blocks, site=site, memory=SiteMemory(), min_site_pages=2)
    assert kept == clean_blocks(blocks, site=site)


@settings(max_examples=300, deadline=None)
@given(st.lists(pages(), min_size=1, max_size=4), SITES, st.integers(1, 3))
def test_cleaning_against_a_frozen_memory_is_idempotent(
    crawl: list[list[Block]], site: str | None, threshold: int
) -> None:
    memory = SiteMemory()
    for blocks in crawl:
        memory.observe(site, blocks)
    frozen = memory.frozen()
    for blocks in crawl:
        once = clean_blocks(blocks, site=site, memory=frozen, min_site_pages=threshold)
        twice = clean_blocks(once, site=site, memory=frozen, min_site_pages=threshold)
        assert twice == once
