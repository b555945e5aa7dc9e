"""The boilerplate cleaner: each rule alone, in order, on hand-built blocks."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from pagechunk import CHROME_HEADINGS, Block, LinkSpan, clean_blocks, clean_markdown
from pagechunk.clean import clean_with
from pagechunk.clean.measure import readable_chars
from pagechunk.options import CleanOptions

SITE = "https://www.example.com/articles/today"
ARTICLE = Block("word " * 50)  # 200 readable characters: a substantial paragraph
CLOSING = Block("text " * 50)


def linked(*labels: str, url: str = "/section", extra: str = "") -> Block:
    """A block made of links to ``url`` (site-local by default) plus ``extra``."""
    spans = tuple(LinkSpan(label, url) for label in labels)
    return Block(" ".join(labels) + extra, links=spans)


def item(label: str, url: str = "/section") -> Block:
    return Block(label, kind="item", links=(LinkSpan(label, url),))


def heading(text: str, level: int = 2) -> Block:
    return Block(text, heading=text, kind="heading", level=level)


def clean(blocks: list[Block], **options: object) -> list[Block]:
    options.setdefault("site", SITE)
    return clean_blocks(blocks, **options)  # type: ignore[arg-type]


# Measures -----------------------------------------------------------------


# Rule 1: prose value -------------------------------------------------------


def test_prose_value_keeps_a_long_block_whatever_its_links() -> None:
    labels = [f"Section number {n} of the guide" for n in range(10)]
    menu_like = linked(*labels)
    assert readable_chars(menu_like.text) >= 200
    blocks = [menu_like, ARTICLE]
    assert clean(blocks) == blocks


def test_headings_code_and_blocks_without_links_stay() -> None:
    code = Block("see [docs](/docs)", kind="code", links=(LinkSpan("docs", "/docs"),))
    blocks = [
        Block("©"),
        heading("Docs", 3),
        code,
        ARTICLE,
        Block("Share"),
        heading("Next", 3),
        Block("Top"),
        CLOSING,  # the labels above stand inside the article, not in its tail
    ]
    assert clean(blocks) == blocks


# Rule 2: empty and repeated link blocks -------------------------------------


def test_link_block_with_nothing_to_read_goes_even_inside_the_article() -> None:
    badges = Block(" | ", links=(LinkSpan("", "https://ci.example.org/b"),) * 2)
    assert clean([ARTICLE, badges, CLOSING]) == [ARTICLE, CLOSING]


def test_repeated_link_blocks_go_wherever_they_stand() -> None:
    menu = linked("Home", "Recipes")
    twice = linked("Home", "Recipes")
    note = Block("Printed from the web")
    blocks = [menu, ARTICLE, twice, note, CLOSING, note]
    assert clean(blocks) == [ARTICLE, note, CLOSING, note]


# Rule 3: link share and site-local destinations -----------------------------


def test_low_link_share_stays_outside_the_article() -> None:
    sentence = linked("report", extra=" has the figures for every district")
    assert clean([ARTICLE, sentence]) == [ARTICLE, sentence]


def test_links_leaving_the_site_stay_outside_the_article() -> None:
    social = linked("Mastodon", "Bluesky", "Feed", url="https://social.example.net/")
    local = linked("About", "Jobs", "Press")
    assert clean([ARTICLE, social, local]) == [ARTICLE, social]


def test_links_to_social_networks_are_the_sites_own() -> None:
    # A row of the site's profiles after the article, and a lone link to its
    # group: its chrome, as links into the site are; the heading over them
    # goes once its section is empty. Inside the article span they stay.
    follow = heading("Follow us on social media")
    profiles = Block(
        "Facebook | Instagram | X",
        heading=follow.heading,
        links=(
            LinkSpan("Facebook", "https://www.facebook.com/example"),
            LinkSpan("Instagram", "https://www.instagram.com/example/"),
            LinkSpan("X", "https://x.com/example"),
        ),
    )
    group = Block(
        "Join the group",
        heading=follow.heading,
        links=(LinkSpan("Join the group", "https://www.facebook.com/groups/ex"),),
    )
    assert clean([ARTICLE, follow, profiles, group]) == [ARTICLE]
    assert clean([ARTICLE, profiles, CLOSING]) == [ARTICLE, profiles, CLOSING]


def test_most_destinations_must_be_local() -> None:
    spans = (
        LinkSpan("One", "/one"),
        LinkSpan("Two", "https://example.org/two"),
        LinkSpan("Three", "https://example.org/three"),
    )
    half_external = Block("One Two Three", links=spans)
    mostly_local = Block("One Two Three", links=(spans[0], spans[0], spans[1]))
    assert clean([ARTICLE, half_external]) == [ARTICLE, half_external]
    assert clean([ARTICLE, mostly_local]) == [ARTICLE]


def test_subdomains_are_the_same_site() -> None:
    docs = linked("Guide", "API", "FAQ", url="https://docs.example.com/x")
    assert clean([ARTICLE, docs]) == [ARTICLE]


def test_without_a_site_absolute_links_are_not_local() -> None:
    absolute = linked("Guide", "API", "FAQ", url="https://www.example.com/x")
    relative = linked("Guide", "API", "FAQ", url="../x")
    assert clean([ARTICLE, absolute], site=None) == [ARTICLE, absolute]
    assert clean([ARTICLE, relative], site=None) == [ARTICLE]


def test_site_may_be_a_bare_host() -> None:
    docs = linked("Guide", "API", "FAQ", url="https://www.example.com/x")
    assert clean([ARTICLE, docs], site="example.com") == [ARTICLE]


# Rule 4: placement -----------------------------------------------------------


def test_internal_link_list_inside_the_article_stays() -> None:
    index = [item("Installing"), item("Parsing"), item("Cleaning")]
    blocks = [ARTICLE, *index, CLOSING]
    assert clean(blocks) == blocks


def test_link_blocks_outside_the_article_span_go() -> None:
    before = [item("Home"), item("News")]
    after = [item("Privacy"), item("Terms")]
    assert clean([*before, ARTICLE, CLOSING, *after]) == [ARTICLE, CLOSING]


def test_page_without_substantial_paragraph_is_article_throughout() -> None:
    blocks = [Block("Start here."), linked("Install", "Parse", "Clean"), Block("End.")]
    assert clean(blocks) == blocks


def test_link_heavy_long_block_does_not_open_the_article_span() -> None:
    labels = [f"Section number {n} of the guide" for n in range(10)]
    long_menu = linked(*labels, extra=" and a few more words")
    menu = item("Home")
    assert clean([long_menu, menu, ARTICLE]) == [long_menu, ARTICLE]


# Rule 5: size ----------------------------------------------------------------


def test_size_decides_last() -> None:
    two_links = linked("Older articles", "Newer articles", extra=" from this week")
    three_links = linked("Older", "Newer", "Archive", extra=" posts")
    short = item("Contact")
    assert readable_chars(two_links.text) > 36
    assert clean([ARTICLE, two_links]) == [ARTICLE, two_links]
    assert clean([ARTICLE, three_links]) == [ARTICLE]
    assert clean([ARTICLE, short]) == [ARTICLE]


def test_menu_size_counts_the_entries_of_one_menu() -> None:
    # HTML gives each entry its own block: link-dense blocks of one kind under
    # one heading path are one menu, and the menu has the size.
    teasers = [
        item(f"A long headline about the harbour story number {n}") for n in range(3)
    ]
    other = Block(
        "Last year's archive of all the stories we ran in print", heading="Archive"
    )
    other = Block(other.text, other.heading, links=(LinkSpan(other.text, "/archive"),))
    blocks = [ARTICLE, *teasers, other]
    assert clean(blocks) == [ARTICLE, other]
    assert clean([ARTICLE, *teasers[:2], other]) == [ARTICLE, *teasers[:2], other]


def test_thresholds_are_keyword_parameters() -> None:
    two_links = linked("Older articles from March", "Newer articles from May")
    half_links = linked("Archive", extra=" of older posts")
    blocks = [ARTICLE, two_links, half_links]
    assert clean(blocks) == [ARTICLE, two_links, half_links]
    assert clean(blocks, min_menu_links=2) == [ARTICLE, half_links]
    assert clean(blocks, max_menu_chars=45) == [ARTICLE, half_links]
    assert clean(blocks, max_menu_chars=10) == blocks
    assert clean(blocks, link_density=0.3, min_menu_links=1) == [ARTICLE]
    assert clean(blocks, min_prose_chars=10) == blocks


def test_clean_with_takes_the_thresholds_as_one_object() -> None:
    two_links = linked("Older articles from March", "Newer articles from May")
    half_links = linked("Archive", extra=" of older posts")
    blocks = [ARTICLE, two_links, half_links]
    options = CleanOptions(min_menu_links=2)
    assert clean_with(blocks, options, site=SITE) == [ARTICLE, half_links]
    assert clean_with(blocks, options, site=SITE) == clean(blocks, min_menu_links=2)


def test_defaults_are_those_of_clean_options() -> None:
    defaults = CleanOptions()
    for function in (clean_blocks, clean_markdown):
        parameters = inspect.signature(function).parameters
        for field in dataclasses.fields(CleanOptions):
            assert parameters[field.name].default == getattr(defaults, field.name)


def test_chrome_headings_as_a_string_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="chrome_headings"):
        clean([ARTICLE], chrome_headings="footer")


# Chrome sections -------------------------------------------------------------


def test_chrome_section_opening_goes_until_content() -> None:
    intro = Block("Acme builds small rockets for schools.")
    blocks = [
        ARTICLE,
        heading("Footer"),
        Block("© 2024 Acme"),
        heading("Company", 3),
        item("About"),
        intro,
        item("Careers"),
        heading("Press kit"),
        item("Logos"),
        CLOSING,
    ]
    expected = [ARTICLE, intro, heading("Press kit"), item("Logos"), CLOSING]
    assert clean(blocks) == expected


def test_article_opening_right_under_a_menu_heading_is_kept() -> None:
    intro = Block("Der Hafen öffnet am Montag wieder.")
    assert readable_chars(intro.text) >= 24
    blocks = [
        heading("Navigation Menu"),
        item("News"),
        Block("Sign in"),
        intro,
        ARTICLE,
        linked("Photos", "Map", "Timeline"),
    ]
    assert clean(blocks) == [intro, ARTICLE]


def test_one_dense_sentence_ends_the_opening() -> None:
    intro = Block("このライブラリはウェブページを検索用の短い断片に分けます。")
    short = Block("ページを読み込みます。")
    blocks = [heading("Navigation"), item("ホーム"), short, intro, short]
    assert clean(blocks) == [intro, short]


def test_code_ends_the_opening() -> None:
    code = Block("pip install rocket", kind="code")
    blocks = [heading("Sidebar"), Block("Install"), code, Block("Done")]
    assert clean(blocks) == [code, Block("Done")]


def test_link_dense_prose_does_not_end_the_opening() -> None:
    menu = linked("Home", "About us", "Contact", "Careers", "Press room")
    assert readable_chars(menu.text) >= 24
    after = Block("More text")
    assert clean([heading("Main menu"), menu, after]) == []


def test_prose_value_wins_over_the_opening() -> None:
    labels = [f"Section number {n} of the guide" for n in range(10)]
    long_menu = linked(*labels)
    assert clean([heading("Site map"), long_menu, item("Home")]) == [long_menu]


def test_chrome_context_lasts_until_a_heading_of_the_same_rank() -> None:
    intro = Block("Everything you need to know before you go.")
    blocks = [
        heading("Footer", 2),
        intro,
        heading("Links", 3),
        linked("Trains", "Buses", "Ferries"),
        heading("Timetables", 1),
        linked("Trains", "Buses", "Boats"),
        Block("None of this is the article, but it is all there is."),
    ]
    # The first list sits in the footer's section, the second after it.
    assert clean(blocks) == [intro, *blocks[4:]]


def test_nested_chrome_heading_opens_a_new_discard() -> None:
    intro = Block("Acme builds small rockets for schools.")
    blocks = [heading("Footer", 2), intro, heading("Follow us", 3), Block("Mastodon")]
    assert clean(blocks) == [intro]


def test_chrome_headings_are_a_parameter() -> None:
    blocks = [heading("Elsewhere"), Block("Bye"), ARTICLE]
    assert clean(blocks) == blocks
    assert clean(blocks, chrome_headings={"Elsewhere"}) == [ARTICLE]


def test_chrome_heading_names_ignore_case_and_punctuation() -> None:
    assert "navigation menu" in CHROME_HEADINGS
    blocks = [heading("  Navigation   MENU: "), Block("Home"), ARTICLE]
    assert clean(blocks) == [ARTICLE]


# Pruning emptied headings ----------------------------------------------------


def test_headings_over_an_emptied_section_are_pruned() -> None:
    blocks = [
        heading("Story", 1),
        ARTICLE,
        heading("See also", 2),
        heading("Elsewhere", 3),
        item("Older"),
        item("Newer"),
        heading("Notes", 2),
    ]
    assert clean(blocks) == [heading("Story", 1), ARTICLE, heading("Notes", 2)]


def test_heading_with_a_kept_subsection_stays() -> None:
    blocks = [
        ARTICLE,
        heading("More", 2),
        item("Older"),
        heading("Credits", 3),
        Block("Photos by the author of this story"),  # a sentence: not a label
    ]
    assert clean(blocks) == [ARTICLE, heading("More", 2), *blocks[3:]]


# Guarantees ------------------------------------------------------------------


def test_returns_the_same_objects_in_order() -> None:
    blocks = [item("Home"), ARTICLE, Block("Note"), CLOSING]
    kept = clean(blocks)
    assert [id(block) for block in kept] == [
        id(blocks[1]),
        id(blocks[2]),
        id(blocks[3]),
    ]


def test_empty_input() -> None:
    assert clean([]) == []
    assert clean(iter([ARTICLE])) == [ARTICLE]


def test_switch_turns_cleaning_off(monkeypatch: pytest.MonkeyPatch) -> None:
    blocks = [item("Home"), ARTICLE]
    monkeypatch.setenv("PAGECHUNK_BOILERPLATE", "off")
    assert clean(blocks) == blocks
    monkeypatch.setenv("PAGECHUNK_BOILERPLATE", "OFF")
    assert clean(blocks) == blocks
    monkeypatch.setenv("PAGECHUNK_BOILERPLATE", "on")
    assert clean(blocks) == [ARTICLE]
