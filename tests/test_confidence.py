"""Extraction confidence: a number from 0 to 1 on the page and its chunks,
higher for a page whose article was found than for one that kept only
link lines."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pagechunk import chunk_html, extract, parse_html
from pagechunk.confidence import Evidence, confidence, confidence_features
from pagechunk.model import Block

SENTENCE = (
    "The harbour board met on Tuesday and agreed to dredge the outer channel "
    "before the spring tides, so that larger ferries can berth at low water. "
)
ARTICLE = (
    "<html><head><title>Channel to be dredged</title></head><body>"
    "<nav><a href='/'>Home</a> <a href='/news'>News</a></nav>"
    "<article><h1>Channel to be dredged</h1>"
    + "".join(f"<p>{SENTENCE * 2}</p>" for _ in range(6))
    + "</article><footer>Contact us</footer></body></html>"
)
LINKS = (
    "<html><body>"
    + "".join(f"<p><a href='/p/{i}'>Item {i}</a></p>" for i in range(30))
    + "</body></html>"
)


def test_a_found_article_is_more_certain_than_a_page_of_links() -> None:
    article = extract(ARTICLE, base_url="https://news.example.com/2024/05/dredging")
    links = extract(LINKS, base_url="https://news.example.com/")
    assert 0.0 <= links.confidence < article.confidence <= 1.0


def test_chunks_carry_the_page_type_and_confidence() -> None:
    url = "https://news.example.com/2024/05/dredging"
    page = extract(ARTICLE, base_url=url)
    chunks = chunk_html(ARTICLE, base_url=url)
    assert chunks
    assert {(c.page_type, c.confidence) for c in chunks} == {
        (page.page_type, page.confidence)
    }
    assert page.page_type == "article"


def test_parse_html_neither_classifies_nor_rates() -> None:
    page = parse_html(ARTICLE)
    assert (page.page_type, page.confidence) == ("", 0.0)


@given(
    st.sampled_from(["article", "forum", "other"]),
    st.floats(0, 1),
    st.integers(0, 10**7),
    st.sampled_from(["densest container", "mass container", "whole page"]),
    st.booleans(),
    st.lists(st.text(max_size=300), max_size=20),
)
def test_confidence_is_a_probability(
    page_type: str,
    probability: float,
    visible: int,
    rule: str,
    net: bool,
    texts: list[str],
) -> None:
    evidence = Evidence(page_type, probability, visible, rule, net)
    blocks = [Block(text) for text in texts]
    assert 0.0 <= confidence(confidence_features(evidence, blocks)) <= 1.0
