"""The pipeline's focus step: one group per rule of ``pagechunk.html.focus``.

Each page in ``tests/pages/focus_*.html`` shows one rule keeping the article
and dropping what surrounds it; the expected blocks are stated in full. The
text API (:func:`parse_html`) never narrows a page, which the last group
checks.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree

import pagechunk.pipeline
from pagechunk import Block, extract, parse_html
from pagechunk.html.focus import (
    ITEM_PROSE,
    densest,
    focus_article,
    survey,
)

PAGES = Path(__file__).parent / "pages"
FOCUS_PAGES = sorted(path.stem for path in PAGES.glob("focus_*.html"))


def focused(html: str) -> list[Block]:
    """The blocks of the focus step's subtree, read as the text API reads."""
    return extract(html, clean=False, focus=True, tables="text").blocks


def texts(blocks: list[Block]) -> list[str]:
    return [block.text for block in blocks]


# Prose: text an element holds itself


def test_prose_leaves_out_link_labels_and_counts_text_after_breaks():
    root = etree.HTML(
        "<div><p>Read <a href='/x'>a very long link label of many words</a>"
        " and then this closing text.</p>"
        "<div>First line of a poem<br>second line that follows it</div></div>"
    )
    found = survey(root)
    paragraph, lines = root.find(".//p"), root.find(".//div/div")
    assert found.prose == {
        paragraph: len("Read") + len("and then this closing text."),
        lines: len("First line of a poem") + len("second line that follows it"),
    }


def test_list_items_count_as_prose_from_item_prose_characters():
    long_item = "A feature told in full, " * 7  # over ITEM_PROSE characters
    short_item = "A short point of a list, not a paragraph at all."
    root = etree.HTML(
        f"<ul><li>{long_item}</li><li>{short_item}</li>"
        f"<li><a href='/x'>{long_item}</a></li></ul>"
    )
    assert len(long_item.strip()) >= ITEM_PROSE > len(short_item)
    first = root.find(".//li")
    assert survey(root).prose == {first: len(long_item.strip())}


def test_paragraph_split_by_breaks_counts_each_line_once():
    root = etree.HTML("<p>First line of a short poem<br>and its second line</p>")
    paragraph = root.find(".//p")
    lines = len("First line of a short poem") + len("and its second line")
    expected = {paragraph: lines}
    assert survey(root).prose == expected
    # Surveyed from a <br>, the paragraph holding it still counts its lines.
    assert survey(paragraph.find("br")).prose == expected


def test_prose_is_listed_in_document_order():
    # densest gives a tie to the element credited first, so this order must
    # not be a set's, which changes from run to run with memory addresses.
    poems = "".join(
        f"<div>A line of poem {n}<br>and its second line, poem {n}</div>"
        for n in range(12)
    )
    root = etree.HTML(
        f"<body><p>{'An opening paragraph of prose. ' * 2}</p>{poems}</body>"
    )
    body = root[0]
    # Element objects made last to first, so memory order is not page order.
    poem_divs = [body[index] for index in range(len(body) - 1, 0, -1)]
    assert list(survey(root).prose) == [body[0], *reversed(poem_divs)]


def test_text_between_a_boxs_blocks_counts_when_it_runs_twice_or_more():
    # A news site writes its article as text between embedded videos and
    # pictures, with no <p>: each run is the text after a block child. One
    # run alone after the last block (hidden structured data) does not count.
    runs = [
        "The first paragraph of the story, told at length.",
        "The second paragraph, after an embedded video player.",
    ]
    root = etree.HTML(
        f"<div id='story'><div class='video'></div>{runs[0]}"
        f"<div class='picture'></div>{runs[1]}</div>"
        "<div id='data'><div class='meta'></div>"
        "http://example.com/picture.jpg 1200 676 editor 2018-10-12</div>"
    )
    story = root.find(".//div[@id='story']")
    assert survey(root).prose == {story: len(runs[0]) + len(runs[1])}


def test_an_article_of_text_between_embeds_beats_a_long_author_bio():
    bio = "Our lifestyle desk is a team of journalists who write about health. " * 3
    paragraph = (
        "Paragraph {} of the article: meditation changes the brain, and scans"
        " taken over the years show it in detail, study after study."
    )
    runs = "".join(
        f"<div class='embed'><iframe src='/v/{n}'></iframe></div> {paragraph.format(n)}"
        for n in range(1, 5)
    )
    page = (
        "<html><body><h1>Meditation heals the brain</h1>"
        f"<div class='story'>{runs}</div>"
        f"<div class='author-bio'><p>{bio.strip()}</p></div></body></html>"
    )
    assert texts(focused(page)) == [
        "Meditation heals the brain",
        *(paragraph.format(n) for n in range(1, 5)),
    ]


def test_blocks_under_min_prose_are_not_prose():
    root = etree.HTML("<div><p>Too short to count.</p></div>")
    assert survey(root).prose == {}
    assert survey(root, min_prose=10).prose == {root.find(".//p"): 19}


