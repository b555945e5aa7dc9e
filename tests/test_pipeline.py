"""The one-call pipeline: parse, clean and chunk, and the site it cleans for."""

from __future__ import annotations

from pathlib import Path

import pytest

from pagechunk import Chunk, LinkSpan, ParsedPage, chunk_html, extract, parse_html

PAGES = Path(__file__).parent / "pages"


def page_text(name: str) -> str:
    return (PAGES / name).read_text("utf-8")


def kept(name: str, **options: object) -> list[str]:
    return [block.text for block in extract(page_text(name), **options).blocks]  # type: ignore[arg-type]


README_INTRO = (
    "Rocket launches small payloads from a laptop. It reads a flight plan, checks "
    "the forecast along the whole track, counts down and fires the motor, and it "
    "logs every step so that a failed launch can be replayed on the ground, step "
    "by step, from the same flight plan and the same weather."
)
README_PLAN = (
    "The plan has three milestones, each a release. Version 0.2 adds telemetry "
    "over radio, version 0.3 a second stage, and version 1.0 a recovery parachute "
    "that opens on its own once the rocket starts to fall back."
)


def test_code_host_project_page_is_narrowed_to_the_readme() -> None:
    # The repository's <h1>, above and outside the README, heads it.
    assert kept("clean_code_host_project.html") == [
        "acme / rocket",
        "Rocket",
        README_INTRO,
        "Project plan",
        README_PLAN,
        "pip install rocket\nrocket launch plan.toml",
    ]


def test_code_host_project_page_keeps_the_readme_by_block_rules_alone() -> None:
    assert kept("clean_code_host_project.html", focus=False) == [
        "acme / rocket",
        "Rocket",
        README_INTRO,
        "Project plan",
        README_PLAN,
        "pip install rocket\nrocket launch plan.toml",
        "About",
        "Launch small payloads from a laptop.",
    ]


def test_paper_keeps_its_reference_list() -> None:
    assert kept("clean_paper_references.html")[3:] == [
        "References",
        "Broder, A. On the resemblance and containment of documents. 1997.",
        "Kohlschütter, C. et al. Boilerplate detection using shallow text "
        "features. 2010.",
        "Barbaresi, A. Trafilatura. 2021.",
    ]
    assert "Journals" not in kept("clean_paper_references.html")


def test_documentation_index_kept_whole_and_repeated_menu_dropped() -> None:
    assert kept("clean_docs_index.html") == [
        "User guide",
        "Start here.",
        "Installing pagechunk",
        "Parsing a page",
        "Cleaning boilerplate",
        "Chunking for retrieval",
    ]


def test_article_opening_under_a_menu_heading() -> None:
    assert kept("clean_article_under_menu_heading.html") == [
        "The harbour bridge reopened on Monday after three years of repairs.",
        "Engineers replaced the deck, the cables and the lights, and traffic is "
        "expected to return to its old level within a month, the city said.",
    ]


def test_menu_repeated_at_top_and_bottom() -> None:
    texts = kept("clean_repeated_menu.html")
    assert texts[0] == "Slow-cooked beans"
    assert len(texts) == 2


def test_without_cleaning_the_page_is_parse_html() -> None:
    html = page_text("clean_code_host_project.html")
    assert extract(html, clean=False).blocks == parse_html(html).blocks


CONTRACT_PAGE = (
    '<html lang="en-GB"><head><title>Plans</title>'
    '<meta name="robots" content="noindex">'
    '<link rel="canonical" href="https://plans.example/list"></head><body>'
    '<h1>Plans</h1><p>See <a href="/basic">basic</a> and <a href="pro">pro</a>.</p>'
    "<h2>Prices</h2><table><tr><th>Plan</th><th>Price</th></tr>"
    "<tr><td>x<br>y</td><td>z</td></tr>"
    '<tr><td><a href="/team">Team</a></td><td>20</td></tr></table>'
    "</body></html>"
)


def every_field(page: ParsedPage) -> list[object]:
    """All a page holds, the fields equality leaves out included."""
    blocks = [(block, block.links, block.header) for block in page.blocks]
    return [
        page.title,
        page.links,
        page.noindex,
        page.nofollow,
        page.url,
        page.lang,
        blocks,
    ]


def test_without_cleaning_extract_is_parse_html_with_grid_tables() -> None:
    extracted = extract(CONTRACT_PAGE, clean=False)
    assert every_field(extracted) == every_field(
        parse_html(CONTRACT_PAGE, tables="grid")
    )
    assert [block.text for block in extracted.blocks if block.kind == "row"] == [
        "Plan | Price",
        "x y | z",
        "Team | 20",
    ]
    rows = [block for block in extracted.blocks if block.kind == "row"]
    assert [row.header for row in rows] == [True, False, False]
    assert extracted.blocks[-1].links == (LinkSpan("Team", "/team"),)


