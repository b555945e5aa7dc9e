"""The metadata step: headline, author, dates and the rest, in their order of
precedence, and the language tag's casing."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pagechunk import chunk_html, extract, parse_html
from pagechunk.html.metadata import _DATE_CLASSES, _names_line, iso_date, language_tag

BODY = (
    "<article><h1>Launch day</h1><p>The rocket left the pad at dawn and "
    "reached orbit nine minutes later, on its first flight.</p></article>"
)


def page(head: str = "", body: str = BODY, attributes: str = "") -> str:
    return f"<html{attributes}><head>{head}</head><body>{body}</body></html>"


JSONLD = (
    '<script type="application/ld+json">{"@context": "https://schema.org", '
    '"@graph": [{"@type": "WebSite", "@id": "#site", "name": "Rocket News"}, '
    '{"@type": "Person", "@id": "#ann", "name": "Ann Lee"}, '
    '{"@type": "NewsArticle", "headline": "Rocket reaches orbit", '
    '"author": [{"@id": "#ann"}, {"@type": "Person", "name": "Bo Chen"}], '
    '"datePublished": "2024-05-01T09:30:00+02:00", '
    '"dateModified": "2024-05-02", "description": "A first flight.", '
    '"image": {"@type": "ImageObject", "url": "/img/launch.jpg"}, '
    '"keywords": "space, rockets", "license": '
    '"https://creativecommons.org/licenses/by/4.0/"}]}</script>'
)
OPEN_GRAPH = (
    '<meta property="og:title" content="OG title | Rocket News">'
    '<meta property="og:site_name" content="Rocket News">'
    '<meta property="og:description" content="OG description">'
    '<meta property="og:image" content="https://cdn.example/og.jpg">'
    '<meta property="article:published_time" content="2023-01-01">'
    '<meta property="article:tag" content="launch">'
    '<meta property="article:tag" content="orbit">'
    '<meta name="author" content="Meta Author">'
    '<link rel="canonical" href="/news/launch">'
)


def test_jsonld_graph_gives_every_field_and_resolves_ids():
    got = extract(page(JSONLD + OPEN_GRAPH), base_url="https://example.org/a")
    assert got.headline == "Rocket reaches orbit"
    assert got.author == "Ann Lee; Bo Chen"
    assert got.published == "2024-05-01T09:30:00+02:00"
    assert got.modified == "2024-05-02"
    assert got.description == "A first flight."
    assert got.site_name == "Rocket News"
    assert got.canonical_url == "https://example.org/news/launch"
    assert got.image == "https://example.org/img/launch.jpg"
    assert got.tags == ("space", "rockets")
    assert got.license == "https://creativecommons.org/licenses/by/4.0/"


def test_open_graph_and_meta_when_there_is_no_jsonld():
    got = extract(page(OPEN_GRAPH), base_url="https://example.org/a")
    assert got.headline == "OG title"  # the site name after it dropped
    assert got.author == "Meta Author"
    assert got.published == "2023-01-01"
    assert got.description == "OG description"
    assert got.image == "https://cdn.example/og.jpg"
    assert got.tags == ("launch", "orbit")
    assert got.site_name == "Rocket News"


def test_twitter_cards_come_after_open_graph():
    head = (
        '<meta name="twitter:title" content="Card title">'
        '<meta name="twitter:label1" content="Written by">'
        '<meta name="twitter:data1" content="Cy Dunn">'
        '<meta name="twitter:description" content="Card text">'
    )
    got = extract(page(head))
    assert (got.headline, got.author, got.description) == (
        "Card title",
        "Cy Dunn",
        "Card text",
    )
    both = extract(page('<meta property="og:title" content="OG">' + head))
    assert both.headline == "OG"


def test_microdata_inside_an_article_item():
    body = (
        '<div itemscope itemtype="https://schema.org/BlogPosting">'
        '<h2 itemprop="headline">Micro headline</h2>'
        '<span itemprop="author" itemscope itemtype="https://schema.org/Person">'
        '<span itemprop="name">Di Evans</span></span>'
        '<time itemprop="datePublished" datetime="2022-03-04">March 4</time>'
        "<p>Some text of the post that is long enough to be read.</p></div>"
        '<div itemscope itemtype="https://schema.org/Review">'
        '<span itemprop="author">A reviewer</span></div>'
    )
    got = extract(page(body=body))
    assert (got.headline, got.author, got.published) == (
        "Micro headline",
        "Di Evans",
        "2022-03-04",
    )


def test_fallbacks_first_heading_byline_and_date_line():
    body = (
        "<main><h1>Plain page</h1>"
        '<div class="post-byline">By Ed Fox • March 5, 2021</div>'
        "<p>Text of the page, long enough to stay after cleaning.</p></main>"
    )
    got = extract(page(body=body))
    assert (got.headline, got.author, got.published) == (
        "Plain page",
        "Ed Fox",
        "2021-03-05",
    )


def test_rel_license_and_a_page_without_metadata():
    body = BODY + '<footer><a rel="license" href="/cc-by-sa">cc by-sa</a></footer>'
    got = extract(page(body=body), base_url="https://example.org/q/1")
    assert got.license == "https://example.org/cc-by-sa"
    bare = extract("<p>Nothing declared here.</p>")
    assert (bare.headline, bare.author, bare.published, bare.tags) == ("", "", "", ())


def test_broken_jsonld_falls_through_to_open_graph():
    head = '<script type="application/ld+json">{"@type": "Article",</script>'
    head += '<meta property="og:title" content="Still found">'
    assert extract(page(head)).headline == "Still found"


def test_parse_html_leaves_metadata_empty_and_lang_as_written():
    got = parse_html(page(JSONLD, attributes=" lang='en-us'"))
    assert (got.headline, got.author, got.lang) == ("", "", "en-us")


def test_chunks_carry_the_page_metadata():
    chunks = chunk_html(page(JSONLD + OPEN_GRAPH), base_url="https://example.org/a")
    assert chunks
    assert {(c.headline, c.author, c.published, c.tags) for c in chunks} == {
        (
            "Rocket reaches orbit",
            "Ann Lee; Bo Chen",
            "2024-05-01T09:30:00+02:00",
            ("space", "rockets"),
        )
    }


@pytest.mark.parametrize(
    ("value", "date"),
    [
        ("2024-05-01", "2024-05-01"),
        ("2024-5-1", "2024-05-01"),
        ("2024-05-01T09:30:00Z", "2024-05-01T09:30:00Z"),
        ("2024-05-01 09:30", "2024-05-01T09:30:00"),
        ("2024-05-01T09:30:00.123+0200", "2024-05-01T09:30:00+02:00"),
        ("Wed, 01 May 2024 09:30:00 GMT", "2024-05-01T09:30:00+00:00"),
        ("May 1, 2024", "2024-05-01"),
        ("1st May 2024", "2024-05-01"),
        ("Updated on Sept. 9, 2025", "2025-09-09"),
        ("17.05.2021", "2021-05-17"),
        ("10/31/2024", "2024-10-31"),
        ("31/10/2024", "2024-10-31"),
        ("2024/05/01", "2024-05-01"),
        ("2024-02-30", ""),
        ("yesterday", ""),
        ("", ""),
    ],
)
def test_iso_date(value, date):
    assert iso_date(value) == date


@pytest.mark.parametrize(
    ("tag", "cased"),
    [
        ("en-us", "en-US"),
        ("EN", "en"),
        ("zh-hant-tw", "zh-Hant-TW"),
        ("sr_latn_rs", "sr-Latn-RS"),
        ("es-419", "es-419"),
        ("de-CH-1901", "de-CH-1901"),
        ("en-US-x-Twain", "en-US-x-twain"),
        ("", ""),
    ],
)
def test_language_tag(tag, cased):
    assert language_tag(tag) == cased


@given(st.from_regex(r"[A-Za-z]{2,3}(-[A-Za-z]{4})?(-[A-Za-z]{2})?", fullmatch=True))
def test_language_tag_is_idempotent_and_keeps_letters(tag):
    cased = language_tag(tag)
    assert language_tag(cased) == cased
    assert cased.lower() == tag.lower()


def test_extract_writes_lang_in_bcp47_casing():
    assert extract(page(attributes=" lang='en-us'")).lang == "en-US"
    assert extract(page(), content_language="pt-br").lang == "pt-BR"


LINE_WORDS = ("date", "Date", "publish", "ublication", "posted", "updated")
LINE_WORDS += ("byline", "meta", "uthor")


def test_the_line_words_are_the_date_classes_and_author() -> None:
    # _names_line spells the words out for speed: they must stay those of
    # _DATE_CLASSES, with "uthor" for the bylines.
    assert set(LINE_WORDS) == {*_DATE_CLASSES, "uthor"}


@given(st.text(alphabet="aAbcdDeghilmnoprstuy -", max_size=40))
def test_a_class_names_a_date_line_or_byline_by_its_words(classes: str) -> None:
    assert _names_line(classes) == any(word in classes for word in LINE_WORDS)


@pytest.mark.parametrize(
    "base",
    [
        "",  # the head's resolver joins them: its base is the page's address
        "<base href='https://cdn.test/assets/'>",  # joined as well, not to it
    ],
)
def test_urls_are_made_absolute_against_the_page_address(base: str) -> None:
    head = (
        f"{base}<meta property='og:image' content='/img/pic.jpg'>"
        "<link rel='license' href='/terms'><meta property='og:url' content='/c'>"
    )
    got = extract(page(head), base_url="https://site.test/a/page")
    assert got.image == "https://site.test/img/pic.jpg"
    assert got.license == "https://site.test/terms"
    assert got.canonical_url == "https://site.test/c"


def test_a_date_with_more_digits_than_a_machine_word_is_no_date():
    # Found by the atheris campaign: the email date parser overflowed.
    assert iso_date("Mon, 99999999999999999999 Jan 2020 10:00:00 +0000") == ""
