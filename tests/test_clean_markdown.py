"""The cleaner on Markdown from a converter: blocks, links, pass-through, fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest

from pagechunk import clean_markdown
from pagechunk.clean import CLEANED_MEDIA_TYPES, clean_markdown_with
from pagechunk.options import CleanOptions
from pagechunk.vocabulary import HTML_MEDIA_TYPES

PAGES = Path(__file__).parent / "pages"


def cleaned(markdown: str, source_uri: str = "https://example.com/a") -> str:
    return clean_markdown(markdown, media_type="text/html", source_uri=source_uri)


# Which Markdown is cleaned ------------------------------------------------------

MENU_PAGE = (
    "- [Home](/)\n- [About](/about)\n- [Blog](/blog)\n\n"
    "# Beans\n\n" + "Soak the beans overnight and cook them slowly. " * 6
)
MENU_CLEANED = "# Beans\n\n" + "Soak the beans overnight and cook them slowly. " * 6


@pytest.mark.parametrize(
    "media_type",
    ["text/html", "TEXT/HTML; charset=utf-8", "application/xhtml+xml", " text/html ;q"],
)
def test_html_originals_are_cleaned(media_type: str) -> None:
    result = clean_markdown(
        MENU_PAGE, media_type=media_type, source_uri="https://example.com/beans"
    )
    assert result == MENU_CLEANED


@pytest.mark.parametrize(
    ("media_type", "source_uri"),
    [
        ("application/pdf", "https://example.com/beans.pdf"),
        ("text/plain", "https://example.com/beans"),
        ("text/markdown", "https://example.com/beans"),
        (None, "https://example.com/beans"),
        ("text/html", None),
        ("text/html", "file:///home/me/beans.html"),
        ("text/html", "upload://beans.html"),
        ("text/html", "https://"),
        ("text/html", "beans.html"),
        ("text/html", "http://[::1"),
    ],
)
def test_other_originals_pass_through(
    media_type: str | None, source_uri: str | None
) -> None:
    result = clean_markdown(MENU_PAGE, media_type=media_type, source_uri=source_uri)
    assert result is MENU_PAGE


def test_cleaned_media_types_are_the_html_media_types() -> None:
    assert CLEANED_MEDIA_TYPES is HTML_MEDIA_TYPES


def test_clean_markdown_with_takes_the_thresholds_as_one_object() -> None:
    text = (
        "[All the older posts from March](/older) "
        "[All the newer posts from May](/new)\n\n" + "Long text here. " * 20
    )
    result = clean_markdown_with(
        text,
        CleanOptions(min_menu_links=2),
        media_type="text/html",
        source_uri="https://example.com/",
    )
    assert result == "Long text here. " * 20


def test_switch_turns_markdown_cleaning_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAGECHUNK_BOILERPLATE", "off")
    assert cleaned(MENU_PAGE) is MENU_PAGE


def test_nothing_to_drop_returns_the_text_itself() -> None:
    text = "# Title\n\n\n\nPlain text.   \n"
    assert cleaned(text) is text


def test_kept_blocks_come_back_verbatim() -> None:
    menu = "[Home](/)  ·  [Blog](/blog)"
    text = f"{menu}\n\n*Soft*   beans,\n  __slowly__.\n\n\n{menu}\n"
    assert cleaned(text) == "*Soft*   beans,\n  __slowly__.\n"


def test_windows_line_endings_are_kept() -> None:
    menu = "[Home](/) [Blog](/blog)"
    text = f"{menu}\r\n\r\nOne\r\ntwo\r\n\r\nThree\r\n\r\n{menu}\r\n"
    assert cleaned(text) == "One\r\ntwo\r\n\r\nThree\r\n"


def test_all_dropped_gives_empty_text() -> None:
    assert cleaned("[Home](/) [Blog](/blog)\n\n[Home](/) [Blog](/blog)\n") == ""


def test_thresholds_pass_through_to_the_rules() -> None:
    text = (
        "[All the older posts from March](/older) "
        "[All the newer posts from May](/new)\n\n" + "Long text here. " * 20
    )
    assert cleaned(text) == text
    assert (
        clean_markdown(
            text,
            media_type="text/html",
            source_uri="https://example.com/",
            min_menu_links=2,
        )
        == "Long text here. " * 20
    )


# Markdown is read as chunk_markdown reads it (see test_markdown_read.py).


def test_heading_without_blank_lines_is_a_block_of_its_own() -> None:
    article = "Soak the beans overnight and cook them slowly. " * 6
    text = f"[Home](/)\n# Beans\n{article}\n\n[Home](/)\n"
    # Read as one blank-line separated block, the menu stayed with the article.
    assert cleaned(text) == f"# Beans\n\n{article}\n"


def test_inline_code_line_is_a_paragraph() -> None:
    menu = "[Home](/) [Blog](/blog)"
    text = f"```inline``` code\n\n# Title\n\n{menu}\n\nBody\n\n{menu}\n"
    assert cleaned(text) == "```inline``` code\n\n# Title\n\nBody\n"


def test_unclosed_fence_keeps_no_trailing_blank_lines() -> None:
    menu = "[Home](/) [Blog](/blog)"
    text = f"{menu}\n\nIntro\n\n{menu}\n\n```\ncode\n\n\n"
    assert cleaned(text) == "Intro\n\n```\ncode\n"


# The seed's cases ---------------------------------------------------------------


def fixture(name: str, source_uri: str) -> str:
    return cleaned((PAGES / name).read_text("utf-8"), source_uri)


def test_code_host_project_page_keeps_only_the_readme() -> None:
    result = fixture("clean_code_host_project.md", "https://github.com/acme/rocket")
    assert result.split("\n\n") == [
        "# acme/rocket",
        "## Rocket",
        "Rocket launches small payloads from a laptop. It reads a flight plan, "
        "checks the forecast along the whole track, counts down and fires the "
        "motor, and it logs every step so that a failed launch can be replayed "
        "on the ground, step by step, from the same flight plan and the same "
        "weather.",
        "### Project plan",
        "The plan has three milestones, each a release. Version 0.2 adds "
        "[telemetry over radio](docs/telemetry.md), version 0.3 a second stage, "
        "and version 1.0 a recovery parachute that opens on its own once the "
        "rocket starts to fall back.",
        "```bash\npip install rocket\nrocket launch plan.toml\n```",
        "## About",
        "Launch small payloads from a laptop.\n",
    ]


def test_paper_keeps_its_link_dense_reference_list() -> None:
    result = fixture("clean_paper_references.md", "https://papers.example.org/p/17")
    blocks = result.split("\n\n")
    assert blocks[0] == "# Shingled overlap as a measure of extraction quality"
    assert blocks[-2] == "## References"
    assert blocks[-1].startswith("- [Broder, A. On the resemblance")
    assert blocks[-1].endswith("(https://doi.org/10.18653/v1/2021.acl-demo.15)\n")
    assert "[Journals]" not in result
    assert "[Privacy]" not in result
    assert len(blocks) == 7


def test_documentation_index_is_kept_whole() -> None:
    result = fixture("clean_docs_index.md", "https://pagechunk.example/docs/")
    assert result == (
        "# User guide\n\nStart here.\n\n"
        "- [Installing pagechunk](/docs/install.html)\n"
        "- [Parsing a page](/docs/parse.html)\n"
        "- [Cleaning boilerplate](/docs/clean.html)\n"
        "- [Chunking for retrieval](/docs/chunk.html)\n"
        "- [The command line tool](/docs/cli.html)\n"
    )


def test_article_opening_under_a_menu_heading_is_kept() -> None:
    result = fixture("clean_article_under_menu_heading.md", "https://news.example/")
    assert result == (
        "The harbour bridge reopened on Monday after three years of repairs.\n\n"
        "Engineers replaced the deck, the cables and the lights, and traffic is "
        "expected to return to its old level within a month, the city said.\n"
    )


def test_japanese_one_sentence_intro_under_a_menu_is_kept() -> None:
    result = fixture("clean_japanese_intro.md", "https://example.jp/")
    assert result == (
        "このライブラリはウェブページを検索用の短い断片に分けます。\n\n"
        "## 使い方\n\n"
        "ページを読み込み、本文を取り出し、見出しごとにまとめます。\n"
    )


def test_badge_rows_are_dropped() -> None:
    result = fixture("clean_badges.md", "https://github.com/acme/rocket")
    assert result == (
        "# Rocket\n\n"
        "Rocket launches small payloads from a laptop, see the "
        "[guide](https://acme.example/guide).\n"
    )


def test_menu_repeated_at_top_and_bottom_is_dropped() -> None:
    result = fixture("clean_repeated_menu.md", "https://beans.example/recipes/1")
    assert result.startswith("# Slow-cooked beans\n\nSoak the beans overnight")
    assert "[Home]" not in result
    assert result.count("\n\n") == 1


@pytest.mark.parametrize("path", sorted(PAGES.glob("clean_*.md")), ids=lambda p: p.name)
def test_fixtures_clean_idempotently(path: Path) -> None:
    once = cleaned(path.read_text("utf-8"))
    assert cleaned(once) == once