def test_without_cleaning_and_with_text_tables_extract_is_parse_html() -> None:
    extracted = extract(CONTRACT_PAGE, clean=False, tables="text")
    assert every_field(extracted) == every_field(parse_html(CONTRACT_PAGE))
    rows = [block.text for block in extracted.blocks if block.kind == "row"]
    assert rows == ["Plan | Price", "x\ny | z", "Team | 20"]
    assert every_field(extracted)[:6] == [
        "Plans",
        ["/basic", "pro", "/team"],
        True,
        False,
        "https://plans.example/list",
        "en-GB",
    ]


def test_title_and_links_are_the_whole_page() -> None:
    html = page_text("clean_repeated_menu.html")
    page = extract(html, base_url="https://beans.example/recipes/1")
    assert page.title == "Slow-cooked beans"
    assert page.links == [
        "https://beans.example/",
        "https://beans.example/recipes",
        "https://beans.example/about",
    ]


def test_switch_turns_the_pipeline_cleaning_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    html = page_text("clean_repeated_menu.html")
    monkeypatch.setenv("PAGECHUNK_BOILERPLATE", "off")
    assert extract(html).blocks == parse_html(html).blocks


def test_parse_options_pass_through() -> None:
    html = page_text("clean_code_host_project.html")
    texts = [b.text for b in extract(html, drop_tags={"pre"}).blocks]
    assert "pip install rocket\nrocket launch plan.toml" not in texts
    assert README_INTRO in texts


# The site --------------------------------------------------------------------

ARTICLE = "<p>" + "The bridge reopened after three years of repairs. " * 5 + "</p>"
MENU = (
    '<ul><li><a href="https://www.harbour.example/news">News</a></li>'
    '<li><a href="https://www.harbour.example/sport">Sport</a></li>'
    '<li><a href="https://www.harbour.example/weather">Weather</a></li></ul>'
)


def menu_survives(head: str, **options: object) -> bool:
    html = f"<html><head>{head}</head><body>{ARTICLE}{MENU}</body></html>"
    texts = [block.text for block in extract(html, **options).blocks]  # type: ignore[arg-type]
    return "News" in texts


def test_without_any_site_only_relative_links_are_local() -> None:
    assert menu_survives("")


@pytest.mark.parametrize(
    "head",
    [
        '<link rel="canonical" href="https://harbour.example/bridge">',
        '<link rel="Alternate Canonical" href="https://m.harbour.example/bridge">',
        '<meta property="og:url" content="https://www.harbour.example/bridge">',
        '<base href="https://www.harbour.example/">',
    ],
)
def test_site_comes_from_the_page_when_no_base_url(head: str) -> None:
    assert not menu_survives(head)


def test_base_url_names_the_site() -> None:
    assert not menu_survives("", base_url="https://harbour.example/bridge")
    assert menu_survives("", base_url="https://elsewhere.example/copy")


# Chunks ----------------------------------------------------------------------


def test_chunk_html_chunks_the_cleaned_page() -> None:
    html = page_text("clean_code_host_project.html")
    chunks = chunk_html(html, prefix=False)
    # The plan's section is short: it joins the intro's, its heading in
    # the body.
    assert chunks == [
        Chunk(
            README_INTRO
            + "\n\nProject plan\n\n"
            + README_PLAN
            + "\n\npip install rocket\nrocket launch plan.toml",
            "acme / rocket › Rocket",
            0,
        ),
    ]


def test_chunk_html_prefix_and_sizes() -> None:
    html = page_text("clean_code_host_project.html")
    first = chunk_html(html)[0]
    # The title "acme/rocket: …" holds the <h1> "acme / rocket": named once.
    assert first.text.startswith(
        "acme/rocket: Launch small payloads from a laptop › Rocket\n\n"
    )
    small = chunk_html(html, target_chars=None, max_chars=120, prefix=False)
    assert all(len(chunk.text) <= 120 for chunk in small)
    assert len(small) > 3


def test_chunk_html_without_cleaning_keeps_the_chrome() -> None:
    html = page_text("clean_repeated_menu.html")
    # Uncleaned, the menus' short sections join the recipe's.
    texts = [chunk.text for chunk in chunk_html(html, clean=False, prefix=False)]
    menu = "Home · Recipes · About"
    assert texts[0].startswith(f"{menu}\n\nSlow-cooked beans\n\n")
    assert texts[0].endswith(f"\n\n{menu}")
    cleaned = [chunk.text for chunk in chunk_html(html, prefix=False)]
    assert cleaned == [
        texts[0]
        .removeprefix(f"{menu}\n\nSlow-cooked beans\n\n")
        .removesuffix(f"\n\n{menu}")
    ]
