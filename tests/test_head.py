"""The head step: robots directives and links, read before pruning.

Each case reads a small page from ``tests/pages/`` named for what it shows, or
a one-line snippet when the rule is a single element, and states the exact
result.
"""

from __future__ import annotations

import pytest

from pagechunk import Block, parse_html
from pagechunk.html.decode import decode
from pagechunk.html.head import PageHead, read_head
from pagechunk.html.tree import load_tree
from pagechunk.options import ParseOptions


def paragraphs(*texts: str, heading: str = "") -> list[Block]:
    return [Block(text, heading) for text in texts]


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


# What the head step hands on


def head_of(html: str, **settings: str) -> PageHead:
    return read_head(load_tree(decode(html)), ParseOptions(), **settings)


HEAD = (
    '<html><head><base href="/docs/"><link rel="canonical" href="guide">'
    '<meta property="og:site_name" content=" Acme   Docs "></head></html>'
)


def test_page_head_settles_url_and_site_against_the_base_url():
    head = head_of(HEAD, base_url="https://acme.example/a")
    assert head.url == "https://acme.example/a"
    assert head.site == "https://acme.example/docs/"
    assert head.site_name == "Acme Docs"
    assert head.resolve("x") == "https://acme.example/docs/x"


def test_page_head_without_a_base_url_takes_the_page_own():
    head = head_of(HEAD)
    assert head.url == "/docs/guide"
    assert head.site == "/docs/"
    canonical = head_of('<link rel="canonical" href="https://acme.example/c">')
    assert (canonical.url, canonical.site) == ("https://acme.example/c",) * 2
    assert (head_of("<p>x</p>").url, head_of("<p>x</p>").site) == ("", None)


def test_page_head_language_from_the_page_else_the_header():
    assert head_of(HEAD, content_language="fr, en").lang == "fr"
    assert head_of("<html lang='de'>", content_language="fr").lang == "de"
    meta = '<meta http-equiv="Content-Language" content="nl">'
    assert head_of(meta, content_language="fr").lang == "nl"


def test_page_head_skips_links_when_asked():
    html = '<a href="/a">a</a><a href="/b">b</a>'
    assert head_of(html).links == ["/a", "/b"]
    options = ParseOptions(links=False)
    assert read_head(load_tree(decode(html)), options).links == []
