"""What ``class`` and ``id`` words say a box is: ``pagechunk.html.names``."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st
from lxml import etree

from pagechunk.html.names import (
    BOILERPLATE,
    CHROME,
    COMMENTS,
    NONE,
    Names,
    name_kinds,
    name_words,
)


def test_name_kinds_reads_words_not_substrings():
    values = [
        "comments-area",
        "commentary-body",
        "jp-relatedposts",
        "social-share",
        "page-ad-margins",
        "header",
        "site-footer",
        "about-the-author",
        "author-name",
        "entry-content",
        "loaded shadow",
        "unsubscribed",
        "Newsletter_Signup",
        "replay-signup",
        "signature",
    ]
    assert name_kinds(values) == {
        "comments-area": COMMENTS,
        "jp-relatedposts": BOILERPLATE,
        "social-share": BOILERPLATE,
        "page-ad-margins": BOILERPLATE,
        "header": CHROME,
        "site-footer": CHROME,
        "about-the-author": BOILERPLATE,
        "Newsletter_Signup": BOILERPLATE,
        "replay-signup": BOILERPLATE,
    }


def test_name_kinds_reads_trending_boxes_and_previous_next_links():
    values = [
        "rail rail--trending",
        "trending-now",
        "grid-container next-prev",
        "post-prev",
        "prev",
        "preview-image",
        "previously",
        "next",
    ]
    assert name_kinds(values) == {
        "rail rail--trending": BOILERPLATE,
        "trending-now": BOILERPLATE,
        "grid-container next-prev": BOILERPLATE,
        "post-prev": BOILERPLATE,
        "prev": BOILERPLATE,
    }


def test_name_kinds_reads_foot_as_a_whole_word_for_a_footer():
    # Portals and BEM name their footers "foot" ("foot-info", "page__foot");
    # a footnote or a football section is no footer.
    values = ["foot-info", "page__foot", "FOOT", "footnote", "football-scores"]
    assert name_kinds(values) == {
        "foot-info": CHROME,
        "page__foot": CHROME,
        "FOOT": CHROME,
    }


def test_name_kinds_takes_the_strongest_word():
    assert name_kinds(["widget comment-list", "footer share"]) == {
        "widget comment-list": COMMENTS,
        "footer share": BOILERPLATE,
    }


def test_names_read_tags_class_and_id_once_per_element():
    root = etree.HTML(
        "<div class='comments'><figure><p class='story'>x</p></figure>"
        "<ul id='social-share'><li>y</li></ul><section>z</section></div>"
    )
    named = Names()
    box, figure, paragraph, links, section = (
        root.find(f".//{tag}") for tag in ("div", "figure", "p", "ul", "section")
    )
    assert [named.kind(e) for e in (box, figure, paragraph, links, section)] == [
        COMMENTS,
        BOILERPLATE,
        NONE,
        BOILERPLATE,
        NONE,
    ]
    assert box in named and section not in named
    assert named.inside(box) == [(figure, BOILERPLATE), (links, BOILERPLATE)]
    assert named.get(section, CHROME) == CHROME


def test_pardoned_stems_name_nothing_while_other_words_still_do():
    root = etree.HTML(
        "<div><div class='widget-box'>a</div><div class='widget sidebar'>b</div>"
        "<div class='widget-box comment-list'>c</div><figure>d</figure></div>"
    )
    box, aside, thread = root.findall(".//div/div")
    figure = root.find(".//figure")
    named = Names()
    assert named.stems(box) == ["widget"]
    assert named.stems(thread) == ["widget"]  # the comment word is no stem to pardon
    assert [named.kind(e) for e in (box, aside, thread)] == [
        CHROME,
        BOILERPLATE,
        COMMENTS,
    ]
    named.pardon(named.stems(box))
    assert [named.kind(e) for e in (box, aside, thread, figure)] == [
        NONE,
        BOILERPLATE,
        COMMENTS,
        BOILERPLATE,
    ]


def test_name_words_split_camel_case_and_separators() -> None:
    assert name_words("postProfile-box") == ("post", "profile", "box")
    assert name_words("aBCd_eF 9x") == ("a", "bcd", "e", "f", "9x")


@given(st.text(alphabet="aAzZbB-_ 9\u00e9\u00c9", max_size=16))
def test_name_words_split_where_a_lower_case_letter_meets_a_capital(
    value: str,
) -> None:
    spaced = re.sub(r"([a-z])([A-Z])", r"\1 \2", value).lower()
    assert name_words(value) == tuple(re.split(r"[^a-z0-9]+", spaced))


def test_css_modules_classes_are_read_by_their_camel_case_words():
    # CSS Modules write `Component_local__hash`: the words of the component
    # and of its part are camelCase, and the hash's case changes at random.
    values = [
        "ArticleRelatedContentList_root__IjCAr",
        "PostFooter_links__x9Q2a",
        "ArticleBody_root__2gF81",
        "mdx-table_root__adKqa",
        "ArticleFooterLinks",
    ]
    assert name_kinds(values) == {
        "ArticleRelatedContentList_root__IjCAr": BOILERPLATE,
        "PostFooter_links__x9Q2a": CHROME,
    }