def test_text_in_line_breaks_is_the_article(page):
    assert focused(page("focus_line_breaks")) == [
        Block(
            "The lamp was lit at dusk as always, and the wind stayed in the west"
            " all night.\nBy morning the fog had lifted and the fishing boats went"
            " out before six.\nA seal lay on the rocks below the tower until the"
            " tide came in at noon."
        )
    ]


def test_paragraphs_written_as_divs_are_the_article(page):
    assert texts(focused(page("focus_div_paragraphs"))) == [
        "Most houseplants rest in winter, so they need far less water than in summer.",
        "Let the top of the soil dry out between waterings, and empty any saucer"
        " after an hour.",
        "Move plants away from radiators, whose dry heat browns the tips of their"
        " leaves.",
        "Keep feeding to a minimum until new growth shows again in spring.",
    ]


# Prose mass: the densest element, weighed by its names


def test_comments_as_only_articles_do_not_hide_the_post(page):
    # The post's <h1> stands outside the densest container (its body) and
    # before it, so it is kept and heads the post's paragraphs.
    heading = "Planting garlic in autumn"
    html = page("focus_comment_articles")
    assert focused(html) == [
        Block(heading, heading, "heading", 1),
        *(
            Block(text, heading)
            for text in (
                "Garlic wants a long cold spell before it bulbs, so the cloves go in"
                " between October and December, pointed end up.",
                "Set each clove five centimetres deep and fifteen apart, in rows"
                " thirty centimetres apart, in soil that drains well.",
                "Water once after planting and then leave the bed alone until the"
                " first green shoots push through in late winter.",
            )
        ),
    ]


def test_teaser_articles_do_not_add_up_to_an_article(page):
    assert focused(page("focus_teaser_articles")) == [
        Block(
            "Council approves new cycle lanes",
            "Council approves new cycle lanes",
            "heading",
            1,
        ),
        *(
            Block(text, "Council approves new cycle lanes")
            for text in (
                "The council voted on Tuesday to build four kilometres of protected"
                " cycle lanes along the river road.",
                "Work starts in March and should take eight months, with one lane of"
                " traffic closed while it lasts.",
                "Shop owners on the route asked for loading bays, and the plan now"
                " includes six of them.",
            )
        ),
    ]


def test_chrome_names_weigh_a_long_footer_down(page):
    assert texts(focused(page("focus_chrome_names"))) == [
        "From Monday the first ferry leaves at seven instead of six, because of"
        " work at the harbour.",
        "The last crossing of the day is unchanged and still leaves the island at"
        " ten at night.",
    ]


def test_content_words_weigh_a_candidate_up():
    prose = "x" * 40
    root = etree.HTML(
        f"<div><div class='box'><p>{prose}</p></div></div>"
        f"<div><div class='entry-content'><p>{prose}</p></div></div>"
    )
    top = densest(survey(root), set())
    assert top is not None and top.get("class") == "entry-content"


# Climb: growing the container while it adds prose


def test_article_split_by_an_interruption_is_read_whole(page):
    heading = "A short history of the bicycle"
    assert focused(page("focus_split_article")) == [
        Block(heading, heading, "heading", 1),
        *(
            Block(text, heading)
            for text in (
                "The first bicycles of the 1810s had no pedals at all: riders"
                " pushed themselves along with their feet.",
                "Pedals fixed to the front wheel came in the 1860s, and the wheel"
                " grew huge to make each turn go further.",
                "Continue below",
                "The safety bicycle of the 1880s brought a chain drive and two"
                " wheels of the same size, much like today.",
                "Air-filled tyres followed a few years later and made the ride"
                " smooth enough for long journeys.",
            )
        ),
    ]


def test_container_never_grows_past_a_content_element():
    inside = "Inside the main element there is one paragraph of real text."
    outside = "Outside it, an unnamed box holds a second paragraph of text."
    html = f"<body><main><div><p>{inside}</p></div></main><div><p>{outside}</p></div>"
    assert texts(focused(html)) == [inside]


# Removal: named boilerplate and pictures inside the container


def test_page_without_content_element_keeps_only_the_article(page):
    # The <h1> above the entry content heads it; the share buttons between
    # them, the newsletter box, author bio, related posts and sidebar go.
    heading = "How tides work"
    assert focused(page("focus_no_content_element")) == [
        Block(heading, heading, "heading", 1),
        *(
            Block(text, heading)
            for text in (
                "Tides are the slow rise and fall of the sea, driven mostly by the"
                " pull of the Moon on the water facing it.",
                "The Sun pulls too, and when Sun and Moon line up at new and full"
                " moon the two pulls add up to the large spring tides.",
                "A week later they pull at right angles, and the small neap tides"
                " follow, with the least difference between high and low water.",
                "Coastlines shape the rest: a funnel-shaped bay can raise the range"
                " to more than fifteen metres.",
            )
        ),
    ]


