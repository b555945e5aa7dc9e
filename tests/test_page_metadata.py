"""Page metadata: the page's URL and language, and the title's site suffix."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pagechunk import ParsedPage, chunk_html, extract, parse_html
from pagechunk.html.head import first_language
from pagechunk.html.title import TITLE_SEPARATORS, drop_site_suffix

ARTICLE = (
    "<article><h1>Launch</h1><p>The rocket left the pad at dawn and reached "
    "orbit nine minutes later, on its first flight.</p></article>"
)


def page(head: str = "", html_attributes: str = "") -> str:
    return f"<html{html_attributes}><head>{head}</head><body>{ARTICLE}</body></html>"


# -- language -------------------------------------------------------------


@pytest.mark.parametrize(
    ("attributes", "lang"),
    [
        (" lang='en'", "en"),
        (" lang='  pt-BR '", "pt-BR"),
        (" lang='de-DE, en'", "de-DE"),
        (" lang='fr en'", "fr"),
        (" xml:lang='nl'", "nl"),
        (" lang=''", ""),
        ("", ""),
    ],
)
def test_lang_from_html_element(attributes, lang):
    assert parse_html(page(html_attributes=attributes)).lang == lang


def test_lang_from_meta_http_equiv_when_html_has_none():
    head = "<meta http-equiv='Content-Language' content=' da, en-GB'>"
    assert parse_html(page(head)).lang == "da"
    assert parse_html(page(head, " lang=''")).lang == "da"


def test_html_lang_outranks_meta():
    head = "<meta http-equiv='content-language' content='da'>"
    assert parse_html(page(head, " lang='sv'")).lang == "sv"


def test_meta_without_content_leaves_lang_empty():
    assert parse_html(page("<meta http-equiv='content-language'>")).lang == ""


def test_content_language_header_fills_a_page_without_lang():
    assert extract(page(), content_language="es-MX, en").lang == "es-MX"
    assert extract(page(), content_language=" , ").lang == ""
    assert extract(page()).lang == ""


def test_page_lang_outranks_the_header():
    assert (
        extract(page(html_attributes=" lang='it'"), content_language="en").lang == "it"
    )
    head = "<meta http-equiv='content-language' content='ja'>"
    assert extract(page(head), content_language="en").lang == "ja"


@pytest.mark.parametrize(
    ("value", "tag"),
    [(None, ""), ("", ""), ("en", "en"), (" en-US ,fr", "en-US"), (",de", "de")],
)
def test_first_language(value, tag):
    assert first_language(value) == tag


# -- url ------------------------------------------------------------------


def test_url_is_the_base_url_given():
    head = "<link rel=canonical href='https://other.test/c'>"
    parsed = parse_html(page(head), base_url="https://site.test/a?b=1")
    assert parsed.url == "https://site.test/a?b=1"


def test_url_is_the_canonical_made_absolute_against_base_href():
    head = "<base href='https://site.test/docs/'><link rel=canonical href='intro'>"
    assert parse_html(page(head)).url == "https://site.test/docs/intro"


def test_url_is_og_url_when_there_is_no_canonical():
    head = "<meta property='og:url' content=' https://site.test/og '>"
    assert parse_html(page(head)).url == "https://site.test/og"


def test_url_is_base_href_when_nothing_else_names_the_page():
    assert parse_html(page("<base href='https://site.test/'>")).url == (
        "https://site.test/"
    )


def test_url_ignores_unsafe_canonical_and_base():
    head = "<base href='javascript:x()'><link rel=canonical href='data:text/html,x'>"
    assert parse_html(page(head)).url == ""


def test_url_is_empty_when_unknown_and_for_an_empty_document():
    assert parse_html(page()).url == ""
    assert parse_html("").url == ""
    assert parse_html("", base_url="https://site.test/").url == "https://site.test/"


def test_seed_construction_and_equality_are_unchanged():
    built = ParsedPage("T", [], ["https://a.test/"], True)
    assert (built.url, built.lang, built.noindex, built.nofollow) == (
        "",
        "",
        True,
        False,
    )
    assert built == ParsedPage("T", [], ["https://a.test/"], True, url="u", lang="en")


# -- title suffix ---------------------------------------------------------


def titled(title: str, head: str = "") -> str:
    return page(f"<title>{title}</title>{head}")


SITE_NAME = "<meta property='og:site_name' content='The  Daily Rocket'>"


@pytest.mark.parametrize("separator", TITLE_SEPARATORS)
def test_suffix_matching_og_site_name_is_dropped(separator):
    html = titled(f"Launch day{separator}The Daily rocket", SITE_NAME)
    assert extract(html, title_suffix="auto").title == "Launch day"


def test_title_suffix_is_kept_by_default():
    html = titled("Launch day | The Daily Rocket", SITE_NAME)
    assert extract(html).title == "Launch day | The Daily Rocket"
    assert parse_html(html).title == "Launch day | The Daily Rocket"


@pytest.mark.parametrize(
    ("title", "url", "kept"),
    [
        ("Launch day - Example", "https://www.example.com/a", "Launch day"),
        ("Launch day - EXAMPLE", "https://example.co/a", "Launch day"),
        ("Launch day | Example News", "https://news.example.com/a", "Launch day"),
        ("Launch day | News Example", "https://news.example.com/a", "Launch day"),
        ("Launch day · The Verge", "https://www.theverge.com/a", "Launch day"),
        ("Launch day – Rocket Lab", "https://rocket-lab.test/", "Launch day"),
        ("Launch day - Example", "https://example-blog.org/", "Launch day"),
        ("A - B | Example", "https://example.com/", "A - B"),
        ("Launch day - Other", "https://www.example.com/a", "Launch day - Other"),
        (
            "Launch day - Example Weekly",
            "https://example.com/",
            "Launch day - Example Weekly",
        ),
        ("Launch day - Com", "https://example.com/", "Launch day - Com"),
        ("Launch day - Www", "https://www.example.com/", "Launch day - Www"),
        ("Launch day-Example", "https://example.com/", "Launch day-Example"),
        ("Example", "https://example.com/", "Example"),
        (" | Example", "https://example.com/", "| Example"),
        ("Example - Example", "https://example.com/", "Example"),
        ("Launch day - Example", "", "Launch day - Example"),
    ],
)
def test_suffix_naming_the_host(title, url, kept):
    assert (
        extract(titled(title), base_url=url or None, title_suffix="auto").title == kept
    )


def test_suffix_matches_host_of_canonical_url():
    html = titled(
        "Launch day | Example", "<link rel=canonical href='https://example.com/x'>"
    )
    assert extract(html, title_suffix="auto").title == "Launch day"


def test_title_that_is_only_the_site_name_stays():
    html = titled("The Daily Rocket", SITE_NAME)
    assert extract(html, title_suffix="auto").title == "The Daily Rocket"


def test_chunks_carry_the_shortened_title():
    html = titled("Launch day | The Daily Rocket", SITE_NAME)
    (chunk,) = chunk_html(html, title_suffix="auto")
    # The title holds the <h1> "Launch": the prefix names the page once.
    assert chunk.text.startswith("Launch day\n\n")


def test_unknown_title_suffix_is_refused():
    with pytest.raises(ValueError, match="title_suffix"):
        extract(titled("a - b"), title_suffix="always")


def test_bad_url_leaves_the_title():
    assert drop_site_suffix("a - b", url="http://[bad") == "a - b"


@given(
    st.text(alphabet="ab -|·.", max_size=20),
    st.text(alphabet="ab -", max_size=6),
    st.sampled_from(["", "https://ab.test/", "https://www.a-b.test/"]),
)
def test_dropping_a_suffix_keeps_a_nonempty_start(title, site_name, url):
    result = drop_site_suffix(title, site_name=site_name, url=url)
    assert result == title or (result and title.lstrip().startswith(result))
    assert bool(result.strip()) == bool(title.strip())


def test_chunks_carry_the_pages_url_and_lang():
    html = page("<link rel=canonical href='https://site.test/launch'>")
    (chunk,) = chunk_html(html, content_language="en-AU, en")
    assert (chunk.url, chunk.lang) == ("https://site.test/launch", "en-AU")
