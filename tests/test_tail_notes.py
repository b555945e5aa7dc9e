"""The page's tail: notes and labels after the article's last sentence."""

from __future__ import annotations

import pytest

from pagechunk import Block, LinkSpan, clean_blocks, clean_markdown, extract
from pagechunk.clean.tail import reads_like_note

SITE = "https://news.example.com/markets/today"
ARTICLE = Block("word " * 50)  # a substantial paragraph
SENTENCE = Block("Traders expect little movement until Friday.")
CREDITS = Block("(Reporting by Ana Cruz; Editing by Sam Reyes)")
CALL = Block("Get the latest updates in your inbox. Sign up for our newsletter.")


def heading(text: str, level: int = 3) -> Block:
    return Block(text, heading=text, kind="heading", level=level)


def clean(blocks: list[Block]) -> list[Block]:
    return clean_blocks(blocks, site=SITE)


# Notes ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "note"),
    [
        ("(Reporting by Ana Cruz; Editing by Sam Reyes)", True),
        ("Additional reporting by Lee Park", True),
        ("Lee Park contributed reporting from Seoul.", True),
        ("Lee Park may be reached at lee@example.com. Follow her on Twitter.", True),
        ("Sign-up for the NEWSLETTERS here", True),
        ("Subscribe to our channel for more videos!", True),
        ("Share your thoughts with friends.", True),
        ("We may earn an affiliate commission when you buy through links.", True),
        ("Follow here for the schedule.", False),
        ("Unsubscribe to stop these mails.", False),
        ("The Securities and Exchange Commission declined to comment.", False),
        ("The reporting period ends in June.", False),
    ],
)
def test_note_phrases_are_whole_words_in_any_case(text: str, note: bool) -> None:
    assert reads_like_note(text) is note


def test_a_note_after_the_last_sentence_goes() -> None:
    assert clean([ARTICLE, SENTENCE, CREDITS]) == [ARTICLE, SENTENCE]


def test_a_note_inside_the_article_stays() -> None:
    blocks = [ARTICLE, CALL, SENTENCE]
    assert clean(blocks) == blocks


def test_a_note_closes_the_article_and_what_follows_it_goes() -> None:
    standards = Block(
        "Our Standards: The Trust Principles.",
        links=(LinkSpan("Our Standards: The Trust Principles.", "https://x.org/s"),),
    )
    assert clean([ARTICLE, SENTENCE, CREDITS, Block("© Wire"), standards]) == [
        ARTICLE,
        SENTENCE,
    ]


def test_short_blocks_before_the_first_note_stay() -> None:
    assert clean([ARTICLE, Block("Updated at noon"), CREDITS]) == [
        ARTICLE,
        Block("Updated at noon"),
    ]


def test_a_long_block_is_never_a_note() -> None:
    disclaimer = Block("Disclaimer: we may earn an affiliate commission. " + "x" * 200)
    blocks = [ARTICLE, disclaimer]
    assert clean(blocks) == blocks


def test_a_page_without_a_sentence_has_no_tail() -> None:
    blocks = [Block("Home"), CREDITS]
    assert clean(blocks) == blocks


def test_notes_are_found_in_markdown_too() -> None:
    text = f"{ARTICLE.text}\n\n{SENTENCE.text}\n\n{CREDITS.text}\n"
    markdown = clean_markdown(text, media_type="text/html", source_uri=SITE)
    assert markdown == f"{ARTICLE.text}\n\n{SENTENCE.text}\n"


# Labels -----------------------------------------------------------------------


def test_a_label_under_a_heading_after_the_last_sentence_goes() -> None:
    blocks = [
        ARTICLE,
        SENTENCE,
        heading("Tell us what YOU think..."),
        Block("comments"),
    ]
    assert clean(blocks) == [ARTICLE, SENTENCE]


def test_a_short_answer_followed_by_more_article_stays() -> None:
    blocks = [
        ARTICLE,
        heading("Q: Favourite athlete?"),
        Block("A: Lebron James"),
        heading("Q: Favourite place?"),
        Block("A: Cape Town, for the sea and the mountain."),
    ]
    assert clean(blocks) == blocks


def test_a_label_before_any_heading_of_the_tail_stays() -> None:
    blocks = [ARTICLE, SENTENCE, Block("Advert")]
    assert clean(blocks) == blocks


def test_list_items_and_linked_labels_are_not_labels() -> None:
    ingredient = Block("1 tsp nutmeg", kind="item")
    more = Block("More", links=(LinkSpan("More", "https://elsewhere.org/"),))
    blocks = [ARTICLE, SENTENCE, heading("Ingredients"), ingredient, more]
    assert clean(blocks) == blocks


# The page ---------------------------------------------------------------------


def test_tail_of_a_wire_story_is_dropped(page) -> None:
    blocks = extract(page("clean_tail_notes"), base_url=SITE).blocks
    assert [block.text for block in blocks] == [
        "Markets steady as trade talks resume",
        "Stocks were little changed on Tuesday as investors waited for news from"
        " the trade talks, which resumed in the morning after a week's pause.",
        "Oil fell two per cent on reports that producers would not cut output"
        " further, while gold and the dollar held steady.",
        "Traders said they expected little movement until the talks end on Friday.",
    ]


def test_cleaning_the_tail_twice_changes_nothing(page) -> None:
    blocks = extract(page("clean_tail_notes"), base_url=SITE, clean=False).blocks
    once = clean(blocks)
    assert clean(once) == once