def test_captions_credits_and_galleries_are_removed(page):
    heading = "Storks return to the village"
    assert focused(page("focus_captions")) == [
        Block(heading, heading, "heading", 1),
        *(
            Block(text, heading)
            for text in (
                "For the first time in forty years, a pair of white storks has"
                " nested on the church tower.",
                "The birds arrived from Spain in early April and began carrying"
                " sticks to the tower the same day.",
                "Villagers hope the pair will raise chicks, which would leave the"
                " nest in August.",
            )
        ),
    ]


def test_figures_of_tables_and_code_stay_while_pictures_go(page):
    # A <figure> around a table (WordPress's wp-block-table) or a code
    # listing (Jekyll's highlight) is text; the picture and every caption go.
    heading = "Tide tables for the estuary"

    def line(text: str, kind: str = "paragraph") -> Block:
        return Block(text, heading, kind)

    assert focused(page("focus_figure_table")) == [
        Block(heading, heading, "heading", 1),
        line(
            "The ferry runs only on a rising tide, so check the times below"
            " before you set out for the crossing."
        ),
        line("Day | High water", "row"),
        line("Monday | 06:12", "row"),
        line("Tuesday | 06:58", "row"),
        line(
            "The harbour office reads the tide gauge each morning and posts any"
            " change on the board by the steps."
        ),
        line("curl https://tides.example/api/estuary", "code"),
        line(
            "Walkers who miss the last crossing can follow the river path to the"
            " bridge, an hour and a half inland."
        ),
    ]


def test_trending_box_inside_the_story_is_removed(page):
    heading = "Hunter catches plague from a wild rabbit"
    assert focused(page("focus_trending_box")) == [
        Block(heading, heading, "heading", 1),
        *(
            Block(text, heading)
            for text in (
                "A hunter who ate a wild rabbit he had caught has been taken to"
                " hospital with bubonic plague.",
                "Health officials said the man had eaten the meat five days before"
                " he fell ill with a fever.",
                "Twenty-eight people who had been in close contact with him were"
                " put under observation.",
                "Plague is treated with antibiotics and rarely spreads between"
                " people when caught early.",
            )
        ),
    ]


def test_previous_and_next_story_links_are_removed(page):
    assert texts(focused(page("focus_previous_and_next"))) == [
        "Lexus shows its open-top coupe",
        "The convertible keeps the coupe's long bonnet and low nose, and loses"
        " only its fixed roof.",
        "Its fabric top folds away in fifteen seconds, at speeds of up to fifty"
        " kilometres an hour.",
        "The car goes on sale next summer, with the same engine as the coupe it"
        " is based on.",
    ]


def test_named_wrapper_holding_the_article_is_kept(page):
    assert texts(focused(page("focus_named_wrapper"))) == [
        "A dry stone wall holds together by weight and friction alone, without"
        " any mortar between the stones.",
        "When a section falls, take it down to firm footing, sorting the stones"
        " by size as they come off.",
        "Rebuild in courses, each stone crossing the joint below it, with the wall"
        " narrowing as it rises.",
        "Fill the middle with small stones packed tight, since loose hearting is"
        " what lets a wall slump.",
        "Finish with a row of coping stones set on edge to shed the rain and hold"
        " the top together.",
    ]


def test_commentary_is_an_article_and_its_comments_are_not(page):
    heading = "Why the budget falls short"
    assert focused(page("focus_commentary")) == [
        Block(heading, heading, "heading", 1),
        Block(
            "The new budget promises more money for schools, but most of it only"
            " replaces what inflation took away.",
            heading,
        ),
        Block(
            "Once rising energy bills are counted, many schools will have less to"
            " spend next year than this one.",
            heading,
        ),
    ]


# No prose, and the text API


def test_page_without_prose_is_read_as_without_focus():
    html = "<ul><li><a href='/'>Home</a></li><li><a href='/a'>About</a></li></ul>"
    assert focus_article(etree.HTML(html), set()) is None
    assert extract(html, clean=False, focus=True, tables="text") == parse_html(html)


@pytest.mark.parametrize("name", FOCUS_PAGES)
def test_parse_html_never_focuses(name, page, monkeypatch):
    html = page(name)
    expected = extract(html, clean=False, focus=False, tables="text")

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("parse_html must not run the focus step")

    monkeypatch.setattr(pagechunk.pipeline, "focus_page", refuse)
    assert parse_html(html) == expected


def test_parse_html_keeps_what_the_text_api_keeps(page):
    assert texts(parse_html(page("focus_comment_articles")).blocks) == [
        "Mine rotted last year in heavy clay, so this time I am trying a raised"
        " bed instead.",
        "Does it matter whether the cloves come from the supermarket or from a"
        " seed company?",
        "I always plant on the shortest day and lift on the longest, an old rule"
        " that has never failed me.",
    ]
