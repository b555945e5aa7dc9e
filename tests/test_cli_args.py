"""The commands' arguments: number parsing, defaults from Options, --tokenizer
and --overlap, and the settings they make."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from pagechunk import cli
from pagechunk.batch.settings import Settings
from pagechunk.cli.args import settings_from, whole_number
from pagechunk.options import Options
from pagechunk.tokens import tokenizer_length


class WordEncoding:
    """A stand-in for a tiktoken encoding that counts words."""

    def encode(self, text: str, *, disallowed_special: Any) -> list[int]:
        return [0] * len(text.split())


@pytest.fixture
def fake_tiktoken(monkeypatch: pytest.MonkeyPatch) -> None:
    tiktoken = SimpleNamespace(get_encoding=lambda name: WordEncoding())
    monkeypatch.setitem(sys.modules, "tiktoken", tiktoken)
    tokenizer_length.cache_clear()


@pytest.mark.parametrize(
    ("least", "none", "value", "number"),
    [(0, False, "0", 0), (1, False, "12", 12), (1, True, "None", None)],
)
def test_a_whole_number_is_read(
    least: int, none: bool, value: str, number: int | None
) -> None:
    assert whole_number(least, none=none)(value) == number


@pytest.mark.parametrize(
    ("least", "none", "value", "message"),
    [
        (0, False, "-1", "must be at least 0: -1"),
        (1, False, "0", "must be at least 1: 0"),
        (1, False, "none", "not a number: 'none'"),
        (1, True, "1.5", "not a number: '1.5'"),
    ],
)
def test_a_bad_whole_number_is_refused(
    least: int, none: bool, value: str, message: str
) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match=message):
        whole_number(least, none=none)(value)


def test_the_defaults_are_those_of_options() -> None:
    arguments = cli.build_chunk_parser().parse_args(["in.html", "-o", "out.jsonl"])
    assert settings_from(arguments) == Settings(options=Options())


def test_the_flags_reach_the_settings() -> None:
    arguments = cli.build_chunk_parser().parse_args(
        [
            "in.html",
            "-o",
            "out.jsonl",
            "--target-chars",
            "none",
            "--max-chars",
            "500",
            "--overlap",
            "40",
            "--title-suffix",
            "auto",
            "--no-prefix",
            "--no-clean",
            "--site-memory",
            "--url",
            "https://a.example/",
            "--body",
            "markdown",
            "--join-under",
            "none",
        ]
    )
    settings = settings_from(arguments)
    assert settings == Settings(
        options=Options().with_values(
            target_chars=None,
            max_chars=500,
            overlap_chars=40,
            title_suffix="auto",
            prefix=False,
            clean=False,
            body="markdown",
            join_under=None,
        ),
        url="https://a.example/",
        site_memory=True,
    )


PAGE = (
    "<html><head><title>T</title></head><body><main><p>one two three four five "
    "six seven eight nine ten eleven twelve</p></main></body></html>"
)


def test_tokenizer_and_overlap_size_the_chunks(
    fake_tiktoken: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "page.html"
    page.write_text(PAGE)
    argv = [str(page), "--tokenizer", "tiktoken:cl100k_base"]
    status = cli.main([*argv, "--max-chars", "8", "--overlap", "2"])
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert status == 0
    assert [record["text"] for record in records] == [
        "T\n\none two three four five six seven",
        "T\n\nsix seven eight nine ten eleven twelve",
    ]
    assert [record["tokens"] for record in records] == [8, 8]


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (["--tokenizer", "nonsense"], "tiktoken:ENCODING or hf:NAME_OR_PATH"),
        (["--overlap", "-1"], "must be at least 0"),
        (["--overlap", "many"], "not a number"),
        (["--workers", "0"], "must be at least 1"),
    ],
)
def test_bad_options_are_usage_errors(
    capsys: pytest.CaptureFixture[str], option: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as exit:
        cli.main(["chunk", "page.html", "-o", "out.jsonl", *option])
    assert exit.value.code == 2
    assert message in capsys.readouterr().err


def test_the_chunk_command_takes_the_tokenizer(fake_tiktoken: None) -> None:
    arguments = cli.build_chunk_parser().parse_args(
        [
            "in.html",
            "-o",
            "out.jsonl",
            "--tokenizer",
            "tiktoken:cl100k_base",
            "--overlap",
            "3",
        ]
    )
    settings = settings_from(arguments)
    assert settings.tokenizer == "tiktoken:cl100k_base"
    assert settings.options.chunk.overlap_chars == 3
    assert settings.pipeline_options().chunk.length is not None


def test_markdown_bodies_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "page.html"
    page.write_text(
        '<title>T</title><main><p>See <a href="https://x.org/">x</a>.</p>'
        '<pre class="language-sh">ls</pre></main>'
    )
    assert cli.main([str(page), "--body", "markdown"]) == 0
    (record,) = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert record["text"] == "T\n\nSee [x](https://x.org/).\n\n```sh\nls\n```"
