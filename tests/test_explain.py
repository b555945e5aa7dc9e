"""``explain``: every block of the pruned page, kept or dropped, with the
step and rule that decided."""

from __future__ import annotations

import pytest

from pagechunk import cli
from pagechunk.explain import explain, format_explanation

STORY = (
    "Divers found the wreck of the steamer at forty metres, upright on the sand, "
    "with her name still legible on the bow after ninety years under water. "
)
PAGE = (
    "<html><head><title>Steamer wreck found</title></head><body>"
    "<div class='page'>"
    "<div class='more'><a href='/diary'>Read next: the lighthouse keeper's diary</a>"
    "</div>"
    "<div class='story'><h1>Steamer wreck found</h1>"
    f"<p>{STORY * 2}</p><p>{STORY}</p>"
    "<div class='share-tools'><p>Share this story with your friends today</p></div>"
    "<p><a href='/'>Home</a> · <a href='/news'>News</a> · "
    "<a href='/world'>World</a></p>"
    "</div></div></body></html>"
)


def fates(page: str) -> list[tuple[str, bool, str, str]]:
    found = explain(page, base_url="https://news.example.com/2024/06/wreck")
    return [(f.block.text[:20], f.kept, f.step, f.rule) for f in found.blocks]


def test_every_block_says_which_step_decided() -> None:
    assert fates(PAGE) == [
        ("Read next: the light", False, "focus", "outside the chosen containers"),
        ("Steamer wreck found", True, "", ""),
        (STORY[:20], True, "", ""),
        (STORY[:20], True, "", ""),
        (
            "Share this story wit",
            False,
            "focus",
            "named boilerplate inside the container",
        ),
        ("Home · News · World", False, "clean", "menu_sized"),
    ]


def test_a_block_focus_spaces_out_is_listed_once() -> None:
    # Focus puts a space between two links that touch ("seawrecks" on the
    # whole page, "sea wrecks" once focused): one block, kept, not a block
    # dropped by focus beside a block focus added.
    tags = "<p>Filed under <a href='/t/sea'>sea</a><a href='/t/wrecks'>wrecks</a></p>"
    page = PAGE.replace("<p>" + STORY + "</p>", tags + "<p>" + STORY + "</p>")
    assert [f for f in fates(page) if f[0].startswith("Filed")] == [
        ("Filed under sea wrec", True, "", "")
    ]


def test_the_explanation_names_type_rule_and_container() -> None:
    found = explain(PAGE, base_url="https://news.example.com/2024/06/wreck")
    assert found.page_type == "article"
    assert found.rule == "densest container"
    assert found.containers == ['<div class="story">']
    text = format_explanation(found)
    assert text.splitlines()[:4] == [
        "page type   article",
        f"confidence  {found.confidence:.3f}",
        "focus rule  densest container",
        'container   <div class="story">',
    ]
    assert text.endswith("3 of 6 blocks kept")


def test_the_command_prints_the_explanation(
    tmp_path: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "wreck.html"  # type: ignore[operator]
    page.write_text(PAGE, encoding="utf-8")
    url = "https://news.example.com/2024/06/wreck"
    assert cli.main(["explain", str(page), "--url", url]) == 0
    out = capsys.readouterr().out
    assert out.startswith("page type   article\n")
    assert "DROP  paragraph focus: outside the chosen containers" in out


def test_the_command_reports_a_missing_file(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["explain", "/nonexistent/page.html"]) == 1
    assert "pagechunk: /nonexistent/page.html:" in capsys.readouterr().err
