"""The page-type step: what a page declares, its features, and the classifier.

:func:`declared` reads ``og:type``, JSON-LD and microdata; :func:`classify`
weighs the features with the shipped model (or one a test passes), picks
the model trained without URL evidence for a page without a URL, and says
``"other"`` when no type is likely enough.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from pagechunk import extract, parse_html
from pagechunk.html.jsonld import jsonld_objects
from pagechunk.html.pagetype import (
    OTHER_BELOW,
    PAGE_TYPES,
    Declared,
    classify,
    declared,
    page_features,
)


def said(html: str) -> Declared:
    root = etree.HTML(html)
    return declared(root, jsonld_objects(root))


# What a page declares


def test_og_type_is_read_lower_case_from_property_or_name():
    assert said(
        "<head><meta property='og:type' content=' Product.Item '></head>"
    ) == Declared("product.item", frozenset(), frozenset())
    assert said("<head><meta name='OG:TYPE' content='Article'></head>").og_type == (
        "article"
    )


def test_first_og_type_wins_and_a_page_without_one_declares_nothing():
    assert said(
        "<meta property='og:type' content='website'>"
        "<meta property='og:type' content='article'>"
    ).og_type == ("website")
    assert said("<p>Plain page</p>") == Declared("", frozenset(), frozenset())


def test_jsonld_types_are_read_as_their_groups():
    page = said(
        "<script type='application/ld+json'>"
        '{"@context": "https://schema.org", "@type": ["Product", "Thing"],'
        ' "offers": {"@type": "Offer"}}'
        "</script>"
    )
    # Thing names no group; the nested Offer is read one level in.
    assert page == Declared("", frozenset({"product", "offer"}), frozenset())


def test_jsonld_graph_is_read_object_by_object():
    page = said(
        "<script type='application/ld+json'>"
        '{"@context": "https://schema.org", "@graph": ['
        '{"@type": "WebSite"}, {"@type": "BreadcrumbList"},'
        ' {"@type": "TechArticle"}, {"@type": "FAQPage"}]}'
        "</script>"
    )
    assert page.jsonld == frozenset({"docs", "faq"})


def test_microdata_itemtypes_are_read_as_their_groups():
    page = said(
        "<div itemscope itemtype='https://schema.org/QAPage'>"
        "<div itemscope itemtype='http://schema.org/Question/'>"
        "<div itemscope itemtype='https://schema.org/Person"
        " https://schema.org/LocalBusiness'></div></div></div>"
    )
    # A trailing slash and several types in one itemtype are read too;
    # Person names no group.
    assert page == Declared("", frozenset(), frozenset({"forum", "service"}), True)


# Features


def test_declarations_are_features():
    features = page_features(
        "", Declared("product", frozenset({"offer"}), frozenset({"forum"})), None
    )
    assert features == {
        "og_article": 0.0,
        "og_product": 1.0,
        "og_website": 0.0,
        "og_none": 0.0,
        "ld_offer": 1.0,
        "md_forum": 1.0,
    }


def test_long_paragraphs_count_a_cjk_character_three_times():
    # 60 ideographs say about what 180 Latin letters say: a Chinese story's
    # paragraphs are long ones. 60 Latin letters are not, nor 40 ideographs.
    nothing = Declared("", frozenset(), frozenset())
    paragraphs = [
        "香港行政长官在各方压力下就其大宅的违章建筑问题"
        "到立法会接受质询，并向香港民众道歉。" * 2,
        "梁振英强调承诺将在两周内解决其住宅的违建问题。" * 2,
        "a" * 60,
        "b" * 150,
    ]
    assert [len(p) for p in paragraphs] == [82, 46, 60, 150]
    body = "".join(f"<p>{p}</p>" for p in paragraphs)
    features = page_features("", nothing, etree.HTML(f"<body>{body}</body>"))
    assert features["long_p"] == pytest.approx(math.log1p(2) / 5)


def test_a_page_without_url_has_no_url_features():
    nothing = Declared("", frozenset(), frozenset())
    assert not any(name.startswith("url_") for name in page_features("", nothing, None))
    home = page_features("https://example.com/", nothing, None)
    assert home["url_root"] == 1.0
    assert home["url_depth"] == 0.0


def test_url_words_hosts_ids_and_dates_are_features():
    nothing = Declared("", frozenset(), frozenset())
    features = page_features(
        "https://community.example.com/t/the-best-glue/55310?page=2", nothing, None
    )
    assert features == {
        "og_article": 0.0,
        "og_product": 0.0,
        "og_website": 0.0,
        "og_none": 1.0,
        "url_depth": 3 / 6,
        "url_root": 0.0,
        "url_query": 1.0,
        "url_forum": 1.0,
        "url_slug_words": 0.0,  # the last segment is the id
        "url_digits": 1.0,
        "url_date": 0.0,
        "host_forum": 1.0,
    }
    dated = page_features("https://news.example/2024/05/the-big-storm", nothing, None)
    assert (dated["url_date"], dated["url_slug_words"]) == (1.0, 3 / 12)


def test_a_forum_script_or_a_query_naming_a_thread_is_a_forum_url():
    # Forum software that serves every page through one script names the
    # thread in the script (phpBB's viewtopic.php, MyBB's and vBulletin's
    # showthread.php) or in the query (SMF's index.php?topic=55.0).
    nothing = Declared("", frozenset(), frozenset())
    for url in (
        "https://baking.example.org/viewtopic.php?t=55",
        "https://baking.example.org/forum/showthread.php?t=55",
        "https://baking.example.org/index.php?topic=55.0",
        "https://baking.example.org/index.php?showtopic=12&view=getnewpost",
    ):
        assert page_features(url, nothing, None).get("url_forum") == 1.0, url
    for url in (
        "https://shop.example/index.php?route=product/product&product_id=42",
        "https://blog.example/index.php?p=120",
        "https://news.example/story.php?id=9&topics=world",
    ):
        assert "url_forum" not in page_features(url, nothing, None), url


def test_a_site_named_for_its_forum_is_a_forum_host():
    # A forum's site is often named as one word with its subject
    # (physicsforums.com, avsforum.com); another word holding "forum" is not.
    nothing = Declared("", frozenset(), frozenset())
    for url in (
        "https://www.gardenforums.example/threads/slug-pellets.812/",
        "https://tractorforum.example.co.uk/beginners/1488-which-oil.html",
    ):
        assert page_features(url, nothing, None).get("host_forum") == 1.0, url
    for url in (
        "https://forumtravel.example/guides/lisbon",
        "https://www.example.com/forum-rules-explained",
    ):
        assert "host_forum" not in page_features(url, nothing, None), url


def test_a_job_boards_host_reads_as_a_listing_not_a_forum():
    nothing = Declared("", frozenset(), frozenset())
    board = page_features("https://job-boards.greenhouse.io/ledgerly", nothing, None)
    assert board.get("url_listing") == 1.0
    assert "host_forum" not in board
    forum = page_features("https://boards.example.ie/threads/55", nothing, None)
    assert forum.get("host_forum") == 1.0
    assert "url_listing" not in forum


# The classifier


def tiny_model(with_url: list[float], without_url: list[float]) -> dict[str, Any]:
    """A model of three types and biases only."""
    return {
        "types": ["article", "forum", "service"],
        "with_url": {"bias": with_url, "weights": {}},
        "without_url": {"bias": without_url, "weights": {}},
    }


def test_a_page_without_url_is_weighed_by_the_model_without_url():
    model = tiny_model([0.0, 0.0, 3.0], [3.0, 0.0, 0.0])
    expected = pytest.approx(math.exp(3) / (math.exp(3) + 2))
    assert classify({"og_none": 1.0}, model) == ("article", expected)
    assert classify({"og_none": 1.0, "url_root": 1.0}, model) == ("service", expected)


def test_weights_add_to_the_bias_of_each_type():
    model = tiny_model([0.0, 0.0, 0.0], [0.0, 0.0, 0.0])
    model["without_url"]["weights"] = {"md_forum": [0.0, 2.0, 0.0]}
    kind, probability = classify({"md_forum": 1.0}, model)
    assert kind == "forum"
    assert math.isclose(probability, math.exp(2) / (math.exp(2) + 2))
    # A feature of value 0 and a feature the model lacks weigh nothing.
    assert classify({"md_forum": 0.0, "ld_faq": 1.0}, model) == (
        "other",
        pytest.approx(1 / 3),
    )


def test_a_weight_row_that_is_not_one_per_type_is_refused():
    model = tiny_model([0.0, 0.0, 0.0], [0.0, 0.0, 0.0])
    model["without_url"]["weights"] = {"md_forum": [0.0, 2.0]}
    with pytest.raises(ValueError, match="md_forum"):
        classify({"md_forum": 1.0}, model)


def test_a_type_under_other_below_is_other():
    flat = tiny_model([0.0, 0.0, 0.0], [0.0, 0.0, 0.0])
    assert OTHER_BELOW > 1 / 3
    assert classify({}, flat) == ("other", pytest.approx(1 / 3))
    # ln 2 gives the top type exactly one half: over the bar.
    leaning = tiny_model([0.0, 0.0, 0.0], [math.log(2), 0.0, 0.0])
    kind, probability = classify({}, leaning)
    assert kind == "article" and math.isclose(probability, 0.5)


def test_a_page_without_url_is_not_a_service_page_for_lacking_a_path():
    paragraph = "<p>The tide rises and falls twice a day, pulled by the moon.</p>"
    html = f"<title>Tides</title><article><h1>On tides</h1>{paragraph * 4}</article>"
    assert extract(html).page_type == "article"
    # At a site's root the same page is taken for a service page.
    assert extract(html, base_url="https://example.com/").page_type == "service"


def test_declared_product_page_is_a_product():
    html = (
        "<html><head><title>Camp stove</title>"
        "<meta property='og:type' content='product'>"
        "<script type='application/ld+json'>"
        '{"@type": "Product", "name": "Camp stove",'
        ' "offers": {"@type": "Offer", "price": "45.00"}}</script></head>'
        "<body><h1>Camp stove</h1><div class='price'>£45.00</div>"
        "<p>A folding gas stove that boils a litre of water in four minutes.</p>"
        "<button class='add-to-cart'>Add to basket</button></body></html>"
    )
    assert extract(
        html, base_url="https://outdoor.example/product/camp-stove"
    ).page_type == ("product")


def test_forum_thread_on_a_community_host_is_a_forum():
    post = (
        "<div class='post' itemscope"
        " itemtype='https://schema.org/DiscussionForumPosting'>"
        "<span class='username'>{}</span><div class='post-body'><p>{}</p></div></div>"
    )
    html = (
        "<title>Fixing a dripping tap - Home Fixers</title>"
        "<h1>Fixing a dripping tap</h1>"
        + post.format("pipewrench", "My kitchen tap drips all night, even shut hard.")
        + post.format(
            "ann_b", "Swap the washer; it costs pennies and takes ten minutes."
        )
        + post.format("pipewrench", "That did it, thank you. Quiet at last.")
    )
    url = "https://community.example.com/t/fixing-a-dripping-tap/8812"
    assert extract(html, base_url=url).page_type == "forum"


def test_docs_page_with_code_on_a_docs_host_is_documentation():
    html = (
        "<title>Configuration - Widget docs</title>"
        "<div class='sidebar'><ul><li><a href='/install'>Install</a></li>"
        "<li><a href='/config'>Configuration</a></li></ul></div>"
        "<div class='docs-content'><h1>Configuration</h1>"
        "<p>Widget reads its settings from widget.toml in the working directory.</p>"
        "<pre><code>[server]\nport = 8080\nworkers = 4</code></pre>"
        "<h2>Environment</h2><p>Any setting can be overridden by a variable.</p>"
        "<pre><code>WIDGET_SERVER_PORT=9090 widget serve</code></pre></div>"
    )
    url = "https://docs.example.com/widget/latest/config/"
    assert extract(html, base_url=url).page_type == "documentation"


def test_parse_html_does_not_classify(page):
    assert parse_html(page("typed_product_page")).page_type == ""


_tags = st.sampled_from(["div", "p", "li", "a", "pre", "h1", "h2", "article", "span"])
_words = st.text(
    st.characters(min_codepoint=32, max_codepoint=0x2FF, blacklist_characters="<&"),
    max_size=40,
)
_urls = st.sampled_from(
    ["", "https://example.com/", "https://shop.example/p/1", "not a url", "http://[::1"]
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(_tags, _words, st.booleans()), max_size=12), _urls)
def test_page_type_is_always_one_of_page_types(parts, url):
    html = "".join(
        f"<{tag} class='post card'>{text}</{tag}>"
        if named
        else f"<{tag}>{text}</{tag}>"
        for tag, text, named in parts
    )
    page = extract(html, base_url=url or None)
    assert page.page_type in PAGE_TYPES


def test_a_page_declaring_a_thread_type_is_a_forum_whatever_its_url():
    # QAPage and DiscussionForumPosting are declared by threads only; the
    # URL's long slug weighs for an article in the model.
    html = (
        "<html><head><meta property='og:type' content='website'>"
        "<script type='application/ld+json'>"
        '{"@context": "https://schema.org", "@type": "QAPage",'
        ' "mainEntity": {"@type": "Question", "name": "Why?"}}</script>'
        "</head><body><p>Why does my chain skip?</p></body></html>"
    )
    page = extract(html, base_url="https://qa.example.com/Why-does-my-chain-skip-so")
    assert page.page_type == "forum"


def test_a_question_alone_does_not_declare_a_thread():
    # An FAQ's questions are typed Question too.
    page = said(
        "<div itemscope itemtype='https://schema.org/FAQPage'>"
        "<div itemscope itemtype='https://schema.org/Question'></div></div>"
    )
    assert page.thread is False
